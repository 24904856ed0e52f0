"""Where each player holds a seat now, shared by every process (core.seating says what a seat allows).

Rooms and the desk report the seats they hold; a connection asks `where` before
taking a player anywhere else, and `welcome.current` tells a returning tab where
its game is. A report from a place the player has moved on from is ignored.

- `MemorySeats`: one process (or several in one Python process, in tests).
- `RedisSeats`: a hash ``seats`` (player → kind|code|stage), reports by a Lua script.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import cast

import redis.asyncio as aioredis

from wordarena.core.seating import Seat, SeatKind, Stage


class Seats(ABC):
    def __init__(self) -> None:
        self.on_change: Callable[[str], None] | None = None  # told the player whose seat changed

    @abstractmethod
    async def where(self, player: str) -> Seat | None: ...

    @abstractmethod
    async def _set(self, player: str, seat: Seat | None, only_from: str | None) -> bool:
        """Set (or clear) the seat; with ``only_from``, only if the current seat is there (or none)."""

    async def take(self, player: str, seat: Seat) -> None:
        """The player goes there now (their previous seat was left or was free)."""
        if await self._set(player, seat, None):
            self._changed(player)

    async def take_if_free(self, player: str, seat: Seat) -> bool:
        """Take the seat only if the player sits nowhere else (checked and set in one step)."""
        if await self._set(player, seat, seat.code):
            self._changed(player)
            return True
        return await self.where(player) == seat  # already there, or elsewhere (False)

    async def report(self, player: str, code: str, seat: Seat | None) -> None:
        """How the player stands in the place ``code``; ignored once they have moved on elsewhere."""
        if await self._set(player, seat, code):
            self._changed(player)

    async def release(self, player: str, code: str) -> None:
        await self.report(player, code, None)

    def _changed(self, player: str) -> None:
        if self.on_change is not None:
            self.on_change(player)


class MemorySeats(Seats):
    def __init__(self, shared: dict[str, Seat] | None = None) -> None:
        super().__init__()
        self.seats: dict[str, Seat] = shared if shared is not None else {}

    async def where(self, player: str) -> Seat | None:
        return self.seats.get(player)

    async def _set(self, player: str, seat: Seat | None, only_from: str | None) -> bool:
        current = self.seats.get(player)
        if only_from is not None and current is not None and current.code != only_from:
            return False
        if current == seat:
            return False
        if seat is None:
            del self.seats[player]
        else:
            self.seats[player] = seat
        return True


_SET = """
local current = redis.call('HGET', KEYS[1], ARGV[1])
if ARGV[3] ~= '' and current then
  local code = string.match(current, '^[^|]*|(.*)|[^|]*$')
  if code ~= ARGV[3] then return 0 end
end
if ARGV[2] == '' then
  if current then redis.call('HDEL', KEYS[1], ARGV[1]) return 1 end
  return 0
end
if current == ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
"""


class RedisSeats(Seats):
    def __init__(self, redis: aioredis.Redis, prefix: str = "wa:") -> None:
        super().__init__()
        self.redis = redis
        self.key = f"{prefix}seats"
        self._script = redis.register_script(_SET)

    async def where(self, player: str) -> Seat | None:
        value = await self.redis.hget(self.key, player)
        return None if value is None else _decode(value)

    async def _set(self, player: str, seat: Seat | None, only_from: str | None) -> bool:
        encoded = "" if seat is None else f"{seat.kind}|{seat.code}|{seat.stage}"
        return bool(await self._script(keys=[self.key], args=[player, encoded, only_from or ""]))


def _decode(value: bytes | str) -> Seat:
    text = value.decode() if isinstance(value, bytes) else value
    kind, rest = text.split("|", 1)
    code, stage = rest.rsplit("|", 1)
    return Seat(cast(SeatKind, kind), code, cast(Stage, stage))
