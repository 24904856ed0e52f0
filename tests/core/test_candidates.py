"""The cheap answer index of easy and medium bots: exactly the answers consistent with the rows."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordarena.core import lexicon
from wordarena.core.candidates import AnswerIndex, bits, index_for
from wordarena.core.feedback import pattern
from wordarena.core.solver import Row, Solver

# Repeated letters make the two-pass rule matter; ē and ㅎ are outside ASCII, 가 is a
# Hangul syllable (any BMP letter works).
LETTERS = "abcēㅎ"


@st.composite
def lists_and_history(draw: st.DrawFn) -> tuple[list[str], list[Row]]:
    length = draw(st.integers(min_value=1, max_value=5))
    word = st.text(alphabet=LETTERS, min_size=length, max_size=length)
    answers = sorted(draw(st.lists(word, min_size=1, max_size=25, unique=True)))
    stranger = st.text(alphabet=LETTERS + "z가", min_size=length, max_size=length)
    marks = st.text(alphabet="GY-", min_size=length, max_size=length)
    history = []
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        guess = draw(st.one_of(st.sampled_from(answers), stranger))
        if draw(st.booleans()):
            history.append((guess, pattern(draw(st.sampled_from(answers)), guess)))
        else:
            history.append((guess, draw(marks)))
    return answers, history


def consistent(answers: list[str], history: list[Row]) -> list[str]:
    """The definition: the answers that would have given every row."""
    return [a for a in answers if all(pattern(a, g) == p for g, p in history)]


@settings(max_examples=300, deadline=None)
@given(lists_and_history())
def test_candidates_are_exactly_the_consistent_answers(case: tuple[list[str], list[Row]]) -> None:
    answers, history = case
    assert AnswerIndex(answers).candidates(history) == consistent(answers, history)


@settings(max_examples=100, deadline=None)
@given(lists_and_history(), st.data())
def test_letter_sets(case: tuple[list[str], list[Row]], data: st.DataObject) -> None:
    answers, _ = case
    index = AnswerIndex(answers)
    letter = data.draw(st.sampled_from(LETTERS + "z"))
    position = data.draw(st.integers(min_value=0, max_value=index.length - 1))
    count = data.draw(st.integers(min_value=1, max_value=index.length + 1))
    assert list(bits(index.green(letter, position))) == [
        i for i, a in enumerate(answers) if a[position] == letter
    ]
    assert list(bits(index.at_least(letter, count))) == [
        i for i, a in enumerate(answers) if a.count(letter) >= count
    ]


@pytest.mark.parametrize("lang", ["en", "ru", "ko", "tr"])
def test_the_index_agrees_with_the_solver_on_real_lists(lang: str) -> None:
    words = lexicon.word_list(lang, 5)
    answers = words.answers[::7]
    index, solver = AnswerIndex(answers), Solver(answers, answers)
    rng = random.Random(lang)
    for _ in range(30):
        secret = rng.choice(answers)
        history = [(g, pattern(secret, g)) for g in rng.sample(answers, rng.randint(1, 3))]
        assert tuple(index.candidates(history)) == solver.candidates(history)


def test_bad_rows_and_lists_are_refused() -> None:
    index = AnswerIndex(["abc"])
    for row in [("abcd", "----"), ("abc", "--"), ("abc", "GGX")]:
        with pytest.raises(ValueError):
            index.candidates([row])
    for answers in [[], ["ab", "abc"], ["a\U0001f600b"]]:
        with pytest.raises(ValueError):
            AnswerIndex(answers)


def test_one_index_per_list() -> None:
    answers = lexicon.word_list("fr", 5).answers
    assert index_for(answers) is index_for(answers)
    assert index_for(answers).position(answers[3]) == 3
    assert index_for(answers).position("zzzzz") is None
