"""What can happen to a Duel de Mots room (inputs) and what the room asks of its shell (effects).

Inputs are named in the past tense: the shell reports what a player did; the
game decides whether it counts. Bots act through the same code path as people.
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


@dataclass(frozen=True)
class PlayerJoined:
    player: str
    name: str


@dataclass(frozen=True)
class BotAdded:
    player: str  # the host asking
    level: str


@dataclass(frozen=True)
class BotRemoved:
    player: str  # the host asking
    seat: int


@dataclass(frozen=True)
class OptionsChanged:
    player: str  # the host asking
    lang: str | None = None
    clock_s: int | None = None
    rounds: int | None = None


@dataclass(frozen=True)
class WatchersSet:
    """The host opens the room to watchers or closes it (D5), in any phase."""

    player: str  # the host asking
    open: bool


@dataclass(frozen=True)
class StartRequested:
    player: str


@dataclass(frozen=True)
class PlayAgainRequested:
    player: str


Event = (
    PlayerJoined
    | PlayerLeft
    | PlayerDisconnected
    | PlayerReconnected
    | NicknameChanged
    | BotAdded
    | BotRemoved
    | OptionsChanged
    | WatchersSet
    | StartRequested
    | GuessSubmitted
    | PlayAgainRequested
    | RoomRestored
)


@dataclass(frozen=True)
class RoundEnded:
    number: int


@dataclass(frozen=True)
class GameEnded:
    reason: str  # "finished" | "abandoned"


@dataclass(frozen=True)
class RoomClosed:
    """No person is left in the lobby: the shell can forget the room."""


Effect = Refused | RoundEnded | GameEnded | RoomClosed

__all__ = [
    "BotAdded",
    "BotRemoved",
    "Effect",
    "Event",
    "GameEnded",
    "GuessSubmitted",
    "NicknameChanged",
    "OptionsChanged",
    "PlayAgainRequested",
    "PlayerDisconnected",
    "PlayerJoined",
    "PlayerLeft",
    "PlayerReconnected",
    "Refused",
    "RoomClosed",
    "RoomRestored",
    "RoundEnded",
    "StartRequested",
]
