"""A cluster member's engines: a Redis it cannot use is one readable line."""

from __future__ import annotations

import pytest

from wordarena.server.cluster.engines import RedisUnavailable, in_memory, with_redis


@pytest.mark.parametrize("url", ["redis://127.0.0.1:1/0", "nosuch://x", "redis://user:secret@127.0.0.1:1/0"])
async def test_a_redis_it_cannot_use_is_one_readable_line(url: str) -> None:
    with pytest.raises(RedisUnavailable) as refused:
        await with_redis("n", url)
    assert "\n" not in str(refused.value) and "secret" not in str(refused.value)


async def test_desk_state_round_trips_in_redis(redis_url: str) -> None:
    shared = await with_redis("n", redis_url)
    await shared.save_desk(b"{}")
    assert await shared.load_desk() == b"{}"
    assert await in_memory("m").load_desk() is None
    assert shared.redis is not None
    await shared.redis.aclose()
