"""What a room's tabs are sent: each member their own view, whole or as a delta; watchers one view for all.

A tab that said so in its hello takes views as deltas after the first
(server.deltas): the room keeps the last view it sent such a tab, and sends
only what changed. A new tab, or one that lost track, starts again from a whole view.

Watchers that take deltas share them: every one of them that holds the last view sent to
watchers gets the same delta frame, built once; the others (new, or back from a resync)
a whole view, built once too.
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
        #: The last view sent to watchers: its number here, its version and its parts. Two views
        #: of one version may differ (the time left, the number of watchers), hence a number.
        self.watchers_sent: tuple[int, int, Parts] | None = None
        #: The watchers taking deltas: the number of the view each holds (None: a whole view next).
        self.watching: dict[tuple[str, int], int | None] = {}

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

    def new_watcher(self, ref: ConnRef, deltas: bool) -> None:
        """A tab watches (or asked again): a whole view next, then deltas if its hello asked for them."""
        key = (ref.node, ref.id)
        if deltas:
            self.watching[key] = None
        else:
            self.watching.pop(key, None)

    def watcher_lost_track(self, ref: ConnRef) -> None:
        key = (ref.node, ref.id)
        if key in self.watching:
            self.watching[key] = None

    def everybody(self, now: int) -> None:
        share = Broadcast()  # what every member sees alike is encoded once (server.broadcast)
        for player, ref in self.tabs.members.items():
            self.member(ref, player, now, share)
        if self.tabs.watchers:
            self.watchers(list(self.tabs.watchers.values()), now, share, every=True)

    def watchers(self, refs: list[ConnRef], now: int, share: Share, every: bool = False) -> None:
        """Every watcher sees the same screen: one view of nobody, each frame of it encoded once.

        ``every``: these are all the room's watchers (the others left: forget them).
        """
        view = self.view_of(None, now, share)
        version, last = view["version"], self.watchers_sent
        number = 1 if last is None else last[0] + 1
        parts: Parts | None = None  # encoded only if a watcher here takes deltas
        plain = delta_frame = whole_frame = None
        watching: dict[tuple[str, int], int | None] = {} if every else self.watching
        for ref in refs:
            key = (ref.node, ref.id)
            if self.tabs.watcher(ref) != ref:
                continue
            if key not in self.watching:  # whole views, the newest superseding
                plain = plain or messages.encode(view)
                self.delivery.deliver_frame(ref, plain, view=True)
                continue
            parts = parts or parts_of(view)
            if last is not None and self.watching[key] == last[0]:
                delta_frame = delta_frame or delta(self.code, view["type"], version, last[1], last[2], parts)
                self.delivery.deliver_frame(ref, delta_frame)  # never dropped: the next builds on it
            else:
                whole_frame = whole_frame or whole(parts)
                self.delivery.deliver_frame(ref, whole_frame)
            watching[key] = number
        self.watching = watching
        if parts is not None:
            self.watchers_sent = (number, version, parts)

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
