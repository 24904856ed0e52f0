"""A game as plain data (what the store keeps): every round, every guess, totals that add up."""

from __future__ import annotations

import json

from tests.core.duel.conftest import Table
from wordarena.core.duel.events import GuessSubmitted
from wordarena.core.duel.record import game_record
from wordarena.core.duel.state import Phase


def test_a_finished_game_as_plain_data(started: Table) -> None:
    started.do(GuessSubmitted("alice", started.wrong_words(1)[0]))
    started.do(GuessSubmitted("alice", started.answer_word()))
    while started.state.phase is not Phase.FINISHED:
        started.wait(10_000)
    record = json.loads(json.dumps(game_record(started.state)))
    assert record["mode"] == "duel" and record["lang"] == "en" and len(record["rounds"]) == 3
    first = record["rounds"][0]["seats"][0]
    assert [g["pattern"] for g in first["guesses"]][-1] == "GGGGG" and first["points"] == 65
    assert record["totals"] == [sum(r["seats"][i]["points"] for r in record["rounds"]) for i in range(2)]
