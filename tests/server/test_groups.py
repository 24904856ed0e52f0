"""Groups over real WebSockets (C2): roles follow the player; cancels, relaunch, authorisation."""

from __future__ import annotations

from contextlib import AsyncExitStack
from typing import Any

from tests.server.conftest import Arena, until
from tests.server.test_rooms import start_playing, two_players
from tests.server.test_seats import hold_ratings, same_player, seats_held
from tests.server.test_tournament import clients
from wordarena.client import Client


async def group_of(organiser: Client, *friends: Client) -> dict[str, Any]:
    await organiser.send({"type": "group_create"})
    group = await organiser.expect("group")
    for friend in friends:
        await friend.send({"type": "group_join", "group": group["code"]})
        await friend.expect("group")
    return await organiser.latest_where("group", lambda m: len(m["members"]) == 1 + len(friends))


async def test_a_double_click_makes_one_group(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        [ann] = await clients(arena, stack, 1)
        await ann.send({"type": "group_create"})
        await ann.send({"type": "group_create"})
        first, second = await ann.expect("group"), await ann.expect("group")
        assert first["code"] == second["code"] and len(arena.node.link.desk.groups) == 1


async def test_a_cancelled_launch_can_be_launched_again(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        ann, bob = await clients(arena, stack, 2)
        await group_of(ann, bob)
        await ann.send({"type": "group_launch", "lang": "fr"})
        await bob.latest_where("queue", lambda m: m["queued"])
        busy = await ann.latest_where("group", lambda m: all(x["queued"] for x in m["members"]))
        assert not busy["can_launch"]
        await ann.send({"type": "unqueue"})  # the organiser cancels: the whole group leaves the queue
        await bob.latest_where("queue", lambda m: not m["queued"])
        back = await ann.latest_where("group", lambda m: m["can_launch"])
        assert not any(x["busy"] for x in back["members"]) and len(back["members"]) == 2  # not split
        await ann.send({"type": "group_launch", "lang": "fr"})
        await bob.latest_where("queue", lambda m: m["queued"])


async def test_a_member_who_cancels_takes_the_whole_group_out_and_everybody_is_told(arena: Arena) -> None:
    """A group queues whole: before, the others stayed queued without her, and she was told to wait."""
    async with AsyncExitStack() as stack:
        ann, bob, cid = await clients(arena, stack, 3)
        await group_of(ann, bob, cid)
        await ann.send({"type": "group_launch", "lang": "fr"})
        await cid.latest_where("queue", lambda m: m["queued"])
        await bob.send({"type": "unqueue"})
        mine = await bob.latest_where("queue", lambda m: not m["queued"])
        assert mine["reason"] == "you"
        for other in (ann, cid):
            told = await other.latest_where("queue", lambda m: not m["queued"])
            assert told["reason"] == "member" and told["by"] == bob.player["name"]  # type: ignore[index]
        assert arena.node.link.desk.matchmaker.parties == {}
        await until(lambda: not any(x["queued"] for x in ann.latest["group"]["members"]))
        view = ann.latest["group"]  # the group is whole, out of the queue, ready to launch again
        assert len(view["members"]) == 3 and view["can_launch"]
        assert view["organiser"] == ann.player["id"]  # type: ignore[index]


async def test_the_organisers_cancel_is_said_as_such(arena: Arena) -> None:
    """Before, members read "Xeno left the queue" when the organiser cancelled."""
    async with AsyncExitStack() as stack:
        ann, bob = await clients(arena, stack, 2)
        await group_of(ann, bob)
        await ann.send({"type": "group_launch", "lang": "fr"})
        await bob.latest_where("queue", lambda m: m["queued"])
        await ann.send({"type": "unqueue"})
        assert (await bob.latest_where("queue", lambda m: not m["queued"]))["reason"] == "organiser"
        assert (await ann.latest_where("queue", lambda m: not m["queued"]))["reason"] == "you"


async def test_a_double_click_on_launch_queues_once_and_says_nothing_false(arena: Arena) -> None:
    """Before, the second group_launch answered "a member is still in a tournament"."""
    async with AsyncExitStack() as stack:
        ann, bob = await clients(arena, stack, 2)
        await group_of(ann, bob)
        await ann.send({"type": "group_launch", "lang": "fr"})
        await ann.send({"type": "group_launch", "lang": "fr"})
        await bob.latest_where("queue", lambda m: m["queued"])
        await arena.node.link.desk.settled()
        assert not [m for m in ann.received if m.get("type") == "error"]
        assert len(arena.node.link.desk.matchmaker.parties) == 1


async def test_the_lobby_says_who_is_in_it_by_id(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        ann, bob = await clients(arena, stack, 2)
        await group_of(ann, bob)
        await ann.send({"type": "group_launch", "lang": "fr"})
        status = await bob.latest_where("queue", lambda m: m["queued"] and m["lobby"] is not None)
        ids = {m["id"] for m in status["lobby"]["members"]}
        assert ids == {ann.player["id"], bob.player["id"]}  # type: ignore[index]


async def test_a_reload_keeps_the_organiser_role(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        ann, bob = await clients(arena, stack, 2)
        group = await group_of(ann, bob)
        token = ann.token
        await ann.close()
        away = await bob.latest_where("group", lambda m: any(x["away"] for x in m["members"]))
        assert away["organiser"] == ann.player["id"]  # type: ignore[index]
        again = await stack.enter_async_context(arena.client())
        await again.hello(token=token)
        back = await again.latest_where("group", lambda m: True)
        assert back["code"] == group["code"] and back["organiser"] == ann.player["id"] and back["can_launch"]  # type: ignore[index]


async def test_a_member_away_for_60_s_leaves_and_the_role_passes(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        ann, bob = await clients(arena, stack, 2)
        await group_of(ann, bob)
        await ann.close()
        await bob.latest_where("group", lambda m: any(x["away"] for x in m["members"]))
        await arena.settle(60_000)
        alone = await bob.latest_where("group", lambda m: len(m["members"]) == 1)
        assert alone["organiser"] == bob.player["id"] and alone["can_launch"]  # type: ignore[index]


async def test_a_refused_launch_moves_nobody(arena: Arena) -> None:
    """Authorisation before side effects: a member's launch leaves the organiser's game alone."""
    async with AsyncExitStack() as stack:
        ann, bob, cid = await clients(arena, stack, 3)
        await group_of(ann, bob)
        code = await two_players(arena, ann, cid)
        await start_playing(arena, ann, cid)
        await bob.send({"type": "group_launch", "lang": "fr"})
        assert (await bob.expect("error"))["code"] == "not_organiser"
        await ann.send({"type": "group_launch", "lang": "fr"})
        assert (await ann.expect("error"))["code"] == "members_busy"  # ann is in a game in progress
        seat = await arena.node.seats.where(ann.player["id"])  # type: ignore[index]
        assert seat is not None and seat.code == code and seat.committed
        assert arena.node.registry.rooms[code].members.get(ann.player["id"]) is not None  # type: ignore[index]


async def test_members_on_two_tabs_get_the_group_on_both(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        ann, bob = await clients(arena, stack, 2)
        group = await group_of(ann, bob)
        tab = await same_player(arena, stack, bob)
        await tab.send({"type": "group_join", "group": group["code"]})
        both = await tab.expect("group")
        assert len(both["members"]) == 2  # the same member, not a second one


async def test_a_launch_rechecks_after_its_awaits(arena: Arena) -> None:
    """A member who sits down in a lobby while the launch reads ratings is taken out of it: one seat."""
    async with AsyncExitStack() as stack:
        ann, bob, cid = await clients(arena, stack, 3)
        await group_of(ann, bob)
        lobby = await cid.create(lang="en")
        gate, reading = hold_ratings(arena)
        await ann.send({"type": "group_launch", "lang": "fr"})
        await reading.wait()
        await bob.join(lobby)  # meanwhile: a lobby is free to leave, so the launch goes on
        gate.set()
        await bob.latest_where("queue", lambda m: m["queued"])
        await arena.settle()
        player = bob.player["id"]  # type: ignore[index]
        seat = await arena.node.seats.where(player)
        assert seat is not None and seat.kind == "queue" and seats_held(arena, player) == []
        assert [s["name"] for s in (await cid.view_where(lambda v: len(v["seats"]) == 1))["seats"]] == [
            cid.player["name"]  # type: ignore[index]
        ]
