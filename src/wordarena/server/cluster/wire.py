"""Messages between server processes (tagged Structs): to a room's owner, to a tab's process, to a player.

A room's owner builds every view per player; what travels to another process is
the encoded frame for one tab. An answer travels only inside a view that may
carry it, so never before its reveal (Redis included).
"""

from __future__ import annotations

import msgspec

from wordarena.server.desk_requests import DeskRequest
from wordarena.server.room_inputs import RoomInput


class ToRoom(msgspec.Struct, tag="to_room", frozen=True):
    """An input for a room, to its owner (its event as a log line: room_inputs.to_wire)."""

    key: str
    room_kind: str
    input: RoomInput


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
    """A request for the tournament desk, to its owner."""

    request: DeskRequest


Wire = ToRoom | Deliver | Detached | Enter | ToPlayer | PlayerChanged | Moved | ToDesk

_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(Wire)


def pack(message: Wire) -> bytes:
    return _encoder.encode(message)


def unpack(data: bytes) -> Wire:
    message: Wire = _decoder.decode(data)
    return message
