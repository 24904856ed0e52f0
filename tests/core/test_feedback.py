"""Two-pass hints (A1) and the keyboard state (B2): properties.

Known-answer vectors are in test_feedback_vectors.py.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordarena.core.alphabets import ALPHABETS
from wordarena.core.feedback import RANK, keep_best, pattern


@st.composite
def answer_and_guess(draw: st.DrawFn) -> tuple[str, str]:
    lang = draw(st.sampled_from(sorted(ALPHABETS)))
    # A small pool of letters makes repeated letters frequent.
    pool = draw(st.lists(st.sampled_from(ALPHABETS[lang].letters), min_size=1, max_size=4, unique=True))
    length = draw(st.integers(min_value=1, max_value=8))
    word = st.text(alphabet=pool, min_size=length, max_size=length)
    return draw(word), draw(word)


@given(answer_and_guess())
def test_greens_are_exactly_the_positional_matches(pair: tuple[str, str]) -> None:
    answer, guess = pair
    marks = pattern(answer, guess)
    assert [m == "G" for m in marks] == [a == g for a, g in zip(answer, guess)]


@given(answer_and_guess())
def test_marks_of_a_letter_never_exceed_its_count(pair: tuple[str, str]) -> None:
    answer, guess = pair
    marked = Counter(g for g, m in zip(guess, pattern(answer, guess)) if m != "-")
    counts = Counter(answer)
    assert all(marked[letter] <= counts[letter] for letter in marked)


@given(answer_and_guess())
def test_marks_of_a_letter_are_as_many_as_possible(pair: tuple[str, str]) -> None:
    answer, guess = pair
    marked = Counter(g for g, m in zip(guess, pattern(answer, guess)) if m != "-")
    counts, guessed = Counter(answer), Counter(guess)
    assert all(marked[letter] == min(counts[letter], guessed[letter]) for letter in guessed)


@given(answer_and_guess())
def test_ambers_go_to_the_leftmost_free_copies(pair: tuple[str, str]) -> None:
    answer, guess = pair
    marks = pattern(answer, guess)
    for i, mark in enumerate(marks):
        if mark == "-":  # no later non-green copy of the same letter may be amber
            assert all(marks[j] != "Y" for j in range(i + 1, len(guess)) if guess[j] == guess[i])


@given(answer_and_guess())
def test_answer_against_itself_is_all_green(pair: tuple[str, str]) -> None:
    answer, _ = pair
    assert pattern(answer, answer) == "G" * len(answer)


def test_lengths_must_match() -> None:
    with pytest.raises(ValueError, match="5 letters"):
        pattern("abcde", "abcd")


def test_rules_example() -> None:
    assert pattern("abime", "alibi") == "G-GY-"


def test_keyboard_keeps_the_best_hint_and_never_downgrades() -> None:
    keyboard: dict[str, str] = {}
    keep_best(keyboard, "abc", "Y-G")
    keep_best(keyboard, "cab", "-G-")
    assert keyboard == {"a": "G", "b": "-", "c": "G"}  # grey later does not undo green
    keep_best(keyboard, "aaa", "---")
    assert keyboard["a"] == "G"


@given(answer_and_guess(), st.lists(st.integers(0, 2), min_size=1, max_size=6))
def test_keyboard_hint_is_the_maximum_seen(pair: tuple[str, str], order: list[int]) -> None:
    answer, guess = pair
    keyboard: dict[str, str] = {}
    seen: dict[str, int] = {}
    for shift in order:
        word = guess[shift % len(guess) :] + guess[: shift % len(guess)]
        marks = pattern(answer, word)
        keep_best(keyboard, word, marks)
        for letter, mark in zip(word, marks):
            seen[letter] = max(seen.get(letter, 0), RANK[mark])
    assert {letter: RANK[mark] for letter, mark in keyboard.items()} == seen
