"""The tournament record: exactly the documented shape, from a fake-clock tournament."""

from __future__ import annotations

import json

from tests.core.tournament.conftest import PEOPLE, Table, fill, new_table
from wordarena.core.tournament.events import GuessSubmitted, PlayerLeft
from wordarena.core.tournament.record import tournament_record
from wordarena.core.tournament.state import Phase

DUEL_KEYS = {"players", "first", "length", "answer", "turns", "winner", "draw", "replay"}


def test_the_record_has_exactly_the_documented_shape(started: Table) -> None:
    d = started.duel_of("p0")
    started.wait(2_000)
    first = d.current or ""
    started.do(GuessSubmitted(first, started.wrong_word(d)))
    started.wait(30_000)  # the second player's turn runs out
    started.do(PlayerLeft("p7"))
    while started.state.phase is not Phase.FINISHED:
        started.resolve_round(lambda x: None)
    record = json.loads(json.dumps(tournament_record(started.state), ensure_ascii=False))
    assert set(record) == {"mode", "lang", "seed", "players", "rounds", "winners"}
    assert (record["mode"], record["lang"], record["seed"]) == ("tournament", "en", 7)
    assert [set(p) for p in record["players"]] == [
        {"id", "name", "bot", "rating_before", "rating_after", "place"}
    ] * 8
    assert [p["id"] for p in record["players"]] == PEOPLE
    for rnd in record["rounds"]:
        assert set(rnd) == {"number", "bye", "duels", "lives_after", "eliminated"}
        assert set(rnd["lives_after"]) == set(PEOPLE)
        for duel in rnd["duels"]:
            assert set(duel) == DUEL_KEYS and duel["first"] in duel["players"]
            assert len(duel["answer"]) == duel["length"]
            for turn in duel["turns"]:
                assert set(turn) == {"player", "word", "pattern", "at_ms"}
                assert (turn["word"] is None) == (turn["pattern"] is None)
                assert turn["pattern"] is None or set(turn["pattern"]) <= set("GY-")
    duel = next(x for x in record["rounds"][0]["duels"] if "p0" in x["players"])
    assert duel["turns"][0] == {
        "player": first,
        "word": duel["turns"][0]["word"],
        "pattern": duel["turns"][0]["pattern"],
        "at_ms": 2_000,
    }
    assert duel["turns"][1] == {"player": d.opponent(first), "word": None, "pattern": None, "at_ms": 32_000}
    assert "p7" in record["rounds"][0]["eliminated"] and record["rounds"][0]["lives_after"]["p7"] == 0
    assert record["winners"] == [p["id"] for p in record["players"] if p["place"] == 1]
    assert all(p["rating_after"] is not None for p in record["players"])


def test_a_running_tournament_records_only_ended_rounds() -> None:
    table = fill(new_table())
    assert tournament_record(table.state)["rounds"] == []
    assert [p["place"] for p in tournament_record(table.state)["players"]] == [None] * 8
