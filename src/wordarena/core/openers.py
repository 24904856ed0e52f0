"""The guide of the best opening words of a list (D3), computed from the list.

One function serves both `wordarena openers` and the site's /openers pages, so
the two always agree. Two tables per list: the best openers among every accepted
guess, and among the answers only (common words every player knows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from wordarena.core import lexicon
from wordarena.core.solver import Solver

Among = Literal["guesses", "answers"]


@dataclass(frozen=True)
class Opener:
    word: str  # true spelling (accents, Hangul syllables)
    patterns: int  # distinct colour patterns it can give on the answer list
    left: float  # answers expected to be left after it (mean size of the hidden word's group)


@dataclass(frozen=True)
class OpenerTable:
    lang: str
    length: int
    answers: int  # size of the answer list
    guesses: int  # size of the guess list (answers included)
    best_guesses: tuple[Opener, ...]
    best_answers: tuple[Opener, ...]


def ranked(words: lexicon.WordList, solver: Solver, top: int, among: Among) -> tuple[Opener, ...]:
    """The ``top`` openers of a list, among every guess or among the answers only."""
    only = words.answers if among == "answers" else None
    return tuple(
        Opener(words.spelling(key), patterns, left)
        for key, patterns, left in solver.ranked_openers(top, only)
    )


def opener_table(lang: str, length: int, top: int = 10) -> OpenerTable:
    """Both tables of one list. Takes up to a few seconds on the largest lists: cache the result.

    Raises `lexicon.NoWordList` (or `letters.UnknownLanguage`) for a list that does not exist.
    """
    words = lexicon.word_list(lang, length)
    # A solver of its own, not the bots' shared one: the site builds all 41 tables
    # once and must not keep 41 solvers alive afterwards.
    solver = Solver(words.answers, words.guesses)
    return OpenerTable(
        lang=lang,
        length=length,
        answers=len(words.answers),
        guesses=len(words.guesses),
        best_guesses=ranked(words, solver, top, "guesses"),
        best_answers=ranked(words, solver, top, "answers"),
    )


def best_openers(lang: str, length: int, top: int = 10, among: Among = "guesses") -> tuple[Opener, ...]:
    """One table only (`wordarena openers --among ...`)."""
    words = lexicon.word_list(lang, length)
    return ranked(words, Solver(words.answers, words.guesses), top, among)
