"""A Redis client whose commands wait for a free connection instead of failing.

redis-py's default pool refuses a command outright (``MaxConnectionsError: Too many
connections``) once its 100 connections are busy. A burst of players arriving
together (600 hellos in a second, each touching seats and leases) reached that in
`bench.scale`, and the players were told the storage was unavailable, a seat release
was lost. A blocking pool queues those commands for up to `limits.REDIS_POOL_WAIT_S`
instead: a burst waits its turn, as it does for PostgreSQL's pool.
"""

from __future__ import annotations

import redis.asyncio as aioredis

from wordarena.server import limits


def connect(url: str) -> aioredis.Redis:
    """A client owning its pool (closed with it); nothing is sent until the first command."""
    pool = aioredis.BlockingConnectionPool.from_url(
        url, max_connections=limits.REDIS_CONNECTIONS_MAX, timeout=limits.REDIS_POOL_WAIT_S
    )
    return aioredis.Redis.from_pool(pool)
