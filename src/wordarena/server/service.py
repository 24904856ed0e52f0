"""What one server process holds: storage, metrics, and the rooms it owns."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.state import Phase
from wordarena.server.duel_room import DuelRoom, restored_duel
from wordarena.server.metrics import Metrics
from wordarena.server.rooms import Room, new_room_code, now_ms
from wordarena.server.snapshots import SnapshotSaver
from wordarena.server.tournament_desk import TournamentDesk
from wordarena.server.tournament_room import TournamentRoom, restored_tournament
from wordarena.store.database import Database
from wordarena.store.games import GameRepository
from wordarena.store.players import PlayerRepository
from wordarena.store.tournaments import TournamentRepository

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Config:
    host: str = "127.0.0.1"
    port: int = 8000
    data_dir: Path = Path("data")
    database_url: str | None = None  # default: SQLite in data_dir
    allowed_origins: tuple[str, ...] = ()  # besides the server's own origin


@dataclass
class Service:
    config: Config
    db: Database
    metrics: Metrics = field(default_factory=Metrics)
    rooms: dict[str, Room] = field(default_factory=dict)
    #: The public quick-game room filling up, per (word language, first game).
    quick_rooms: dict[tuple[str, bool], str] = field(default_factory=dict)
    sockets: set[web.WebSocketResponse] = field(default_factory=set)
    #: Milliseconds now; tests put a fake clock here and call `Room.tick`.
    clock: Callable[[], int] = now_ms
    warm_up: asyncio.Future[None] | None = None  # bots' precomputation, running in a thread

    def __post_init__(self) -> None:
        self.players = PlayerRepository(self.db)
        self.games = GameRepository(self.db)
        self.tournaments = TournamentRepository(self.db)
        self.desk = TournamentDesk(self)
        self.snapshots = SnapshotSaver(self.games)

    # ---------------------------------------------------------------- rooms

    def create_room(self, lang: str, quick: bool = False) -> DuelRoom:
        code = new_room_code()
        game = DuelGame.create(code, seed=secrets.randbits(62), lang=lang, quick=quick)
        room = DuelRoom(game, self)
        self.open(room)
        return room

    def quick_room(self, lang: str, first_game: bool) -> DuelRoom:
        """The forming public room of that language, or a new one (RULES.md B1)."""
        code = self.quick_rooms.get((lang, first_game))
        room = self.rooms.get(code) if code else None
        if not isinstance(room, DuelRoom) or room.closed or room.state.phase is not Phase.LOBBY:
            room = self.create_room(lang, quick=True)  # the core makes a newcomer's room one round
            self.quick_rooms[(lang, first_game)] = room.code
        return room

    def open(self, room: Room) -> Room:
        self.rooms[room.code] = room
        self.metrics.rooms.set(len(self.rooms))
        room.start()
        return room

    def tournament_over(self, room: TournamentRoom) -> None:
        self.desk.tournament_over(room)

    def forget(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        self.metrics.rooms.set(len(self.rooms))

    # ---------------------------------------------------------------- life cycle

    async def restore_rooms(self) -> None:
        """Games in progress at the last stop carry on (players have 60 s to come back)."""
        live = await asyncio.to_thread(self.games.live_rooms)
        now = self.clock()
        for code, snapshot in live:
            try:
                self.open(self._restored(snapshot, now))
            except Exception:  # a snapshot from an incompatible version: end it, do not crash
                log.exception("could not restore room %s; dropping its snapshot", code)
                await asyncio.to_thread(self.games.drop_live, code)
        if live:
            log.info("restored %d game(s) in progress", len(live))

    def _restored(self, snapshot: dict[str, Any], now: int) -> Room:
        if snapshot.get("kind") == "tournament":
            return TournamentRoom(restored_tournament(snapshot["state"], now), self)
        return DuelRoom(restored_duel(snapshot["state"], now), self)

    async def stop(self) -> None:
        if self.warm_up is not None:
            await asyncio.gather(self.warm_up, return_exceptions=True)
        rooms = list(self.rooms.values())
        await asyncio.gather(*(room.stop() for room in rooms))
        await self.snapshots.stop(rooms)
        self.rooms.clear()


#: Where the application keeps its `Service`.
SERVICE = web.AppKey("service", Service)
