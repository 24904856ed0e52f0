"""The numbers of Duel de Mots, as Part B states them (docs/spec.md)."""

from __future__ import annotations

from wordarena.core.duel import rules


def test_the_numbers_of_part_b() -> None:
    assert (rules.MIN_SEATS, rules.MAX_SEATS, rules.ROWS, rules.WORD_LENGTH) == (2, 6, 6, 5)
    assert rules.CLOCK_CHOICES_S == (60, 90, 120) and rules.DEFAULT_CLOCK_S == 90
    assert rules.ROUND_CHOICES == (1, 3, 5) and rules.DEFAULT_ROUNDS == 3
    assert (rules.ROUND_CARD_MS, rules.CLOSING_MS, rules.REVEAL_MS) == (2_600, 20_000, 6_500)
    assert rules.AWAY_LIMIT_MS == 60_000
    assert (rules.QUICK_WAIT_MS, rules.QUICK_MIN_SEATS, rules.QUICK_FIRST_GAME_ROUNDS) == (15_000, 4, 1)


def test_the_default_word_language_is_the_interface_language_when_it_is_one() -> None:
    assert rules.default_language("ko") == "ko"
    assert rules.default_language("de") == "en"  # not a word language of Duel de Mots
    assert rules.default_language(None) == "en"
