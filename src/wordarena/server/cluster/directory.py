"""Who owns what: one owner process per room, tournament and the desk, held by a lease.

An owner *claims* a key (set if absent, or if the lease ran out), *renews* all
its leases about every second, and *releases* them when it stops cleanly. A
lease that is not renewed expires after `LEASE_TTL_MS`: any process may then
claim the key (the reaper of every process looks for expired leases every
second, and a player asking for a room with no live owner claims it at once).

The lease decides who may *try* to own a key; the fencing number that makes a
paused former owner harmless is allocated by the store when a room is taken
over (store.rooms.RoomRepository.take_over), so it never goes backwards, not
even when Redis restarts empty.

- `MemoryDirectory`: one process, or several in one Python process (tests).
- `RedisDirectory`: a hash ``owners`` (key → process) and a sorted set
  ``leases`` (key → expiry, Redis's own clock), changed only by Lua scripts.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Final

import redis.asyncio as aioredis

LEASE_TTL_MS: Final = 5_000  # a dead owner's keys are free after this
LEASE_RENEW_S: Final = 1.0  # owners renew this often


class Directory(ABC):
    def __init__(self, node: str) -> None:
        self.node = node

    @abstractmethod
    async def claim(self, key: str) -> str:
        """Take the key if it is free (or its lease ran out); returns its owner afterwards."""

    @abstractmethod
    async def renew(self, keys: Iterable[str]) -> set[str]:
        """Renew our leases; returns the keys another process owns now (we must let go of them).

        A key Redis no longer knows (it restarted empty) is ours again.
        """

    @abstractmethod
    async def release(self, key: str) -> None:
        """Let go at once (a clean stop): the key is free for the next claimer."""

    @abstractmethod
    async def drop(self, key: str) -> None:
        """The key is gone for good (a closed room)."""

    @abstractmethod
    async def owner(self, key: str) -> str | None:
        """The process holding a live lease on the key, if any."""

    @abstractmethod
    async def expired(self) -> list[str]:
        """Keys whose lease ran out (their owner died): to be claimed."""


class MemoryLeases:
    """The shared state of `MemoryDirectory`s in one Python process."""

    def __init__(self) -> None:
        self.owners: dict[str, str] = {}
        self.expiry: dict[str, float] = {}


class MemoryDirectory(Directory):
    def __init__(self, node: str, leases: MemoryLeases | None = None) -> None:
        super().__init__(node)
        self.leases = leases or MemoryLeases()

    @staticmethod
    def _now() -> float:
        return time.monotonic() * 1000

    def _live(self, key: str) -> str | None:
        owner = self.leases.owners.get(key)
        return owner if owner is not None and self.leases.expiry.get(key, 0) > self._now() else None

    async def claim(self, key: str) -> str:
        owner = self._live(key)
        if owner is not None and owner != self.node:
            return owner
        self.leases.owners[key] = self.node
        self.leases.expiry[key] = self._now() + LEASE_TTL_MS
        return self.node

    async def renew(self, keys: Iterable[str]) -> set[str]:
        lost = set()
        for key in keys:
            owner = self.leases.owners.get(key)
            if owner is None or owner == self.node:
                self.leases.owners[key] = self.node
                self.leases.expiry[key] = self._now() + LEASE_TTL_MS
            else:
                lost.add(key)
        return lost

    async def release(self, key: str) -> None:
        if self.leases.owners.get(key) == self.node:
            del self.leases.owners[key]
            self.leases.expiry[key] = 0

    async def drop(self, key: str) -> None:
        if self.leases.owners.get(key) in (self.node, None):
            self.leases.owners.pop(key, None)
            self.leases.expiry.pop(key, None)

    async def owner(self, key: str) -> str | None:
        return self._live(key)

    async def expired(self) -> list[str]:
        now = self._now()
        return [key for key, until in self.leases.expiry.items() if until <= now]


_NOW = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000)\n"

_CLAIM = (
    _NOW
    + """
local owner = redis.call('HGET', KEYS[1], ARGV[1])
local expiry = tonumber(redis.call('ZSCORE', KEYS[2], ARGV[1]) or '0')
if owner and owner ~= ARGV[2] and expiry > now then return owner end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
return ARGV[2]
"""
)
_RENEW = (
    _NOW
    + """
local lost = {}
for i = 3, #ARGV do
  local key = ARGV[i]
  local owner = redis.call('HGET', KEYS[1], key)
  if owner == false or owner == ARGV[1] then
    redis.call('HSET', KEYS[1], key, ARGV[1])
    redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), key)
  else
    table.insert(lost, key)
  end
end
return lost
"""
)
_RELEASE = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('ZADD', KEYS[2], 0, ARGV[1])
end
return 1
"""
_DROP = """
local owner = redis.call('HGET', KEYS[1], ARGV[1])
if owner == false or owner == ARGV[2] then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
end
return 1
"""
_OWNER = (
    _NOW
    + """
local owner = redis.call('HGET', KEYS[1], ARGV[1])
local expiry = tonumber(redis.call('ZSCORE', KEYS[2], ARGV[1]) or '0')
if owner and expiry > now then return owner end
return false
"""
)
_EXPIRED = _NOW + "return redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, 200)\n"


class RedisDirectory(Directory):
    def __init__(self, node: str, redis: aioredis.Redis, prefix: str = "wa:") -> None:
        super().__init__(node)
        self.redis = redis
        self.keys = [f"{prefix}owners", f"{prefix}leases"]
        self._claim = redis.register_script(_CLAIM)
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)
        self._drop = redis.register_script(_DROP)
        self._owner = redis.register_script(_OWNER)
        self._expired = redis.register_script(_EXPIRED)

    async def claim(self, key: str) -> str:
        return _text(await self._claim(keys=self.keys, args=[key, self.node, LEASE_TTL_MS]))

    async def renew(self, keys: Iterable[str]) -> set[str]:
        keys = list(keys)
        if not keys:
            return set()
        lost = await self._renew(keys=self.keys, args=[self.node, LEASE_TTL_MS, *keys])
        return {_text(key) for key in lost}

    async def release(self, key: str) -> None:
        await self._release(keys=self.keys, args=[key, self.node])

    async def drop(self, key: str) -> None:
        await self._drop(keys=self.keys, args=[key, self.node])

    async def owner(self, key: str) -> str | None:
        owner = await self._owner(keys=self.keys, args=[key])
        return _text(owner) if owner else None

    async def expired(self) -> list[str]:
        return [_text(key) for key in await self._expired(keys=self.keys, args=[])]


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
