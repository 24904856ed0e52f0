"""Fixtures shared across the test tree: the engines (PostgreSQL, Redis) and the live in-process server."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest
from aiohttp import web
from hypothesis import HealthCheck, settings
from pytest_postgresql import factories as postgresql_factories
from pytest_postgresql.executors import PostgreSQLExecutor
from pytest_redis import factories as redis_factories
from pytest_redis.executor import RedisExecutor

from tests.engines import PG_CTL
from tests.served import ServedTestServer
from tests.server.conftest import arena  # noqa: F401 (a fixture, for tests outside tests/server)

# The tests share two cores with servers, browsers and builds: how fast Hypothesis makes its
# examples, or runs one, says nothing of what the code does. Examples still fail on wrong answers.
settings.register_profile("shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared-machine")

private_postgresql = postgresql_factories.postgresql_proc(executable=PG_CTL, port=None)
private_redis = redis_factories.redis_proc(port=None)
#: A PostgreSQL of its own for a test that stops and starts it (a database restart).
restartable_postgresql = postgresql_factories.postgresql_proc(executable=PG_CTL, port=None)


@pytest.fixture(scope="session")
def postgres_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A PostgreSQL server for the whole run: the given one, or a private one started now."""
    given = os.environ.get("WORDARENA_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    server: PostgreSQLExecutor = request.getfixturevalue("private_postgresql")
    yield f"postgresql+psycopg://{server.user}@{server.host}:{server.port}/postgres"


@pytest.fixture(scope="session")
def redis_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A Redis server for the whole run: the given one, or a private one started now."""
    given = os.environ.get("WORDARENA_TEST_REDIS_URL")
    if given:
        yield given
        return
    server: RedisExecutor = request.getfixturevalue("private_redis")
    yield f"redis://{server.host}:{server.port}/0"


@pytest.fixture
async def aiohttp_server() -> AsyncIterator[Callable[..., Awaitable[ServedTestServer]]]:
    """pytest-aiohttp's fixture of the same name, serving through the production runner."""
    servers: list[ServedTestServer] = []

    async def serve(app: web.Application, **kwargs: Any) -> ServedTestServer:
        server = ServedTestServer(app, host="127.0.0.1")
        await server.start_server(**kwargs)
        servers.append(server)
        return server

    yield serve
    while servers:
        await servers.pop().close()
