"""Inputs to rooms, wherever their owner is: here, on another process (the bus), or nobody (a takeover).

Any process accepts any player: an input for a room owned elsewhere goes to its
owner through the bus, and the owner's views come back the same way (delivery).
A room whose owner stopped answering is taken over once its lease has run out.
"""

from __future__ import annotations

import asyncio
import time

from wordarena.server import messages
from wordarena.server.cluster import wire
from wordarena.server.cluster.bus import Bus
from wordarena.server.cluster.directory import LEASE_RENEW_S, LEASE_TTL_MS, Directory
from wordarena.server.messages import ErrorCode
from wordarena.server.owners import Owners
from wordarena.server.ports import Deliverer
from wordarena.server.room_inputs import Act, Attach, Resync, RoomInput, Watch, from_wire, to_wire
from wordarena.server.rooms.codes import room_key
from wordarena.server.rooms.registry import RoomRegistry
from wordarena.server.tasks import Tasks


class Router:
    def __init__(
        self,
        node: str,
        registry: RoomRegistry,
        directory: Directory,
        bus: Bus,
        owners: Owners,
        delivery: Deliverer,
        tasks: Tasks,
    ) -> None:
        self.node = node
        self.registry = registry
        self.directory = directory
        self.bus = bus
        self.owners = owners
        self.delivery = delivery
        self.tasks = tasks
        self.dead: dict[str, float] = {}  # processes that stopped receiving (their leases will run out)
        self.stopping = False  # handed over: tabs reconnect elsewhere

    async def post(self, code: str, kind: str, item: RoomInput) -> bool:
        """Hand an input to the room, wherever its owner is; False when no room of that kind has that code.

        The kind is checked where the room is: a Duel de Mots code given to
        ``tournament_join`` (or a tournament's to ``join``) reaches nothing.
        """
        if self.stopping:
            return False
        room = self.registry.rooms.get(code)
        if room is not None and not room.closed:
            if room.kind != kind:
                return False
            room.post(item)
            return True
        owner = self.owners.get(code) or await self.directory.owner(room_key(code))
        if owner is not None and owner in self.dead:  # its owner died: wait for the lease to run out
            owner = await self._owner_after_death(code)
        if owner is None or owner == self.node:
            room = await self.registry.take_over(code)
            if room is None or room.kind != kind:
                return False
            room.post(item)
            return True
        self.owners.remember(code, owner)
        self.bus.to_node(owner, wire.ToRoom(room_key(code), kind, to_wire(item)))
        return True

    async def _owner_after_death(self, code: str) -> str | None:
        """The owner of a room whose owner stopped answering, once its lease has run out (maybe us)."""
        deadline = time.monotonic() + LEASE_TTL_MS / 1000 + 2
        while time.monotonic() < deadline:
            owner = await self.directory.owner(room_key(code))
            if owner is None or owner not in self.dead:
                return owner
            await asyncio.sleep(LEASE_RENEW_S / 4)
        return None

    async def room_exists(self, code: str, kind: str) -> bool:
        """A room of that kind: owned here, owned elsewhere (its owner checks the kind), or in the store."""
        room = self.registry.rooms.get(code)
        if room is not None:
            return room.kind == kind
        if await self.directory.owner(room_key(code)) is not None:
            return True
        room = await self.registry.take_over(code)
        return room is not None and room.kind == kind

    # ---------------------------------------------------------------- what other processes sent

    async def arrived(self, message: wire.ToRoom) -> None:
        """An input from another process: the room is here, or its tab is told it is not."""
        code = message.key.removeprefix("room:")
        item = from_wire(message.input, message.room_kind)
        if await self.post(code, message.room_kind, item):
            return
        if isinstance(item, Attach | Watch | Act | Resync):  # over, or a code of the other game
            self.delivery.detached(item.conn, code)
            unknown = (
                ErrorCode.UNKNOWN_TOURNAMENT if message.room_kind == "tournament" else ErrorCode.UNKNOWN_ROOM
            )
            why = "this game does not exist (or no longer exists)"
            game = messages.game_kind(message.room_kind)
            self.delivery.deliver(item.conn, messages.Error(unknown, why, game=game))

    def moved(self, message: wire.Moved) -> str:
        """A room has a new owner (or none: released): remember it; returns the room's code."""
        code = message.key.removeprefix("room:")
        if message.node and message.node != self.node:  # our own rooms are in the registry
            self.owners.remember(code, message.node)
        else:
            self.owners.forget(code)
        return code

    def lost(self, node: str, message: wire.ToRoom) -> None:
        """A process we wrote to is gone: find the new owner of what we sent it."""
        self.owners.forget(message.key.removeprefix("room:"), only=node)
        self.tasks.spawn(self.arrived(message), "re-route")
