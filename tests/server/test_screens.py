"""A room's watchers: the first change at once, the changes that follow within the pace merged."""

from __future__ import annotations

from typing import Any

import pytest

from wordarena.core.sharing import Share
from wordarena.server import limits
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


class Room:
    """A game whose screen is its number of changes; asking to look again is counted."""

    def __init__(self) -> None:
        self.version = 0
        self.looks = 0

    def view_of(self, player: str | None, now: int, share: Share) -> Any:
        return {"type": "room", "version": self.version, "you": player, "changes": self.version}

    def look_again(self) -> None:
        self.looks += 1


@pytest.fixture
def watched() -> tuple[Screens, Room, Frames, ConnRef]:
    tabs, frames, room = Tabs(), Frames(), Room()
    eve = ConnRef("here", 1)
    tabs.watch(eve)
    screens = Screens("ABCD", tabs, frames, room.view_of, room.look_again)  # type: ignore[arg-type]
    screens.new_watcher(eve, deltas=True)
    return screens, room, frames, eve


async def test_changes_within_the_pace_reach_watchers_together(
    watched: tuple[Screens, Room, Frames, ConnRef], monkeypatch: pytest.MonkeyPatch
) -> None:
    screens, room, frames, eve = watched
    monkeypatch.setattr(limits, "WATCHERS_EVERY_S", 60.0)  # nothing becomes due by itself here
    for _ in range(3):
        room.version += 1
        screens.everybody(room.version, Broadcast(), [])
    assert len(frames.to[eve]) == 1  # the first change, at once; the two others wait
    assert screens.watchers_behind and room.looks == 0
    screens.stop()  # as if the pace were over: the room's next batch shows them
    screens._watchers_shown_at -= 60.0
    screens.watchers_if_due(room.version, Broadcast(), [])
    assert len(frames.to[eve]) == 2 and b'"changes":3' in frames.to[eve][-1]
    assert not screens.watchers_behind


async def test_the_room_is_asked_to_look_again_when_the_pace_is_over(
    watched: tuple[Screens, Room, Frames, ConnRef],
) -> None:
    screens, room, frames, eve = watched
    screens.everybody(1, Broadcast(), [])
    shown = screens._watchers_shown_at
    room.version += 1
    screens.everybody(2, Broadcast(), [])
    catch_up = screens._catch_up
    assert len(frames.to[eve]) == 1 and room.looks == 0 and catch_up is not None
    assert catch_up.when() == pytest.approx(shown + limits.WATCHERS_EVERY_S)
    catch_up.cancel()
    screens._due()  # what the loop runs then
    assert room.looks == 1 and screens._catch_up is None and screens.watchers_behind


async def test_a_new_watcher_sees_the_room_at_once_even_while_the_others_wait(
    watched: tuple[Screens, Room, Frames, ConnRef], monkeypatch: pytest.MonkeyPatch
) -> None:
    screens, room, frames, eve = watched
    monkeypatch.setattr(limits, "WATCHERS_EVERY_S", 60.0)
    screens.everybody(0, Broadcast(), [])
    room.version += 1
    screens.everybody(1, Broadcast(), [])
    zoe = ConnRef("here", 2)
    screens.tabs.watch(zoe)
    screens.new_watcher(zoe, deltas=True)
    screens.watchers_if_due(1, Broadcast(), [zoe])
    assert len(frames.to[zoe]) == 1 and len(frames.to[eve]) == 1
    screens.stop()
    screens._watchers_shown_at -= 60.0
    screens.watchers_if_due(1, Broadcast(), [])
    eve_frame, zoe_frame = frames.to[eve][-1], frames.to[zoe][-1]
    assert b'"type":"room"' in eve_frame  # eve held an older view of her own: a whole one
    assert b'"type":"delta"' in zoe_frame  # zoe holds the last one sent: what changed since
    screens.stop()
