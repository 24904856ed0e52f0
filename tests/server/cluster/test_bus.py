"""The bus: to a process, to a player's processes, to everybody; a gone process is reported."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from tests.server.conftest import until
from wordarena.server.cluster.bus import Bus, MemoryBus, MemoryHub, RedisBus
from wordarena.server.cluster.wire import Deliver, Moved, ToPlayer, Wire


@pytest.fixture(params=["memory", "redis"])
async def buses(request: pytest.FixtureRequest, prefix: str) -> AsyncIterator[tuple[Bus, Bus]]:
    if request.param == "memory":
        hub = MemoryHub()
        a: Bus = MemoryBus("a", hub)
        b: Bus = MemoryBus("b", hub)
    else:
        url = request.getfixturevalue("redis_url")
        a, b = RedisBus("a", url, prefix), RedisBus("b", url, prefix)
    yield a, b
    await a.stop()
    await b.stop()


def inbox(bus: Bus) -> list[Wire]:
    got: list[Wire] = []
    bus.start(got.append)
    return got


async def ready(*buses: Bus) -> None:
    for bus in buses:
        if isinstance(bus, RedisBus):
            await asyncio.wait_for(bus.connected.wait(), 5)


async def test_messages_arrive_in_order(buses: tuple[Bus, Bus]) -> None:
    a, b = buses
    got_a, got_b = inbox(a), inbox(b)
    await ready(a, b)
    for n in range(50):
        a.to_node("b", Deliver([(n, b"x")]))
    await until(lambda: len(got_b) == 50)
    assert [m.frames[0][0] for m in got_b if isinstance(m, Deliver)] == list(range(50))
    assert got_a == []


async def test_a_player_is_reached_where_they_are_watched(buses: tuple[Bus, Bus]) -> None:
    a, b = buses
    got_a, got_b = inbox(a), inbox(b)
    b.watch("ann")
    await ready(a, b)
    if isinstance(b, RedisBus):  # the SUBSCRIBE has reached Redis: it counts a subscriber there
        channel = f"{b.prefix}p:ann"

        async def subscribed() -> bool:
            counts = await b.redis.pubsub_numsub(channel)
            return bool(counts) and counts[0][1] >= 1

        await until_async(subscribed)
    a.to_player("ann", ToPlayer("ann", b"hi"))
    a.broadcast(Moved("room:x", "a"))
    await until(lambda: len(got_b) == 2 and len(got_a) == 1)


async def test_a_process_that_is_gone_is_reported(buses: tuple[Bus, Bus]) -> None:
    a, _ = buses
    inbox(a)
    lost: list[str] = []
    a.on_lost = lambda node, message: lost.append(node)
    await ready(a)
    a.to_node("nobody", Deliver([]))
    await until(lambda: lost == ["nobody"])


async def until_async(check: Callable[[], Awaitable[bool]], timeout: float = 5.0) -> None:
    """Until an asynchronous check holds (a deadline, not a wait)."""
    async with asyncio.timeout(timeout):
        while not await check():
            await asyncio.sleep(0.01)
