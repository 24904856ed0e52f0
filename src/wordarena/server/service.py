"""What one server process holds: storage, the journal, metrics, the rooms, who sits where, who is online."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
from aiohttp import web

from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.quick import quick_room_for
from wordarena.core.duel.state import DuelState
from wordarena.core.player_events import PlayerLeft, RoomRestored
from wordarena.core.seating import Seat
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.state import TournamentState
from wordarena.server import limits
from wordarena.server.duel_room import DuelRoom
from wordarena.server.guards import Guards
from wordarena.server.journal import Journal
from wordarena.server.metrics import Metrics
from wordarena.server.rooms import Envelope, Room, new_room_code, now_ms
from wordarena.server.seating import SeatRegistry
from wordarena.server.tournament_desk import TournamentDesk
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


@dataclass(frozen=True)
class Config:
    host: str = "127.0.0.1"
    port: int = 8000
    data_dir: Path = Path("data")
    database_url: str | None = None  # default: SQLite in data_dir
    allowed_origins: tuple[
        str, ...
    ] = ()  # the public origins (scheme://host[:port]) besides the listening address
    trust_proxy: bool = False  # honour X-Forwarded-For/-Proto/-Host (behind a TLS proxy only)
    max_sockets_per_ip: int | None = None  # default: limits.MAX_SOCKETS_PER_IP
    #: For tests and benchmarks of whole processes only: game time runs this many times faster
    #: than real time, from ``time_origin_ms`` (give the same origin to a restarted process).
    time_scale: float = 1.0
    time_origin_ms: int | None = None
    new_identities_per_minute: int | None = None  # default: limits.NEW_IDENTITIES_PER_IP_PER_MINUTE


@dataclass
class Service:
    config: Config
    db: Database
    metrics: Metrics = field(default_factory=Metrics)
    rooms: dict[str, Room] = field(default_factory=dict)
    sockets: set[web.WebSocketResponse] = field(default_factory=set)
    #: The open tabs of each player (a player may have several).
    online: dict[str, set[Connection]] = field(default_factory=dict)
    #: Milliseconds now; tests put a fake clock here and call `Room.tick`.
    clock: Callable[[], int] = now_ms
    #: Seconds, for the rate limits of sockets and addresses (tests put a fake clock here too).
    rate_clock: Callable[[], float] = time.monotonic
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.config.time_scale != 1.0:
            self.clock = scaled_clock(self.config.time_scale, self.config.time_origin_ms)
        self.players = PlayerRepository(self.db)
        self.games = GameRepository(self.db)
        self.tournaments = TournamentRepository(self.db)
        self.room_store = RoomRepository(self.db)
        self.journal = Journal(self.room_store, self.metrics)
        self.seats = SeatRegistry()
        self.guards = Guards(
            self.config.max_sockets_per_ip,
            self.config.new_identities_per_minute,
            clock=lambda: self.rate_clock(),
        )
        self.desk = TournamentDesk(self)

    # ---------------------------------------------------------------- rooms

    async def create_room(self, lang: str, quick: bool = False, for_newcomers: bool = False) -> DuelRoom:
        game = DuelGame.create(
            new_room_code(), secrets.randbits(62), lang, quick=quick, for_newcomers=for_newcomers
        )
        room = DuelRoom(game, self)
        await self.open_durably(room)
        return room

    async def quick_room(self, lang: str, first_game: bool) -> DuelRoom:
        """The forming public room of that language for this player, or a new one (core.duel.quick)."""
        rooms = [r for r in self.rooms.values() if isinstance(r, DuelRoom) and r.state.quick and not r.closed]
        code = quick_room_for((r.quick_room() for r in rooms), lang, first_game)
        room = self.rooms.get(code) if code is not None else None
        if isinstance(room, DuelRoom):
            return room
        return await self.create_room(lang, quick=True, for_newcomers=first_game)

    async def open_durably(self, room: Room) -> None:
        """A new room is in the store before anybody is given its code."""
        await self.journal.write(room.opening_writes())
        self.open(room)

    def open(self, room: Room) -> Room:
        self.rooms[room.code] = room
        self.metrics.rooms.set(len(self.rooms))
        room.start()
        return room

    def forget(self, room: Room) -> None:
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        self.metrics.rooms.set(len(self.rooms))

    def seconds_until(self, deadline: int) -> float:
        """Real seconds from now to a deadline of the game clock (for a timer)."""
        return max(0.0, (deadline - self.clock()) / 1000 / self.config.time_scale)

    # ---------------------------------------------------------------- seats

    def leave_seat(self, player: str, seat: Seat) -> None:
        """Leave a seat that costs nothing to leave (a lobby, a queue, final standings)."""
        self.seats.release(player, seat.code)
        if seat.kind == "queue":
            self.desk.unqueue(player)
            return
        room = self.rooms.get(seat.code)
        if room is not None:
            room.post(Envelope("event", None, PlayerLeft(player)))

    # ---------------------------------------------------------------- players online

    def connected(self, conn: Connection) -> None:
        assert conn.player is not None
        tabs = self.online.setdefault(conn.player.id, set())
        tabs.add(conn)
        if len(tabs) == 1:
            self.desk.player_back(conn.player.id)

    def disconnected(self, conn: Connection) -> None:
        if conn.player is None:
            return
        tabs = self.online.get(conn.player.id)
        if tabs is None:
            return
        tabs.discard(conn)
        if not tabs:
            del self.online[conn.player.id]
            self.desk.player_gone(conn.player.id)

    def tabs_of(self, player: str) -> set[Connection]:
        return self.online.get(player, set())

    def send_to(self, player: str, message: msgspec.Struct) -> None:
        for conn in self.tabs_of(player):
            conn.send(message)

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
        self.journal.start()
        await self.restore_rooms()
        self.spawn(self._forget_unplayed_identities(), "forget-unplayed")

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

    async def restore_rooms(self) -> None:
        """Every room at the last stop comes back: its snapshot, then its logged events replayed."""
        stored = await asyncio.to_thread(self.room_store.live)
        for room_data in stored:
            try:
                room = self._restored(room_data)
            except Exception:  # a snapshot from an incompatible version: end it, do not crash
                log.exception("could not restore room %s; dropping it", room_data.code)
                await asyncio.to_thread(self.room_store.drop, room_data.code)
                continue
            if room.game.state.phase == "closed":  # closed just before the stop
                await self.journal.write([*room.pending_writes, RoomDropped(room.code)])
                continue
            self.open(room)
            room.post(Envelope("event", None, RoomRestored()))  # nobody is connected yet: 60 s to come back
        if stored:
            log.info("restored %d room(s)", len(stored))

    def _restored(self, stored: StoredRoom) -> Room:
        snapshot = msgspec.json.decode(stored.snapshot)
        room: Room
        if snapshot["kind"] == "tournament":
            room = TournamentRoom(TournamentGame(TournamentState.from_snapshot(snapshot["state"])), self)
        else:
            room = DuelRoom(DuelGame(DuelState.from_snapshot(snapshot["state"])), self)
        room.replay(stored)
        return room

    async def stop(self) -> None:
        self.desk.stop()
        rooms = list(self.rooms.values())
        await asyncio.gather(*(room.stop() for room in rooms))
        await self.journal.stop()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.rooms.clear()


def scaled_clock(scale: float, origin_ms: int | None) -> Callable[[], int]:
    """Game milliseconds running ``scale`` times faster than the wall clock, from ``origin_ms``."""
    origin = origin_ms if origin_ms is not None else now_ms()
    return lambda: origin + int((now_ms() - origin) * scale)


#: Where the application keeps its `Service`.
SERVICE = web.AppKey("service", Service)
