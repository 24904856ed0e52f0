"""One server process (a *node*): its parts started and stopped in order, its leases, its bus.

A node owns some rooms (each its own task), maybe the tournament desk, and the
sockets of its players. Any node accepts any player: an input for a room owned
elsewhere goes to its owner through the bus (router), and the owner's views come
back the same way (delivery). Alone (the embedded default) the bus and the
directory are in memory; the code paths are the same.

What a node keeps alive in the background: its leases (renewed; a room whose owner
died is claimed once its lease has run out), and the clean-up of identities that
never played.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from wordarena.server import limits
from wordarena.server.analyst import Analyst
from wordarena.server.clock import GameClock
from wordarena.server.cluster import wire
from wordarena.server.cluster.bus import Bus
from wordarena.server.cluster.directory import LEASE_RENEW_S, Directory
from wordarena.server.cluster.engines import Shared
from wordarena.server.cluster.seats import Seats
from wordarena.server.delivery import Delivery
from wordarena.server.desk.link import DESK, DeskLink
from wordarena.server.guards import Guards
from wordarena.server.journal import Journal
from wordarena.server.live import LiveGames
from wordarena.server.loop_watch import watch_the_loop
from wordarena.server.metrics import Metrics
from wordarena.server.owners import Owners
from wordarena.server.rooms.registry import RoomRegistry
from wordarena.server.router import Router
from wordarena.server.seating import Seating
from wordarena.server.tasks import Tasks
from wordarena.store.database import Database
from wordarena.store.games import GameRepository
from wordarena.store.players import PlayerRepository
from wordarena.store.rooms import RoomRepository
from wordarena.store.tournaments import TournamentRepository

log = logging.getLogger(__name__)

#: Every so many lease rounds, rooms in the store that nobody owns are looked for (orphans).
ORPHAN_ROUNDS = 10


@dataclass
class Node:
    """The parts of one process, as server.app wired them."""

    name: str
    db: Database
    shared: Shared
    metrics: Metrics
    clock: GameClock
    rate_clock: Callable[[], float]  # seconds, for the rate limits (tests put a fake clock here)
    tasks: Tasks
    players: PlayerRepository
    games: GameRepository
    tournaments: TournamentRepository
    room_store: RoomRepository
    journal: Journal
    guards: Guards
    owners: Owners
    registry: RoomRegistry
    delivery: Delivery
    router: Router
    link: DeskLink
    seating: Seating
    live: LiveGames
    analyst: Analyst

    @property
    def bus(self) -> Bus:
        return self.shared.bus

    @property
    def directory(self) -> Directory:
        return self.shared.directory

    @property
    def seats(self) -> Seats:
        return self.shared.seats

    # ---------------------------------------------------------------- life cycle

    async def start(self) -> None:
        self.bus.on_lost = self.lost
        self.bus.on_reconnect = self.delivery.attach_again  # views are versioned: one whole view repairs all
        self.bus.start(self.received)
        self.journal.start()
        await self.link.wake()  # the first process to start owns the desk
        await self.registry.restore_rooms()
        self.tasks.spawn(self._keep_leases(), "leases")
        self.tasks.spawn(self._forget_unplayed_identities(), "forget-unplayed")
        if self.shared.redis is not None:
            self.tasks.spawn(self.live.publish_forever(), "live-games")
        self.tasks.spawn(self.analyst.catch_up(), "analysis-catch-up")
        self.tasks.spawn(watch_the_loop(self.metrics), "loop-watch")

    async def stop(self) -> None:
        """Hand everything over: stop the rooms (what they accepted is stored), free their leases at once."""
        self.router.stopping = True
        had_desk = await self.link.stop()
        rooms = await self.registry.stop()
        await self.journal.stop()
        await self.tasks.stop()
        self.analyst.stop()  # an analysis on its way is not stored: the next start catches up
        released = [room.key for room in rooms] + ([DESK] if had_desk else [])
        for key in released:
            try:
                await self.directory.release(key)
                self.bus.broadcast(wire.Moved(key, ""))  # free now: whoever needs it claims it
            except Exception:  # Redis is down: the leases expire by themselves
                log.warning("could not release %s", key, exc_info=True)
        await self.bus.stop()
        if self.shared.redis is not None:
            await self.shared.redis.aclose()

    # ---------------------------------------------------------------- the bus

    def received(self, message: wire.Wire) -> None:
        """What another process (or the desk) sent here."""
        match message:
            case wire.ToRoom():
                self.tasks.spawn(self.router.arrived(message), "to-room")
            case wire.Moved():  # a room has a new owner: our tabs in it attach again there
                self.delivery.attach_again(self.router.moved(message))
            case wire.ToDesk():
                self.link.arrived(message)
            case _:
                self.delivery.received(message)

    def lost(self, node: str, message: wire.Wire) -> None:
        """A process we wrote to is gone: find the new owner of what we sent it."""
        self.router.dead[node] = time.monotonic()
        if isinstance(message, wire.ToRoom):
            self.router.lost(node, message)
        elif isinstance(message, wire.ToDesk):
            self.tasks.spawn(self.link.route(message.request), "re-route-desk")

    # ---------------------------------------------------------------- leases

    async def _keep_leases(self) -> None:
        """Renew our leases; claim the rooms whose owner died; look for orphans now and then."""
        rounds = 0
        while True:
            await asyncio.sleep(LEASE_RENEW_S)
            rounds += 1
            try:
                await self._renew_and_reap(orphans=rounds % ORPHAN_ROUNDS == 0)
            except Exception:  # Redis or the store is down: next round
                log.warning("lease round failed", exc_info=True)

    async def _renew_and_reap(self, orphans: bool) -> None:
        busy = self.registry.busy_keys()  # being opened or taken over here: ours too
        keys = [room.key for room in self.registry.rooms.values() if not room.closed] + sorted(busy)
        if self.link.desk is not None:
            keys.append(DESK)
        lost = await self.directory.renew(keys)
        self.metrics.leases_renewed.inc(len(keys) - len(lost))
        for key in lost:
            self.metrics.leases_lost.inc()
            await self._let_go(key)
        for key in await self.directory.expired():
            if key in busy:
                continue
            if key == DESK:
                await self.link.wake()
            elif key.startswith("room:"):
                await self.registry.take_over(key.removeprefix("room:"))
        if orphans:
            await self.registry.restore_rooms()

    async def _let_go(self, key: str) -> None:
        """Another process owns this now (we were paused or cut off): stop it here."""
        log.warning("lost the lease of %s; letting go", key)
        if key == DESK:
            await self.link.stop()
            return
        room = self.registry.rooms.get(key.removeprefix("room:"))
        if room is not None:
            await room.stop()
            room.close()

    # ---------------------------------------------------------------- identities

    async def _forget_unplayed_identities(self) -> None:
        """Identities are free: those that never finished a game go after UNPLAYED_IDENTITY_DAYS (hourly)."""
        while True:
            cutoff = datetime.now(UTC) - timedelta(days=limits.UNPLAYED_IDENTITY_DAYS)
            keep = set(self.delivery.online) | {
                p for room in self.registry.rooms.values() for p in room.people()
            }
            try:
                forgotten = await asyncio.to_thread(self.players.forget_unplayed, cutoff, keep)
            except Exception:  # the store is down: next hour
                log.exception("could not forget unplayed identities")
            else:
                if forgotten:
                    log.info("forgot %d identities that never played", forgotten)
            await asyncio.sleep(3600)
