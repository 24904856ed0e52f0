"""One seat per player (A4, B1, C1, C7): whatever the tab, an identity plays one game at a time.

A player's **seat** is where they are now: a Duel de Mots room, a tournament, or
a tournament queue. A seat is *committed* while its game is in progress and the
player is still in it: leaving it then has a cost (points stop, or a lost duel
and elimination), so nothing takes the player elsewhere silently. A seat in a
lobby, a queue or a finished game is not committed: going elsewhere leaves it,
at no cost (C1: "before the start a player can leave the lobby with no penalty").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, Literal

#: B3 and C7 (decided): a person disconnected this long is treated as having left, in either game
#: (and leaves a group of friends, C2).
AWAY_LIMIT_MS: Final = 60_000

SeatKind = Literal["duel", "tournament", "queue"]
Stage = Literal["waiting", "playing", "finished"]  # a lobby or a queue; a game in progress; standings


@dataclass(frozen=True)
class Seat:
    kind: SeatKind
    code: str  # the room, the tournament, or the queue's word language
    stage: Stage

    @property
    def committed(self) -> bool:
        """A game in progress holds the player: leaving it has a cost."""
        return self.stage == "playing"


class Admission(Enum):
    TAKE = "take"  # nothing to leave (or it is the same place again)
    LEAVE_THEN_TAKE = "leave_then_take"  # leave the current seat first, at no cost
    REFUSE = "refuse"  # a game in progress holds the player: already_playing


def admit(current: Seat | None, kind: SeatKind, code: str | None) -> Admission:
    """May a player who sits in ``current`` take a seat of ``kind`` (at ``code``, when known)?"""
    if current is None or (current.kind == kind and current.code == code):
        return Admission.TAKE
    if current.committed:
        return Admission.REFUSE
    return Admission.LEAVE_THEN_TAKE
