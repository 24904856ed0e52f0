"""``simulate_tournament``: whole tournaments of 8 bots in virtual time, in the documented shape."""

from __future__ import annotations

import itertools

import pytest

from wordarena.core.rating import rating_changes
from wordarena.simulate import simulate_tournament


def test_a_simulated_tournament_follows_the_rules() -> None:
    ratings = [1300, 1200, 1100, 1000, 1000, 900, 800, 700]
    record = simulate_tournament("en", 11, ratings, 0.2)
    players = record["players"]
    assert [p["rating_before"] for p in players] == ratings
    places = {p["id"]: p["place"] for p in players}
    changes = rating_changes({p["id"]: p["rating_before"] for p in players}, places)
    assert all(p["rating_after"] == p["rating_before"] + changes[p["id"]] for p in players)
    assert record["winners"] == [p for p, place in places.items() if place == 1]
    met: dict[str, set[str]] = {p["id"]: set() for p in players}
    byes = []
    for rnd in record["rounds"]:
        byes.append(rnd["bye"])
        for duel in rnd["duels"]:
            assert duel["length"] in (4, 5, 6)
            for player in duel["players"]:
                assert duel["answer"] not in met[player]
                met[player].add(duel["answer"])
            times = [t["at_ms"] for t in duel["turns"]]
            assert times == sorted(times) and len(duel["turns"]) <= 12
            gaps = [b - a for a, b in zip([0, *times], times)]
            assert all(0 < gap <= 30_000 for gap in gaps)
            solved = [t for t in duel["turns"] if t["pattern"] == "G" * duel["length"]]
            assert duel["winner"] == (solved[0]["player"] if solved else None)
            assert duel["draw"] == (not solved)
    assert all(a is None or a != b for a, b in itertools.pairwise(byes))


def test_same_seed_same_tournament() -> None:
    """(Its speed is measured by bench.tournament_sim, against a same-run baseline.)"""
    first = simulate_tournament("de", 21, None, 0.1)
    assert simulate_tournament("de", 21, None, 0.1) == first
    assert simulate_tournament("de", 22, None, 0.1) != first


def test_bots_that_never_play_draw_every_duel_and_share_first_place() -> None:
    record = simulate_tournament("en", 3, None, 1.0)
    assert len(record["rounds"]) == 3
    assert all(d["draw"] and len(d["turns"]) == 12 for r in record["rounds"] for d in r["duels"])
    assert {p["place"] for p in record["players"]} == {1} and len(record["winners"]) == 8


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        simulate_tournament("ko", 1, None, 0.0)
    with pytest.raises(ValueError):
        simulate_tournament("en", 1, [1000] * 3, 0.0)
    with pytest.raises(ValueError):
        simulate_tournament("en", 1, None, -0.1)
