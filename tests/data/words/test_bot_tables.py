"""The shipped guess trees agree with the word lists they sit beside (rebuild: ``make bot-tables``).

Each table names its lists by a SHA-256 of answers and guesses; on a sample of
states, the hard tree's guess is what the bots' solver decides now and the
expert's what a fresh search decides; both trees find every answer within six rows.
"""

from __future__ import annotations

import functools
import random
import statistics

import pytest

from wordarena.core import bot_tables, expert, lexicon
from wordarena.core.alphabets import DUEL_LANGUAGES
from wordarena.core.feedback import pattern
from wordarena.core.solver import DEFAULT_BUDGET, Row, Solver

REBUILD = "stale bot tables: run `make bot-tables LANGS={lang}` (tools/lexicon/README.md)"


@functools.cache
def tables(lang: str) -> bot_tables.Tables:
    found = bot_tables.shipped(lang, 5)
    assert found is not None, REBUILD.format(lang=lang)
    return found


def paths(tree: bot_tables.Tree, words: lexicon.WordList) -> dict[str, list[Row]]:
    """Every state of the tree as the history that reaches it, keyed by its path."""
    found: dict[str, list[Row]] = {}
    for answer in words.answers:
        history: list[Row] = []
        path = ""
        while True:
            found.setdefault(path, list(history))
            guess = tree[path]
            marks = pattern(answer, guess)
            if guess == answer:
                break
            history.append((guess, marks))
            path += marks
    return found


@pytest.mark.parametrize("lang", DUEL_LANGUAGES)
def test_the_table_was_built_from_these_lists(lang: str) -> None:
    words = lexicon.word_list(lang, 5)
    table = tables(lang)
    assert table.lists_sha256 == bot_tables.lists_sha256(words.answers, words.guesses), REBUILD.format(
        lang=lang
    )
    assert table.fits(words)
    assert set(table.texts) == set(bot_tables.TREE_LEVELS)
    assert table.settings["hard"]["budget"] == DEFAULT_BUDGET


@pytest.mark.parametrize("lang", DUEL_LANGUAGES)
def test_both_trees_find_every_answer_within_six_and_the_expert_is_better(lang: str) -> None:
    words = lexicon.word_list(lang, 5)
    rows = {}
    for level in bot_tables.TREE_LEVELS:
        tree = tables(lang).tree(level)
        assert tree is not None
        assert all(tree[path] in words.guesses for path in paths(tree, words))
        rows[level] = [_rows(tree, answer) for answer in words.answers]
        assert max(rows[level]) <= 6
    assert statistics.fmean(rows["expert"]) <= statistics.fmean(rows["hard"])


def _rows(tree: bot_tables.Tree, answer: str) -> int:
    history: list[Row] = []
    while (guess := bot_tables.lookup(tree, history)) != answer:
        assert guess is not None
        history.append((guess, pattern(answer, guess)))
    return len(history) + 1


@functools.cache
def solver(lang: str) -> Solver:
    """The bots' solver for the list, its opener taken from the table (checked apart, for en)."""
    words = lexicon.word_list(lang, 5)
    opener = tables(lang).tree("hard")[""]  # type: ignore[index]
    return Solver(words.answers, words.guesses, opener=opener)


@pytest.mark.parametrize("lang", DUEL_LANGUAGES)
def test_the_hard_tree_is_what_the_solver_decides(lang: str) -> None:
    words = lexicon.word_list(lang, 5)
    tree = tables(lang).tree("hard")
    assert tree is not None
    states = paths(tree, words)
    rng = random.Random(lang)
    second = [p for p in states if len(p) == 5]
    deeper = [p for p in states if len(p) > 5]
    for path in rng.sample(second, 12) + rng.sample(deeper, 12):
        assert tree[path] == solver(lang).best_guess(states[path]), path


def test_the_hard_opener_is_the_solvers() -> None:
    words = lexicon.word_list("en", 5)
    assert tables("en").tree("hard")[""] == Solver(words.answers, words.guesses).opener()  # type: ignore[index]


@pytest.mark.parametrize("lang", DUEL_LANGUAGES)
def test_the_expert_tree_is_what_a_fresh_search_decides(lang: str) -> None:
    """On states three rows deep and more, where the search's width no longer depends on the row."""
    words = lexicon.word_list(lang, 5)
    tree = tables(lang).tree("expert")
    assert tree is not None
    settings = tables(lang).settings["expert"]
    states = paths(tree, words)
    deep = [p for p in states if len(p) >= 15 and len(solver(lang).candidates(states[p])) > 2]
    for path in random.Random(lang).sample(deep, min(10, len(deep))):
        planner = expert.Planner(solver(lang), widths=settings["widths"], shortlist=settings["shortlist"])
        state = solver(lang).state(states[path])
        assert solver(lang).guesses[planner.choice(state, len(path) // 5)] == tree[path], path
