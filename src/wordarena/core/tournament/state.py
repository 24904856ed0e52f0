"""The data of a tournament: plain dataclasses, snapshotted as plain data.

Nothing here decides a rule (that is `game.py` and `duel.py`); it only holds
what was decided. Times are absolute milliseconds of the shell's monotonic clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from wordarena.core.tournament import rules
from wordarena.core.tournament.duel import Duel


class Phase(StrEnum):
    LOBBY = "lobby"
    INTRO = "intro"  # the pairings are shown; no duel clock runs
    PLAYING = "playing"
    FINISHED = "finished"
    CLOSED = "closed"  # the lobby emptied before the start


@dataclass
class Entrant:
    """One seat: a person or a bot, in play or out."""

    player: str
    name: str
    rating: int  # at the tournament's start (C6 uses these)
    bot_level: str | None = None  # None for a person
    lives: int = rules.LIVES
    away_since: int | None = None  # disconnected since (people only)
    left: bool = False  # left the tournament (or away too long)
    place: int | None = None  # settled once (C5)
    rating_change: int | None = None  # settled with the place (0 in a practice tournament)
    eliminated_in: int | None = None  # the round number
    walked_out: bool = False  # left while in play (C7): placed behind that round's other eliminations
    met: list[str] = field(default_factory=list)  # answers of this player's duels (keys)
    bot_move_at: int | None = None  # when the bot plays its running turn

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None

    @property
    def in_play(self) -> bool:
        """Still competing: not out of lives, not gone."""
        return self.lives > 0 and not self.left and self.place is None

    @property
    def rating_after(self) -> int | None:
        return None if self.rating_change is None else self.rating + self.rating_change


@dataclass
class Round:
    number: int
    duels: list[Duel]
    bye: str | None
    intro_ends_at: int
    ended_at: int | None = None
    lives_after: dict[str, int] = field(default_factory=dict)
    eliminated: list[str] = field(default_factory=list)  # best place first

    @property
    def over(self) -> bool:
        return self.ended_at is not None

    def duel_of(self, player: str) -> int | None:
        return next((i for i, duel in enumerate(self.duels) if player in duel.players), None)

    def to_snapshot(self) -> dict[str, Any]:
        data = {k: v for k, v in vars(self).items() if k != "duels"}
        data["duels"] = [duel.to_snapshot() for duel in self.duels]
        data["lives_after"] = dict(self.lives_after)
        data["eliminated"] = list(self.eliminated)
        return data

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> Round:
        duels = [Duel.from_snapshot(d) for d in data["duels"]]
        return cls(**{**data, "duels": duels, "lives_after": dict(data["lives_after"])})


@dataclass
class Options:
    lang: str = rules.DEFAULT_LANGUAGE
    rated: bool = True  # False: an unrated practice tournament, bots fill the empty seats (C1)
    bot_level: str = rules.DEFAULT_BOT_LEVEL
    bot_afk: float = 0.0  # chance that a bot lets a turn time out


@dataclass
class TournamentState:
    code: str
    seed: int
    options: Options
    phase: Phase = Phase.LOBBY
    entrants: list[Entrant] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    version: int = 0
    started_at: int | None = None
    ended_at: int | None = None
    end_reason: str | None = None
    had_people: bool = False  # a person sat down: the tournament is abandoned once they all left

    @property
    def round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def entrant(self, player: str) -> Entrant | None:
        return next((e for e in self.entrants if e.player == player), None)

    @property
    def winners(self) -> list[str]:
        if self.phase is not Phase.FINISHED:
            return []
        return [e.player for e in self.entrants if e.place == 1]

    def to_snapshot(self) -> dict[str, Any]:
        """Plain data (JSON-ready) holding the whole tournament."""
        return {
            "code": self.code,
            "seed": self.seed,
            "options": dict(vars(self.options)),
            "phase": self.phase.value,
            "entrants": [{**vars(e), "met": list(e.met)} for e in self.entrants],
            "rounds": [r.to_snapshot() for r in self.rounds],
            "version": self.version,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "end_reason": self.end_reason,
            "had_people": self.had_people,
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> TournamentState:
        return cls(
            **{
                **data,
                "options": Options(**data["options"]),
                "phase": Phase(data["phase"]),
                "entrants": [Entrant(**{**e, "met": list(e["met"])}) for e in data["entrants"]],
                "rounds": [Round.from_snapshot(r) for r in data["rounds"]],
            }
        )
