"""The rooms this process owns: opened durably, taken over from the store, restored, forgotten.

A room is in the store (and owned here) before anybody is given its code; a room
nobody owns (its owner stopped or died) is taken over by whoever needs it first:
its snapshot and log, replayed by the core.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time

import msgspec

from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.state import DuelState
from wordarena.core.player_events import RoomRestored
from wordarena.core.tournament import events as tev
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.state import Phase as TournamentPhase
from wordarena.core.tournament.state import TournamentState
from wordarena.server.cluster import wire
from wordarena.server.cluster.bus import Bus
from wordarena.server.cluster.directory import Directory
from wordarena.server.owners import Owners
from wordarena.server.room_inputs import Decide
from wordarena.server.rooms.base import Room
from wordarena.server.rooms.codes import new_room_code, room_key
from wordarena.server.rooms.context import Coded, RoomContext
from wordarena.server.rooms.duel import DuelRoom
from wordarena.server.rooms.tournament import TournamentRoom
from wordarena.store.rooms import RoomRepository, StoredRoom
from wordarena.store.writes import RoomDropped

log = logging.getLogger(__name__)
ROOM_CLASSES: dict[str, type[Room]] = {"duel": DuelRoom, "tournament": TournamentRoom}


class RoomRegistry:
    def __init__(
        self, node: str, store: RoomRepository, directory: Directory, bus: Bus, owners: Owners
    ) -> None:
        self.node = node
        self.store = store
        self.directory = directory
        self.bus = bus
        self.owners = owners
        self.rooms: dict[str, Room] = {}  # by code
        self.context: RoomContext | None = None  # set once every part exists (server.app)
        self.opening: dict[str, asyncio.Future[Room | None]] = {}  # rooms being stored (open_durably)
        self.taking: dict[str, asyncio.Future[Room | None]] = {}  # rooms being taken over

    @property
    def the_context(self) -> RoomContext:
        assert self.context is not None
        return self.context

    # ---------------------------------------------------------------- new rooms

    async def create_room(self, lang: str, quick: bool = False, for_newcomers: bool = False) -> DuelRoom:
        now = self.the_context.clock.now()
        code = new_room_code()
        game = DuelGame.create(
            code, secrets.randbits(62), lang, quick=quick, for_newcomers=for_newcomers, now=now
        )
        room = DuelRoom(game, self.the_context)
        await self.open_durably(room)
        return room

    def new_tournament(self, lang: str, rated: bool) -> TournamentRoom:
        game = TournamentGame.create(new_room_code(), secrets.randbits(62), lang, rated=rated)
        return TournamentRoom(game, self.the_context)

    async def open_durably(self, room: Room) -> None:
        """A new room is in the store (and owned here) before anybody is given its code.

        While it is being stored (`opening`), its lease is renewed (a loaded server can take
        longer than a lease to get there), and whatever reaches it waits for it: neither the
        reaper nor an input (a seat left at once) may take over a room being opened.
        """
        room.fence = 1
        opened: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self.opening[room.code] = opened  # an input for it meanwhile waits (take_over)
        try:
            await self.directory.claim(room.key)
            await self.the_context.journal.write(room.opening_writes())
            self.open(room)
            opened.set_result(room)
        finally:
            del self.opening[room.code]
            if not opened.done():
                opened.set_result(None)

    async def drop_unused(self, room: Room) -> None:
        """A room made for a player who could not sit in it after all: gone before anybody had its code."""
        await self.the_context.journal.write([RoomDropped(room.code, fence=room.fence)])
        await self.directory.drop(room.key)
        room.close()

    def open(self, room: Room) -> Room:
        self.rooms[room.code] = room
        self.the_context.metrics.rooms.set(len(self.rooms))
        room.start()
        return room

    def forget(self, room: Coded) -> None:
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        self.owners.forget(room.code)
        self.the_context.metrics.rooms.set(len(self.rooms))

    # ---------------------------------------------------------------- taking over

    async def take_over(self, code: str) -> Room | None:
        """Own a room nobody owns (its owner died or stopped): the store's snapshot + log, replayed."""
        if code in self.rooms:
            return self.rooms[code]
        opening = self.opening.get(code)
        if opening is not None:  # being stored here: it is ours in a moment
            return await asyncio.shield(opening)
        pending = self.taking.get(code)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self.taking[code] = future
        try:
            room = await self._take_over(code)
            future.set_result(room)
            return room
        except asyncio.CancelledError:
            future.cancel()  # a shutdown: whoever shares it is cancelled too (and nothing is logged)
            raise
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # marked as seen: the caller raises it, and nobody else may be waiting
            raise
        finally:
            del self.taking[code]

    async def _take_over(self, code: str) -> Room | None:
        started = time.perf_counter()
        owner = await self.directory.claim(room_key(code))
        if owner != self.node:
            self.owners.remember(code, owner)
            return None
        taken = await asyncio.to_thread(self.store.take_over, code)
        if taken is None:  # no such room in the store: nothing to own
            await self.directory.drop(room_key(code))
            return None
        stored, fence = taken
        try:
            room = self._restored(stored)
        except Exception:  # a snapshot from an incompatible version: end it, do not crash
            log.exception("could not restore room %s; dropping it", code)
            await asyncio.to_thread(self.store.drop, code)
            await self.directory.drop(room_key(code))
            return None
        room.fence = fence
        if room.game.state.phase == "closed":  # closed just before its owner stopped
            await self.the_context.journal.write([*room.pending_writes, RoomDropped(code, fence=fence)])
            await self.directory.drop(room_key(code))
            return None
        self.open(room)
        room.post(Decide(event=RoomRestored()))  # nobody is attached yet: 60 s to come back
        if isinstance(room, TournamentRoom) and room.state.phase is TournamentPhase.LOBBY:
            # The desk opens a tournament only for a lobby ready to start, then starts it: if its
            # owner stopped in between, nothing else would ever start it (a second start is refused).
            room.post(Decide(event=tev.StartRequested()))
        self.bus.broadcast(wire.Moved(room_key(code), self.node))  # tabs elsewhere attach again
        self.the_context.metrics.takeovers.inc()
        self.the_context.metrics.takeover_seconds.observe(time.perf_counter() - started)
        return room

    def _restored(self, stored: StoredRoom) -> Room:
        snapshot = msgspec.json.decode(stored.snapshot)
        room: Room
        if snapshot["kind"] == "tournament":
            state = TournamentState.from_snapshot(snapshot["state"])
            room = TournamentRoom(TournamentGame(state), self.the_context)
        else:
            room = DuelRoom(DuelGame(DuelState.from_snapshot(snapshot["state"])), self.the_context)
        room.replay(stored)
        return room

    async def restore_rooms(self) -> None:
        """Every room in the store that nobody owns comes back here (after a stop, or an owner's death)."""
        codes = await asyncio.to_thread(self.store.codes)
        restored = 0
        for code in codes:
            if await self.directory.owner(room_key(code)) is None and await self.take_over(code) is not None:
                restored += 1
        if restored:
            log.info("restored %d room(s)", restored)

    def busy_keys(self) -> set[str]:
        """Rooms being opened or taken over here: ours too, their leases kept."""
        return {room_key(code) for code in (*self.opening, *self.taking)}

    async def stop(self) -> list[Room]:
        """Stop every room (what they accepted is stored); returns them, to release their leases."""
        rooms = list(self.rooms.values())
        await asyncio.gather(*(room.stop() for room in rooms))
        self.rooms.clear()
        return rooms
