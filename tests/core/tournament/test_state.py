"""The data of a tournament: a snapshot is plain JSON and restores the same tournament."""

from __future__ import annotations

import json

from tests.core.tournament.conftest import RandomMind, Table, fill, fixed_think, new_table
from wordarena.core.tournament.events import GuessSubmitted, PlayerDisconnected, PlayerJoined, StartRequested
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.state import Entrant, Phase, TournamentState


def _restore(table: Table) -> Table:
    data = json.loads(json.dumps(table.state.to_snapshot()))
    copy = Table(TournamentGame(TournamentState.from_snapshot(data), RandomMind, fixed_think))
    copy.now = table.now
    return copy


def _practice(seed: int) -> Table:
    table = new_table(rated=False, seed=seed, bot_afk=0.2)
    table.do(PlayerJoined("p0", "P0"))
    table.do(PlayerJoined("p1", "P1"))
    table.do(StartRequested())
    return table


def test_snapshot_is_plain_json_and_restores_the_same_tournament() -> None:
    table = _practice(4)
    table.to_play()
    table.wait(12_000)  # bots have played a few rows
    table.do(PlayerDisconnected("p1"))
    copy = _restore(table)
    assert copy.state == table.state
    assert copy.game.next_deadline() == table.game.next_deadline()
    for each in (table, copy):
        d = each.duel_of("p0")
        if d.current == "p0":
            each.do(GuessSubmitted("p0", each.wrong_word(d)))
        while each.state.phase is not Phase.FINISHED:
            each.wait(7_000)
    assert copy.state == table.state


def test_a_restored_rated_tournament_plays_on_identically() -> None:
    table = fill(new_table(seed=8))
    table.resolve_round(lambda d: d.players[0])
    copy = _restore(table)
    for each in (table, copy):
        while each.state.phase is not Phase.FINISHED:
            each.resolve_round(lambda d: d.players[1])
    assert copy.state == table.state


def test_an_entrant_is_in_play_until_out_of_lives_gone_or_placed() -> None:
    entrant = Entrant("p", "P", 1000)
    assert entrant.in_play and entrant.rating_after is None
    entrant.lives = 0
    assert not entrant.in_play
