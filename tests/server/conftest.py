"""A real server on loopback (aiohttp TestServer), real WebSocket clients, a fake clock."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import msgspec
import pytest
from aiohttp.test_utils import TestServer

from wordarena.client import Client
from wordarena.server import protocol_doc
from wordarena.server.app import NODE, make_app
from wordarena.server.config import Config
from wordarena.server.node import Node


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
        self.clients: list[Client] = []

    @property
    def url(self) -> str:
        return str(self.server.make_url("")).rstrip("/")

    @property
    def node(self) -> Node:
        node: Node = self.server.app[NODE]
        return node

    def client(self, origin: str | None = None) -> AbstractAsyncContextManager[Client]:
        return _recorded(Client.connect(self.url, origin=origin), self.clients)

    def advance(self, ms: int) -> None:
        """Move the fake clock and let every room look at it."""
        self.clock.now += ms
        for room in list(self.node.registry.rooms.values()):
            room.tick()

    async def settle(self, ms: int = 0) -> None:
        """Move the fake clock, then wait until every room has caught up with it."""
        self.clock.now += ms
        await self.node.link.desk.tick()
        for room in list(self.node.registry.rooms.values()):
            await room.settled()


ArenaFactory = Callable[..., Any]


@asynccontextmanager
async def _recorded(
    connect: AbstractAsyncContextManager[Client], clients: list[Client]
) -> AsyncIterator[Client]:
    async with connect as client:
        clients.append(client)
        yield client


async def until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for a condition of the server, with a deadline (never a fixed sleep)."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.001)


#: Each server message's type, by its ``type`` tag (views are the core's typed dicts).
MESSAGE_TYPES = {protocol_doc._tag(cls): cls for cls in protocol_doc.server_messages()}


def check_frames(clients: list[Client]) -> None:
    """Every frame a client received is one of the protocol's typed messages, exactly."""
    for client in clients:
        for frame in client.frames:
            tag = msgspec.json.decode(frame)["type"]
            msgspec.json.decode(frame, type=MESSAGE_TYPES[tag], strict=True)


@pytest.fixture
async def arena(tmp_path: Path, aiohttp_server: Any) -> AsyncIterator[Arena]:
    clock = FakeClock()
    server = await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock))
    arena = Arena(server, clock)
    yield arena
    check_frames(arena.clients)
