"""The committed word lists (A2–A3): presence, minimums, consistency.

Every list a game draws from is there and large enough to play; every answer is also a guess
of the right length, and keeps its true spelling for the reveal.
"""

from __future__ import annotations

import pytest

from wordarena.core import hangul, lexicon
from wordarena.core.alphabets import DUEL_LANGUAGES, TOURNAMENT_LANGUAGES
from wordarena.core.letters import normalize

DUEL_LISTS = [(lang, 5) for lang in DUEL_LANGUAGES]
TOURNAMENT_LISTS = [(lang, n) for lang in TOURNAMENT_LANGUAGES for n in (4, 5, 6)]
ALL_LISTS = sorted(set(DUEL_LISTS) | set(TOURNAMENT_LISTS))


def test_every_required_list_is_shipped() -> None:
    assert set(ALL_LISTS) <= set(lexicon.available())


@pytest.mark.parametrize(("lang", "length"), ALL_LISTS)
def test_minimum_sizes(lang: str, length: int) -> None:
    words = lexicon.word_list(lang, length)
    minimum_answers = 800 if (lang, length) in DUEL_LISTS else 300
    assert len(words.answers) >= minimum_answers
    assert len(words.guesses) >= 1500


@pytest.mark.parametrize(("lang", "length"), ALL_LISTS)
def test_every_answer_is_a_guess_of_the_right_length(lang: str, length: int) -> None:
    words = lexicon.word_list(lang, length)
    assert set(words.answers) <= words.guesses
    assert {len(key) for key in words.guesses} == {length}
    assert len(set(words.answers)) == len(words.answers)


@pytest.mark.parametrize(("lang", "length"), ALL_LISTS)
def test_answers_keep_their_true_spelling(lang: str, length: int) -> None:
    words = lexicon.word_list(lang, length)
    for key in words.answers:
        spelling = words.spelling(key)
        assert normalize(lang, spelling) == key
        assert spelling == spelling.lower() or lang == "ko"


def test_korean_answers_are_two_syllables_of_five_jamo() -> None:
    words = lexicon.word_list("ko", 5)
    for key in words.answers:
        spelling = words.spelling(key)
        assert len(spelling) == 2 and all(hangul.is_syllable(c) for c in spelling), spelling


def test_folded_answers_are_shown_with_accents() -> None:
    words = lexicon.word_list("fr", 5)
    assert any(words.spelling(k) != k for k in words.answers)


def test_lists_load_once_and_lazily() -> None:
    assert lexicon.word_list("en", 5) is lexicon.word_list("en", 5)


def test_a_missing_list_is_a_clear_error() -> None:
    with pytest.raises(lexicon.NoWordList, match="no 9-letter word list for en"):
        lexicon.word_list("en", 9)
