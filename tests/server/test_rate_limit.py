"""The token bucket and the flood watch, on a fake clock (no real time)."""

from __future__ import annotations

from wordarena.server import limits
from wordarena.server.rate_limit import FloodWatch, TokenBucket


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_then_the_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=20, burst=40, clock=clock)
    assert all(bucket.take() for _ in range(40)) and not bucket.take()
    clock.now += 0.5  # ten tokens come back
    assert sum(bucket.take() for _ in range(20)) == 10
    clock.now += 1000  # never more than the burst saved up
    assert sum(bucket.take() for _ in range(100)) == 40


def test_a_flood_is_over_the_rate_without_a_pause_for_the_whole_window() -> None:
    clock = Clock()
    flood = FloodWatch(clock)
    closed = False
    while not closed:
        closed = flood.refused()
        clock.now += 0.05
    assert clock.now - 100.0 >= limits.FLOOD_CLOSE_S


def test_a_pause_ends_a_flood() -> None:
    clock = Clock()
    flood = FloodWatch(clock)
    for _ in range(int(limits.FLOOD_CLOSE_S) * 2):
        assert not flood.refused()
        clock.now += limits.FLOOD_PAUSE_S + 0.1  # refusals, but each after a pause
    assert flood.since == flood.last


def test_rate_limited_is_said_at_most_once_a_second() -> None:
    clock = Clock()
    flood = FloodWatch(clock)
    told = 0
    for _ in range(100):
        told += flood.should_tell()
        clock.now += 0.05
    assert told == 5
