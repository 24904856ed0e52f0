"""Leases: one owner per key, renewed, released, taken when they run out; in memory and in Redis."""

from __future__ import annotations

import pytest
import redis.asyncio as aioredis

from wordarena.server.cluster import directory
from wordarena.server.cluster.directory import Directory, MemoryDirectory, MemoryLeases, RedisDirectory


@pytest.fixture(params=["memory", "redis"])
def pair_of(request: pytest.FixtureRequest, prefix: str) -> tuple[Directory, Directory]:
    if request.param == "memory":
        leases = MemoryLeases()
        return MemoryDirectory("a", leases), MemoryDirectory("b", leases)
    redis: aioredis.Redis = request.getfixturevalue("redis")
    return RedisDirectory("a", redis, prefix), RedisDirectory("b", redis, prefix)


async def test_one_owner_per_key(pair_of: tuple[Directory, Directory]) -> None:
    a, b = pair_of
    assert await a.claim("room:x") == "a"
    assert await b.claim("room:x") == "a"  # a live lease is not taken
    assert await b.owner("room:x") == "a" and await a.owner("room:y") is None
    assert await b.renew(["room:x"]) == {"room:x"}  # b must let go of what a owns
    assert await a.renew(["room:x"]) == set()


async def test_a_released_key_is_free_at_once(pair_of: tuple[Directory, Directory]) -> None:
    a, b = pair_of
    await a.claim("room:x")
    await a.release("room:x")
    assert "room:x" in await b.expired()
    assert await b.claim("room:x") == "b"
    await b.drop("room:x")
    assert await a.owner("room:x") is None and "room:x" not in await a.expired()


async def test_a_lease_that_is_not_renewed_runs_out(
    pair_of: tuple[Directory, Directory], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = pair_of
    monkeypatch.setattr(directory, "LEASE_TTL_MS", 1)  # a dead owner's lease, at once
    await a.claim("room:x")
    waited = 0
    while "room:x" not in await b.expired():  # a millisecond, on the directory's own clock
        waited += 1
        assert waited < 10_000
    assert await b.owner("room:x") is None
    assert await b.claim("room:x") == "b"


async def test_keys_lost_by_an_empty_redis_are_taken_back(prefix: str, redis: aioredis.Redis) -> None:
    a = RedisDirectory("a", redis, prefix)
    await a.claim("room:x")
    await redis.delete(*a.keys)  # Redis restarted without its data
    assert await a.renew(["room:x"]) == set()
    assert await a.owner("room:x") == "a"
