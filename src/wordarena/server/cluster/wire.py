"""Messages between server processes (tagged Structs): to a room's owner, to a tab's process, to a player.

A room's owner builds every view per player; what travels to another process is
the encoded frame for one tab. An answer travels only inside a view that may
carry it, so never before its reveal (Redis included).
"""

from __future__ import annotations

from typing import Any

import msgspec


class ConnRef(msgspec.Struct, frozen=True):
    """One browser tab: the process that holds its socket, and its number there.

    ``attach`` counts the tab's attachments to rooms: a room that lets go of a tab says
    which attachment it lets go of, so a tab that left and joined the same room again
    meanwhile stays in it (`Service.detached`).
    """

    node: str
    id: int
    attach: int = 0

    def same_tab(self, other: ConnRef | None) -> bool:
        return other is not None and (self.node, self.id) == (other.node, other.id)


class Who(msgspec.Struct, frozen=True):
    """What a room needs to know of a player who sits down."""

    id: str
    name: str
    rating: int
    quick_games_played: int = 0
    deltas: bool = False  # the tab takes views as deltas after the first (its hello said so)


class ToRoom(msgspec.Struct, tag="to_room", frozen=True):
    """An input for a room, to its owner: attach, detach, an event, a tick."""

    key: str
    kind: str  # attach | detach | event | tick | resync
    conn: ConnRef | None = None
    player: str | None = None
    who: Who | None = None
    event: str | None = None  # a core event as a log line (event_codec)
    room_kind: str = "duel"


class Deliver(msgspec.Struct, tag="deliver", frozen=True):
    """Encoded frames for tabs of the receiving process, in order."""

    frames: list[tuple[int, bytes]]  # (connection number, frame)


class Detached(msgspec.Struct, tag="detached", frozen=True):
    """The room no longer counts this tab as a member (replaced, refused, left)."""

    conn: int
    key: str
    attach: int = 0  # which attachment of the tab (ConnRef.attach)


class Enter(msgspec.Struct, tag="enter", frozen=True):
    """Take this tab into a room (a tournament starting, a quick room chosen), with how to sit down.

    ``conn`` 0: any tab of ``player`` on the receiving process.
    """

    conn: int
    key: str
    room_kind: str
    event: str | None = None
    player: str | None = None


class ToPlayer(msgspec.Struct, tag="to_player", frozen=True):
    """A frame for every tab of a player, wherever they are (queue, group screens)."""

    player: str
    frame: bytes


class PlayerChanged(msgspec.Struct, tag="player_changed", frozen=True):
    """A player's rating (or name) changed in the store: their tabs read it again and say so."""

    player: str


class Moved(msgspec.Struct, tag="moved", frozen=True):
    """A room has a new owner: tabs in it attach again there."""

    key: str
    node: str


class ToDesk(msgspec.Struct, tag="to_desk", frozen=True):
    """A request for the tournament desk (queues, groups, quick rooms), to its owner."""

    action: str
    conn: ConnRef | None = None
    who: Who | None = None
    args: dict[str, Any] = msgspec.field(default_factory=dict)


Wire = ToRoom | Deliver | Detached | Enter | ToPlayer | PlayerChanged | Moved | ToDesk

_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(Wire)


def pack(message: Wire) -> bytes:
    return _encoder.encode(message)


def unpack(data: bytes) -> Wire:
    message: Wire = _decoder.decode(data)
    return message
