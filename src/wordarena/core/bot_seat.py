"""What a game needs of a bot in one of its seats: a mind, a thinking time, a name.

The brains themselves are in `bot.py`; games take these as parameters so tests
can seat predictable bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Final, Protocol

from wordarena.core import lexicon


class BotLevel(StrEnum):
    """How well a bot plays (`bot.BotBrain` says what each level does)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"


BOT_LEVELS: Final = tuple(level.value for level in BotLevel)

NAMES: Final = (
    "Ada",
    "Basile",
    "Chloé",
    "Dario",
    "Elif",
    "Farid",
    "Gaïa",
    "Hana",
    "Ivo",
    "Jun",
    "Kemal",
    "Lina",
)


class BotMind(Protocol):
    def next_guess(self, history: Sequence[tuple[str, str]]) -> str: ...


BotFactory = Callable[[str, lexicon.WordList, random.Random], BotMind]
ThinkTime = Callable[[random.Random, str, int], int]


def default_bots() -> tuple[BotFactory, ThinkTime]:
    from wordarena.core import bot  # the solver's tables load only when a bot plays

    return bot.BotBrain, bot.think_time_ms


def bot_name(rng: random.Random, taken: set[str]) -> str:
    """A name marked as a bot's (the UI shows it), not already at the table."""
    names = [f"{n} (bot)" for n in NAMES if f"{n} (bot)" not in taken]
    return rng.choice(names) if names else f"Bot {len(taken) + 1}"
