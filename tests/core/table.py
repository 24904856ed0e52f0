"""A game machine driven by a fake clock, keeping every effect it produced (no sleeping)."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from wordarena.core.machine import Machine

M = TypeVar("M", bound=Machine)


class ClockedTable(Generic[M]):
    def __init__(self, game: M) -> None:
        self.game = game
        self.now = 0
        self.effects: list[Any] = []

    def do(self, event: Any) -> list[Any]:
        out = self.game.handle(event, self.now)
        self.effects += out
        return out

    def wait(self, ms: int) -> list[Any]:
        self.now += ms
        out = self.game.advance(self.now)
        self.effects += out
        return out
