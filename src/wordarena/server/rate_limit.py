"""How fast one socket may talk: a token bucket, and the line between a burst and a flood.

Both take the clock as a parameter, so their tests need no real time.
"""

from __future__ import annotations

import time
from collections import deque
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


class SlidingWindow:
    """At most ``limit`` takes per key within any ``window_s`` seconds (a take is counted when it is made)."""

    def __init__(self, limit: int, window_s: float = 60.0, clock: Clock = time.monotonic) -> None:
        self.limit, self.window_s, self.clock = limit, window_s, clock
        self._takes: dict[str, deque[float]] = {}

    def take(self, key: str) -> bool:
        now = self.clock()
        recent = self._takes.setdefault(key, deque())
        while recent and recent[0] <= now - self.window_s:
            recent.popleft()
        if len(recent) >= self.limit:
            return False
        recent.append(now)
        if len(self._takes) > 10_000:  # forget quiet keys, so this stays small
            self._takes = {k: q for k, q in self._takes.items() if q and q[-1] > now - self.window_s}
        return True


class FloodWatch:
    """A socket that keeps being over the rate for `FLOOD_CLOSE_S` (no pause of `FLOOD_PAUSE_S`) floods.

    So does one that has `FLOOD_REFUSED_MAX` messages refused in a row (no such pause):
    at full speed that takes milliseconds, and every one of them costs the server.

    Accepted messages in between do not excuse it: at ten times the rate a client
    still gets a message through now and then, and is closed all the same.
    """

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self.since: float | None = None  # over the rate since
        self.last: float | None = None  # the last refused message
        self.count = 0  # refused messages since `since`
        self.told: float | None = None  # the last `rate_limited` error sent

    def refused(self) -> bool:
        """Count one refused message; True when the socket must be closed."""
        now = self.clock()
        if self.last is None or now - self.last > limits.FLOOD_PAUSE_S:
            self.since, self.count = now, 0
        self.last = now
        self.count += 1
        assert self.since is not None
        return now - self.since >= limits.FLOOD_CLOSE_S or self.count >= limits.FLOOD_REFUSED_MAX

    def should_tell(self) -> bool:
        """Say `rate_limited` at most once a second: answering every dropped frame would double a flood."""
        now = self.clock()
        if self.told is None or now - self.told >= 1.0:
            self.told = now
            return True
        return False
