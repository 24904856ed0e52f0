"""A tournament table with a fake clock, predictable bots, and helpers that steer duels."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tests.core.table import ClockedTable
from wordarena.core import lexicon
from wordarena.core.tournament import rules
from wordarena.core.tournament.duel import Duel
from wordarena.core.tournament.events import (
    GuessSubmitted,
    PlayerJoined,
    Refused,
    StartRequested,
)
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.state import Entrant, Phase, TournamentState

PEOPLE = [f"p{i}" for i in range(8)]


class RandomMind:
    """Plays a seeded random answer not on the board: cheap, predictable, never sees the answer."""

    def __init__(self, level: str, words: lexicon.WordList, rng: random.Random) -> None:
        self.words = words
        self.seed = rng.getrandbits(32)

    def next_guess(self, history: Sequence[tuple[str, str]]) -> str:
        played = {guess for guess, _ in history}
        rng = random.Random(self.seed + len(history))
        while (word := rng.choice(self.words.answers)) in played:
            pass
        return word


def fixed_think(rng: random.Random, level: str, row: int) -> int:
    return 5_000


def refused(effects: Sequence[object]) -> list[str]:
    return [e.code for e in effects if isinstance(e, Refused)]


class Table(ClockedTable[TournamentGame]):
    """A tournament, its fake clock, and every effect it produced."""

    kind = "tournament"

    @property
    def state(self) -> TournamentState:
        return self.game.state

    def to_next_round(self) -> None:
        """From a finished round, past the pause that shows it ended, to the next intro."""
        rnd = self.state.round
        if self.state.phase is Phase.PLAYING and rnd is not None and rnd.ended_at is not None:
            self.wait(rnd.ended_at + rules.ROUND_END_MS - self.now)

    def to_play(self) -> None:
        """From the round intro (or the end of the previous round) to the instant the duels' clocks start."""
        self.to_next_round()
        assert self.state.phase is Phase.INTRO and self.state.round is not None
        self.wait(self.state.round.intro_ends_at - self.now)
        assert self.state.phase is Phase.PLAYING

    def entrant(self, player: str) -> Entrant:
        found = self.state.entrant(player)
        assert found is not None
        return found

    def duel_of(self, player: str) -> Duel:
        rnd = self.state.round
        assert rnd is not None
        index = rnd.duel_of(player)
        assert index is not None, f"{player} has no duel"
        return rnd.duels[index]

    def words(self, d: Duel) -> lexicon.WordList:
        return lexicon.word_list(self.state.options.lang, d.length)

    def answer(self, d: Duel) -> str:
        return self.words(d).spelling(d.answer)

    def wrong_word(self, d: Duel) -> str:
        """A real guess of the duel's length, neither the answer nor on the board yet."""
        board = {t.key for t in d.turns}
        words = self.words(d)
        return next(words.spelling(k) for k in words.answers if k != d.answer and k not in board)

    def pass_with_a_guess(self, d: Duel) -> None:
        """The player to move plays a wrong word."""
        player = d.current
        assert player is not None
        assert refused(self.do(GuessSubmitted(player, self.wrong_word(d)))) == []

    def win(self, player: str) -> None:
        """``player`` wins their duel now (the opponent, if to move, plays a wrong word first)."""
        d = self.duel_of(player)
        if d.current != player:
            self.pass_with_a_guess(d)
        assert refused(self.do(GuessSubmitted(player, self.answer(d)))) == []
        assert d.winner == player

    def draw(self, d: Duel) -> None:
        """Twelve wrong words, alternately: a draw."""
        while not d.over:
            self.pass_with_a_guess(d)
        assert d.draw

    def resolve_round(self, winner_of: Callable[[Duel], str | None]) -> None:
        """Play every duel of the running round: ``winner_of`` names the winner, None for a draw."""
        self.to_next_round()
        rnd = self.state.round
        assert rnd is not None
        if self.state.phase is Phase.INTRO:
            self.to_play()
        for d in list(rnd.duels):
            if d.over:
                continue
            winner = winner_of(d)
            if winner is None:
                self.draw(d)
            else:
                self.win(winner)
        self.to_next_round()


def leaks(view: Any, d: Duel, lang: str) -> bool:
    """True when ``view`` holds ``d``'s answer anywhere: as a key, a spelling or a list of its letters."""
    return leaked(texts(view), d, lang)


def leaked(found: set[str], d: Duel, lang: str) -> bool:
    words = lexicon.word_list(lang, d.length)
    return not {d.answer.casefold(), words.spelling(d.answer).casefold()}.isdisjoint(found)


_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"(?!:)')  # values only: keys are the view's own names
_STRING_LIST = re.compile(r'\[("(?:[^"\\]|\\.)*"(?:, "(?:[^"\\]|\\.)*")*)\]')


def texts(view: Any) -> set[str]:
    """Every string value of a view, plus every list of strings joined up, case-folded."""
    text = json.dumps(view, ensure_ascii=False)
    found = {m.casefold() for m in _STRING.findall(text)}
    found.update("".join(json.loads(f"[{m}]")).casefold() for m in _STRING_LIST.findall(text))
    return found


def new_table(
    rated: bool = True, lang: str = "en", seed: int = 7, bot_afk: float = 0.0, bot_level: str = "medium"
) -> Table:
    game = TournamentGame.create(
        "t1", seed, lang, rated=rated, bot_level=bot_level, bot_afk=bot_afk,
        bot_factory=RandomMind, think_time=fixed_think,
    )  # fmt: skip
    return Table(game)


def fill(table: Table, ratings: Sequence[int] | None = None) -> Table:
    """Eight people join (p0..p7) and the shell starts the tournament."""
    for i, player in enumerate(PEOPLE):
        rating = rules.STARTING_RATING if ratings is None else ratings[i]
        table.do(PlayerJoined(player, player.upper(), rating))
    assert refused(table.do(StartRequested())) == []
    return table


@pytest.fixture
def table() -> Table:
    return new_table()


@pytest.fixture
def started() -> Table:
    """Eight people in a rated tournament, at the instant round 1's duels start."""
    table = fill(new_table())
    table.to_play()
    return table
