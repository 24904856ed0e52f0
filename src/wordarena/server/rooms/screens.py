"""What a room's tabs are sent: each member their own view, whole or as a delta; watchers one view for all.

A tab that said so in its hello takes views as deltas after the first
(server.deltas): the room keeps the last view it sent such a tab, and sends
only what changed. A new tab, or one that lost track, starts again from a whole view.

Watchers that take deltas share them: every one of them that holds the last view sent to
watchers gets the same delta frame, built once; the others (new, or back from a resync)
a whole view, built once too.

Watchers get a room's changes at most every `WATCHERS_EVERY_S`: the first change at once,
the ones that follow within that time together, when it is over. A socket costs a
system call per frame, so a room watched by many sends them a frame for several guesses
at a busy table, not one a guess; nobody watching needs every guess within the half second.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from wordarena.core.sharing import Share
from wordarena.server import limits, messages
from wordarena.server.deltas import Parts, delta, parts_of, whole
from wordarena.server.ports import Deliverer
from wordarena.server.refs import ConnRef
from wordarena.server.rooms.membership import Tabs

ViewOf = Callable[[str | None, int, Share], Any]  # the player's screen (None: a watcher's) at ``now``


class Screens:
    def __init__(
        self, code: str, tabs: Tabs, delivery: Deliverer, view_of: ViewOf, look_again: Callable[[], None]
    ) -> None:
        self.code = code
        self.tabs = tabs
        self.delivery = delivery
        self.view_of = view_of
        self.look_again = look_again  # the pace is over: the room shows the watchers held back
        self.watchers_behind = False  # the room changed since the watchers' last view
        self._watchers_shown_at = -limits.WATCHERS_EVERY_S  # the loop's time of that view
        self._catch_up: asyncio.TimerHandle | None = None
        self.deltas: set[str] = set()  # members whose tab takes views as deltas
        self.sent: dict[str, tuple[int, Parts]] = {}  # their last view: its version and parts
        #: The last view sent to watchers: its number here, its version and its parts. Two views
        #: of one version may differ (the number of watchers), hence a number of their own.
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

    def everybody(self, now: int, share: Share, fresh_watchers: list[ConnRef]) -> None:
        """The room changed: every member's view now, the watchers' when due (the new ones' now)."""
        for player, ref in self.tabs.members.items():
            self.member(ref, player, now, share)
        self.watchers_behind = True
        self.watchers_if_due(now, share, fresh_watchers)

    def watchers_if_due(self, now: int, share: Share, fresh: list[ConnRef]) -> None:
        """Every watcher's view if they are behind and saw none too recently; else the new ones' first."""
        if self._watchers_due():
            self.watchers_behind, self._watchers_shown_at = False, asyncio.get_running_loop().time()
            self.watchers(list(self.tabs.watchers.values()), now, share, every=True)
        elif fresh:
            self.watchers(fresh, now, share)

    def _watchers_due(self) -> bool:
        if not self.watchers_behind or self._catch_up is not None:
            return False
        if not self.tabs.watchers:
            self.watchers_behind = False
            return False
        loop = asyncio.get_running_loop()
        wait = self._watchers_shown_at + limits.WATCHERS_EVERY_S - loop.time()
        if wait > 0:
            self._catch_up = loop.call_later(wait, self._due)
        return wait <= 0

    def _due(self) -> None:
        self._catch_up = None
        self.look_again()

    def stop(self) -> None:
        if self._catch_up is not None:
            self._catch_up.cancel()
            self._catch_up = None

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
