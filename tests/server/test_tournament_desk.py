"""The desk's own tables (server/tournament_desk.py): what it keeps of a player, and for how long."""

from __future__ import annotations

from contextlib import AsyncExitStack

from tests.server.conftest import Arena
from tests.server.test_groups import group_of
from tests.server.test_tournament import clients


async def test_the_desk_forgets_players_who_have_gone(arena: Arena) -> None:
    """Found by the fuzz benchmark: the desk kept the name and rating of every identity it ever saw
    (one entry per hello, for ever; in a cluster all of them were saved to Redis after every request)."""
    desk = arena.node.link.desk
    assert desk is not None
    async with AsyncExitStack() as stack:
        ann, bob, cid, dan = await clients(arena, stack, 4)
        await group_of(ann, bob)
        await group_of(cid)
        await cid.send({"type": "group_launch", "lang": "fr"})
        await cid.latest_where("queue", lambda m: m["queued"])
        await bob.send({"type": "group_leave"})
        await bob.expect("group_left")
        await dan.send({"type": "queue", "lang": "de"})
        await dan.latest_where("queue", lambda m: m["queued"])
        await arena.settle()
        assert len(desk.state.known) == 4
    await arena.settle()
    assert desk.state.online == {} and desk.matchmaker.parties == {}
    assert set(desk.state.known) == {ann.player["id"], cid.player["id"]}  # type: ignore[index]  # groups
    await arena.settle(60_000)  # away from their groups too long: out of them
    assert desk.state.known == {} and desk.state.queued_tab == {} and desk.groups == {}
