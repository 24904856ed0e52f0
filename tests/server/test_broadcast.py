"""A broadcast encodes the shared parts once; every recipient still gets exactly their own view."""

from __future__ import annotations

from typing import Any

import msgspec

from tests.core.duel import conftest as duel_tables
from tests.core.tournament import conftest as tournament_tables
from wordarena.core.duel.events import GuessSubmitted, PlayerJoined, StartRequested
from wordarena.core.duel.view import view_for as duel_view_for
from wordarena.core.sharing import build_now
from wordarena.core.tournament.view import view_for as tournament_view_for
from wordarena.server import messages
from wordarena.server.broadcast import Broadcast


def same_for_everyone(view_for: Any, state: Any, players: list[str | None], now: int) -> None:
    """Spliced views (one Broadcast for every recipient) decode to the views built alone."""
    share = Broadcast()
    for player in players:
        spliced = msgspec.json.decode(messages.encode(view_for(state, player, now, share)))
        alone = msgspec.json.decode(messages.encode(view_for(state, player, now, build_now)))
        assert spliced == alone, player


def test_duel_views_spliced_equal_views_built_alone_in_every_phase() -> None:
    table = duel_tables.new_table()
    people: list[str | None] = ["alice", "bob", "carol", None]
    for player in ("alice", "bob", "carol"):
        table.do(PlayerJoined(player, player.title()))
    same_for_everyone(duel_view_for, table.state, people, table.now)  # lobby
    table.do(StartRequested("alice"))
    same_for_everyone(duel_view_for, table.state, people, table.now)  # round card
    table.to_clock()
    wrong = table.wrong_words(2)
    table.do(GuessSubmitted("alice", wrong[0]))
    table.do(GuessSubmitted("bob", wrong[1]))
    table.do(GuessSubmitted("bob", table.answer_word()))
    same_for_everyone(duel_view_for, table.state, people, table.now)  # playing, own letters differ
    table.wait(90_000)
    same_for_everyone(duel_view_for, table.state, people, table.now)  # reveal
    while table.state.phase.value != "finished":
        table.wait(10_000)
    same_for_everyone(duel_view_for, table.state, people, table.now)  # standings


def test_a_seat_with_letters_is_never_handed_to_another_recipient() -> None:
    table = duel_tables.new_table()
    for player in ("alice", "bob"):
        table.do(PlayerJoined(player, player.title()))
    table.do(StartRequested("alice"))
    table.to_clock()
    table.do(GuessSubmitted("alice", table.wrong_words(1)[0]))
    share = Broadcast()
    duel_view_for(table.state, "alice", table.now, share)  # alice's own seat, with letters, built first
    bob = msgspec.json.decode(messages.encode(duel_view_for(table.state, "bob", table.now, share)))
    assert all("letters" not in row for row in bob["seats"][0]["rows"])


def test_tournament_views_spliced_equal_views_built_alone_players_spectators_observers() -> None:
    table = tournament_tables.fill(tournament_tables.new_table())
    people: list[str | None] = [*tournament_tables.PEOPLE, None]
    same_for_everyone(tournament_view_for, table.state, people, table.now)  # intro
    table.to_play()
    first = table.state.round.duels[0]  # type: ignore[union-attr]
    table.pass_with_a_guess(first)
    same_for_everyone(tournament_view_for, table.state, people, table.now)  # playing
    while all(e.in_play for e in table.state.entrants):
        table.resolve_round(lambda d: d.players[0])
        table.to_next_round()
        table.to_play()
    for d in table.state.round.duels:  # type: ignore[union-attr]
        table.pass_with_a_guess(d)
    same_for_everyone(tournament_view_for, table.state, people, table.now)  # the out watch with letters
