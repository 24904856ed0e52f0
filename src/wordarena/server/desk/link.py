"""The way to the desk, wherever it runs: one process owns it (a lease), the others forward to it.

The first process to start claims the desk; if its owner dies, the next request
(or the reaper) claims it once the lease has run out, and the new owner carries on
from the state its last owner saved (a cluster keeps it in Redis).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from redis.exceptions import ConnectionError as RedisConnectionError

from wordarena.server.cluster import wire
from wordarena.server.cluster.bus import Bus
from wordarena.server.cluster.directory import LEASE_RENEW_S, LEASE_TTL_MS, Directory
from wordarena.server.cluster.engines import Shared
from wordarena.server.desk_requests import DeskRequest, Wake
from wordarena.server.ports import DeskActor
from wordarena.server.tasks import Tasks

DESK = "desk"  # the desk's name in the directory of owners


class DeskLink:
    def __init__(
        self,
        node: str,
        directory: Directory,
        bus: Bus,
        tasks: Tasks,
        dead: dict[str, float],
        shared: Shared | None,
    ) -> None:
        self.node = node
        self.directory = directory
        self.bus = bus
        self.tasks = tasks
        self.dead = dead  # processes that stopped answering (shared with the router)
        self.shared = shared
        self.desk: DeskActor | None = None  # when this process owns the desk
        #: Builds the actor when this process comes to own the desk (set by the composition root).
        self.make_desk: Callable[[], Awaitable[DeskActor]] | None = None
        #: One desk, however many requests find it missing at once (a start's wake and the first
        #: player's request, on a slow machine): a second actor would hold a second, empty state.
        self._making = asyncio.Lock()

    def to_desk(self, request: DeskRequest) -> None:
        """A request for the tournament desk, wherever it is (it answers the players itself)."""
        if self.desk is not None:
            self.desk.post(request)
            return
        self.tasks.spawn(self.route(request), "to-desk")

    async def route(self, request: DeskRequest) -> None:
        deadline = time.monotonic() + LEASE_TTL_MS / 1000 + 2
        owner = await self._claim(deadline)
        while owner in self.dead and time.monotonic() < deadline:  # its owner died: its lease runs out
            await asyncio.sleep(LEASE_RENEW_S / 4)
            owner = await self._claim(deadline)
        if owner == self.node:
            desk = await self._own_desk()
            desk.post(request)
        else:
            self.bus.to_node(owner, wire.ToDesk(request))

    async def _claim(self, deadline: float) -> str:
        """The desk's owner; a connection Redis closed (a restart, a dropped socket) is tried again."""
        while True:
            try:
                return await self.directory.claim(DESK)
            except RedisConnectionError:
                if time.monotonic() >= deadline:
                    raise
                await asyncio.sleep(LEASE_RENEW_S / 4)

    async def wake(self) -> None:
        """Be the desk's owner if nobody is (the first process to start, a dead owner)."""
        await self.route(Wake())

    async def _own_desk(self) -> DeskActor:
        async with self._making:
            if self.desk is None:
                assert self.make_desk is not None
                self.desk = await self.make_desk()
            return self.desk

    def arrived(self, message: wire.ToDesk) -> None:
        if self.desk is not None:
            self.desk.post(message.request)
        else:
            self.tasks.spawn(self.route(message.request), "to-desk")

    async def load(self) -> bytes | None:
        """The desk's state as its last owner saved it (a cluster keeps it in Redis)."""
        return None if self.shared is None else await self.shared.load_desk()

    async def save(self, state: bytes) -> None:
        """Save the desk's state for its next owner (a cluster keeps it in Redis)."""
        if self.shared is not None:
            await self.shared.save_desk(state)

    async def stop(self) -> bool:
        """Stop the desk here (a shutdown, a lost lease); True if this process owned it."""
        if self.desk is None:
            return False
        await self.desk.stop()
        self.desk = None
        return True
