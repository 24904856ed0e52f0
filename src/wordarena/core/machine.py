"""The shape both games share: events and ``now`` in, effects out, deadlines in order.

Both games are state machines (docs/design.md, "A pure core inside a thin shell"). A game
subclasses `Machine` and says how it applies one event (`_apply`), what its next deadline
is, and what happens when a deadline falls due; refusals (`Rejection`) become a `Refused`
effect for the player who acted.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, TypeVar

from wordarena.core.player_events import Refused
from wordarena.core.refusal import Rejection

T = TypeVar("T")


class Machine(ABC):
    def handle(self, event: Any, now: int) -> list[Any]:
        """Apply one event at ``now`` (after letting time pass up to ``now``)."""
        effects = self.advance(now)
        try:
            effects += self._apply(event, now)
        except Rejection as refusal:
            effects.append(Refused(event.player, refusal.code, refusal.message))
        return effects

    def advance(self, now: int) -> list[Any]:
        """Process every deadline up to ``now``, each at its own time, so a late timer changes nothing."""
        effects: list[Any] = []
        while (deadline := self.next_deadline()) is not None and deadline <= now:
            effects += self._on_deadline(deadline)
        return effects

    @abstractmethod
    def next_deadline(self) -> int | None: ...

    @abstractmethod
    def _apply(self, event: Any, now: int) -> list[Any]: ...

    @abstractmethod
    def _on_deadline(self, now: int) -> list[Any]: ...


def require(value: T | None) -> T:
    """A value an invariant says is there (a broken invariant, never a user error)."""
    if value is None:  # pragma: no cover
        raise AssertionError("missing value")
    return value
