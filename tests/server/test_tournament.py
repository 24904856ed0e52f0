"""Tournaments over real WebSockets (Part C): queue, 200-point window, groups, duels, ratings."""

from __future__ import annotations

from contextlib import AsyncExitStack
from typing import Any

from tests.server.conftest import Arena, until
from wordarena.client import Client
from wordarena.core import lexicon
from wordarena.core.tournament.rules import ROUND_END_MS
from wordarena.server.rooms.tournament import TournamentRoom


async def clients(arena: Arena, stack: AsyncExitStack, count: int) -> list[Client]:
    out = []
    for _ in range(count):
        client = await stack.enter_async_context(arena.client())
        await client.hello()
        out.append(client)
    return out


def tournament_of(arena: Arena, client: Client) -> TournamentRoom:
    rooms = [r for r in arena.node.registry.rooms.values() if isinstance(r, TournamentRoom)]
    [room] = [r for r in rooms if r.seated(client.player["id"])]  # type: ignore[index]
    return room


def set_rating(arena: Arena, client: Client, rating: int) -> None:
    from sqlalchemy import update

    from wordarena.store.schema import PlayerRow

    with arena.node.db.transaction() as session:
        session.execute(update(PlayerRow).where(PlayerRow.id == client.player["id"]).values(rating=rating))  # type: ignore[index]


async def last_tournament_view(client: Client, predicate: Any = lambda v: True) -> dict[str, Any]:
    return await client.latest_where("tournament", predicate)


def answer_of(room: TournamentRoom, index: int) -> str:
    state = room.state
    assert state.round is not None
    duel = state.round.duels[index]
    return lexicon.word_list(state.options.lang, duel.length).spelling(duel.answer)


async def play_round(arena: Arena, room: TournamentRoom, players: list[Client]) -> None:
    """Everyone whose turn it is finds the word at once: the first player of each duel wins it."""
    watcher = players[0]
    number = (await last_tournament_view(watcher, lambda v: v["phase"] == "intro"))["round"]["number"]
    arena.advance(6_000)  # the intro
    await last_tournament_view(watcher, lambda v: v["phase"] == "playing")
    state = room.state
    assert state.round is not None
    by_id = {c.player["id"]: c for c in players}  # type: ignore[index]
    for index, duel in enumerate(state.round.duels):
        mover = by_id.get(duel.current or "")
        if mover is not None and not duel.over:
            await mover.guess(answer_of(room, index))
    await last_tournament_view(watcher, lambda v: v["phase"] == "finished" or v["round"]["over"])
    arena.advance(ROUND_END_MS)  # the finished round stays on screen, then the next intro
    await last_tournament_view(
        watcher,
        lambda v: v["phase"] == "finished" or (v["phase"] == "intro" and v["round"]["number"] > number),
    )


async def test_eight_players_queue_and_play_a_rated_tournament(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        players = await clients(arena, stack, 8)
        for i, client in enumerate(players[:-1]):
            await client.send({"type": "queue", "lang": "en"})
            status = await client.expect("queue")
            assert status["lobby"]["size"] == i + 1 and status["rating"] == 1000
            assert client.player["name"] in [m["name"] for m in status["lobby"]["members"]]  # type: ignore[index]
        await players[-1].send({"type": "queue", "lang": "en"})  # the eighth: the tournament starts
        views = [await last_tournament_view(c, lambda v: v["phase"] == "intro") for c in players]
        assert {v["phase"] for v in views} == {"intro"}
        assert all(v["rated"] and len(v["players"]) == 8 for v in views)
        assert not any(p["bot"] for p in views[0]["players"])  # rated tournaments are people only
        room = tournament_of(arena, players[0])
        for _ in range(40):
            if room.state.phase.value == "finished":
                break
            await play_round(arena, room, players)
        final = await last_tournament_view(players[0], lambda v: v["phase"] == "finished")
        assert len(final["winners"]) >= 1
        places = arena.node.tournaments.places(room.code)
        assert len(places) == 8
        ratings = {player: after for player, _, _, after in places}
        for client in players:
            stored = arena.node.players.get(client.player["id"])  # type: ignore[index]
            assert stored is not None and stored.rating == ratings[client.player["id"]]  # type: ignore[index]
        assert sum(after - before for _, _, before, after in places) in range(-4, 5)
        assert arena.node.tournaments.record(room.code)["mode"] == "tournament"  # type: ignore[index]


async def test_a_player_outside_the_200_window_opens_another_lobby(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        low, mid, high = await clients(arena, stack, 3)
        set_rating(arena, high, 1250)
        set_rating(arena, mid, 1199)
        await low.send({"type": "queue", "lang": "de"})
        assert (await low.expect("queue"))["lobby"]["size"] == 1
        arena.clock.now += 1
        await high.send({"type": "queue", "lang": "de"})
        status = await high.expect("queue")
        assert status["lobby"]["size"] == 1 and status["waiting"] == 2  # |1250 − 1000| is not < 200
        arena.clock.now += 1
        await mid.send({"type": "queue", "lang": "de"})
        status = await mid.expect("queue")
        assert status["lobby"]["size"] == 2 and status["lobby"]["mean"] == 1224  # the closest mean
        assert (await low.latest_where("queue", lambda m: True))["lobby"]["size"] == 1  # never widened
        await low.send({"type": "unqueue"})
        await low.until(lambda m: m.get("type") == "queue" and m["queued"] is False)
        await low.send({"type": "unqueue"})
        not_queued = await low.expect("error")
        assert (not_queued["code"], not_queued["game"]) == ("not_queued", "tournament")
        await low.send({"type": "queue", "lang": "xx"})
        assert (await low.expect("error"))["code"] == "bad_message"


async def test_one_person_practises_against_bots_without_rating_change(arena: Arena) -> None:
    async with arena.client() as alice:
        await alice.hello()
        await alice.send({"type": "queue", "lang": "fr", "practice": True})
        await alice.expect("queue")
        arena.advance(10_000)
        await arena.node.link.desk.tick()
        view = await last_tournament_view(alice, lambda v: v["phase"] == "intro")
        assert not view["rated"] and sum(p["bot"] for p in view["players"]) == 7
        room = tournament_of(arena, alice)
        for _ in range(1_000):  # alice never plays: her turns time out and pass
            if room.state.phase.value == "finished":
                break
            await arena.settle(5_000)
        assert room.state.phase.value == "finished"
        places = arena.node.tournaments.places(room.code)
        assert [(before, after) for _, _, before, after in places] == [(1000, 1000)]
        assert arena.node.players.get(alice.player["id"]).rating == 1000  # type: ignore[index, union-attr]


async def test_a_group_launches_together_and_comes_back(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        organiser, friend, other = await clients(arena, stack, 3)
        await organiser.send({"type": "group_create"})
        group = await organiser.expect("group")
        assert group["can_launch"] and group["organiser"] == organiser.player["id"]  # type: ignore[index]
        await friend.send({"type": "group_join", "group": group["code"]})
        joined = await friend.expect("group")
        assert len(joined["members"]) == 2 and not joined["can_launch"]
        await other.send({"type": "group_join", "group": "nope"})
        assert (await other.expect("error"))["code"] == "unknown_group"
        await friend.send({"type": "group_launch", "lang": "es"})
        assert (await friend.expect("error"))["code"] == "not_organiser"
        await organiser.send({"type": "group_launch", "lang": "es", "practice": True})
        queued = await friend.latest_where("queue", lambda m: m["queued"])
        assert queued["lobby"]["size"] == 2  # the whole group in one lobby
        await arena.settle(10_000)
        first = await last_tournament_view(organiser, lambda v: v["phase"] == "intro")
        second = await last_tournament_view(friend, lambda v: v["phase"] == "intro")
        assert first["code"] == second["code"]
        busy = await organiser.latest_where("group", lambda m: not m["can_launch"])
        assert all(m["busy"] for m in busy["members"])
        room = tournament_of(arena, organiser)
        for _ in range(1_000):
            if room.state.phase.value == "finished":
                break
            await arena.settle(5_000)
        back = await organiser.latest_where("group", lambda m: m["can_launch"])
        assert not any(m["busy"] for m in back["members"])


async def test_leaving_after_the_start_is_a_defeat_and_elimination(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        players = await clients(arena, stack, 8)
        for client in players:
            await client.send({"type": "queue", "lang": "en"})
        await last_tournament_view(players[0])
        room = tournament_of(arena, players[0])
        arena.advance(6_000)
        leaver = players[3]
        await leaver.send({"type": "leave"})
        view = await last_tournament_view(players[0], lambda v: any(p["left"] for p in v["players"]))
        gone = next(p for p in view["players"] if p["left"])
        assert gone["id"] == leaver.player["id"] and not gone["in_play"]  # type: ignore[index]
        entrant = room.state.entrant(leaver.player["id"])  # type: ignore[index]
        assert (
            entrant is not None and entrant.walked_out and entrant.place is None
        )  # placed at the round's end
        state = room.state
        assert state.round is not None
        by_id = {c.player["id"]: c for c in players}  # type: ignore[index]
        for index, duel in enumerate(state.round.duels):
            if not duel.over:
                await by_id[duel.current or ""].guess(answer_of(room, index))
        await last_tournament_view(players[0], lambda v: v["round"]["over"])  # places settled at its end
        assert entrant.place == 8
        [(player, place, before, after)] = arena.node.tournaments.places(room.code)
        assert (player, place) == (leaver.player["id"], 8) and after < before  # type: ignore[index]


async def test_away_for_60_s_counts_as_leaving(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        players = await clients(arena, stack, 8)
        for client in players:
            await client.send({"type": "queue", "lang": "en"})
        await last_tournament_view(players[0])
        room = tournament_of(arena, players[0])
        dropped = players[5]
        dropped_id = dropped.player["id"]  # type: ignore[index]
        await dropped.close()
        await last_tournament_view(players[0], lambda v: any(p["away"] for p in v["players"]))
        await arena.settle(59_000)  # processed before looking
        entrant = room.state.entrant(dropped_id)
        assert entrant is not None and not entrant.left
        await arena.settle(1_000)
        await last_tournament_view(players[0], lambda v: any(p["left"] for p in v["players"]))
        assert entrant.left


async def test_the_new_rating_reaches_the_players_tabs_once_stored(arena: Arena) -> None:
    """Before, the home page said 1000 after a tournament while the store said 982."""
    async with AsyncExitStack() as stack:
        players = await clients(arena, stack, 8)
        for client in players:
            await client.send({"type": "queue", "lang": "en"})
        await last_tournament_view(players[0])
        room = tournament_of(arena, players[0])
        arena.advance(6_000)
        leaver = players[3]
        await leaver.send({"type": "leave"})
        state = room.state
        assert state.round is not None
        by_id = {c.player["id"]: c for c in players}  # type: ignore[index]
        for index, duel in enumerate(state.round.duels):
            if not duel.over:
                await by_id[duel.current or ""].guess(answer_of(room, index))
        welcome = await leaver.latest_where("welcome", lambda m: m["player"]["rating"] != 1000)
        await until(lambda: arena.node.players.get(leaver.player["id"]).rating < 1000)  # type: ignore[index, union-attr]
        stored = arena.node.players.get(leaver.player["id"])  # type: ignore[index]
        assert stored is not None and welcome["player"]["rating"] == stored.rating < 1000
        assert welcome["token"] is None


async def test_leaving_once_eliminated_does_not_show_as_walking_out(arena: Arena) -> None:
    """Before, a player eliminated normally who then pressed Leave was shown as "left"."""
    async with AsyncExitStack() as stack:
        players = await clients(arena, stack, 8)
        for client in players:
            await client.send({"type": "queue", "lang": "en"})
        await last_tournament_view(players[0])
        room = tournament_of(arena, players[0])
        out = None
        while out is None and room.state.phase.value != "finished":
            await play_round(arena, room, players)
            out = next((e for e in room.state.entrants if e.place is not None and not e.walked_out), None)
        assert out is not None
        by_id = {c.player["id"]: c for c in players}  # type: ignore[index]
        await by_id[out.player].send({"type": "leave"})
        await arena.settle()
        view = await last_tournament_view(players[0] if players[0].player["id"] != out.player else players[1])  # type: ignore[index]
        shown = next(p for p in view["players"] if p["id"] == out.player)
        assert not shown["left"] and shown["place"] == out.place


async def test_a_seat_held_elsewhere_can_be_left_from_any_tab(arena: Arena) -> None:
    """ "Leave it and join": a tab refused with already_playing leaves that game without going to it."""
    async with arena.client() as alice, arena.client() as bob, arena.client() as tab:
        await alice.hello()
        await bob.hello()
        code = await alice.create(lang="en")
        await bob.join(code)
        await alice.send({"type": "start"})
        await alice.latest_where("room", lambda v: v["phase"] in ("card", "playing"))
        await tab.hello(token=alice.token)
        async with arena.client() as carol:
            await carol.hello()
            other = await carol.create(lang="en")
            await tab.send({"type": "join", "room": other})
            refused = await tab.expect("error")
            assert refused["code"] == "already_playing" and refused["current"]["code"] == code
            await tab.send({"type": "leave", "code": code})
            await until(lambda: arena.node.registry.rooms[code].game.state.seats[0].gone)
            view = await tab.join(other)
            assert view["code"] == other
