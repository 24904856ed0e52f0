"""The hard bot's solver: candidates, splits and greedy choices checked against `feedback.pattern`."""

from __future__ import annotations

import functools
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordarena.core import lexicon
from wordarena.core.feedback import pattern
from wordarena.core.solver import Row, Solver, solver_for

# A few letters (one of them outside the Latin script) make repeated letters and
# shared patterns frequent, which is where the two-pass rule is subtle.
LETTERS = "abcē"


@st.composite
def lists_and_history(draw: st.DrawFn) -> tuple[list[str], list[str], list[Row]]:
    length = draw(st.integers(min_value=1, max_value=5))
    word = st.text(alphabet=LETTERS, min_size=length, max_size=length)
    answers = draw(st.lists(word, min_size=1, max_size=25, unique=True))
    guesses = draw(st.lists(word, max_size=10))
    # Rows are either what some word would give, or any marks (even impossible ones);
    # the guessed words may hold a letter no list has.
    stranger = st.text(alphabet=LETTERS + "z", min_size=length, max_size=length)
    marks = st.text(alphabet="GY-", min_size=length, max_size=length)
    history = []
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        guess = draw(st.one_of(st.sampled_from(answers), stranger))
        if draw(st.booleans()):
            history.append((guess, pattern(draw(st.sampled_from(answers)), guess)))
        else:
            history.append((guess, draw(marks)))
    return answers, guesses, history


def consistent(answers: list[str], history: list[Row]) -> tuple[str, ...]:
    """The definition: the answers that would have given every row."""
    return tuple(sorted(a for a in answers if all(pattern(a, g) == p for g, p in history)))


@settings(max_examples=300, deadline=None)
@given(lists_and_history())
def test_candidates_are_exactly_the_consistent_answers(case: tuple[list[str], list[str], list[Row]]) -> None:
    answers, guesses, history = case
    assert Solver(answers, guesses).candidates(history) == consistent(answers, history)


@settings(max_examples=150, deadline=None)
@given(lists_and_history(), st.data())
def test_a_split_groups_the_candidates_by_pattern(
    case: tuple[list[str], list[str], list[Row]], data: st.DataObject
) -> None:
    answers, guesses, _ = case
    solver = Solver(answers, guesses)
    guess = data.draw(st.sampled_from(solver.guesses))
    groups: dict[str, set[str]] = defaultdict(set)
    for answer in answers:
        groups[pattern(answer, guess)].add(answer)
    split = solver.partition(guess, answers)
    assert sorted(map(sorted, split)) == sorted(map(sorted, groups.values()))


def distinct_patterns(guess: str, candidates: tuple[str, ...]) -> int:
    return len({pattern(answer, guess) for answer in candidates})


@settings(max_examples=150, deadline=None)
@given(lists_and_history())
def test_the_choice_is_the_greedy_optimum_and_prefers_candidates(
    case: tuple[list[str], list[str], list[Row]],
) -> None:
    answers, guesses, history = case
    solver = Solver(answers, guesses, budget=None)
    left = solver.candidates(history)
    if not left:
        with pytest.raises(ValueError):
            solver.best_guess(history)
        return
    choice = solver.best_guess(history)
    scores = {g: distinct_patterns(g, left) for g in solver.guesses}
    best = max(scores.values())
    assert scores[choice] == best
    if any(scores[c] == best for c in left):
        assert choice in left


def test_one_or_two_candidates_means_guessing_one() -> None:
    answers = ["cigar", "cider", "sissy", "humph"]
    solver = Solver(answers, [*answers, "mints"])
    history = [("mints", pattern("cigar", "mints"))]
    assert solver.candidates(history) == consistent(answers, history) == ("cider", "cigar")
    assert solver.best_guess(history) in ("cider", "cigar")


def test_a_non_candidate_is_played_when_it_splits_better() -> None:
    # Four words differing only in the first letter: "fghij"-like probes beat them all.
    answers = ["bight", "fight", "light", "might", "night"]
    guesses = [*answers, "flmnb"]
    solver = Solver(answers, guesses)
    assert solver.best_guess([("tight", "-GGGG")]) == "flmnb"


def test_bad_rows_are_refused() -> None:
    solver = Solver(["abc"], ["abc"])
    for row in [("abcd", "----"), ("abc", "--"), ("abc", "GGX")]:
        with pytest.raises(ValueError):
            solver.candidates([row])


def test_the_opener_is_computed_once_and_shared() -> None:
    words = lexicon.word_list("en", 5)
    answers = words.answers[::40]
    first = solver_for(answers, words.guesses)
    assert solver_for(answers, words.guesses) is first
    opener = first.opener()
    assert first.best_guess([]) == opener
    scores = {g: distinct_patterns(g, answers) for g in [opener, *answers]}
    assert scores[opener] == max(scores.values())


@functools.cache
def small_english() -> tuple[tuple[str, ...], frozenset[str]]:
    """Every 10th English answer, with every English answer as a guess: small and real."""
    words = lexicon.word_list("en", 5)
    return words.answers[::10], frozenset(words.answers)


def play(solver: Solver, answer: str) -> int:
    history: list[Row] = []
    while len(history) < 10:
        guess = solver.best_guess(history)
        history.append((guess, pattern(answer, guess)))
        if guess == answer:
            return len(history)
    return len(history)


def test_the_hard_solver_finds_every_answer_of_a_small_list_within_six() -> None:
    answers, guesses = small_english()
    solver = Solver(answers, guesses)
    rows = [play(solver, answer) for answer in answers]
    assert max(rows) <= 6
    # Not solved by luck: a random consistent guess averages well above this.
    assert sum(rows) / len(rows) < 3.5


def test_ranked_openers_agree_with_pattern() -> None:
    from wordarena.core.feedback import pattern
    from wordarena.core.solver import Solver

    answers = ["crane", "slate", "trace", "crate", "react", "baker", "maker", "toast"]
    solver = Solver(answers, [*answers, "zzzzz"])
    ranked = solver.ranked_openers(top=9)
    for word, count, expected in ranked:
        groups: dict[str, int] = {}
        for answer in answers:
            groups[pattern(answer, word)] = groups.get(pattern(answer, word), 0) + 1
        assert count == len(groups)
        assert expected == sum(n * n for n in groups.values()) / len(answers)
    order = [(expected, -count) for _, count, expected in ranked]
    assert order == sorted(order)  # fewest answers left first, more patterns breaking a tie
