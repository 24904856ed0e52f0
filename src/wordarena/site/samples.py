"""The live pictures of play on the home page: sample rows coloured by the real rules (core/feedback.py).

Drawn once per language from the real lists (an answer, then guesses that close
in on it), so what a newcomer sees is exactly what the game would show.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from wordarena.core import feedback, lexicon
from wordarena.core.alphabets import DUEL_LANGUAGES, TOURNAMENT_LANGUAGES
from wordarena.core.duel import rules as duel
from wordarena.core.letters import alphabet
from wordarena.site.facts import STATE_OF_MARK, Tile

SAMPLE_LENGTH_TOURNAMENT: Final = 5


@dataclass(frozen=True)
class SampleRow:
    tiles: tuple[Tile, ...]
    player: str = ""  # "a" or "b" on the tournament's shared board


def _row(lang: str, answer: str, guess: str, player: str = "") -> SampleRow:
    abc = alphabet(lang)
    marks = feedback.pattern(answer, guess)
    tiles = tuple(Tile(abc.display_letter(c), STATE_OF_MARK[m]) for c, m in zip(guess, marks, strict=True))
    return SampleRow(tiles, player)


def _greens(answer: str, guess: str) -> int:
    return feedback.pattern(answer, guess).count("G")


def _path(words: lexicon.WordList, seed: int, steps: int) -> list[str]:
    """An answer and ``steps`` guesses before it, each closer (more greens) than the last."""
    answers = words.answers
    answer = answers[(seed * 7919) % len(answers)]
    path: list[str] = []
    for target in range(1, steps + 1):
        want = min(target, len(answer) - 1)
        found = next(
            (
                w
                for w in answers[(seed * 31 + target * 101) % len(answers) :] + answers
                if w != answer and w not in path and _greens(answer, w) == want and len(set(w)) == len(w)
            ),
            None,
        )
        if found is not None:
            path.append(found)
    return [*path, answer]


@functools.cache
def duel_sample(ui_lang: str) -> tuple[SampleRow, ...]:
    """Three rows of Duel de Mots in the interface language's words (all six are word languages)."""
    lang = ui_lang if ui_lang in DUEL_LANGUAGES else duel.DEFAULT_LANGUAGE
    words = lexicon.word_list(lang, duel.WORD_LENGTH)
    *guesses, answer = _path(words, seed=3, steps=2)
    return tuple(_row(lang, answer, word) for word in [*guesses, answer])


@functools.cache
def tournament_sample(ui_lang: str) -> tuple[SampleRow, ...]:
    """A shared board: two players take turns on the same word; the second finds it."""
    lang = ui_lang if ui_lang in TOURNAMENT_LANGUAGES else "en"
    words = lexicon.word_list(lang, SAMPLE_LENGTH_TOURNAMENT)
    *guesses, answer = _path(words, seed=11, steps=2)
    players = ["a", "b", "a"]
    return tuple(_row(lang, answer, word, players[i]) for i, word in enumerate([*guesses, answer]))
