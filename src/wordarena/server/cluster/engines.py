"""The shared parts of one cluster member: built from the Redis URL, or in memory when alone."""

from __future__ import annotations

from dataclasses import dataclass

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from wordarena.server.cluster import redis_client
from wordarena.server.cluster.bus import Bus, MemoryBus, RedisBus
from wordarena.server.cluster.directory import Directory, MemoryDirectory, RedisDirectory
from wordarena.server.cluster.seats import MemorySeats, RedisSeats, Seats

PREFIX = "wa:"  # the default prefix of every key and channel of a cluster (Config.redis_prefix)


class RedisUnavailable(Exception):
    """The Redis URL is wrong or Redis cannot be reached: one readable line."""


@dataclass
class Shared:
    bus: Bus
    directory: Directory
    seats: Seats
    redis: aioredis.Redis | None = None
    prefix: str = PREFIX

    async def load_desk(self) -> bytes | None:
        if self.redis is None:
            return None
        data = await self.redis.get(f"{self.prefix}desk")
        return data.encode() if isinstance(data, str) else data

    async def save_desk(self, state: bytes) -> None:
        if self.redis is not None:
            await self.redis.set(f"{self.prefix}desk", state)


def in_memory(node: str, others: Shared | None = None) -> Shared:
    """One process's engines in memory; with ``others``, shared with another member in this Python process."""
    if others is None:
        return Shared(MemoryBus(node), MemoryDirectory(node), MemorySeats())
    assert isinstance(others.bus, MemoryBus) and isinstance(others.directory, MemoryDirectory)
    assert isinstance(others.seats, MemorySeats)
    return Shared(
        MemoryBus(node, others.bus.hub),
        MemoryDirectory(node, others.directory.leases),
        MemorySeats(others.seats.seats),
    )


async def with_redis(node: str, url: str, prefix: str = PREFIX) -> Shared:
    """Connect to Redis (checked now: a bad URL or an unreachable server is `RedisUnavailable`)."""
    try:
        redis = redis_client.connect(url)
        await redis.ping()
    except (ValueError, RedisError, OSError) as error:
        raise RedisUnavailable(f"cannot use Redis at {_safe(url)}: {error}") from None
    bus = RedisBus(node, url, prefix)
    return Shared(bus, RedisDirectory(node, redis, prefix), RedisSeats(redis, prefix), redis, prefix)


def _safe(url: str) -> str:
    """The URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.split('@', 1)[1]}"
    return url
