"""Pairing (C3): random, avoiding last round's opponent when possible, no bye twice in a row."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordarena.core.tournament.pairing import Pairing, pair_round, perfect_matchings, repeats

EIGHT = [f"p{i}" for i in range(8)]


def _players_of(pairing: Pairing) -> list[str]:
    return [p for pair in pairing.pairs for p in pair] + ([pairing.bye] if pairing.bye else [])


@pytest.mark.parametrize(("n", "count"), [(2, 1), (4, 3), (6, 15), (8, 105)])
def test_every_perfect_matching_is_enumerated_once(n: int, count: int) -> None:
    matchings = [frozenset(frozenset(p) for p in m) for m in perfect_matchings(EIGHT[:n])]
    assert len(matchings) == len(set(matchings)) == count


def test_an_even_round_has_no_bye_and_an_odd_one_exactly_one() -> None:
    even = pair_round(EIGHT[:6], {}, None, random.Random(1))
    assert even.bye is None and len(even.pairs) == 3
    odd = pair_round(EIGHT[:7], {}, None, random.Random(1))
    assert odd.bye is not None and len(odd.pairs) == 3


def test_the_last_bye_never_gets_the_bye_again() -> None:
    for seed in range(200):
        assert pair_round(EIGHT[:3], {}, "p0", random.Random(seed)).bye != "p0"


def test_previous_opponents_are_avoided_when_possible() -> None:
    previous = {"p0": "p1", "p1": "p0", "p2": "p3", "p3": "p2"}
    for seed in range(100):
        pairing = pair_round(EIGHT[:4], previous, None, random.Random(seed))
        assert repeats(pairing.pairs, previous) == 0


def test_a_repeat_is_allowed_only_when_unavoidable() -> None:
    assert pair_round(["a", "b"], {"a": "b", "b": "a"}, None, random.Random(0)).pairs == (("a", "b"),)
    # a and b met, c had the bye: c must play, and giving a or b the bye avoids the repeat.
    pairing = pair_round(["a", "b", "c"], {"a": "b", "b": "a"}, "c", random.Random(0))
    assert pairing.bye in {"a", "b"} and repeats(pairing.pairs, {"a": "b", "b": "a"}) == 0


def test_pairing_is_random_over_every_best_choice() -> None:
    seen = Counter(pair_round(EIGHT[:4], {}, None, random.Random(seed)).pairs for seed in range(300))
    assert len(seen) == 3 and min(seen.values()) > 60
    byes = Counter(pair_round(EIGHT[:5], {}, None, random.Random(seed)).bye for seed in range(500))
    assert set(byes) == set(EIGHT[:5]) and min(byes.values()) > 60


def test_the_same_generator_gives_the_same_pairing() -> None:
    previous = {"p0": "p5", "p5": "p0"}
    first = pair_round(EIGHT[:7], previous, "p3", random.Random(42))
    assert pair_round(EIGHT[:7], previous, "p3", random.Random(42)) == first


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(ValueError):
        pair_round(["a"], {}, None, random.Random(0))
    with pytest.raises(ValueError):
        pair_round(["a", "a"], {}, None, random.Random(0))


@st.composite
def situations(draw: st.DrawFn) -> tuple[list[str], dict[str, str], str | None, int]:
    """Players still in play, last round's opponents among a superset of them, last bye."""
    everybody = EIGHT[: draw(st.integers(2, 8))]
    last_round = draw(st.permutations(EIGHT))
    previous: dict[str, str] = {}
    for a, b in zip(last_round[0::2], last_round[1::2]):
        if draw(st.booleans()):
            previous[a], previous[b] = b, a
    players = draw(st.permutations(everybody))
    last_bye = draw(st.sampled_from([None, *EIGHT]))
    if last_bye in previous:
        last_bye = None
    return list(players), previous, last_bye, draw(st.integers(0, 2**32))


def _fewest_repeats(players: list[str], previous: dict[str, str], last_bye: str | None) -> int:
    if len(players) % 2 == 0:
        return min(repeats(m, previous) for m in perfect_matchings(players))
    return min(
        repeats(m, previous)
        for bye in players
        if bye != last_bye
        for m in perfect_matchings([p for p in players if p != bye])
    )


@given(situations())
def test_pairing_properties(situation: tuple[list[str], dict[str, str], str | None, int]) -> None:
    players, previous, last_bye, seed = situation
    pairing = pair_round(players, previous, last_bye, random.Random(seed))
    assert sorted(_players_of(pairing)) == sorted(players)  # everyone exactly once
    assert (pairing.bye is not None) == (len(players) % 2 == 1)
    assert pairing.bye is None or pairing.bye != last_bye
    assert repeats(pairing.pairs, previous) == _fewest_repeats(players, previous, last_bye)
