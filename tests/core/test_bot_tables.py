"""Guess trees: lookups follow only the tree's own rows, a grown tree finds every answer, files round-trip."""

from __future__ import annotations

import pytest

from wordarena.core import bot_tables, lexicon
from wordarena.core.bot_tables import Tables, grow, lookup
from wordarena.core.feedback import pattern
from wordarena.core.solver import Row, Solver

ANSWERS = ["cigar", "cider", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]


def test_lookup_follows_the_tree_and_nothing_else() -> None:
    tree = {"": "crate", "-Y---": "sissy", "-Y----G---": "humph"}
    assert lookup(tree, []) == "crate"
    assert lookup(tree, [("crate", "-Y---")]) == "sissy"
    assert lookup(tree, [("crate", "-Y---"), ("sissy", "-G---")]) == "humph"
    assert lookup(tree, [("slate", "-Y---")]) is None  # another first guess: not this tree's state
    assert lookup(tree, [("crate", "GGGG-")]) is None  # a pattern it never met
    assert lookup(tree, [("crate", "-Y---"), ("blush", "-G---")]) is None


def solve(tree: bot_tables.Tree, answer: str) -> list[Row]:
    history: list[Row] = []
    while (guess := lookup(tree, history)) is not None:
        history.append((guess, pattern(answer, guess)))
        if guess == answer:
            break
    return history


def test_a_grown_tree_is_the_policy_and_finds_every_answer() -> None:
    solver = Solver(ANSWERS, [*ANSWERS, "lymph"])
    tree = grow(solver, lambda state, row: solver.opener() if row == 0 else solver.decide(state))
    for answer in ANSWERS:
        history = solve(tree, answer)
        assert history[-1][0] == answer
        assert [g for g, _ in history] == [solver.best_guess(history[:n]) for n in range(len(history))]


def test_files_round_trip_and_name_their_lists() -> None:
    words = lexicon.WordList("en", 5, tuple(sorted(ANSWERS)), frozenset(ANSWERS), {})
    tree = {"": "cigar", "-----": "sissy", "G-Y--": "cider"}
    tables = Tables(
        lang="en",
        length=5,
        answers=len(words.answers),
        guesses=len(words.guesses),
        answers_crc=bot_tables.answers_crc(words.answers),
        lists_sha256=bot_tables.lists_sha256(words.answers, words.guesses),
        texts={"hard": bot_tables.to_text(tree)},
        settings={"hard": {"budget": 150}},
    )
    again = bot_tables.decode(bot_tables.encode(tables))
    assert again == tables
    assert again.tree("hard") == tree and again.tree("expert") is None
    assert bot_tables.encode(again) == bot_tables.encode(tables)  # reproducible text
    assert again.fits(words)
    other = lexicon.WordList("en", 5, tuple(sorted([*ANSWERS[:-1], "zesty"])), words.guesses, {})
    assert not again.fits(other)


def test_the_lists_hash_ignores_order_and_duplicates() -> None:
    assert bot_tables.lists_sha256(["b", "a"], ["c", "a"]) == bot_tables.lists_sha256(["a", "b", "a"], ["c"])
    assert bot_tables.lists_sha256(["a"], ["b"]) != bot_tables.lists_sha256(["b"], ["a"])


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError):
        bot_tables.decode('{"format": 99}\n[hard]\n\ncigar\n')


def test_no_tree_for_a_list_without_tables_or_another_list() -> None:
    assert bot_tables.tree_for(lexicon.word_list("de", 5), "hard") is None  # a tournament list
    words = lexicon.word_list("en", 5)
    assert bot_tables.tree_for(words, "hard") is not None
    thinned = lexicon.WordList("en", 5, words.answers[1:], words.guesses, words.spellings)
    assert bot_tables.tree_for(thinned, "hard") is None
