"""The cluster's Redis client: a burst larger than its pool waits for connections, it never fails."""

from __future__ import annotations

import asyncio

import pytest
from redis.exceptions import MaxConnectionsError

from wordarena.server import limits
from wordarena.server.cluster import redis_client


async def test_a_burst_beyond_the_pool_waits_its_turn(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "REDIS_CONNECTIONS_MAX", 2)
    redis = redis_client.connect(redis_url)
    try:
        # Twenty blocking commands at once on two connections: each holds its connection 50 ms.
        burst = (redis.blpop([f"wa:test:empty:{i}"], timeout=0.05) for i in range(20))
        assert await asyncio.gather(*burst) == [None] * 20
    finally:
        await redis.aclose()


async def test_the_default_pool_would_have_failed(redis_url: str) -> None:
    """Why the module exists: redis-py's own pool refuses a command once its connections are busy."""
    import redis.asyncio as aioredis

    redis = aioredis.Redis.from_url(redis_url, max_connections=2)
    try:
        with pytest.raises(MaxConnectionsError):
            await asyncio.gather(*(redis.blpop([f"wa:test:empty:{i}"], timeout=0.05) for i in range(20)))
    finally:
        await redis.aclose()
