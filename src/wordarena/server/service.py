"""What one server process holds, and how it reaches everything the others hold.

A process (a *node*) owns some rooms (each with its task, here), maybe the
tournament desk, and the sockets of its players. Any node accepts any player:
an action for a room owned elsewhere goes to its owner through the bus, and the
owner's views come back the same way (cluster/). Alone (the embedded default)
the bus and the directory are in memory and everything is local; the code paths
are the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
from aiohttp import web

from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.quick import QuickRoom
from wordarena.core.duel.state import DuelState
from wordarena.core.player_events import PlayerLeft, RoomRestored
from wordarena.core.seating import Seat
from wordarena.core.tournament import events as tev
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.state import Phase as TournamentPhase
from wordarena.core.tournament.state import TournamentState
from wordarena.server import limits, messages
from wordarena.server.cluster import wire
from wordarena.server.cluster.bus import Bus, MemoryBus
from wordarena.server.cluster.directory import LEASE_RENEW_S, LEASE_TTL_MS, Directory, MemoryDirectory
from wordarena.server.cluster.engines import Shared
from wordarena.server.cluster.seats import MemorySeats, Seats
from wordarena.server.cluster.wire import ConnRef, Who
from wordarena.server.duel_room import DuelRoom
from wordarena.server.event_codec import decode_event, encode_event
from wordarena.server.guards import Guards
from wordarena.server.journal import Journal
from wordarena.server.messages import ErrorCode
from wordarena.server.metrics import Metrics
from wordarena.server.outbox import Outbox
from wordarena.server.rooms import Envelope, Room, new_room_code, now_ms, room_key
from wordarena.server.tournament_desk import DESK, TournamentDesk
from wordarena.server.tournament_room import TournamentRoom
from wordarena.store.database import Database
from wordarena.store.games import GameRepository
from wordarena.store.players import PlayerRepository
from wordarena.store.rooms import RoomRepository, StoredRoom
from wordarena.store.tournaments import TournamentRepository
from wordarena.store.writes import RoomDropped

if TYPE_CHECKING:
    from wordarena.server.connection import Connection

log = logging.getLogger(__name__)
ROOM_CLASSES: dict[str, type[Room]] = {"duel": DuelRoom, "tournament": TournamentRoom}
OWNERS_CACHE_MAX = 10_000  # rooms of other processes whose owner is remembered (one entry was kept per room)


@dataclass(frozen=True)
class Config:
    host: str = "127.0.0.1"
    port: int = 8000
    reuse_port: bool = False  # several processes listen on one port (--workers)
    data_dir: Path = Path("data")
    database_url: str | None = None  # default: SQLite in data_dir
    redis_url: str | None = None  # a member of a cluster: rooms, seats and the desk are shared through Redis
    allowed_origins: tuple[
        str, ...
    ] = ()  # the public origins (scheme://host[:port]) besides the listening address
    trust_proxy: bool = False  # honour X-Forwarded-For/-Proto/-Host (behind a TLS proxy only)
    max_sockets_per_ip: int | None = None  # default: limits.MAX_SOCKETS_PER_IP
    new_identities_per_minute: int | None = None  # default: limits.NEW_IDENTITIES_PER_IP_PER_MINUTE
    #: For tests and benchmarks of whole processes only: game time runs this many times faster
    #: than real time, from ``time_origin_ms`` (give the same origin to a restarted process).
    time_scale: float = 1.0
    time_origin_ms: int | None = None


@dataclass
class Service:
    config: Config
    db: Database
    node: str = field(default_factory=lambda: f"n-{secrets.token_hex(4)}")
    bus: Bus | None = None
    directory: Directory | None = None
    seats: Seats = field(default_factory=MemorySeats)
    shared: Shared | None = None  # a cluster member's Redis (bus, directory, seats, the desk's state)
    metrics: Metrics = field(default_factory=Metrics)
    rooms: dict[str, Room] = field(default_factory=dict)  # the rooms this process owns, by code
    sockets: set[web.WebSocketResponse] = field(default_factory=set)
    conns: dict[int, Connection] = field(default_factory=dict)  # this process's tabs, by number
    #: The open tabs of each player here (a player may have several).
    online: dict[str, set[Connection]] = field(default_factory=dict)
    #: Milliseconds now; tests put a fake clock here and call `Room.tick`.
    clock: Callable[[], int] = now_ms
    #: Seconds, for the rate limits of sockets and addresses (tests put a fake clock here too).
    rate_clock: Callable[[], float] = time.monotonic
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.config.time_scale != 1.0:
            self.clock = scaled_clock(self.config.time_scale, self.config.time_origin_ms)
        if self.shared is not None:
            self.bus, self.directory, self.seats = self.shared.bus, self.shared.directory, self.shared.seats
        self.bus = self.bus or MemoryBus(self.node)
        self.directory = self.directory or MemoryDirectory(self.node)
        self.players = PlayerRepository(self.db)
        self.games = GameRepository(self.db)
        self.tournaments = TournamentRepository(self.db)
        self.room_store = RoomRepository(self.db)
        self.journal = Journal(self.room_store, self.metrics)
        self.guards = Guards(
            self.config.max_sockets_per_ip,
            self.config.new_identities_per_minute,
            clock=lambda: self.rate_clock(),
        )
        self.desk: TournamentDesk | None = None  # when this process owns the desk
        self.seats.on_change = lambda player: self.to_desk("seat_changed", args={"player": player})
        self._owners: dict[str, str] = {}  # where the rooms of our tabs live (a cache of the directory)
        self._dead: dict[str, float] = {}  # processes that stopped receiving (their leases will run out)
        self._taking: dict[str, asyncio.Future[Room | None]] = {}
        self._outgoing: dict[str, list[tuple[int, bytes]]] = {}  # frames for other processes' tabs
        self._to_flush: list[Outbox] = []  # sockets with frames of this tick
        self._guesses_shown: list[float] = []  # arrival of the guesses whose views go out this tick
        self._flush_scheduled = False
        self._conn_numbers = 0
        self._stopping = False
        self._seat_locks: dict[str, tuple[asyncio.Lock, int]] = {}  # player -> (lock, users)
        self._opening: dict[str, asyncio.Future[Room | None]] = {}  # rooms being stored (open_durably)
        self.metrics.sockets_slow.set_function(lambda: len(self._waiting_outboxes()))
        self.metrics.socket_bytes_waiting.set_function(
            lambda: sum(outbox.held_bytes() for outbox in self._waiting_outboxes())
        )

    def _waiting_outboxes(self) -> list[Outbox]:
        return [conn.outbox for conn in self.conns.values() if conn.outbox.waiting]

    @property
    def the_bus(self) -> Bus:
        assert self.bus is not None
        return self.bus

    @property
    def the_directory(self) -> Directory:
        assert self.directory is not None
        return self.directory

    # ---------------------------------------------------------------- rooms

    async def create_room(self, lang: str, quick: bool = False, for_newcomers: bool = False) -> DuelRoom:
        game = DuelGame.create(
            new_room_code(),
            secrets.randbits(62),
            lang,
            quick=quick,
            for_newcomers=for_newcomers,
            now=self.clock(),
        )
        room = DuelRoom(game, self)
        await self.open_durably(room)
        return room

    async def open_durably(self, room: Room) -> None:
        """A new room is in the store (and owned here) before anybody is given its code.

        While it is being stored (`_opening`), its lease is renewed (a loaded server can take
        longer than a lease to get there), and whatever reaches it waits for it: neither the
        reaper nor an input (a seat left at once) may take over a room being opened.
        """
        room.fence = 1
        opened: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._opening[room.code] = opened  # an input for it meanwhile waits (take_over)
        try:
            await self.the_directory.claim(room.key)
            await self.journal.write(room.opening_writes())
            self.open(room)
            opened.set_result(room)
        finally:
            del self._opening[room.code]
            if not opened.done():
                opened.set_result(None)

    async def drop_unused(self, room: Room) -> None:
        """A room made for a player who could not sit in it after all: gone before anybody had its code."""
        await self.journal.write([RoomDropped(room.code, fence=room.fence)])
        await self.the_directory.drop(room.key)
        room.close()

    def open(self, room: Room) -> Room:
        self.rooms[room.code] = room
        self.metrics.rooms.set(len(self.rooms))
        room.start()
        return room

    def forget(self, room: Room) -> None:
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        self._owners.pop(room.code, None)
        self.metrics.rooms.set(len(self.rooms))

    def _cache_owner(self, code: str, owner: str) -> None:
        """Remember where a room lives; a cache (a miss costs one look-up), so it is kept small."""
        if len(self._owners) >= OWNERS_CACHE_MAX:
            self._owners.clear()
        self._owners[code] = owner

    def seconds_until(self, deadline: int) -> float:
        """Real seconds from now to a deadline of the game clock (for a timer)."""
        return max(0.0, (deadline - self.clock()) / 1000 / self.config.time_scale)

    def quick_room_changed(self, room: QuickRoom | None, code: str) -> None:
        """A quick room's lobby changed (or it started): the desk chooses quick rooms from these."""
        info = None if room is None else msgspec.to_builtins(room)
        self.to_desk("quick_room", args={"code": code, "room": info})

    # ---------------------------------------------------------------- reaching a room

    async def post(self, code: str, kind: str, envelope: Envelope) -> bool:
        """Hand an input to the room, wherever its owner is; False when no room of that kind has that code.

        The kind is checked where the room is: a Duel de Mots code given to
        ``tournament_join`` (or a tournament's to ``join``) reaches nothing.
        """
        if self._stopping:  # handed over: the tab reconnects elsewhere
            return False
        room = self.rooms.get(code)
        if room is not None and not room.closed:
            if room.kind != kind:
                return False
            room.post(envelope)
            return True
        owner = self._owners.get(code) or await self.the_directory.owner(room_key(code))
        if owner is not None and owner in self._dead:  # its owner died: wait for the lease to run out
            owner = await self._owner_after_death(code)
        if owner is None or owner == self.node:
            room = await self.take_over(code)
            if room is None or room.kind != kind:
                return False
            room.post(envelope)
            return True
        self._cache_owner(code, owner)
        self.the_bus.to_node(owner, _to_room(code, kind, envelope))
        return True

    async def _owner_after_death(self, code: str) -> str | None:
        """The owner of a room whose owner stopped answering, once its lease has run out (maybe us)."""
        deadline = time.monotonic() + LEASE_TTL_MS / 1000 + 2
        while time.monotonic() < deadline:
            owner = await self.the_directory.owner(room_key(code))
            if owner is None or owner not in self._dead:
                return owner
            await asyncio.sleep(LEASE_RENEW_S / 4)
        return None

    async def room_exists(self, code: str, kind: str) -> bool:
        """A room of that kind: owned here, owned elsewhere (its owner checks the kind), or in the store."""
        room = self.rooms.get(code)
        if room is not None:
            return room.kind == kind
        if await self.the_directory.owner(room_key(code)) is not None:
            return True
        room = await self.take_over(code)
        return room is not None and room.kind == kind

    async def take_over(self, code: str) -> Room | None:
        """Own a room nobody owns (its owner died or stopped): the store's snapshot + log, replayed."""
        if code in self.rooms:
            return self.rooms[code]
        opening = self._opening.get(code)
        if opening is not None:  # being stored here: it is ours in a moment
            return await asyncio.shield(opening)
        pending = self._taking.get(code)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._taking[code] = future
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
            del self._taking[code]

    async def _take_over(self, code: str) -> Room | None:
        started = time.perf_counter()
        owner = await self.the_directory.claim(room_key(code))
        if owner != self.node:
            self._owners[code] = owner
            return None
        taken = await asyncio.to_thread(self.room_store.take_over, code)
        if taken is None:  # no such room in the store: nothing to own
            await self.the_directory.drop(room_key(code))
            return None
        stored, fence = taken
        try:
            room = self._restored(stored)
        except Exception:  # a snapshot from an incompatible version: end it, do not crash
            log.exception("could not restore room %s; dropping it", code)
            await asyncio.to_thread(self.room_store.drop, code)
            await self.the_directory.drop(room_key(code))
            return None
        room.fence = fence
        if room.game.state.phase == "closed":  # closed just before its owner stopped
            await self.journal.write([*room.pending_writes, RoomDropped(code, fence=fence)])
            await self.the_directory.drop(room_key(code))
            return None
        self.open(room)
        room.post(Envelope("event", None, event=RoomRestored()))  # nobody is attached yet: 60 s to come back
        if isinstance(room, TournamentRoom) and room.state.phase is TournamentPhase.LOBBY:
            self.spawn(self._start_restored_lobby(room), f"start-{code}")
        self.the_bus.broadcast(wire.Moved(room_key(code), self.node))  # tabs elsewhere attach again
        self.metrics.takeovers.inc()
        self.metrics.takeover_seconds.observe(time.perf_counter() - started)
        return room

    async def _start_restored_lobby(self, room: TournamentRoom) -> None:
        """Start a tournament taken over in its lobby: its start was decided, not yet logged.

        The desk opens a tournament only for a lobby ready to start, then starts it: if
        its owner stopped in between, nothing else would ever start it. A second start
        is refused, harmlessly.
        """
        room.post(Envelope("event", None, event=tev.StartRequested()))

    def _restored(self, stored: StoredRoom) -> Room:
        snapshot = msgspec.json.decode(stored.snapshot)
        room: Room
        if snapshot["kind"] == "tournament":
            room = TournamentRoom(TournamentGame(TournamentState.from_snapshot(snapshot["state"])), self)
        else:
            room = DuelRoom(DuelGame(DuelState.from_snapshot(snapshot["state"])), self)
        room.replay(stored)
        return room

    # ---------------------------------------------------------------- reaching a tab

    def next_conn_number(self) -> int:
        self._conn_numbers += 1
        return self._conn_numbers

    def deliver(self, ref: ConnRef, message: msgspec.Struct | Any) -> None:
        """A message for one tab: sent at the end of the tick here, or gathered for its process."""
        self.deliver_frame(ref, messages.encode(message))

    def deliver_frame(self, ref: ConnRef, frame: bytes, view: bool = False) -> None:
        """An encoded message for one tab; a ``view`` supersedes an earlier view of the same tick."""
        if ref.node == self.node:
            conn = self.conns.get(ref.id)
            if conn is not None:
                conn.send_frame(frame, view)
            return
        frames = self._outgoing.get(ref.node)
        if frames is None:
            frames = self._outgoing[ref.node] = []
            self._schedule_flush()
        frames.append((ref.id, frame))

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
                self.the_bus.to_node(node, wire.Deliver(frames))
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

    def detached(self, ref: ConnRef, code: str) -> None:
        """A room no longer counts this attachment of a tab as a member.

        A tab that attached to the same room again since (a leave then a join, sent at
        once) is a member again by then: it keeps showing the room.
        """
        if ref.node == self.node:
            _detach_here(self.conns.get(ref.id), code, ref.attach)
        else:
            self.the_bus.to_node(ref.node, wire.Detached(ref.id, code, ref.attach))

    def enter(self, ref: ConnRef, code: str, kind: str, event: Any = None, player: str | None = None) -> None:
        """Take a tab into a room (a tournament starting, a quick room chosen), wherever the tab is.

        ``ref.id`` 0: any tab of ``player`` on that process.
        """
        if ref.node == self.node:
            self._enter_here(ref.id, code, kind, event, player)
        else:
            line = None if event is None else encode_event(event, 0)
            self.the_bus.to_node(ref.node, wire.Enter(ref.id, room_key(code), kind, line, player))

    def _enter_here(self, number: int, code: str, kind: str, event: Any, player: str | None) -> None:
        conn = self.conns.get(number)
        if conn is None and player is not None:
            conn = max(self.tabs_of(player), key=lambda tab: tab.number, default=None)
        if conn is not None:
            self.spawn(conn.arrive(code, kind, event), f"enter-{code}")

    def send_to(self, player: str, message: msgspec.Struct) -> None:
        """Every tab of a player, on every process."""
        self.the_bus.to_player(player, wire.ToPlayer(player, messages.encode(message)))

    def player_changed(self, player: str) -> None:
        """The store holds a new rating for the player: every tab of theirs, anywhere, shows it."""
        self.the_bus.to_player(player, wire.PlayerChanged(player))

    async def _refresh_player(self, player: str) -> None:
        fresh = await asyncio.to_thread(self.players.get, player)
        if fresh is None:
            return
        seat = await self.seats.where(player)
        for tab in self.tabs_of(player):
            tab.refreshed(fresh, seat)

    # ---------------------------------------------------------------- seats

    @contextlib.asynccontextmanager
    async def seat_lock(self, player: str) -> AsyncIterator[None]:
        """One seat change at a time for a player on this process.

        Taking a seat awaits (the store, the registry): two tabs of one player that
        create and join at the same instant would each find the player free and sit
        down twice. The lock is dropped with its last user, so it costs nothing per
        player at rest.
        """
        lock, users = self._seat_locks.get(player) or (asyncio.Lock(), 0)
        self._seat_locks[player] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._seat_locks[player]
            if users == 1:
                del self._seat_locks[player]
            else:
                self._seat_locks[player] = (lock, users - 1)

    async def leave_seat(self, player: str, seat: Seat) -> None:
        """Leave a seat that costs nothing to leave (a lobby, a queue, final standings)."""
        await self.seats.release(player, seat.code)
        if seat.kind == "queue":
            self.to_desk("unqueue", args={"player": player})
            return
        await self.post(seat.code, seat.kind, Envelope("event", None, event=PlayerLeft(player)))

    # ---------------------------------------------------------------- the desk

    def to_desk(
        self, action: str, conn: ConnRef | None = None, who: Who | None = None, **kwargs: Any
    ) -> None:
        """A request for the tournament desk, wherever it is (it answers the players itself)."""
        args: dict[str, Any] = kwargs.pop("args", {})
        request = wire.ToDesk(action, conn, who, {**args, **kwargs})
        if self.desk is not None:
            self.desk.post(request)
            return
        self.spawn(self._to_desk(request), "to-desk")

    async def _to_desk(self, request: wire.ToDesk) -> None:
        deadline = time.monotonic() + LEASE_TTL_MS / 1000 + 2
        owner = await self.the_directory.claim(DESK)
        while owner in self._dead and time.monotonic() < deadline:  # its owner died: its lease runs out
            await asyncio.sleep(LEASE_RENEW_S / 4)
            owner = await self.the_directory.claim(DESK)
        if owner == self.node:
            desk = await self._own_desk()
            desk.post(request)
        else:
            self.the_bus.to_node(owner, request)

    async def _own_desk(self) -> TournamentDesk:
        if self.desk is None:
            self.desk = TournamentDesk(self)
            await self.desk.start()
        return self.desk

    async def load_desk(self) -> bytes | None:
        """The desk's state as its last owner saved it (a cluster keeps it in Redis)."""
        return None if self.shared is None else await self.shared.load_desk()

    async def save_desk(self, state: bytes) -> None:
        """Save the desk's state for its next owner (a cluster keeps it in Redis)."""
        if self.shared is not None:
            await self.shared.save_desk(state)

    # ---------------------------------------------------------------- players online

    def connected(self, conn: Connection) -> None:
        assert conn.player is not None
        tabs = self.online.setdefault(conn.player.id, set())
        tabs.add(conn)
        if len(tabs) == 1:
            self.the_bus.watch(conn.player.id)
            self.to_desk("player_back", conn=conn.ref, who=_who(conn))

    def disconnected(self, conn: Connection) -> None:
        self.conns.pop(conn.number, None)
        if conn.player is None:
            return
        tabs = self.online.get(conn.player.id)
        if tabs is None:
            return
        tabs.discard(conn)
        if not tabs:
            del self.online[conn.player.id]
            self.the_bus.unwatch(conn.player.id)
            self.to_desk("player_gone", args={"player": conn.player.id, "node": self.node})

    def tabs_of(self, player: str) -> set[Connection]:
        return self.online.get(player, set())

    # ---------------------------------------------------------------- the bus

    def received(self, message: wire.Wire) -> None:
        """What another process (or the desk) sent here."""
        match message:
            case wire.Deliver():
                for number, frame in message.frames:
                    conn = self.conns.get(number)
                    if conn is not None:
                        conn.send_frame(frame)
            case wire.ToPlayer():
                for conn in self.tabs_of(message.player):
                    conn.send_frame(message.frame)
            case wire.PlayerChanged():
                self.spawn(self._refresh_player(message.player), "player-changed")
            case wire.ToRoom():
                self.spawn(self._post_here(message), "to-room")
            case wire.Detached():
                _detach_here(self.conns.get(message.conn), message.key.removeprefix("room:"), message.attach)
            case wire.Enter():
                code = message.key.removeprefix("room:")
                event = None if message.event is None else decode_event(message.room_kind, message.event)[0]
                self._enter_here(message.conn, code, message.room_kind, event, message.player)
            case wire.Moved():
                self._moved(message)
            case wire.ToDesk():
                if self.desk is not None:
                    self.desk.post(message)
                else:
                    self.spawn(self._to_desk(message), "to-desk")

    async def _post_here(self, message: wire.ToRoom) -> None:
        code = message.key.removeprefix("room:")
        event = None if message.event is None else decode_event(message.room_kind, message.event)[0]
        envelope = Envelope(message.kind, message.conn, message.player, event, message.who)
        if await self.post(code, message.room_kind, envelope):
            return
        ref = envelope.conn  # no such room here (over, or a code of the other game): its tab is told
        if ref is not None and envelope.kind in ("attach", "event", "resync"):
            self.detached(ref, code)
            unknown = (
                ErrorCode.UNKNOWN_TOURNAMENT if message.room_kind == "tournament" else ErrorCode.UNKNOWN_ROOM
            )
            self.deliver(ref, messages.Error(unknown, "this game does not exist (or no longer exists)"))

    def _moved(self, message: wire.Moved) -> None:
        """A room has a new owner: our tabs in it attach again there (they were marked away)."""
        code = message.key.removeprefix("room:")
        if message.node and message.node != self.node:  # our own rooms are in self.rooms
            self._cache_owner(code, message.node)
        else:
            self._owners.pop(code, None)
        for conn in list(self.conns.values()):
            if conn.room == code and conn.player is not None:
                self.spawn(conn.attach_again(), f"again-{code}")

    def resync(self) -> None:
        """The bus was cut (Redis restarted): every tab here attaches again and gets a full view.

        Views are whole screens with a version, so one full view repairs whatever was lost.
        """
        for conn in list(self.conns.values()):
            if conn.room is not None and conn.player is not None:
                self.spawn(conn.attach_again(), f"resync-{conn.room}")
            if conn.player is not None:
                self.the_bus.watch(conn.player.id)

    def lost(self, node: str, message: wire.Wire) -> None:
        """A process we wrote to is gone: find the new owner of what we sent it."""
        self._dead[node] = time.monotonic()
        if isinstance(message, wire.ToRoom):
            code = message.key.removeprefix("room:")
            if self._owners.get(code) == node:
                del self._owners[code]
            self.spawn(self._post_here(message), "re-route")
        elif isinstance(message, wire.ToDesk):
            self.spawn(self._to_desk(message), "re-route-desk")

    # ---------------------------------------------------------------- background work

    def spawn(self, work: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """A background task kept until it ends; its failure is logged, never lost."""
        task = asyncio.get_running_loop().create_task(work, name=name)
        self.tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task %s failed", task.get_name(), exc_info=task.exception())
            self.metrics.errors.labels("internal").inc()

    # ---------------------------------------------------------------- life cycle

    async def start(self) -> None:
        self.the_bus.on_lost = self.lost
        self.the_bus.on_reconnect = self.resync
        self.the_bus.start(self.received)
        self.journal.start()
        await self._to_desk(wire.ToDesk("wake"))  # the first process to start owns the desk
        await self.restore_rooms()
        self.spawn(self._keep_leases(), "leases")
        self.spawn(self._forget_unplayed_identities(), "forget-unplayed")

    async def restore_rooms(self) -> None:
        """Every room in the store that nobody owns comes back here (after a stop, or an owner's death)."""
        codes = await asyncio.to_thread(self.room_store.codes)
        restored = 0
        for code in codes:
            if (
                await self.the_directory.owner(room_key(code)) is None
                and await self.take_over(code) is not None
            ):
                restored += 1
        if restored:
            log.info("restored %d room(s)", restored)

    async def _keep_leases(self) -> None:
        """Renew our leases; claim the rooms whose owner died; look for orphans now and then."""
        rounds = 0
        while True:
            await asyncio.sleep(LEASE_RENEW_S)
            rounds += 1
            try:
                await self._renew_and_reap(orphans=rounds % 10 == 0)
            except Exception:  # Redis or the store is down: next round
                log.warning("lease round failed", exc_info=True)
                self.metrics.leases_lost.inc(0)

    async def _renew_and_reap(self, orphans: bool) -> None:
        # Rooms being opened or taken over here are ours too: their leases are kept.
        busy = {room_key(code) for code in (*self._opening, *self._taking)}
        keys = [room.key for room in self.rooms.values() if not room.closed] + sorted(busy)
        if self.desk is not None:
            keys.append(DESK)
        lost = await self.the_directory.renew(keys)
        self.metrics.leases_renewed.inc(len(keys) - len(lost))
        for key in lost:
            self.metrics.leases_lost.inc()
            await self._let_go(key)
        for key in await self.the_directory.expired():
            if key in busy:
                continue
            if key == DESK:
                await self._to_desk(wire.ToDesk("wake"))
            elif key.startswith("room:"):
                await self.take_over(key.removeprefix("room:"))
        if orphans:
            await self.restore_rooms()

    async def _let_go(self, key: str) -> None:
        """Another process owns this now (we were paused or cut off): stop it here."""
        log.warning("lost the lease of %s; letting go", key)
        if key == DESK and self.desk is not None:
            await self.desk.stop()
            self.desk = None
            return
        room = self.rooms.get(key.removeprefix("room:"))
        if room is not None:
            await room.stop()
            room.close()

    async def _forget_unplayed_identities(self) -> None:
        """Identities are free: those that never finished a game go after UNPLAYED_IDENTITY_DAYS (hourly)."""
        while True:
            cutoff = datetime.now(UTC) - timedelta(days=limits.UNPLAYED_IDENTITY_DAYS)
            keep = set(self.online) | {p for room in self.rooms.values() for p in room.people()}
            try:
                forgotten = await asyncio.to_thread(self.players.forget_unplayed, cutoff, keep)
            except Exception:  # the store is down: next hour
                log.exception("could not forget unplayed identities")
            else:
                if forgotten:
                    log.info("forgot %d identities that never played", forgotten)
            await asyncio.sleep(3600)

    async def stop(self) -> None:
        """Hand everything over: stop the rooms (what they accepted is stored), free their leases at once."""
        self._stopping = True
        if self.desk is not None:
            await self.desk.stop()
        rooms = list(self.rooms.values())
        await asyncio.gather(*(room.stop() for room in rooms))
        await self.journal.stop()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        released = [room.key for room in rooms] + ([DESK] if self.desk is not None else [])
        for key in released:
            try:
                await self.the_directory.release(key)
                self.the_bus.broadcast(wire.Moved(key, ""))  # free now: whoever needs it claims it
            except Exception:  # Redis is down: the leases expire by themselves
                log.warning("could not release %s", key, exc_info=True)
        self.desk = None
        self.rooms.clear()
        await self.the_bus.stop()
        if self.shared is not None and self.shared.redis is not None:
            await self.shared.redis.aclose()


def _detach_here(conn: Connection | None, code: str, attach: int) -> None:
    if conn is not None and conn.room == code and conn.ref.attach == attach:
        conn.room = None


def _to_room(code: str, kind: str, envelope: Envelope) -> wire.ToRoom:
    event = None if envelope.event is None else encode_event(envelope.event, 0)
    return wire.ToRoom(
        room_key(code), envelope.kind, envelope.conn, envelope.player, envelope.who, event, kind
    )


def _who(conn: Connection) -> Who:
    return conn.who()


def scaled_clock(scale: float, origin_ms: int | None) -> Callable[[], int]:
    """Game milliseconds running ``scale`` times faster than the wall clock, from ``origin_ms``."""
    origin = origin_ms if origin_ms is not None else now_ms()
    return lambda: origin + int((now_ms() - origin) * scale)


#: Where the application keeps its `Service`.
SERVICE = web.AppKey("service", Service)
