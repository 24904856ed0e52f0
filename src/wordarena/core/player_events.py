"""What a player does in any game, reported by the shell (past tense: the game decides).

Both games take these same events; their own events (joining with a rating,
adding a bot...) are in `duel/events.py` and `tournament/events.py`.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordarena.core.refusal import Refusal


@dataclass(frozen=True)
class PlayerLeft:
    player: str


@dataclass(frozen=True)
class PlayerDisconnected:
    player: str


@dataclass(frozen=True)
class PlayerReconnected:
    player: str


@dataclass(frozen=True)
class NicknameChanged:
    player: str
    name: str


@dataclass(frozen=True)
class GuessSubmitted:
    player: str
    word: str


@dataclass(frozen=True)
class RoomRestored:
    """The room was brought back after its server stopped: nobody is connected to it yet.

    Every person still playing counts as away from now, so the usual 60 s to come
    back apply (B3, C7); those who reconnect send `PlayerReconnected`.
    """


@dataclass(frozen=True)
class Refused:
    """Tell one player (None: the shell) why their action did nothing (nothing was consumed)."""

    player: str | None
    code: Refusal
    message: str
