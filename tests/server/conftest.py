"""A real server on loopback (aiohttp TestServer), real WebSocket clients, a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from wordarena.client import Client
from wordarena.server.app import make_app
from wordarena.server.service import SERVICE, Config, Service


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_700_000_000_000

    def __call__(self) -> int:
        return self.now


class Arena:
    """The server under test, its clock, and shortcuts to drive it."""

    def __init__(self, server: TestServer, clock: FakeClock) -> None:
        self.server = server
        self.clock = clock

    @property
    def url(self) -> str:
        return str(self.server.make_url("")).rstrip("/")

    @property
    def service(self) -> Service:
        service: Service = self.server.app[SERVICE]
        return service

    def client(self, origin: str | None = None) -> AbstractAsyncContextManager[Client]:
        return Client.connect(self.url, origin=origin)

    def advance(self, ms: int) -> None:
        """Move the fake clock and let every room look at it."""
        self.clock.now += ms
        for room in list(self.service.rooms.values()):
            room.tick()

    async def settle(self, ms: int = 0) -> None:
        """Move the fake clock, then wait until every room has caught up with it."""
        self.clock.now += ms
        await self.service.desk.tick()
        for room in list(self.service.rooms.values()):
            await room.settled()


ArenaFactory = Callable[..., Any]


@pytest.fixture
async def arena(tmp_path: Path, aiohttp_server: Any) -> AsyncIterator[Arena]:
    clock = FakeClock()
    server = await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock))
    yield Arena(server, clock)
