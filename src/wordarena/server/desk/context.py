"""What the desk needs of its process: the parts it calls, nothing more."""

from __future__ import annotations

from dataclasses import dataclass

from wordarena.server.clock import GameClock
from wordarena.server.cluster.seats import Seats
from wordarena.server.desk.link import DeskLink
from wordarena.server.metrics import Metrics
from wordarena.server.ports import Deliverer
from wordarena.server.rooms.registry import RoomRegistry
from wordarena.server.seating import Seating
from wordarena.server.tasks import Tasks
from wordarena.store.players import PlayerRepository


@dataclass(frozen=True)
class DeskContext:
    seats: Seats
    delivery: Deliverer
    rooms: RoomRegistry
    seating: Seating
    players: PlayerRepository
    clock: GameClock
    metrics: Metrics
    tasks: Tasks
    link: DeskLink
