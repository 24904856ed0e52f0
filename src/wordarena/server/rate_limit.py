"""How fast one socket may talk: a token bucket, and the line between a burst and a flood.

Both take the clock as a parameter, so their tests need no real time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from wordarena.server import limits

Clock = Callable[[], float]


class TokenBucket:
    """``rate`` tokens per second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class FloodWatch:
    """A socket that keeps being over the rate for `FLOOD_CLOSE_S` (no pause of `FLOOD_PAUSE_S`) floods.

    Accepted messages in between do not excuse it: at ten times the rate a client
    still gets a message through now and then, and is closed all the same.
    """

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self.since: float | None = None  # over the rate since
        self.last: float | None = None  # the last refused message
        self.told: float | None = None  # the last `rate_limited` error sent

    def refused(self) -> bool:
        """Count one refused message; True when the socket must be closed."""
        now = self.clock()
        if self.last is None or now - self.last > limits.FLOOD_PAUSE_S:
            self.since = now
        self.last = now
        assert self.since is not None
        return now - self.since >= limits.FLOOD_CLOSE_S

    def should_tell(self) -> bool:
        """Say `rate_limited` at most once a second: answering every dropped frame would double a flood."""
        now = self.clock()
        if self.told is None or now - self.told >= 1.0:
            self.told = now
            return True
        return False
