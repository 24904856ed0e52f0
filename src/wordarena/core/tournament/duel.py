"""One tournament duel (C4): two players, one shared board, turns of 30 s.

Who plays first is random (drawn by the caller). Turns alternate strictly; a turn
that runs out is passed and counts as used. Up to 6 turns each (12 rows). The
first to find the word wins; both out of turns without finding it is a draw.
Refused guesses (not letters, wrong length, not in the list, already on the
board) change nothing: the turn and its clock go on.

The duel is plain data plus small functions; times are absolute milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wordarena.core.feedback import pattern
from wordarena.core.guess import read_word
from wordarena.core.refusal import Refusal, Rejection
from wordarena.core.tournament import rules


@dataclass
class Turn:
    player: str
    key: str | None  # the guess, normalised; None for a turn that timed out
    pattern: str | None  # G / Y / -; None for a turn that timed out
    at: int  # when the guess was accepted or the turn ran out


@dataclass
class Duel:
    players: list[str]  # the two players, in pairing order
    first: str  # who plays the first turn
    length: int
    answer: str  # the hidden key: never in a view before the duel is over
    started_at: int  # when the first turn's clock starts (the end of the round intro)
    turn_started_at: int
    turns: list[Turn] = field(default_factory=list)
    winner: str | None = None
    draw: bool = False
    ended_at: int | None = None
    forfeited_by: str | None = None  # the player who left (C7)

    @property
    def over(self) -> bool:
        return self.ended_at is not None

    @property
    def current(self) -> str | None:
        """The player whose turn it is, None once the duel is over."""
        if self.over:
            return None
        second = self.players[1] if self.first == self.players[0] else self.players[0]
        return self.first if len(self.turns) % 2 == 0 else second

    @property
    def turn_ends_at(self) -> int | None:
        return None if self.over else self.turn_started_at + rules.TURN_MS

    def opponent(self, player: str) -> str:
        a, b = self.players
        return b if player == a else a

    def turns_used(self, player: str) -> int:
        return sum(1 for turn in self.turns if turn.player == player)

    def turns_left(self, player: str) -> int:
        return rules.TURNS_EACH - self.turns_used(player)

    def loser(self) -> str | None:
        return None if self.winner is None else self.opponent(self.winner)

    def rows(self) -> list[tuple[str, str]]:
        """The board's guesses as (key, pattern), passed turns left out: what a bot reads."""
        return [(t.key, t.pattern) for t in self.turns if t.key is not None and t.pattern is not None]

    def to_snapshot(self) -> dict[str, Any]:
        return {
            **{k: v for k, v in vars(self).items() if k != "turns"},
            "players": list(self.players),
            "turns": [vars(turn).copy() for turn in self.turns],
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> Duel:
        return cls(**{**data, "players": list(data["players"]), "turns": [Turn(**t) for t in data["turns"]]})


def new_duel(players: tuple[str, str], first: str, length: int, answer: str, start: int) -> Duel:
    if first not in players or players[0] == players[1]:
        raise ValueError("a duel is between two different players, one of whom plays first")
    if len(answer) != length:
        raise ValueError("the answer does not have the duel's length")
    return Duel(list(players), first, length, answer, start, start)


def read_guess(duel: Duel, lang: str, word: str) -> str:
    """The key of ``word`` if it may be played on this board, else `Rejection` (nothing consumed)."""
    key = read_word(lang, duel.length, word)
    if any(turn.key == key for turn in duel.turns):
        raise Rejection(Refusal.ON_BOARD, "that word is already on the board")
    return key


def check_turn(duel: Duel, player: str) -> None:
    if player not in duel.players:
        raise Rejection(Refusal.NOT_IN_DUEL, "you are not playing this duel")
    if duel.over:
        raise Rejection(Refusal.DUEL_OVER, "your duel is over")
    if duel.current != player:
        raise Rejection(Refusal.NOT_YOUR_TURN, "wait for your turn")


def play(duel: Duel, player: str, key: str, now: int) -> None:
    """Put an accepted guess (see `read_guess`) on the board; may end the duel."""
    check_turn(duel, player)
    mark = pattern(duel.answer, key)
    duel.turns.append(Turn(player, key, mark, now))
    if key == duel.answer:
        duel.winner = player
        duel.ended_at = now
    else:
        _next_turn(duel, now)


def expire(duel: Duel, now: int) -> None:
    """The turn ran out: passed, and it counts as used."""
    player = duel.current
    if player is None:
        raise ValueError("no turn is running in a finished duel")
    duel.turns.append(Turn(player, None, None, now))
    _next_turn(duel, now)


def forfeit(duel: Duel, player: str, now: int) -> None:
    """C7: the player left; they lose the duel (a finished duel keeps its result)."""
    if duel.over:
        return
    duel.winner = duel.opponent(player)
    duel.forfeited_by = player
    duel.ended_at = now


def _next_turn(duel: Duel, now: int) -> None:
    if len(duel.turns) >= rules.ROWS:
        duel.draw = True
        duel.ended_at = now
    else:
        duel.turn_started_at = now
