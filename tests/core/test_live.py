"""The Live page's list (D5): only public games in play, busiest and highest-rated first."""

from __future__ import annotations

from dataclasses import replace

from tests.core.duel.conftest import Table
from tests.core.duel.conftest import new_table as new_room
from tests.core.tournament.conftest import fill
from tests.core.tournament.conftest import new_table as new_tournament
from wordarena.core.duel.events import PlayerJoined, StartRequested, WatchersSet
from wordarena.core.live import LISTED, LiveGame, duel_listing, ordered, tournament_listing


def playing_room(quick: bool) -> Table:
    table = new_room(quick=quick)
    table.do(PlayerJoined("alice", "Alice"))
    table.do(PlayerJoined("bob", "Bob"))
    if not quick:
        table.do(StartRequested("alice"))
        table.to_clock()
    else:
        table.wait(20_000)  # a quick room starts by itself, and is in play once it has
    return table


def test_a_quick_game_in_play_is_listed_with_its_watch_link() -> None:
    table = playing_room(quick=True)
    game = duel_listing(table.state, watchers=3)
    assert game is not None
    assert (game.kind, game.path, game.watchers, game.round) == ("duel", f"/r/{table.state.code}", 3, 1)
    assert game.people == 2 and len(game.players) >= 4  # bots filled it up to four seats


def test_a_private_room_a_lobby_and_a_room_closed_to_watchers_are_not() -> None:
    assert duel_listing(playing_room(quick=False).state, 0) is None  # its link is the host's to share
    lobby = new_room(quick=True)
    lobby.do(PlayerJoined("alice", "Alice"))
    assert duel_listing(lobby.state, 0) is None
    closed = playing_room(quick=True)
    closed.do(WatchersSet(closed.state.host or "", open=False))
    assert duel_listing(closed.state, 0) is None


def test_a_rated_tournament_is_listed_with_its_mean_rating_a_practice_one_is_not() -> None:
    rated = fill(new_tournament(), ratings=[1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700])
    game = tournament_listing(rated.state, watchers=0)
    assert game is not None and (game.kind, game.rating, game.people) == ("tournament", 1350, 8)
    assert game.path == f"/t/{rated.state.code}"
    assert tournament_listing(new_tournament().state, 0) is None  # still a lobby
    practice = fill(new_tournament(rated=False))
    assert tournament_listing(practice.state, 0) is None


def test_busiest_first_then_highest_rated_then_by_code() -> None:
    base = LiveGame("duel", "c", "en", ("A", "B"), 2, 0, None, 1, 3)
    games = [
        replace(base, code="quiet"),
        replace(base, code="watched", watchers=5),
        replace(base, kind="tournament", code="strong", people=7, rating=1500, rounds=None),
        replace(base, kind="tournament", code="weaker", people=7, rating=1200, rounds=None),
        replace(base, code="also-quiet"),
    ]
    assert [g.code for g in ordered(games)] == ["strong", "weaker", "watched", "also-quiet", "quiet"]
    assert len(ordered([replace(base, code=str(i)) for i in range(LISTED + 5)])) == LISTED
