"""Two cluster members in one Python process (the in-memory bus and directory), one fake clock.

The real thing (separate processes, Redis, SIGKILL) is tests/server/test_cluster.py; these
check the routing between members quickly and deterministically.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Arena, FakeClock, check_frames
from tests.server.test_rooms import answer_of
from wordarena.client import Client
from wordarena.server.app import make_app
from wordarena.server.cluster.engines import in_memory
from wordarena.server.config import Config
from wordarena.server.node import Node


class Pair:
    def __init__(self, a: Arena, b: Arena) -> None:
        self.a, self.b = a, b
        self.clock = a.clock

    @property
    def nodes(self) -> list[Node]:
        return [self.a.node, self.b.node]

    def room_service(self, code: str) -> Node:
        return next(s for s in self.nodes if code in s.registry.rooms)

    async def settle(self, ms: int = 0) -> None:
        self.clock.now += ms
        for node in self.nodes:
            if node.link.desk is not None:
                await node.link.desk.tick()
        for node in self.nodes:
            for room in list(node.registry.rooms.values()):
                await room.settled()


@pytest.fixture
async def pair(tmp_path: Path, aiohttp_server: Any) -> AsyncIterator[Pair]:
    clock = FakeClock()
    first = in_memory("n-a")
    second = in_memory("n-b", first)
    config = Config(data_dir=tmp_path)
    a = Arena(await aiohttp_server(make_app(config, clock=clock, shared=first)), clock)
    b = Arena(await aiohttp_server(make_app(config, clock=clock, shared=second)), clock)
    yield Pair(a, b)
    check_frames(a.clients + b.clients)


async def hello(stack: AsyncExitStack, arena: Arena) -> Client:
    client = await stack.enter_async_context(arena.client())
    await client.hello()
    return client


async def test_a_room_created_on_one_member_is_played_to_the_end_from_the_other(pair: Pair) -> None:
    async with AsyncExitStack() as stack:
        alice, bob = await hello(stack, pair.a), await hello(stack, pair.b)
        code = await alice.create(lang="en")
        assert code in pair.a.node.registry.rooms and code not in pair.b.node.registry.rooms
        view = await bob.join(code)
        assert len(view["seats"]) == 2
        await alice.send({"type": "options", "rounds": 1})
        await bob.view_where(lambda v: v["options"]["rounds"] == 1)
        await alice.send({"type": "start"})
        await bob.view_where(lambda v: v["phase"] == "card")
        await pair.settle(2_600)
        await bob.view_where(lambda v: v["phase"] == "playing")
        await bob.guess(answer_of(pair.a, code))  # bob's guess travels to alice's member
        seen = await alice.view_where(lambda v: v["seats"][1]["solved"])
        assert "letters" not in seen["seats"][1]["rows"][0]  # others' letters stay hidden across members too
        await alice.guess(answer_of(pair.a, code))
        await bob.view_where(lambda v: v["phase"] == "reveal")
        await pair.settle(6_500)
        final = await bob.view_where(lambda v: v["phase"] == "finished")
        assert final["standings"]["winners"] == [1]
        assert pair.a.node.metrics.forwarded._value.get() > 0  # type: ignore[attr-defined]


async def test_eight_players_four_on_each_member_land_in_one_tournament(pair: Pair) -> None:
    async with AsyncExitStack() as stack:
        players = [await hello(stack, pair.a if i % 2 else pair.b) for i in range(8)]
        for client in players:
            await client.send({"type": "queue", "lang": "fr"})
        views = [await c.latest_where("tournament", lambda v: v["phase"] == "intro") for c in players]
        assert len({v["code"] for v in views}) == 1 and all(len(v["players"]) == 8 for v in views)
        assert sum(1 for s in pair.nodes if views[0]["code"] in s.registry.rooms) == 1


async def test_a_group_with_members_on_both_members_launches_together(pair: Pair) -> None:
    async with AsyncExitStack() as stack:
        ann, bob = await hello(stack, pair.a), await hello(stack, pair.b)
        await ann.send({"type": "group_create"})
        group = await ann.expect("group")
        await bob.send({"type": "group_join", "group": group["code"]})
        await ann.latest_where("group", lambda m: len(m["members"]) == 2)
        await ann.send({"type": "group_launch", "lang": "it", "practice": True})
        await bob.latest_where("queue", lambda m: m["queued"] and m["lobby"]["size"] == 2)
        await pair.settle(10_000)
        first = await ann.latest_where("tournament", lambda v: v["phase"] == "intro")
        second = await bob.latest_where("tournament", lambda v: v["phase"] == "intro")
        assert first["code"] == second["code"]


async def test_quick_players_on_both_members_meet_in_one_room(pair: Pair) -> None:
    async with AsyncExitStack() as stack:
        ann, bob = await hello(stack, pair.a), await hello(stack, pair.b)
        await ann.send({"type": "quick", "lang": "fr"})
        first = await ann.view_where(lambda v: v["quick"])
        await bob.send({"type": "quick", "lang": "fr"})
        second = await bob.view_where(lambda v: v["quick"] and len(v["seats"]) == 2)
        assert first["code"] == second["code"]


async def test_one_seat_per_player_across_members(pair: Pair) -> None:
    async with AsyncExitStack() as stack:
        alice, bob = await hello(stack, pair.a), await hello(stack, pair.a)
        code = await alice.create(lang="en")
        await bob.join(code)
        await alice.send({"type": "start"})
        await alice.view_where(lambda v: v["phase"] == "card")
        tab = await stack.enter_async_context(pair.b.client())
        welcome = await tab.hello(token=alice.token)
        assert welcome["current"] == {"kind": "duel", "code": code, "stage": "playing"}
        await tab.send({"type": "create"})
        assert (await tab.expect("error"))["code"] == "already_playing"
