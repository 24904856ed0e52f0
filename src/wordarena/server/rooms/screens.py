"""What a room's tabs are sent: each member their own view, whole or as a delta; watchers one view for all.

A tab that said so in its hello takes views as deltas after the first
(server.deltas): the room keeps the last view it sent such a tab, and sends
only what changed. A new tab, or one that lost track, starts again from a whole view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wordarena.core.sharing import Share
from wordarena.server import messages
from wordarena.server.broadcast import Broadcast
from wordarena.server.deltas import Parts, delta, parts_of, whole
from wordarena.server.ports import Deliverer
from wordarena.server.refs import ConnRef
from wordarena.server.rooms.membership import Tabs

ViewOf = Callable[[str | None, int, Share], Any]  # the player's screen (None: a watcher's) at ``now``


class Screens:
    def __init__(self, code: str, tabs: Tabs, delivery: Deliverer, view_of: ViewOf) -> None:
        self.code = code
        self.tabs = tabs
        self.delivery = delivery
        self.view_of = view_of
        self.deltas: set[str] = set()  # members whose tab takes views as deltas
        self.sent: dict[str, tuple[int, Parts]] = {}  # their last view: its version and parts

    def new_tab(self, player: str, deltas: bool) -> None:
        """The player's seat is shown in a new tab: it starts from a whole view, in its own way."""
        self.sent.pop(player, None)
        if deltas:
            self.deltas.add(player)
        else:
            self.deltas.discard(player)

    def start_again(self, player: str) -> None:
        """The player's tab lost track (or another of theirs took the seat): a whole view next."""
        self.sent.pop(player, None)

    def everybody(self, now: int) -> None:
        share = Broadcast()  # what every member sees alike is encoded once (server.broadcast)
        for player, ref in self.tabs.members.items():
            self.member(ref, player, now, share)
        if self.tabs.watchers:
            self.watchers(list(self.tabs.watchers.values()), now, share)

    def watchers(self, refs: list[ConnRef], now: int, share: Share) -> None:
        """Every watcher sees the same screen: one view of nobody, encoded once for all of them."""
        frame = messages.encode(self.view_of(None, now, share))
        for ref in refs:
            if self.tabs.watcher(ref) == ref:
                self.delivery.deliver_frame(ref, frame, view=True)

    def member(self, ref: ConnRef, player: str, now: int, share: Share) -> None:
        view = self.view_of(player, now, share)
        if player not in self.deltas:
            self.delivery.deliver_frame(ref, messages.encode(view), view=True)
            return
        parts, sent = parts_of(view), self.sent.get(player)
        self.sent[player] = (view["version"], parts)
        if sent is None:
            frame = whole(parts)
        else:
            frame = delta(self.code, view["type"], view["version"], sent[0], sent[1], parts)
        # Never dropped as superseded: each delta builds on the frame before it.
        self.delivery.deliver_frame(ref, frame)
