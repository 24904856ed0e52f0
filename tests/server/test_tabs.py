"""One player, many tabs: the newest tab holds the seat, and when it closes another open tab takes it back."""

from __future__ import annotations

from contextlib import AsyncExitStack

from tests.server.conftest import Arena, until
from tests.server.test_rooms import room_of, start_playing, two_players
from tests.server.test_tournament import clients, last_tournament_view, tournament_of


async def test_when_the_seats_tab_closes_the_other_tab_takes_it_back(arena: Arena) -> None:
    """Before, the first tab stayed detached: the player was away, then out after 60 s."""
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        room = room_of(arena, code)
        async with arena.client() as second:
            await second.hello(token=alice.token)
            await second.join(code)
            assert (await alice.expect("error"))["code"] == "replaced"
        # The second tab closed: the first one holds the seat again, with a whole view, at once.
        back = await alice.view_where(lambda v: v["phase"] == "playing")
        assert back["you"] == 0
        assert room.game.state.seats[0].away_since is None
        await arena.settle(61_000)  # well past the 60 s after which an away player is out
        assert not room.game.state.seats[0].gone


async def test_a_tab_in_standby_that_closes_changes_nothing(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        room = room_of(arena, code)
        async with arena.client() as second:
            await second.hello(token=alice.token)
            await second.join(code)
            assert (await alice.expect("error"))["code"] == "replaced"
            holder = room.members[alice.player["id"]]  # type: ignore[index]
            await alice.close()  # the tab in standby goes: the seat stays with the second tab
            await arena.settle()
            assert room.game.state.seats[0].away_since is None
            assert room.members[alice.player["id"]] == holder  # type: ignore[index]
            assert alice.player["id"] not in room.tabs.standby  # type: ignore[index]
        await until(lambda: room.game.state.seats[0].away_since is not None)  # the last tab: away now


async def test_pressing_play_here_takes_the_seat_back_and_the_other_tab_waits(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        async with arena.client() as second:
            await second.hello(token=alice.token)
            await second.join(code)
            assert (await alice.expect("error"))["code"] == "replaced"
            await alice.join(code)  # "play in this tab"
            assert (await second.expect("error"))["code"] == "replaced"
            room = room_of(arena, code)
            assert len(room.tabs.standby[alice.player["id"]]) == 1  # type: ignore[index]


async def test_leaving_in_one_tab_leaves_the_others_too(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        async with arena.client() as second:
            await second.hello(token=alice.token)
            await second.join(code)
            await alice.expect("error")
            await second.send({"type": "leave"})
            told = await alice.expect("error")
            assert told["code"] == "replaced" and "left" in told["message"]
            assert alice.player["id"] not in room_of(arena, code).tabs.standby  # type: ignore[index]


async def test_a_tournament_player_with_two_tabs_is_never_counted_away(arena: Arena) -> None:
    """The reviewers' trap: a second tab pressed 'Back to your game', then closed; 60 s later, out."""
    async with AsyncExitStack() as stack:
        players = await clients(arena, stack, 8)
        for client in players:
            await client.send({"type": "queue", "lang": "en"})
        await last_tournament_view(players[0], lambda v: v["phase"] == "intro")
        room = tournament_of(arena, players[0])
        first = players[3]
        async with arena.client() as second:
            await second.hello(token=first.token)
            await second.send({"type": "tournament_join", "tournament": room.code})
            await second.expect("tournament")
            assert (await first.expect("error"))["code"] == "replaced"
        await last_tournament_view(first)  # the first tab holds the seat again
        entrant = room.state.entrant(first.player["id"])  # type: ignore[index]
        assert entrant is not None and entrant.away_since is None
        await arena.settle(61_000)
        assert not entrant.left
