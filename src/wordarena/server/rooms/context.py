"""What a room needs: of its game (the core machine), and of its process (the parts it calls)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from wordarena.core.seating import Seat
from wordarena.server.analyst import Analyst
from wordarena.server.clock import GameClock
from wordarena.server.cluster.directory import Directory
from wordarena.server.cluster.seats import Seats
from wordarena.server.journal import Journal
from wordarena.server.metrics import Metrics
from wordarena.server.ports import Deliverer, DeskPoster
from wordarena.server.tasks import Tasks


class Coded(Protocol):
    """A room as the registry forgets it: by its code."""

    @property
    def code(self) -> str: ...


class Game(Protocol):
    """What a room needs of a core game (DuelGame, TournamentGame)."""

    @property
    def state(self) -> Any: ...  # has code, version and phase

    def handle(self, event: Any, now: int) -> list[Any]: ...

    def advance(self, now: int) -> list[Any]: ...

    def next_deadline(self) -> int | None: ...

    def seat_of(self, player: str) -> Seat | None: ...


@dataclass(frozen=True)
class RoomContext:
    """What a room needs of its process: the parts it calls, nothing more."""

    clock: GameClock
    delivery: Deliverer
    journal: Journal
    seats: Seats
    directory: Directory
    tasks: Tasks
    metrics: Metrics
    desk: DeskPoster
    forget: Callable[[Coded], None]  # the registry lets go of a closed room
    analyst: Analyst  # replays analysed off the loop
