"""A replay stored without its analysis gets exactly the analysis its game would have had."""

from __future__ import annotations

from tests.core.test_replay import play_duel
from tests.core.tournament.conftest import fill
from tests.core.tournament.conftest import new_table as new_tournament
from wordarena.core.replay import duel_replay, tournament_duel_replays
from wordarena.core.replay_analysis import analysed_document
from wordarena.core.tournament.state import Phase


def test_a_duel_document_analysed_from_itself_is_the_analysed_replay() -> None:
    table = play_duel(rounds=3)
    bare = duel_replay(table.state, analyse=False)
    assert "summary" not in bare and all("analysis" not in g for r in bare["rounds"] for g in r["guesses"])
    assert analysed_document(bare) == duel_replay(table.state)
    assert "summary" not in bare  # the stored one is left as it was


def test_every_tournament_duel_document_analysed_from_itself_is_the_analysed_replay() -> None:
    table = fill(new_tournament())
    table.to_play()
    while table.state.phase is not Phase.FINISHED:
        table.resolve_round(lambda duel: duel.players[0])
    bare, analysed = tournament_duel_replays(table.state, analyse=False), tournament_duel_replays(table.state)
    assert len(bare) >= 7
    assert [analysed_document(d) for d in bare] == analysed
