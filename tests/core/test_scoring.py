"""Duel de Mots points and winners (B4, B5)."""

from __future__ import annotations

import pytest

from wordarena.core.scoring import round_points, winners


@pytest.mark.parametrize(("guesses", "base"), [(1, 60), (2, 50), (3, 40), (4, 30), (5, 20), (6, 10)])
def test_base_points_are_70_minus_10n(guesses: int, base: int) -> None:
    assert round_points(guesses, 4) == base


@pytest.mark.parametrize(("rank", "bonus"), [(1, 15), (2, 10), (3, 5), (4, 0), (6, 0)])
def test_order_bonus(rank: int, bonus: int) -> None:
    assert round_points(6, rank) == 10 + bonus


def test_examples_of_the_rules() -> None:
    assert round_points(1, 1) == 75  # the maximum
    assert round_points(3, 2) == 50
    assert round_points(5, 1) == 35


def test_unsolved_scores_nothing() -> None:
    assert round_points(None, None) == 0


@pytest.mark.parametrize(("guesses", "rank"), [(0, 1), (7, 1), (3, 0)])
def test_impossible_inputs_are_refused(guesses: int, rank: int) -> None:
    with pytest.raises(ValueError):
        round_points(guesses, rank)


def test_single_winner_shared_victory_and_draw() -> None:
    assert winners({"a": 90, "b": 50, "c": 75}) == (["a"], False)
    assert winners({"a": 90, "b": 90, "c": 75}) == (["a", "b"], False)
    assert winners({"a": 40, "b": 40, "c": 40}) == ([], True)
    assert winners({"a": 0, "b": 0}) == ([], True)
