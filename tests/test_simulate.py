"""``wordarena simulate``: whole bot games and tournaments in virtual time, in the documented shape."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest

from wordarena.core.rating import rating_changes
from wordarena.core.scoring import round_points
from wordarena.simulate import simulate_duel, simulate_tournament


def test_record_shape_and_rules() -> None:
    record = simulate_duel("en", 4, 3, 90, seed=5, levels=["easy", "medium", "hard"])
    assert set(record) == {"mode", "lang", "seed", "clock", "seats", "rounds", "totals", "winners", "draw"}
    assert (record["mode"], record["lang"], record["seed"], record["clock"]) == ("duel", "en", 5, 90)
    assert [set(s) for s in record["seats"]] == [{"seat", "name", "bot"}] * 4
    assert len(record["rounds"]) == 3
    assert len({r["answer"] for r in record["rounds"]}) == 3
    for rnd in record["rounds"]:
        assert rnd["ended_by"] in ("all_done", "clock", "closing")
        assert rnd["duration_ms"] <= 90_000
        if rnd["first_solve_ms"] is not None:
            assert rnd["duration_ms"] <= rnd["first_solve_ms"] + 20_000
        for seat in rnd["seats"]:
            times = [g["at_ms"] for g in seat["guesses"]]
            assert times == sorted(times) and all(0 <= t <= rnd["duration_ms"] for t in times)
            assert all(len(g["pattern"]) == 5 and set(g["pattern"]) <= set("GY-") for g in seat["guesses"])
            solved_in = len(seat["guesses"]) if seat["solved"] else None
            assert seat["points"] == round_points(solved_in, seat["solve_rank"])
    totals = [sum(r["seats"][i]["points"] for r in record["rounds"]) for i in range(4)]
    assert record["totals"] == totals
    assert record["winners"] == [i for i, t in enumerate(totals) if t == max(totals)] or record["draw"]


def test_same_seed_same_game() -> None:
    """(Its speed is measured by bench.tournament_sim, against a same-run baseline.)"""
    first = simulate_duel("ko", 6, 3, 60, seed=21, levels=["hard", "medium"])
    assert simulate_duel("ko", 6, 3, 60, seed=21, levels=["hard", "medium"]) == first
    assert simulate_duel("ko", 6, 3, 60, seed=22, levels=["hard", "medium"]) != first


def test_the_command_prints_one_json_object() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "wordarena", "simulate", "duel", "--lang", "tr", "--seats", "3",
         "--rounds", "1", "--clock", "60", "--seed", "4"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    record = json.loads(result.stdout)
    assert record["lang"] == "tr" and len(record["rounds"]) == 1
    bad = subprocess.run(
        [sys.executable, "-m", "wordarena", "simulate", "duel", "--lang", "de"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "Duel de Mots word languages" in bad.stderr


def test_simulate_tournament_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "wordarena", "simulate", "tournament", "--lang", "uk", "--seed", "8",
         "--ratings", "1000,1100,900,1000,1200,800,1000,1000", "--afk", "0.2"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    record = json.loads(result.stdout)
    assert set(record) == {"mode", "lang", "seed", "players", "rounds", "winners"}
    assert [p["rating_before"] for p in record["players"]] == [1000, 1100, 900, 1000, 1200, 800, 1000, 1000]
    passed = [t for r in record["rounds"] for d in r["duels"] for t in d["turns"] if t["word"] is None]
    assert passed and all(t["pattern"] is None for t in passed)  # --afk lets turns time out
    for args, message in (
        (["--lang", "ko"], "Tournament word languages"),
        (["--lang", "en", "--ratings", "1,2"], "8 ratings"),
        (["--lang", "en", "--afk", "2"], "probability"),
    ):
        bad = subprocess.run(
            [sys.executable, "-m", "wordarena", "simulate", "tournament", *args],
            capture_output=True,
            text=True,
        )
        assert bad.returncode == 2 and message in bad.stderr


# ---------------------------------------------------------------- tournaments


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
