"""A game machine driven by a fake clock, keeping every effect it produced (no sleeping).

It also keeps what production stores (`Room` in server/rooms.py): a snapshot
encoded by msgspec and the log of accepted events after it, so a test can check
that restoring them gives back the very same game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import msgspec

from wordarena.core.machine import Machine
from wordarena.server.event_codec import decode_event, encode_event

M = TypeVar("M", bound=Machine)


class ClockedTable(Generic[M]):
    kind = "duel"  # the event codec's name of the game

    def __init__(self, game: M) -> None:
        self.game = game
        self.now = 0
        self.effects: list[Any] = []
        self.snapshot = self._encode()
        self.log: list[str] = []  # accepted events since the snapshot, as the store keeps them

    def do(self, event: Any) -> list[Any]:
        out = self.game.advance(self.now)
        before = self.game.state.version
        out += self.game.handle(event, self.now)
        if self.game.state.version != before:
            self.log.append(encode_event(event, self.now))
        self.effects += out
        return out

    def wait(self, ms: int) -> list[Any]:
        self.now += ms
        out = self.game.advance(self.now)
        self.effects += out
        return out

    def take_snapshot(self) -> None:
        self.snapshot, self.log = self._encode(), []

    def restored(self, rebuild: Callable[[dict[str, Any]], M]) -> M:
        """The game as a restart brings it back: snapshot, logged events replayed, time up to now."""
        game = rebuild(msgspec.json.decode(self.snapshot)["state"])
        for text in self.log:
            event, at = decode_event(self.kind, text)
            game.handle(event, at)
        game.advance(self.now)
        return game

    def _encode(self) -> bytes:
        return msgspec.json.encode({"kind": self.kind, "state": self.game.state})
