"""What a room asks the store to write, in order: its log, its snapshots and its results.

The server's journal gathers the writes of every room for one loop tick and the
store commits them in one transaction (`rooms.RoomRepository.commit`). Every write
carries the writer's fencing number: the store refuses a room's writes when a
newer owner has written with a greater one.

Results are keyed so that writing one twice is a no-op: a game by (room, game
number), a place and its rating change by (tournament, player), a tournament by
its code. A retry after a lost reply, or a restore that replays the events that
produced them, changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class RoomOpened:
    """A new room (a lobby): durable before its code is given to anybody."""

    code: str
    snapshot: str
    people: list[str]
    fence: int = 0


@dataclass(frozen=True)
class EventAppended:
    code: str
    seq: int
    event: str  # ``[name, fields, now]`` JSON text
    fence: int = 0


@dataclass(frozen=True)
class SnapshotTaken:
    """The room as of event ``seq``: the events up to it are no longer needed."""

    code: str
    seq: int
    snapshot: str
    people: list[str]
    fence: int = 0


@dataclass(frozen=True)
class RoomDropped:
    """The room is over (closed, or finished and left): nothing to restore any more."""

    code: str
    fence: int = 0


@dataclass(frozen=True)
class DuelStored:
    code: str
    game_number: int
    record: dict[str, Any]
    rounds_planned: int
    end_reason: str
    player_ids: list[str | None]  # per seat; None for a bot
    bot_levels: list[str | None]
    quick: bool
    fence: int = 0


@dataclass(frozen=True)
class PlaceStored:
    """C5/C6: a settled place and (rated) the rating change, applied as a change."""

    code: str
    player: str
    place: int
    rating_before: int
    rating_after: int
    rated: bool
    fence: int = 0


@dataclass(frozen=True)
class TournamentStored:
    code: str
    record: dict[str, Any]
    rated: bool
    end_reason: str
    people: list[str] = field(default_factory=list)
    fence: int = 0


@dataclass(frozen=True)
class ReplayStored:
    """A finished game's (or duel's) replay document, under its public id.

    Keyed by its id: stored again, it changes nothing, unless this one is ``analysed``
    and the stored one was not (the analysis is computed after the game is stored).
    """

    code: str  # the room or tournament it comes from
    id: str
    kind: str  # "duel" | "tournament_duel"
    document: dict[str, Any]
    analysed: bool = False
    fence: int = 0


Write = (
    RoomOpened
    | EventAppended
    | SnapshotTaken
    | RoomDropped
    | DuelStored
    | PlaceStored
    | TournamentStored
    | ReplayStored
)
