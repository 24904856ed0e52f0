"""The way to the desk: the process that owns it builds one actor, however many requests find it missing."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from wordarena.server.cluster.bus import MemoryBus
from wordarena.server.cluster.directory import MemoryDirectory
from wordarena.server.desk.link import DeskLink
from wordarena.server.desk_requests import DeskRequest, Wake
from wordarena.server.metrics import Metrics
from wordarena.server.tasks import Tasks


class SlowDesk:
    """A desk whose start takes a while (a state to load from Redis on a busy machine)."""

    made: ClassVar[list[SlowDesk]] = []

    def __init__(self) -> None:
        self.posted: list[DeskRequest] = []
        SlowDesk.made.append(self)

    @classmethod
    async def make(cls, started: asyncio.Event) -> SlowDesk:
        desk = cls()
        await started.wait()
        return desk

    def post(self, request: DeskRequest) -> None:
        self.posted.append(request)

    async def stop(self) -> None:
        pass


async def test_requests_that_find_no_desk_at_once_share_the_one_desk_built() -> None:
    SlowDesk.made.clear()
    link = DeskLink("a", MemoryDirectory("a"), MemoryBus("a"), Tasks(Metrics()), {}, None)
    started = asyncio.Event()
    link.make_desk = lambda: SlowDesk.make(started)
    first, second = Wake(), Wake()
    routes = [asyncio.create_task(link.route(first)), asyncio.create_task(link.route(second))]
    await asyncio.sleep(0)  # both are waiting for the desk to start
    started.set()
    await asyncio.gather(*routes)
    assert len(SlowDesk.made) == 1 and link.desk is SlowDesk.made[0]
    assert SlowDesk.made[0].posted == [first, second]  # nothing went to a second, orphaned desk
