"""One seat per player, whatever the socket: a lobby is left for free, a game in progress holds."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from typing import Any

from tests.server.conftest import Arena, until
from tests.server.test_protocol import messages_in
from tests.server.test_rooms import start_playing, two_players
from tests.server.test_tournament import clients, last_tournament_view
from wordarena.client import Client
from wordarena.server.rooms.duel import DuelRoom


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
        assert arena.node.link.desk.matchmaker.parties == {}
        seat = await arena.node.seats.where(alice.player["id"])  # type: ignore[index]
        assert seat is not None and (seat.kind, seat.code) == ("duel", code)


async def test_a_lobby_is_left_for_free_when_the_player_goes_elsewhere(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        alice, bob = await clients(arena, stack, 2)
        first = await alice.create(lang="en")
        await bob.join(first)
        second = await alice.create(lang="en")  # from the lobby of the first room
        view = await bob.view_where(lambda v: len(v["seats"]) == 1)
        assert view["host"] == 0 and view["seats"][0]["name"] == bob.player["name"]  # type: ignore[index]
        assert (await arena.node.seats.where(alice.player["id"])).code == second  # type: ignore[index, union-attr]


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
        assert arena.node.link.desk.matchmaker.parties == {}


def seats_held(arena: Arena, player: str) -> list[str]:
    """The rooms (of this process) where the player holds a seat they could play in."""
    return [code for code, room in arena.node.registry.rooms.items() if room.game.seat_of(player) is not None]


async def test_two_tabs_taking_seats_at_the_same_instant_get_one(arena: Arena) -> None:
    """A create still storing its new room while the other tab joins a room: one seat, not two."""
    async with AsyncExitStack() as stack:
        alice, bob = await clients(arena, stack, 2)
        other = await bob.create(lang="en")
        tab = await same_player(arena, stack, alice)
        node, gate, creating = arena.node, asyncio.Event(), asyncio.Event()
        original = node.registry.create_room

        async def held(*args: Any, **kwargs: Any) -> DuelRoom:
            creating.set()
            await gate.wait()
            return await original(*args, **kwargs)

        node.registry.create_room = held  # type: ignore[method-assign]
        await alice.send({"type": "create", "lang": "en"})
        await creating.wait()
        received = messages_in(arena)
        await tab.send({"type": "join", "room": other})
        await until(lambda: messages_in(arena) > received)  # the server has the join (and acted on it)
        gate.set()
        created = (await alice.expect("created"))["room"]
        await tab.view_where(lambda v: v["code"] == other)
        await arena.settle()
        player = alice.player["id"]  # type: ignore[index]
        seat = await node.seats.where(player)
        assert seats_held(arena, player) == [other] and seat is not None and seat.code == other
        assert created not in arena.node.registry.rooms  # left at once, alone in its lobby: closed


def hold_ratings(arena: Arena) -> tuple[asyncio.Event, asyncio.Event]:
    """The desk's next rating reads wait for ``gate``; ``reading`` is set once one started."""
    desk, gate, reading = arena.node.link.desk, asyncio.Event(), asyncio.Event()
    assert desk is not None
    original = desk.rating

    async def held(player: str) -> int:
        reading.set()
        await gate.wait()
        return await original(player)

    desk.rating = held  # type: ignore[method-assign]
    return gate, reading


async def test_a_queue_decided_after_another_tab_sat_down_keeps_one_seat(arena: Arena) -> None:
    async with AsyncExitStack() as stack:
        [alice] = await clients(arena, stack, 1)
        tab = await same_player(arena, stack, alice)
        gate, reading = hold_ratings(arena)
        await alice.send({"type": "queue", "lang": "fr"})
        await reading.wait()  # the desk is reading alice's rating: she is not queued yet
        code = await tab.create(lang="fr")  # meanwhile, the other tab sits down in a new lobby
        gate.set()
        await alice.latest_where("queue", lambda m: m["queued"])
        await arena.settle()
        player = alice.player["id"]  # type: ignore[index]
        seat = await arena.node.seats.where(player)
        assert seat is not None and seat.kind == "queue" and seats_held(arena, player) == []
        assert code not in arena.node.registry.rooms  # left for free (alone in its lobby: closed)


async def test_a_code_of_the_other_game_is_unknown_and_moves_nobody(arena: Arena) -> None:
    """Found by the fuzz: tournament_join with a Duel de Mots code left the lobby, then sat down again in it
    as a tournament seat (the registry said tournament, the tab sent tournament events to a duel room)."""
    async with AsyncExitStack() as stack:
        alice, bob, carol = await clients(arena, stack, 3)
        code = await two_players(arena, alice, bob)
        await alice.send({"type": "tournament_join", "tournament": code})
        assert (await alice.expect("error"))["code"] == "unknown_tournament"
        await carol.send({"type": "queue", "lang": "en", "practice": True})
        await carol.expect("queue")
        await arena.settle(10_000)
        tournament = (await last_tournament_view(carol, lambda v: v["phase"] == "intro"))["code"]
        await carol.send({"type": "join", "room": tournament})
        assert (await carol.expect("error"))["code"] == "unknown_room"
        await arena.settle()
        view = await bob.view_where(lambda v: True)
        assert [s["name"] for s in view["seats"]] == [alice.player["name"], bob.player["name"]]  # type: ignore[index]
        assert arena.node.registry.rooms[code].members.keys() == {alice.player["id"], bob.player["id"]}  # type: ignore[index]
        seat = await arena.node.seats.where(alice.player["id"])  # type: ignore[index]
        assert seat is not None and (seat.kind, seat.code) == ("duel", code)
        seat = await arena.node.seats.where(carol.player["id"])  # type: ignore[index]
        assert seat is not None and (seat.kind, seat.code) == ("tournament", tournament)


async def test_a_create_that_finds_its_player_queued_meanwhile_leaves_the_queue(arena: Arena) -> None:
    """Found by the fuzz: the desk queued the player (other tab) while the create stored its room; the
    create then sat them down as well: queued and seated at once."""
    async with AsyncExitStack() as stack:
        [alice] = await clients(arena, stack, 1)
        tab = await same_player(arena, stack, alice)
        node, gate, creating = arena.node, asyncio.Event(), asyncio.Event()
        original = node.registry.create_room

        async def held(*args: Any, **kwargs: Any) -> DuelRoom:
            creating.set()
            await gate.wait()
            return await original(*args, **kwargs)

        ratings, reading = hold_ratings(arena)
        await tab.send({"type": "queue", "lang": "en"})  # admitted: the desk reads her rating
        await reading.wait()
        node.registry.create_room = held  # type: ignore[method-assign]
        await alice.send({"type": "create", "lang": "en"})  # admitted too: nobody holds a seat yet
        await creating.wait()
        ratings.set()
        await tab.latest_where("queue", lambda m: m["queued"])  # queued while the room is being made
        gate.set()
        code = (await alice.expect("created"))["room"]
        await alice.view_where(lambda v: v["code"] == code)
        await tab.latest_where("queue", lambda m: not m["queued"])  # told: out of the queue
        await arena.settle()
        player = alice.player["id"]  # type: ignore[index]
        seat = await node.seats.where(player)
        assert seats_held(arena, player) == [code] and seat is not None and seat.code == code
        assert node.link.desk is not None and node.link.desk.matchmaker.parties == {}


async def test_a_stale_report_of_a_room_never_erases_a_seat_taken_since(arena: Arena) -> None:
    """Found by the fuzz: a tab's quick left the lobby, the other tab joined it again at once; the lobby,
    done storing the leave, reported "no seat here" after the join had taken the seat again; the quick
    room then seated the player too: two seats."""
    async with AsyncExitStack() as stack:
        alice, bob = await clients(arena, stack, 2)
        code = await alice.create(lang="en")
        await bob.join(code)
        tab = await same_player(arena, stack, bob)
        room, journal, gate = arena.node.registry.rooms[code], arena.node.journal, asyncio.Event()
        original = journal.write

        def held(writes: Any) -> asyncio.Future[None]:
            async def later() -> None:
                await gate.wait()
                await original(writes)

            return asyncio.ensure_future(later())

        journal.write = held  # type: ignore[method-assign]
        await tab.send({"type": "quick", "lang": "en"})  # leaves the lobby (free), then the desk's quick room
        await until(lambda: room.seated(bob.player["id"]) is False)  # type: ignore[index]  # the leave is in
        await bob.send({"type": "join", "room": code})  # ...and back in the lobby, before the leave is stored
        await until(lambda: room.inbox.qsize() == 1)
        journal.write = original  # type: ignore[method-assign]
        gate.set()
        await arena.settle()
        await arena.settle()
        player = bob.player["id"]  # type: ignore[index]
        seat = await arena.node.seats.where(player)
        assert seat is not None and seats_held(arena, player) == [seat.code]
