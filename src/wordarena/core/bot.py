"""Bot players of Duel de Mots (B1): what they guess and how long they think.

A bot sees exactly what a person in its seat sees: its own rows, (guess, pattern).
Nothing here takes the answer. Four levels:

- easy: knows a seeded 30% of the answer list, reads greens and "this letter is in
  the word" but ignores greys and where an amber was, now and then plays a word
  without checking it against its hints, and when none of its words fits, finds
  one outside them only half the time. It solves about 40% of its rounds.
- medium: a random answer consistent with every hint so far.
- hard: the greedy "most distinct patterns" `solver.Solver`.
- expert: a guess tree searched for the fewest guesses on average (`expert.Planner`);
  where it has no tree, a one-step lookahead.

Decisions run inside the game's machine, on the server's event loop, so each must
be quick. Hard and expert bots play Duel de Mots lists from their shipped trees
(`bot_tables`): a lookup. Off a tree (no table for the list, or the shared board of
a Tournament, where rows are not all the bot's own) they compute: the solver, or the
lookahead, whose first use of a list builds its tables. Easy and medium bots need
only `candidates.AnswerIndex`, cheap to build and to query.

A brain may be rebuilt for every move from the same ``random.Random`` (the duel
game does so to replay exactly): everything it draws depends only on that
generator's state and on the history, never on how many moves it made before.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from wordarena.core import bot_tables
from wordarena.core.bot_seat import BotLevel
from wordarena.core.candidates import AnswerIndex, bits, index_for
from wordarena.core.expert import Planner
from wordarena.core.lexicon import WordList
from wordarena.core.solver import Row, Solver, solver_for

#: Share of the answer list an easy bot knows (the lists are sorted by key, not by
#: frequency, so a seeded random share stands for "the words it happens to know").
EASY_VOCABULARY_SHARE: Final = 0.3
#: Chance that an easy bot plays a word it knows without checking its hints.
EASY_SLIP_CHANCE: Final = 0.25
#: Chance that an easy bot, knowing no fitting word, finds one outside its vocabulary.
EASY_RESCUE_CHANCE: Final = 0.5
#: Thinking delay per level, in ms: (shortest, most likely, longest).
THINK_MS: Final = {
    BotLevel.EASY: (6_000, 9_000, 14_000),
    BotLevel.MEDIUM: (4_000, 6_000, 10_000),
    BotLevel.HARD: (3_000, 4_500, 8_000),
    BotLevel.EXPERT: (3_000, 4_500, 8_000),
}
#: Guesses an expert's lookahead splits per decision off its tree (bounds its work).
LOOKAHEAD_SHORTLIST: Final = 40
#: The first row comes quicker: people have an opening word ready.
FIRST_ROW_FACTOR: Final = 0.6


def think_time_ms(rng: random.Random, level: str, row_index: int) -> int:
    """A human-like delay before the bot's row ``row_index`` (0 = first row)."""
    low, mode, high = THINK_MS[BotLevel(level)]
    delay = rng.triangular(low, high, mode)
    if row_index == 0:
        delay *= FIRST_ROW_FACTOR
    return round(delay)


def solver(words: WordList) -> Solver:
    """The shared solver of a word list (built on first use: up to 2 s for a large list).

    Only hard and expert bots off their trees need it.
    """
    return solver_for(words.answers, words.guesses)


@functools.lru_cache(maxsize=16)
def _planner(answers: tuple[str, ...], guesses: frozenset[str]) -> Planner:
    return Planner(solver_for(answers, guesses), shortlist=LOOKAHEAD_SHORTLIST)


def planner(words: WordList) -> Planner:
    """The expert's lookahead for a list with no tree (or a history off it)."""
    return _planner(words.answers, words.guesses)


def index(words: WordList) -> AnswerIndex:
    """What easy and medium bots read their rows with (built on first use, well under 1 ms)."""
    return index_for(words.answers)


class BotBrain:
    """The guesses of one bot of a given level in one round."""

    def __init__(self, level: str, words: WordList, rng: random.Random) -> None:
        self.level = BotLevel(level)
        self.words = words
        # One draw for all moves: the move's own generator is keyed by the row number,
        # so a brain rebuilt from the same generator plays the same moves.
        self._seed = rng.getrandbits(64)
        self._vocabulary: tuple[str, ...] = ()
        if self.level is BotLevel.EASY:
            share = max(1, round(len(words.answers) * EASY_VOCABULARY_SHARE))
            self._vocabulary = tuple(sorted(rng.sample(words.answers, share)))

    def next_guess(self, history: Sequence[Row]) -> str:
        """The key of the next guess, given this bot's own rows so far."""
        move = random.Random(self._seed + len(history))
        played = {guess for guess, _ in history}
        if self.level in (BotLevel.HARD, BotLevel.EXPERT):
            return self._from_tree(history, played, move)
        if self.level is BotLevel.MEDIUM:
            fits = [w for w in index(self.words).candidates(history) if w not in played]
            return move.choice(fits) if fits else self._any(played, move)
        return self._easy(history, played, move)

    def _from_tree(self, history: Sequence[Row], played: set[str], move: random.Random) -> str:
        tree = bot_tables.tree_for(self.words, self.level)
        guess = bot_tables.lookup(tree, history) if tree is not None else None
        if guess is None or not self.words.is_guess(guess):
            try:
                guess = self._compute(history)
            except ValueError:  # rows no answer of the list explains: play on anyway
                return self._any(played, move)
        return guess if guess not in played else self._any(played, move)

    def _compute(self, history: Sequence[Row]) -> str:
        """The decision off the tree: the greedy solver, or the expert's lookahead."""
        if self.level is BotLevel.HARD or not history:
            return solver(self.words).best_guess(history)
        lookahead = planner(self.words)
        state = lookahead.solver.state(history)
        if not state:
            raise ValueError("no answer of the list is consistent with these rows")
        return lookahead.solver.guesses[lookahead.decide(state)]

    def _easy(self, history: Sequence[Row], played: set[str], move: random.Random) -> str:
        known = [w for w in self._vocabulary if w not in played]
        if known and move.random() < EASY_SLIP_CHANCE:
            return move.choice(known)
        answers = index(self.words)
        loose = _loosely(answers, history)
        fits = [w for w in known if loose >> _position(answers, w) & 1]
        if fits:
            return move.choice(fits)
        if move.random() < EASY_RESCUE_CHANCE:
            found = [answers.answers[i] for i in bits(loose) if answers.answers[i] not in played]
            if found:
                return move.choice(found)
        return move.choice(known) if known else self._any(played, move)

    def _any(self, played: set[str], move: random.Random) -> str:
        """A random answer not played yet: always a legal, new guess."""
        return move.choice([w for w in self.words.answers if w not in played])


def _loosely(answers: AnswerIndex, history: Sequence[Row]) -> int:
    """The answers that keep every green and hold every letter marked green or amber (how easy bots read)."""
    mask = answers.everything
    for guess, marks in history:
        for i, (letter, mark) in enumerate(zip(guess, marks)):
            if mark == "G":
                mask &= answers.green(letter, i)
            elif mark == "Y":
                mask &= answers.at_least(letter, 1)
    return mask


def _position(answers: AnswerIndex, word: str) -> int:
    position = answers.position(word)
    assert position is not None  # the vocabulary is drawn from the answers
    return position
