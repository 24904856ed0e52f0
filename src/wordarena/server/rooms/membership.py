"""Which tabs show a room: one member tab per seated player, their other tabs in standby, watchers.

Plain bookkeeping, no I/O: the room asks, and tells the tabs what these answers mean.

- A player's newest tab holds the seat (the member). Their older tab, replaced,
  waits in **standby**: when the member tab closes, the newest tab in standby takes
  the seat back by itself, so a player with a tab open on the game is never away.
- **Watchers** see the room without a seat: they all get the same view.
"""

from __future__ import annotations

from wordarena.server.refs import ConnRef


class Tabs:
    def __init__(self) -> None:
        self.members: dict[str, ConnRef] = {}  # player -> the tab attached (on any process)
        self.standby: dict[str, list[ConnRef]] = {}  # player -> their other tabs, newest last
        self.watchers: dict[tuple[str, int], ConnRef] = {}  # (process, number) -> the tab
        self._watchers_seen = 0  # how many watched when last asked

    def seat(self, player: str, ref: ConnRef) -> ConnRef | None:
        """``ref`` holds the player's seat now; returns the tab it replaced (now in standby), if any."""
        self.unlist(player, ref)
        previous = self.members.get(player)
        self.members[player] = ref
        if previous is None or previous.same_tab(ref):  # the same tab again: nothing replaced
            return None
        self.standby.setdefault(player, []).append(previous)
        return previous

    def unlist(self, player: str, ref: ConnRef) -> bool:
        """Take a tab out of the player's standby; True if it was there."""
        waiting = self.standby.get(player, [])
        kept = [r for r in waiting if not r.same_tab(ref)]
        if len(kept) == len(waiting):
            return False
        if kept:
            self.standby[player] = kept
        else:
            del self.standby[player]
        return True

    def promote(self, player: str) -> ConnRef | None:
        """The seat's tab went: the newest tab in standby takes the seat (None: no other tab)."""
        waiting = self.standby.get(player)
        if not waiting:
            return None
        ref = waiting.pop()
        if not waiting:
            del self.standby[player]
        self.members[player] = ref
        return ref

    def let_go(self, player: str) -> list[ConnRef]:
        """The player left the game: their member tab is no member, their standby tabs are let go."""
        self.members.pop(player, None)
        return self.standby.pop(player, [])

    def watch(self, ref: ConnRef) -> None:
        self.watchers[(ref.node, ref.id)] = ref

    def watcher(self, ref: ConnRef) -> ConnRef | None:
        return self.watchers.get((ref.node, ref.id))

    def unwatch(self, ref: ConnRef) -> None:
        self.watchers.pop((ref.node, ref.id), None)

    def watchers_moved(self) -> bool:
        """Whether watchers came or went since the last time this was asked."""
        moved, self._watchers_seen = len(self.watchers) != self._watchers_seen, len(self.watchers)
        return moved

    def unwatch_all(self) -> list[ConnRef]:
        refs = list(self.watchers.values())
        self.watchers.clear()
        return refs

    def everyone(self) -> list[ConnRef]:
        waiting = [r for refs in self.standby.values() for r in refs]
        return [*self.members.values(), *waiting, *self.watchers.values()]

    def clear(self) -> None:
        self.members.clear()
        self.standby.clear()
        self.watchers.clear()
