"""Tournament rating change (C6): Elo with K = 50 split over N−1."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

K: Final = 50
INITIAL_RATING: Final = 1000


def expected_score(own: float, other: float) -> float:
    """Elo expectation of ``own`` against ``other``."""
    return 1.0 / (1.0 + float(10.0 ** ((other - own) / 400.0)))


def _round_half_away(value: float) -> int:
    """Round to nearest, halves away from zero (so +3.5 → 4 and −3.5 → −4, symmetric)."""
    rounded = int(abs(value) + 0.5)
    return rounded if value >= 0 else -rounded


def rating_changes(ratings: Mapping[str, float], places: Mapping[str, int]) -> dict[str, int]:
    """Rating change of every player from their ratings at tournament start and places.

    Each pair is a game: the better place wins (S = 1), the same place is a draw
    (S = ½). Δᵢ = round(K/(N−1) · Σⱼ (Sᵢⱼ − Eᵢⱼ)). Lower place number is better.
    """
    if set(ratings) != set(places):
        raise ValueError("ratings and places must name the same players")
    players = list(ratings)
    if len(players) < 2:
        return {p: 0 for p in players}
    k_each = K / (len(players) - 1)
    changes = {}
    for me in players:
        total = 0.0
        for other in players:
            if other == me:
                continue
            score = 1.0 if places[me] < places[other] else 0.5 if places[me] == places[other] else 0.0
            total += score - expected_score(ratings[me], ratings[other])
        changes[me] = _round_half_away(k_each * total)
    return changes
