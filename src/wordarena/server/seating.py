"""Taking and leaving seats from the shell: one seat change at a time per player, a free seat left.

Where a player sits is in the seat registry (server.cluster.seats); whether they may
go elsewhere is a rule (core.seating.admit). This part only serialises the changes
and leaves a seat the way its game expects.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from wordarena.core.player_events import PlayerLeft
from wordarena.core.seating import Seat
from wordarena.server.cluster.seats import Seats
from wordarena.server.desk_requests import Unqueue
from wordarena.server.ports import DeskPoster, RoomPoster
from wordarena.server.room_inputs import Decide


class Seating:
    def __init__(self, seats: Seats, rooms: RoomPoster, desk: DeskPoster) -> None:
        self.seats = seats
        self.rooms = rooms
        self.desk = desk
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}  # player -> (lock, users)

    @contextlib.asynccontextmanager
    async def lock(self, player: str) -> AsyncIterator[None]:
        """One seat change at a time for a player on this process.

        Taking a seat awaits (the store, the registry): two tabs of one player that
        create and join at the same instant would each find the player free and sit
        down twice. The lock is dropped with its last user, so it costs nothing per
        player at rest.
        """
        lock, users = self._locks.get(player) or (asyncio.Lock(), 0)
        self._locks[player] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[player]
            if users == 1:
                del self._locks[player]
            else:
                self._locks[player] = (lock, users - 1)

    async def leave(self, player: str, seat: Seat) -> None:
        """Leave a seat the way its game takes it: a queue is left at the desk, a game by its room."""
        await self.seats.release(player, seat.code)
        if seat.kind == "queue":
            self.desk.to_desk(Unqueue(player))
            return
        await self.rooms.post(seat.code, seat.kind, Decide(event=PlayerLeft(player)))
