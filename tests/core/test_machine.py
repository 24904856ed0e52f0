"""The shape both games share: deadlines processed in order at their own time, refusals as effects."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wordarena.core.machine import Machine
from wordarena.core.player_events import Refused
from wordarena.core.refusal import Refusal, Rejection


@dataclass(frozen=True)
class Poke:
    player: str
    ok: bool = True


class Alarms(Machine):
    """Rings at each of its deadlines; a poke is accepted or refused."""

    def __init__(self, deadlines: list[int]) -> None:
        self.deadlines = sorted(deadlines)
        self.rung: list[int] = []

    def next_deadline(self) -> int | None:
        return self.deadlines[0] if self.deadlines else None

    def _apply(self, event: Any, now: int) -> list[Any]:
        if not event.ok:
            raise Rejection(Refusal.NOT_ALLOWED, "no")
        return [("poked", now)]

    def _on_deadline(self, now: int) -> list[Any]:
        self.deadlines.pop(0)
        self.rung.append(now)
        return [("rang", now)]


def test_a_late_look_at_the_clock_processes_every_deadline_at_its_own_time() -> None:
    alarms = Alarms([10, 30, 20])
    assert alarms.advance(25) == [("rang", 10), ("rang", 20)]
    assert alarms.handle(Poke("p"), 40) == [("rang", 30), ("poked", 40)]  # time passes before the event


def test_a_refusal_is_an_effect_for_its_player_and_changes_nothing() -> None:
    alarms = Alarms([])
    assert alarms.handle(Poke("p", ok=False), 5) == [Refused("p", Refusal.NOT_ALLOWED, "no")]
