"""What the desk is asked, one tagged Struct per request: from a tab, from a room, from the clock.

A request from a tab carries its ``conn`` (the desk answers, or refuses, that tab
wherever it is) and ``who`` (the player's name and rating as the tab knows them).
"""

from __future__ import annotations

import msgspec

from wordarena.core.duel.quick import QuickRoom
from wordarena.server.refs import ConnRef, Who


class FromTab(msgspec.Struct, frozen=True, kw_only=True):
    conn: ConnRef
    who: Who


class Queue(FromTab, frozen=True, tag="queue"):
    lang: str
    practice: bool = False


class Unqueue(msgspec.Struct, frozen=True, tag="unqueue"):
    """Out of the queue; ``conn`` set when a tab asked (it is told if there was nothing to leave)."""

    player: str
    conn: ConnRef | None = None


class GroupCreate(FromTab, frozen=True, tag="group_create"):
    pass


class GroupJoin(FromTab, frozen=True, tag="group_join"):
    group: str


class GroupLeave(FromTab, frozen=True, tag="group_leave"):
    pass


class GroupLaunch(FromTab, frozen=True, tag="group_launch"):
    lang: str
    practice: bool = False


class QuickGame(FromTab, frozen=True, tag="quick"):
    lang: str
    first_game: bool


class QuickRoomChanged(msgspec.Struct, frozen=True, tag="quick_room"):
    """A quick room's lobby changed; None once it no longer takes players."""

    code: str
    room: QuickRoom | None


class PlayerBack(FromTab, frozen=True, tag="player_back"):
    """A first tab of the player is open on a process."""


class PlayerGone(msgspec.Struct, frozen=True, tag="player_gone"):
    """The player's last tab on ``node`` closed."""

    player: str
    node: str


class SeatChanged(msgspec.Struct, frozen=True, tag="seat_changed"):
    player: str


class Renamed(FromTab, frozen=True, tag="renamed"):
    pass


class TournamentOver(msgspec.Struct, frozen=True, tag="tournament_over"):
    players: list[str]


class Wake(msgspec.Struct, frozen=True, tag="wake"):
    """Whoever owns the desk now: be there (the first process to start, a takeover)."""


class Tick(msgspec.Struct, frozen=True, tag="tick"):
    """Look at the clock: practice lobbies start, away members leave."""


class Settled(msgspec.Struct, frozen=True, tag="settled"):
    """Tests: answer once everything posted before has been handled (``token`` names the waiter)."""

    token: int


DeskRequest = (
    Queue
    | Unqueue
    | GroupCreate
    | GroupJoin
    | GroupLeave
    | GroupLaunch
    | QuickGame
    | QuickRoomChanged
    | PlayerBack
    | PlayerGone
    | SeatChanged
    | Renamed
    | TournamentOver
    | Wake
    | Tick
    | Settled
)
