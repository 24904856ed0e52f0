"""Time for the games: wall-clock milliseconds (deadlines stay meaningful across a restart), scaled or not."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


def now_ms() -> int:
    return int(time.time() * 1000)


def scaled_clock(scale: float, origin_ms: int | None) -> Callable[[], int]:
    """Game milliseconds running ``scale`` times faster than the wall clock, from ``origin_ms``."""
    origin = origin_ms if origin_ms is not None else now_ms()
    return lambda: origin + int((now_ms() - origin) * scale)


@dataclass
class GameClock:
    """The shell's clock: ``now`` in game milliseconds (tests put a fake one here), and its scale."""

    now: Callable[[], int] = field(default=now_ms)
    scale: float = 1.0

    def seconds_until(self, deadline: int) -> float:
        """Real seconds from now to a deadline of the game clock (for a timer)."""
        return max(0.0, (deadline - self.now()) / 1000 / self.scale)
