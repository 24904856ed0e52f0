"""Tournament rating change (C6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordarena.core.rating import expected_score, rating_changes

EIGHT = [f"p{i}" for i in range(1, 9)]


def test_the_table_for_eight_equal_ratings() -> None:
    changes = rating_changes(dict.fromkeys(EIGHT, 1000), {p: i for i, p in enumerate(EIGHT, 1)})
    assert [changes[p] for p in EIGHT] == [25, 18, 11, 4, -4, -11, -18, -25]


def test_shared_places_count_as_draws() -> None:
    places = {"p1": 1, "p2": 2, "p3": 3, "p4": 3, "p5": 5, "p6": 5, "p7": 5, "p8": 5}
    changes = rating_changes(dict.fromkeys(EIGHT, 1000), places)
    # p3/p4: 2 losses, 1 draw, 4 wins -> 50/7 * (4.5 - 3.5) = 7.14 -> 7
    assert changes["p3"] == changes["p4"] == 7
    # p5..p8: 4 losses, 3 draws -> 50/7 * (1.5 - 3.5) = -14.3 -> -14
    assert {changes[p] for p in ("p5", "p6", "p7", "p8")} == {-14}
    assert changes["p1"] == 25


def test_everybody_sharing_one_place_changes_nothing_at_equal_ratings() -> None:
    assert set(rating_changes(dict.fromkeys(EIGHT, 1000), dict.fromkeys(EIGHT, 1)).values()) == {0}


def test_beating_stronger_players_earns_more() -> None:
    ratings = dict(zip(EIGHT, [1400, 1000, 1000, 1000, 1000, 1000, 1000, 600]))
    weak_wins = rating_changes(ratings, {**{p: i for i, p in enumerate(EIGHT, 1)}, "p8": 1, "p1": 8})
    normal = rating_changes(ratings, {p: i for i, p in enumerate(EIGHT, 1)})
    assert weak_wins["p8"] > 40  # the weakest player winning everything
    assert weak_wins["p1"] < -40  # the strongest finishing last
    assert normal["p1"] < 25 < weak_wins["p8"]


def test_unequal_ratings_known_values() -> None:
    # Two players: K/(N-1) = 50; E(1200 vs 1000) = 0.7597
    assert rating_changes({"a": 1200, "b": 1000}, {"a": 1, "b": 2}) == {"a": 12, "b": -12}
    assert rating_changes({"a": 1200, "b": 1000}, {"a": 2, "b": 1}) == {"a": -38, "b": 38}
    assert rating_changes({"a": 1200, "b": 1000}, {"a": 1, "b": 1}) == {"a": -13, "b": 13}
    assert expected_score(1000, 1000) == pytest.approx(0.5)


@given(
    st.lists(st.integers(600, 2400), min_size=8, max_size=8),
    st.lists(st.integers(1, 8), min_size=8, max_size=8),
)
def test_changes_add_up_to_about_zero(ratings: list[int], places: list[int]) -> None:
    changes = rating_changes(dict(zip(EIGHT, ratings)), dict(zip(EIGHT, places)))
    assert abs(sum(changes.values())) <= 4  # only rounding
    assert all(abs(c) <= 50 for c in changes.values())


def test_mismatched_players_are_refused() -> None:
    with pytest.raises(ValueError):
        rating_changes({"a": 1000}, {"b": 1})
