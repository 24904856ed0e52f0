"""Each cluster test gets its own Redis database namespace on the test run's Redis (tests/conftest.py)."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator

import pytest
import redis.asyncio as aioredis


@pytest.fixture
async def redis(redis_url: str) -> AsyncIterator[aioredis.Redis]:
    client = aioredis.Redis.from_url(redis_url)
    yield client
    await client.aclose()


@pytest.fixture
def prefix() -> str:
    """Keys and channels of this test only (tests share one Redis)."""
    return f"t{secrets.token_hex(4)}:"
