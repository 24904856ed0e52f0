"""The expert's search: the exact optimum on small lists, never worse than greedy, a tree that adds up."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordarena.core import bot_tables, lexicon
from wordarena.core.expert import Planner, estimate, lower_bound
from wordarena.core.feedback import pattern
from wordarena.core.solver import Row, Solver

LETTERS = "abcd"


def optimum(solver: Solver, state: int) -> int:
    """The least total guesses over every answer of ``state``, trying every guess at every node."""

    @functools.cache
    def best(state: int) -> int:
        size = state.bit_count()
        if size == 1:
            return 1
        totals = []
        for guess in solver.guesses:
            classes = solver.classes(guess, state)
            if len(classes) == 1 and size > 1 and guess not in candidates(state):
                continue  # learns nothing
            answer = solver.answers.index(guess) if guess in solver.answers else None
            solved = 1 << answer if answer is not None else 0
            totals.append(size + sum(best(c) for c in classes if c != solved))
        return min(totals)

    def candidates(state: int) -> set[str]:
        return {a for i, a in enumerate(solver.answers) if state >> i & 1}

    return best(state)


def tree_total(tree: bot_tables.Tree, answers: tuple[str, ...]) -> int:
    total = 0
    for answer in answers:
        history: list[Row] = []
        while True:
            guess = bot_tables.lookup(tree, history)
            assert guess is not None
            history.append((guess, pattern(answer, guess)))
            if guess == answer:
                break
        total += len(history)
    return total


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(alphabet=LETTERS, min_size=3, max_size=3), min_size=1, max_size=9, unique=True),
    st.lists(st.text(alphabet=LETTERS, min_size=3, max_size=3), max_size=6),
)
def test_a_wide_search_finds_the_optimum(answers: list[str], guesses: list[str]) -> None:
    solver = Solver(answers, guesses, budget=None)
    planner = Planner(solver, widths=(1000,), shortlist=1000)
    everything = solver.state()
    best = min(planner.total(planner.option(everything, g)) for g in range(len(solver.guesses)))
    assert best == optimum(solver, everything)


@functools.cache
def small_english() -> Solver:
    words = lexicon.word_list("en", 5)
    return Solver(words.answers[::8], words.guesses)


def greedy_total(solver: Solver, state: int) -> int:
    size = state.bit_count()
    if size <= 2:
        return 2 * size - 1
    guess = solver.decide(state)
    return size + sum(
        greedy_total(solver, c)
        for c in solver.classes(guess, state)
        if not (c.bit_count() == 1 and solver.answers[c.bit_length() - 1] == guess)
    )


def test_the_tree_adds_up_and_is_never_worse_than_greedy() -> None:
    solver = small_english()
    planner = Planner(solver, widths=(1, 8, 4, 2), shortlist=30)
    opener = solver.opener()
    tree = bot_tables.grow(
        solver,
        lambda state, row: opener if row == 0 else solver.guesses[planner.choice(state, row)],
    )
    total = tree_total(tree, solver.answers)
    first = planner.option(solver.state(), solver.guess_position(opener))
    assert total == planner.total(first)
    hard = bot_tables.grow(solver, lambda state, row: opener if row == 0 else solver.decide(state))
    assert total <= tree_total(hard, solver.answers)
    for state in {c for c in solver.classes(opener, solver.state()) if c.bit_count() > 2}:
        assert planner.cost(state, 1)[0] <= greedy_total(solver, state)


def test_the_opener_is_tried_among_the_best_splits() -> None:
    solver = small_english()
    planner = Planner(solver, widths=(1, 8, 4, 2), shortlist=30)
    opener = planner.opener(count=3, finalists=2)
    everything = solver.state()
    most = len(solver.classes(solver.opener(), everything))  # the greedy opener's: the most
    assert len(solver.classes(solver.guesses[opener], everything)) >= 0.9 * most


def test_the_lookahead_decides_alike_every_time() -> None:
    solver = small_english()
    history = [("crate", pattern("lodge", "crate"))]
    state = solver.state(history)
    first = Planner(solver, shortlist=40).decide(state)
    assert Planner(solver, shortlist=40).decide(state) == first
    assert len(solver.classes(solver.guesses[first], state)) > 1


@pytest.mark.parametrize("size", [1, 2, 3, 10, 100])
def test_estimates_are_at_least_the_bound(size: int) -> None:
    assert estimate(size) >= lower_bound(size)
