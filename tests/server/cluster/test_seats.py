"""Where each player sits, shared by every process; a place the player left cannot take them back."""

from __future__ import annotations

import pytest
import redis.asyncio as aioredis

from wordarena.core.seating import Seat
from wordarena.server.cluster.seats import MemorySeats, RedisSeats, Seats


@pytest.fixture(params=["memory", "redis"])
def seats(request: pytest.FixtureRequest, prefix: str) -> Seats:
    if request.param == "memory":
        return MemorySeats()
    redis: aioredis.Redis = request.getfixturevalue("redis")
    return RedisSeats(redis, prefix)


async def test_a_report_from_a_place_the_player_left_is_ignored(seats: Seats) -> None:
    changed: list[str] = []
    seats.on_change = changed.append
    await seats.take("ann", Seat("duel", "r|1", "playing"))
    await seats.take("ann", Seat("queue", "fr", "waiting"))
    await seats.report("ann", "r|1", Seat("duel", "r|1", "waiting"))
    assert await seats.where("ann") == Seat("queue", "fr", "waiting")
    await seats.release("ann", "r|1")
    assert await seats.where("ann") == Seat("queue", "fr", "waiting")
    await seats.release("ann", "fr")
    assert await seats.where("ann") is None
    assert changed == ["ann", "ann", "ann"]


async def test_the_place_itself_moves_the_stage(seats: Seats) -> None:
    await seats.report("bob", "t1", Seat("tournament", "t1", "waiting"))
    await seats.report("bob", "t1", Seat("tournament", "t1", "playing"))
    assert await seats.where("bob") == Seat("tournament", "t1", "playing")
    await seats.report("bob", "t1", None)
    assert await seats.where("bob") is None
