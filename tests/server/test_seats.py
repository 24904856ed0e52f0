"""One seat per player, whatever the socket: a lobby is left for free, a game in progress holds."""

from __future__ import annotations

from contextlib import AsyncExitStack

from tests.server.conftest import Arena
from tests.server.test_rooms import start_playing, two_players
from tests.server.test_tournament import clients, last_tournament_view
from wordarena.client import Client


async def same_player(arena: Arena, stack: AsyncExitStack, first: Client) -> Client:
    """A second socket of the same identity (another tab)."""
    second = await stack.enter_async_context(arena.client())
    await second.hello(token=first.token)
    return second


async def test_a_queued_player_who_creates_a_room_leaves_the_queue(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        [alice] = await clients(arena, stack, 1)
        await alice.send({"type": "queue", "lang": "fr"})
        await alice.latest_where("queue", lambda m: m["queued"])
        code = await alice.create(lang="fr")
        await alice.latest_where("queue", lambda m: not m["queued"])  # told: out of the queue
        assert arena.service.desk.matchmaker.parties == {}
        seat = await arena.service.seats.where(alice.player["id"])  # type: ignore[index]
        assert seat is not None and (seat.kind, seat.code) == ("duel", code)


async def test_a_lobby_is_left_for_free_when_the_player_goes_elsewhere(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        alice, bob = await clients(arena, stack, 2)
        first = await alice.create(lang="en")
        await bob.join(first)
        second = await alice.create(lang="en")  # from the lobby of the first room
        view = await bob.view_where(lambda v: len(v["seats"]) == 1)
        assert view["host"] == 0 and view["seats"][0]["name"] == bob.player["name"]  # type: ignore[index]
        assert (await arena.service.seats.where(alice.player["id"])).code == second  # type: ignore[index, union-attr]


async def test_a_second_socket_cannot_take_a_second_seat_during_a_game(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        alice, bob, carol = await clients(arena, stack, 3)
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        tab = await same_player(arena, stack, alice)
        assert tab.latest["welcome"]["current"] == {"kind": "duel", "code": code, "stage": "playing"}
        other = await carol.create(lang="en")
        for attempt in (
            {"type": "create"},
            {"type": "join", "room": other},
            {"type": "quick", "lang": "en"},
            {"type": "queue", "lang": "en"},
        ):
            await tab.send(attempt)
            refused = await tab.expect("error")
            assert refused["code"] == "already_playing" and refused["current"]["code"] == code
        view = await carol.view_where(lambda v: v["code"] == other)
        assert len(view["seats"]) == 1  # no ghost seat
        await tab.join(code)  # the same game in this tab: the first tab is told
        assert (await alice.expect("error"))["code"] == "replaced"


async def test_one_identity_never_sits_in_two_rated_tournaments(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        players = await clients(arena, stack, 8)
        for client in players:
            await client.send({"type": "queue", "lang": "en"})
        view = await last_tournament_view(players[0], lambda v: v["phase"] == "intro")
        tab = await same_player(arena, stack, players[0])
        assert tab.latest["welcome"]["current"]["kind"] == "tournament"
        await tab.send({"type": "queue", "lang": "de"})
        refused = await tab.expect("error")
        assert refused["code"] == "already_playing" and refused["current"]["code"] == view["code"]
        assert arena.service.desk.matchmaker.parties == {}
