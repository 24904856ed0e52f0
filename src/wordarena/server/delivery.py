"""This process's tabs, and frames to any tab: gathered during a tick, written (or forwarded) at its end.

A room may be owned by any process, and so may a tab's socket: a frame for a tab
here goes to its outbox (server.outbox), a frame for a tab elsewhere is gathered
for its process and sent in one bus message per process at the end of the tick.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Protocol

import msgspec

from wordarena.core.seating import Seat
from wordarena.server import messages
from wordarena.server.cluster import wire
from wordarena.server.cluster.bus import Bus
from wordarena.server.cluster.seats import Seats
from wordarena.server.desk_requests import PlayerBack, PlayerGone
from wordarena.server.event_codec import decode_event, encode_event
from wordarena.server.metrics import Metrics
from wordarena.server.outbox import Outbox
from wordarena.server.ports import DeskPoster
from wordarena.server.refs import ConnRef, Who
from wordarena.server.rooms.codes import room_key
from wordarena.server.tasks import Tasks
from wordarena.store.players import Player, PlayerRepository

log = logging.getLogger(__name__)


TabMessage = wire.Deliver | wire.Detached | wire.Enter | wire.ToPlayer | wire.PlayerChanged


class Tab(Protocol):
    """What delivery needs of a connection (server.connection)."""

    number: int
    ref: ConnRef
    room: str | None
    player: Player | None
    outbox: Outbox

    def send_frame(self, frame: bytes, view: bool = False) -> None: ...

    def who(self) -> Who: ...

    def refreshed(self, player: Player, seat: Seat | None) -> None: ...

    async def arrive(self, code: str, kind: str, event: Any = None) -> None: ...

    async def attach_again(self) -> None: ...


class Delivery:
    def __init__(
        self,
        node: str,
        bus: Bus,
        metrics: Metrics,
        tasks: Tasks,
        players: PlayerRepository,
        seats: Seats,
        desk: DeskPoster,
    ) -> None:
        self.node = node
        self.bus = bus
        self.metrics = metrics
        self.tasks = tasks
        self.players = players
        self.seats = seats
        self.desk = desk
        self.conns: dict[int, Tab] = {}  # this process's tabs, by number
        self.online: dict[str, set[Tab]] = {}  # the open tabs of each player here
        self._numbers = 0
        self._outgoing: dict[str, list[tuple[int, bytes]]] = {}  # frames for other processes' tabs
        self._to_flush: list[Outbox] = []  # sockets with frames of this tick
        self._guesses_shown: list[float] = []  # arrival of the guesses whose views go out this tick
        self._flush_scheduled = False

    # ---------------------------------------------------------------- tabs here

    def next_number(self) -> int:
        self._numbers += 1
        return self._numbers

    def add(self, tab: Tab) -> None:
        """A socket opened: frames may reach it (before its hello too: an error, a close)."""
        self.conns[tab.number] = tab

    def connected(self, tab: Tab) -> None:
        """A tab said hello: its player is online here (the first tab tells the desk)."""
        assert tab.player is not None
        tabs = self.online.setdefault(tab.player.id, set())
        tabs.add(tab)
        if len(tabs) == 1:
            self.bus.watch(tab.player.id)
            self.desk.to_desk(PlayerBack(conn=tab.ref, who=tab.who()))

    def disconnected(self, tab: Tab) -> None:
        self.conns.pop(tab.number, None)
        if tab.player is None:
            return
        tabs = self.online.get(tab.player.id)
        if tabs is None:
            return
        tabs.discard(tab)
        if not tabs:
            del self.online[tab.player.id]
            self.bus.unwatch(tab.player.id)
            self.desk.to_desk(PlayerGone(tab.player.id, self.node))

    def tabs_of(self, player: str) -> set[Tab]:
        return self.online.get(player, set())

    # ---------------------------------------------------------------- frames to any tab

    def deliver(self, ref: ConnRef, message: msgspec.Struct | Any) -> None:
        """A message for one tab: sent at the end of the tick here, or gathered for its process."""
        self.deliver_frame(ref, messages.encode(message))

    def deliver_frame(self, ref: ConnRef, frame: bytes, view: bool = False) -> None:
        """An encoded message for one tab; a ``view`` supersedes an earlier view of the same tick."""
        if ref.node == self.node:
            tab = self.conns.get(ref.id)
            if tab is not None:
                tab.send_frame(frame, view)
            return
        frames = self._outgoing.get(ref.node)
        if frames is None:
            frames = self._outgoing[ref.node] = []
            self._schedule_flush()
        frames.append((ref.id, frame))

    def send_to(self, player: str, message: msgspec.Struct) -> None:
        """Every tab of a player, on every process."""
        self.bus.to_player(player, wire.ToPlayer(player, messages.encode(message)))

    def player_changed(self, player: str) -> None:
        """The store holds a new rating for the player: every tab of theirs, anywhere, shows it."""
        self.bus.to_player(player, wire.PlayerChanged(player))

    def detached(self, ref: ConnRef, code: str) -> None:
        """A room no longer counts this attachment of a tab (a tab that attached again since stays)."""
        if ref.node == self.node:
            self._detach_here(ref.id, code, ref.attach)
        else:
            self.bus.to_node(ref.node, wire.Detached(ref.id, code, ref.attach))

    def enter(self, ref: ConnRef, code: str, kind: str, event: Any = None, player: str | None = None) -> None:
        """Take a tab into a room (a tournament starting, a quick room chosen), wherever the tab is.

        ``ref.id`` 0: any tab of ``player`` on that process.
        """
        if ref.node == self.node:
            self._enter_here(ref.id, code, kind, event, player)
        else:
            line = None if event is None else encode_event(event, 0)
            self.bus.to_node(ref.node, wire.Enter(ref.id, room_key(code), kind, line, player))

    def _detach_here(self, number: int, code: str, attach: int) -> None:
        tab = self.conns.get(number)
        if tab is not None and tab.room == code and tab.ref.attach == attach:
            tab.room = None

    def _enter_here(self, number: int, code: str, kind: str, event: Any, player: str | None) -> None:
        tab = self.conns.get(number)
        if tab is None and player is not None:
            tab = max(self.tabs_of(player), key=lambda t: t.number, default=None)
        if tab is not None:
            self.tasks.spawn(tab.arrive(code, kind, event), f"enter-{code}")

    async def _refresh_player(self, player: str) -> None:
        fresh = await asyncio.to_thread(self.players.get, player)
        if fresh is None:
            return
        seat = await self.seats.where(player)
        for tab in self.tabs_of(player):
            tab.refreshed(fresh, seat)

    # ---------------------------------------------------------------- what other processes sent

    def received(self, message: TabMessage) -> None:
        match message:
            case wire.Deliver():
                for number, frame in message.frames:
                    tab = self.conns.get(number)
                    if tab is not None:
                        tab.send_frame(frame)
            case wire.ToPlayer():
                for tab in self.tabs_of(message.player):
                    tab.send_frame(message.frame)
            case wire.PlayerChanged():
                self.tasks.spawn(self._refresh_player(message.player), "player-changed")
            case wire.Detached():
                self._detach_here(message.conn, message.key.removeprefix("room:"), message.attach)
            case wire.Enter():
                code = message.key.removeprefix("room:")
                event = None if message.event is None else decode_event(message.room_kind, message.event)[0]
                self._enter_here(message.conn, code, message.room_kind, event, message.player)

    def attach_again(self, code: str | None = None) -> None:
        """Tabs here showing ``code`` (None: every room) go back to it: it moved, or the bus was cut."""
        for tab in list(self.conns.values()):
            if tab.player is None:
                continue
            if tab.room is not None and (code is None or tab.room == code):
                self.tasks.spawn(tab.attach_again(), f"again-{tab.room}")
            if code is None:  # the bus was cut: the player's channel again
                self.bus.watch(tab.player.id)

    # ---------------------------------------------------------------- the end of the tick

    def flush_soon(self, outbox: Outbox) -> None:
        """Write this socket's frames at the end of the tick (server.outbox)."""
        self._to_flush.append(outbox)
        self._schedule_flush()

    def guesses_shown(self, received: list[float]) -> None:
        """These guesses' views are out once this tick is flushed: time them then."""
        self._guesses_shown += received
        self._schedule_flush()

    def _schedule_flush(self) -> None:
        if not self._flush_scheduled:
            self._flush_scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """The end of a tick: one bus message per process, every socket's frames written, guesses timed."""
        self._flush_scheduled = False
        outgoing, self._outgoing = self._outgoing, {}
        for node, frames in outgoing.items():
            try:
                self.bus.to_node(node, wire.Deliver(frames))
            except Exception:  # the bus resyncs its tabs when it comes back; the sockets here go on
                log.exception("frames for %s were not forwarded", node)
            self.metrics.forwarded.inc(len(frames))
        sockets, self._to_flush = self._to_flush, []
        written = 0
        for outbox in sockets:
            try:
                written += outbox.flush()
            except Exception:  # one socket's failure must not hold back the others' frames
                log.exception("a socket's frames could not be written")
                outbox.fail()
        if written:
            self.metrics.messages_out.inc(written)
        shown, self._guesses_shown = self._guesses_shown, []
        if shown:
            now = time.perf_counter()
            for received in shown:
                self.metrics.guess_latency.observe(now - received)
