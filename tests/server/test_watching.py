"""A tournament's link: its players get their seat back, anybody else watches, as a player in play sees it."""

from __future__ import annotations

from contextlib import AsyncExitStack
from typing import Any

import aiohttp

from tests.server.conftest import Arena, check_frames, until
from tests.server.test_rooms import room_of, start_playing, two_players
from tests.server.test_tournament import answer_of, clients, last_tournament_view, play_round, tournament_of
from wordarena.core.tournament.state import Phase


async def running_tournament(arena: Arena, stack: AsyncExitStack) -> tuple[list[Any], Any]:
    players = await clients(arena, stack, 8)
    for client in players:
        await client.send({"type": "queue", "lang": "en"})
    await last_tournament_view(players[0], lambda v: v["phase"] == "intro")
    return players, tournament_of(arena, players[0])


def no_letters_in_play(view: dict[str, Any]) -> bool:
    """Colours only, and no answer, in every duel still in play (a duel over shows its letters)."""
    return all(
        duel["over"] or (all("letters" not in row for row in duel["rows"]) and "answer" not in duel)
        for duel in view["duels"]
    )


async def test_anybody_else_watches_a_tournament_by_its_link(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        players, room = await running_tournament(arena, stack)
        watcher = await stack.enter_async_context(arena.client())
        await watcher.hello()
        await watcher.send({"type": "tournament_join", "tournament": room.code})
        first = await watcher.expect("tournament")
        assert first["you"] is None and first["duel"] is None and first["result"] is None
        assert len(first["players"]) == 8
        await watcher.send({"type": "guess", "word": answer_of(room, 0)})  # a watcher plays nothing
        await arena.settle()
        assert all(not d.turns for d in room.state.round.duels)  # type: ignore[union-attr]
        assert watcher.player["id"] not in [e.player for e in room.state.entrants]  # type: ignore[index]
        assert room.tabs.watchers and not await arena.node.seats.where(watcher.player["id"])  # type: ignore[index]
        await play_round(arena, room, players)
        seen = [m for m in watcher.received if m.get("type") == "tournament"]
        assert any(v["phase"] == "playing" and len(v["duels"]) == 4 for v in seen)
        assert all(no_letters_in_play(v) for v in seen)  # no letter nor answer of a duel in play, ever


async def test_a_watcher_keeps_their_seat_elsewhere(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        _, room = await running_tournament(arena, stack)
        async with arena.client() as carol, arena.client() as dave:
            await carol.hello()
            await dave.hello()
            code = await carol.create(lang="en")
            await dave.join(code)
            async with arena.client() as carol_tab:
                await carol_tab.hello(token=carol.token)
                await carol_tab.send({"type": "tournament_join", "tournament": room.code})
                assert (await carol_tab.expect("tournament"))["you"] is None
                seat = await arena.node.seats.where(carol.player["id"])  # type: ignore[index]
                assert seat is not None and seat.code == code  # still in her room


async def test_an_entrant_opening_the_link_gets_their_seat_even_if_the_registry_forgot(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        players, room = await running_tournament(arena, stack)
        first = players[2]
        await arena.node.seats.release(first.player["id"], room.code)  # as after a restart
        async with arena.client() as tab:
            await tab.hello(token=first.token)
            await tab.send({"type": "tournament_join", "tournament": room.code})
            view = await tab.expect("tournament")
            assert view["you"] == first.player["id"]  # type: ignore[index]


async def page(arena: Arena, path: str) -> aiohttp.ClientResponse:
    headers = {"Accept": "text/html"}
    async with (
        aiohttp.ClientSession() as session,
        session.get(arena.url + path, headers=headers, allow_redirects=False) as response,
    ):
        await response.read()
        return response


async def test_every_tournament_has_its_own_address(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        players, room = await running_tournament(arena, stack)
        assert (await page(arena, f"/t/{room.code}")).status == 200
        moved = await page(arena, f"/r/{room.code}")  # a tournament's code at a room's address
        assert moved.status == 302 and moved.headers["Location"] == f"/t/{room.code}"
        assert (await page(arena, "/t/no-such-code")).status == 404
        assert (await page(arena, "/r/no-such-code")).status == 404
        async with arena.client() as alice:
            await alice.hello()
            code = await alice.create(lang="en")
            to_room = await page(arena, f"/t/{code}")
            assert to_room.status == 302 and to_room.headers["Location"] == f"/r/{code}"
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{arena.url}/api/tournaments/{room.code}") as running:
                assert running.status == 404  # nothing of a running tournament before its end
            while room.state.phase is not Phase.FINISHED:
                await play_round(arena, room, players)
            await until(lambda: arena.node.tournaments.record(room.code) is not None)
            async with session.get(f"{arena.url}/api/tournaments/{room.code}") as finished:
                record = await finished.json()
        assert sorted(p["place"] for p in record["players"])[0] == 1
        assert all(p["name"] for p in record["players"])
        assert record["rounds"] and all(d["answer"] for r in record["rounds"] for d in r["duels"])
        assert (await page(arena, f"/t/{room.code}")).status == 200  # still its address once over


# ---------------------------------------------------------------- a Duel de Mots room (D5)


async def test_players_see_how_many_watch_and_the_host_sends_watchers_away(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob, arena.client() as eve:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        assert (await alice.view_where(lambda v: v["phase"] == "playing"))["watchers"] == 0
        await eve.hello()
        await eve.send({"type": "join", "room": code})
        watched = await eve.view_where(lambda v: v["you"] is None)
        assert watched["watchers"] == 1 and watched["watchers_open"]
        assert (await bob.view_where(lambda v: v["watchers"] == 1))["you"] == 1  # the players see it
        await bob.send({"type": "watchers", "open": False})  # only the host decides
        assert (await bob.expect("refused"))["code"] == "not_host"
        await alice.send({"type": "watchers", "open": False})
        sent_away = await eve.expect("refused")
        assert (sent_away["code"], sent_away["room"]) == ("no_watchers", code)
        after = await alice.view_where(lambda v: not v["watchers_open"])
        assert after["watchers"] == 0 and not room_of(arena, code).tabs.watchers
        await eve.send({"type": "join", "room": code})  # the link no longer makes a watcher
        assert (await eve.expect("refused"))["code"] == "game_started"
        await arena.settle()
        assert not room_of(arena, code).tabs.watchers
        await alice.send({"type": "watchers", "open": True})
        await alice.view_where(lambda v: v["watchers_open"])
        await eve.send({"type": "join", "room": code})
        assert (await eve.view_where(lambda v: v["you"] is None))["watchers"] == 1


async def test_a_watcher_leaving_changes_the_count_and_nothing_else(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        seats = [(s.player, s.total) for s in room_of(arena, code).state.seats]
        async with arena.client() as eve:
            await eve.hello()
            await eve.send({"type": "join", "room": code})
            await alice.view_where(lambda v: v["watchers"] == 1)
        await alice.view_where(lambda v: v["watchers"] == 0)
        assert [(s.player, s.total) for s in room_of(arena, code).state.seats] == seats


async def test_watchers_with_deltas_see_what_watchers_without_see(arena: Arena) -> None:
    """One delta frame for all the watchers in step; a new or lost one gets a whole view first."""
    async with arena.client() as alice, arena.client() as bob, arena.client() as eve, arena.client() as zoe:
        code = await two_players(arena, alice, bob, rounds=1)
        await start_playing(arena, alice, bob)
        await eve.hello(deltas=True)
        await zoe.hello()
        for watcher in (eve, zoe):
            await watcher.send({"type": "join", "room": code})
            await watcher.view_where(lambda v: v["you"] is None)
        await bob.guess("crane")
        await alice.guess("slate")
        for watcher in (eve, zoe):
            await watcher.view_where(lambda v: all(len(s.get("rows", [])) == 1 for s in v["seats"][:2]))
        assert any(m["type"] == "delta" for m in eve.received)
        assert not any(m["type"] == "delta" for m in zoe.received)
        assert eve.view == zoe.view and eve.view is not None and eve.view["you"] is None
        async with arena.client() as late:  # joins after the others' last delta: a whole view first
            await late.hello(deltas=True)
            await late.send({"type": "join", "room": code})
            await late.view_where(lambda v: v["you"] is None)
            await bob.guess("pious")
            for watcher in (eve, zoe, late):
                await watcher.view_where(lambda v: len(v["seats"][1].get("rows", [])) == 2)
            assert late.received[1]["type"] == "room" and any(m["type"] == "delta" for m in late.received)
            assert eve.view == zoe.view == late.view
        held = dict(eve.view, version=eve.view["version"] - 1)  # as if a frame had been lost
        eve.view = eve.latest["room"] = held
        await alice.guess("pious")
        healed = await eve.view_where(lambda v: v["version"] > held["version"] + 1)
        await zoe.view_where(lambda v: v["version"] == healed["version"])
        assert [m["type"] for m in eve.received][-2:] == ["delta", "room"]  # asked again, and got it
        assert healed == zoe.view
        check_frames([alice, bob, eve, zoe])
