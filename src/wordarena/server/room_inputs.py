"""What a room is asked to do, in arrival order: one tagged Struct per kind of input.

A tab (``conn``) may be on any process; so may the room. In a process an input
carries its core event as an object; between processes (`to_wire`, `from_wire`)
the event travels as its log line (server.event_codec).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import msgspec

from wordarena.server.event_codec import decode_event, encode_event
from wordarena.server.refs import ConnRef, Who


def _now() -> float:
    return time.perf_counter()


class _Input(msgspec.Struct, kw_only=True):
    received: float = msgspec.field(default_factory=_now)  # for the guess latency metric
    #: Resolved once the room has processed the input (`Room.settled`); never sent between processes.
    done: Any = None


class Attach(_Input, tag="attach"):
    """A tab shows the room: its player sits down, comes back, or (``event``) sits down that way."""

    conn: ConnRef
    player: str
    who: Who
    event: Any = None
    #: The tab made this room: it is told the code (`created`) once its seat is durable, not before,
    #: so that a code a player was given still has them seated after a crash.
    created: bool = False


class Watch(_Input, tag="watch"):
    """A tab watches the room without a seat (its player's own seat there, if any, is theirs)."""

    conn: ConnRef
    player: str
    who: Who


class Detach(_Input, tag="detach"):
    """A tab no longer shows the room (closed, or gone elsewhere)."""

    conn: ConnRef
    player: str


class Act(_Input, tag="act"):
    """A player's action in the game, from their tab."""

    conn: ConnRef
    player: str
    event: Any


class Resync(_Input, tag="resync"):
    """A tab lost track of its view (a delta that did not follow): the whole view again."""

    conn: ConnRef
    player: str


class Decide(_Input, tag="decide"):
    """The shell's own decision (a player seated by the desk, a start, a restore): no tab to answer."""

    event: Any


class Tick(_Input, tag="tick"):
    """Look at the clock now."""


RoomInput = Attach | Watch | Detach | Act | Resync | Decide | Tick


def settled_marker() -> tuple[Tick, asyncio.Future[None]]:
    """A tick whose future resolves once the room has processed everything before it."""
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    return Tick(done=done), done


def to_wire(item: RoomInput) -> RoomInput:
    """The input as it travels: its event as a log line, no future."""
    event = getattr(item, "event", None)
    if event is None:
        return msgspec.structs.replace(item, done=None)
    return msgspec.structs.replace(item, done=None, event=encode_event(event, 0))


def from_wire(item: RoomInput, room_kind: str) -> RoomInput:
    """The input as the room's process takes it (its arrival timed here: clocks differ between processes)."""
    event = getattr(item, "event", None)
    if not isinstance(event, str):
        return msgspec.structs.replace(item, received=_now())
    decoded, _ = decode_event(room_kind, event)
    return msgspec.structs.replace(item, event=decoded, received=_now())
