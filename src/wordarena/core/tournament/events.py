"""What can happen to a tournament (inputs) and what it asks of its shell (effects).

Inputs are named in the past tense: the shell reports what a player did (or, for
`StartRequested`, what the matchmaker decided); the tournament decides whether it
counts. Bots act inside the machine through the same code path as people.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordarena.core.player_events import (
    GuessSubmitted,
    NicknameChanged,
    PlayerDisconnected,
    PlayerLeft,
    PlayerReconnected,
    Refused,
    RoomRestored,
)
from wordarena.core.tournament import rules


@dataclass(frozen=True)
class PlayerJoined:
    player: str
    name: str
    rating: int = rules.STARTING_RATING  # the player's rating now: kept as the tournament's start rating


@dataclass(frozen=True)
class StartRequested:
    """The shell starts the tournament: 8 people (rated), or any people and bots (practice)."""

    player: str | None = None  # None: the shell itself


Event = (
    PlayerJoined
    | PlayerLeft
    | PlayerDisconnected
    | PlayerReconnected
    | NicknameChanged
    | StartRequested
    | GuessSubmitted
    | RoomRestored
)


@dataclass(frozen=True)
class RoundStarted:
    """A round's intro opens: the pairings are shown for 6 s."""

    number: int


@dataclass(frozen=True)
class DuelEnded:
    round: int
    index: int
    winner: str | None
    draw: bool


@dataclass(frozen=True)
class RoundEnded:
    number: int


@dataclass(frozen=True)
class PlaceSettled:
    """C5/C6: a place is settled and the rating change applies now (store it at once)."""

    player: str
    place: int
    rating_before: int
    rating_after: int


@dataclass(frozen=True)
class TournamentEnded:
    reason: str  # "finished" | "abandoned" (a practice tournament that every person left)
    winners: tuple[str, ...]


@dataclass(frozen=True)
class LobbyClosed:
    """No person is left in the lobby: the shell can forget the tournament."""


Effect = Refused | RoundStarted | DuelEnded | RoundEnded | PlaceSettled | TournamentEnded | LobbyClosed

__all__ = [
    "DuelEnded",
    "Effect",
    "Event",
    "GuessSubmitted",
    "LobbyClosed",
    "NicknameChanged",
    "PlaceSettled",
    "PlayerDisconnected",
    "PlayerJoined",
    "PlayerLeft",
    "PlayerReconnected",
    "Refused",
    "RoomRestored",
    "RoundEnded",
    "RoundStarted",
    "StartRequested",
    "TournamentEnded",
]
