"""The numbers of the Tournament, as Part C states them (docs/spec.md)."""

from __future__ import annotations

from wordarena.core.tournament import rules


def test_the_numbers_of_part_c() -> None:
    assert (rules.PLAYERS, rules.LIVES, rules.TURNS_EACH, rules.ROWS) == (8, 3, 6, 12)
    assert (rules.TURN_MS, rules.INTRO_MS, rules.AWAY_LIMIT_MS) == (30_000, 6_000, 60_000)
    assert rules.LENGTHS == (4, 5, 6) and len(rules.LANGUAGES) == 13
    assert rules.STARTING_RATING == 1000
    assert 0 < rules.ROUND_END_MS < rules.INTRO_MS  # (decided) the end stays on screen, briefly
