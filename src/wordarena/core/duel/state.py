"""The data of a Duel de Mots room: plain dataclasses, snapshotted as plain data.

Nothing here decides a rule (that is `game.py`); it only holds what was decided.
Times are absolute milliseconds of the shell's monotonic clock.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from wordarena.core.duel import rules


class Phase(StrEnum):
    LOBBY = "lobby"
    CARD = "card"  # the round card: nobody can type
    PLAYING = "playing"
    REVEAL = "reveal"
    FINISHED = "finished"
    CLOSED = "closed"  # the lobby emptied: the room is gone


@dataclass
class Row:
    key: str  # the guess, normalised
    pattern: str  # G / Y / -
    at: int  # when the server accepted it


@dataclass
class Seat:
    player: str
    name: str
    bot_level: str | None = None  # None for a person
    away_since: int | None = None  # disconnected since (people only)
    gone: bool = False  # left, or away for too long: no longer holds a round open
    total: int = 0
    rows: list[Row] = field(default_factory=list)  # this round's rows
    solve_rank: int | None = None  # this round
    keyboard: dict[str, str] = field(default_factory=dict)  # letter -> best mark, this round
    bot_move_at: int | None = None  # when the bot will next guess

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None

    @property
    def solved(self) -> bool:
        return self.solve_rank is not None

    @property
    def done(self) -> bool:
        """Solved or out of rows: nothing more to play this round."""
        return self.solved or len(self.rows) >= rules.ROWS


@dataclass
class SeatResult:
    seat: int
    rows: list[Row]
    solve_rank: int | None
    points: int


@dataclass
class RoundResult:
    number: int
    answer: str  # key
    clock_started_at: int
    ended_at: int
    ended_by: str  # "all_done" | "clock" | "closing" | "abandoned"
    first_solve_at: int | None
    seats: list[SeatResult]


@dataclass
class Options:
    lang: str = rules.DEFAULT_LANGUAGE
    clock_s: int = rules.DEFAULT_CLOCK_S
    rounds: int = rules.DEFAULT_ROUNDS


@dataclass
class DuelState:
    code: str
    seed: int
    options: Options
    quick: bool = False
    for_newcomers: bool = False  # a quick room for players' first quick game (B1: one round)
    phase: Phase = Phase.LOBBY
    host: str | None = None
    watchers_open: bool = True  # the room's link lets anybody watch once it is full or playing (D5)
    seats: list[Seat] = field(default_factory=list)
    version: int = 0
    # Quick game: when the room starts by itself.
    auto_start_at: int | None = None
    # Made for someone who has not sat down yet (since then): it closes if nobody ever does.
    empty_since: int | None = None
    # The game in progress (or the last one).
    game_number: int = 0
    round_number: int = 0
    answer: str | None = None  # the hidden key: never in a view before the reveal
    phase_ends_at: int | None = None  # end of the card or of the reveal
    clock_started_at: int | None = None
    clock_ends_at: int | None = None
    closing_ends_at: int | None = None
    first_solve_at: int | None = None
    solves: int = 0
    used_answers: list[str] = field(default_factory=list)
    results: list[RoundResult] = field(default_factory=list)
    end_reason: str | None = None

    def to_snapshot(self) -> dict[str, Any]:
        """Plain data (JSON-ready) holding the whole room."""
        return dataclasses.asdict(self)

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> DuelState:
        data = dict(data)
        data["options"] = Options(**data["options"])
        data["phase"] = Phase(data["phase"])
        data["seats"] = [_seat(s) for s in data["seats"]]
        data["results"] = [_round(r) for r in data["results"]]
        return cls(**data)


def _rows(rows: list[dict[str, Any]]) -> list[Row]:
    return [Row(**r) for r in rows]


def _seat(data: dict[str, Any]) -> Seat:
    return Seat(**{**data, "rows": _rows(data["rows"])})


def _round(data: dict[str, Any]) -> RoundResult:
    seats = [SeatResult(**{**s, "rows": _rows(s["rows"])}) for s in data["seats"]]
    return RoundResult(**{**data, "seats": seats})
