"""A Duel de Mots table with a fake clock and predictable bots."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tests.core.table import ClockedTable
from wordarena.core import lexicon
from wordarena.core.duel import rules
from wordarena.core.duel.events import PlayerJoined, StartRequested
from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.state import DuelState


class FirstConsistentMind:
    """Plays the first answer consistent with its own rows: predictable, never sees the answer."""

    def __init__(self, level: str, words: lexicon.WordList, rng: random.Random) -> None:
        self.words = words

    def next_guess(self, history: Sequence[tuple[str, str]]) -> str:
        from wordarena.core.feedback import pattern

        for key in self.words.answers:
            if all(pattern(key, guess) == mark for guess, mark in history):
                return key
        return self.words.answers[0]


def fixed_think(rng: random.Random, level: str, row: int) -> int:
    return 5_000


class Table(ClockedTable[DuelGame]):
    """A game, its fake clock, and every effect it produced."""

    @property
    def state(self) -> DuelState:
        return self.game.state

    def to_clock(self) -> None:
        """From the round card to the instant the round clock starts."""
        assert self.state.phase_ends_at is not None
        self.wait(self.state.phase_ends_at - self.now)

    def answer_word(self) -> str:
        assert self.state.answer is not None
        return lexicon.word_list(self.state.options.lang, rules.WORD_LENGTH).spelling(self.state.answer)

    def wrong_words(self, count: int) -> list[str]:
        """Real guesses that are not the answer."""
        words = lexicon.word_list(self.state.options.lang, rules.WORD_LENGTH)
        return [words.spelling(k) for k in words.answers if k != self.state.answer][:count]


def new_table(lang: str = "en", seed: int = 7, quick: bool = False, for_newcomers: bool = False) -> Table:
    game = DuelGame.create("room1", seed, lang, quick=quick, for_newcomers=for_newcomers)
    return Table(DuelGame(game.state, FirstConsistentMind, fixed_think))


@pytest.fixture
def table() -> Table:
    return new_table()


@pytest.fixture
def started(table: Table) -> Table:
    """Alice (host) and Bob, 3 rounds of 90 s, at the start of round 1's clock."""
    table.do(PlayerJoined("alice", "Alice"))
    table.do(PlayerJoined("bob", "Bob"))
    table.do(StartRequested("alice"))
    table.to_clock()
    return table
