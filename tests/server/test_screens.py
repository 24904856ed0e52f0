"""A room's watchers: one frame for all of them in step, built against the view each one holds."""

from __future__ import annotations

from typing import Any

import msgspec

from wordarena.client import apply_delta
from wordarena.core.sharing import Share
from wordarena.server.broadcast import Broadcast
from wordarena.server.refs import ConnRef
from wordarena.server.rooms.membership import Tabs
from wordarena.server.rooms.screens import Screens


class Frames:
    """The delivery's side: each tab's frames, in order."""

    def __init__(self) -> None:
        self.to: dict[ConnRef, list[bytes]] = {}

    def deliver_frame(self, ref: ConnRef, frame: bytes, view: bool = False) -> None:
        self.to.setdefault(ref, []).append(frame)

    def screen(self, ref: ConnRef) -> dict[str, Any]:
        """What the tab shows after its frames, as a client applies them."""
        shown: dict[str, Any] | None = None
        for frame in self.to[ref]:
            message = msgspec.json.decode(frame)
            shown = apply_delta(shown, message) if message["type"] == "delta" else message
        return shown or {}


class Room:
    """A screen with something that changes without the game's version (as the time left does)."""

    def __init__(self) -> None:
        self.version, self.clock = 1, 100

    def view_of(self, player: str | None, now: int, share: Share) -> Any:
        return {"type": "room", "code": "ABCD", "version": self.version, "you": player, "clock": self.clock}


def test_a_watcher_holding_an_older_view_of_the_same_version_gets_a_whole_one() -> None:
    tabs, frames, room = Tabs(), Frames(), Room()
    screens = Screens("ABCD", tabs, frames, room.view_of)  # type: ignore[arg-type]
    eve, zoe = ConnRef("here", 1), ConnRef("here", 2)
    tabs.watch(eve)
    screens.new_watcher(eve, deltas=True)
    screens.everybody(0)
    room.clock = 99  # a moment later, same version: zoe comes and sees it
    tabs.watch(zoe)
    screens.new_watcher(zoe, deltas=True)
    screens.watchers([zoe], 0, Broadcast())
    room.version += 1
    screens.everybody(0)  # a delta against zoe's view would leave eve's clock at 100
    latest = room.view_of(None, 0, Broadcast())
    assert frames.screen(eve) == frames.screen(zoe) == latest
    assert [msgspec.json.decode(f)["type"] for f in frames.to[zoe]] == ["room", "delta"]
