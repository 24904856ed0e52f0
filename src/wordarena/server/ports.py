"""What the parts of the shell need of one another, as Protocols: each part sees only these.

The composition root (server/app.py) wires the real parts together; a part never
imports another part's module for what it only calls through here, so the parts
form no circle and each can be read (and tested) alone.
"""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from wordarena.server.desk_requests import DeskRequest
from wordarena.server.refs import ConnRef
from wordarena.server.room_inputs import RoomInput


class Deliverer(Protocol):
    """Frames to tabs, wherever their sockets are (server.delivery)."""

    def deliver(self, ref: ConnRef, message: msgspec.Struct | Any) -> None: ...

    def deliver_frame(self, ref: ConnRef, frame: bytes, view: bool = False) -> None: ...

    def detached(self, ref: ConnRef, code: str) -> None: ...

    def send_to(self, player: str, message: msgspec.Struct) -> None: ...

    def enter(
        self, ref: ConnRef, code: str, kind: str, event: Any = None, player: str | None = None
    ) -> None: ...

    def guesses_shown(self, received: list[float]) -> None: ...

    def player_changed(self, player: str) -> None: ...


class RoomPoster(Protocol):
    """An input for a room, wherever its owner is (server.router)."""

    async def post(self, code: str, kind: str, item: RoomInput) -> bool: ...

    async def room_exists(self, code: str, kind: str) -> bool: ...


class DeskPoster(Protocol):
    """A request for the tournament desk, wherever it runs (server.desk.link)."""

    def to_desk(self, request: DeskRequest) -> None: ...


class DeskActor(Protocol):
    """The desk where this process owns it (server.desk.actor): the link starts and stops it."""

    def post(self, request: DeskRequest) -> None: ...

    async def stop(self) -> None: ...
