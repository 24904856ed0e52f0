"""The numbers of Duel de Mots (B1–B4), in one place. Times in milliseconds."""

from __future__ import annotations

from typing import Final

from wordarena.core import seating
from wordarena.core.alphabets import DUEL_LANGUAGES

WORD_LENGTH: Final = 5
ROWS: Final = 6
MIN_SEATS: Final = 2
MAX_SEATS: Final = 6

CLOCK_CHOICES_S: Final = (60, 90, 120)
ROUND_CHOICES: Final = (1, 3, 5)
DEFAULT_CLOCK_S: Final = 90
DEFAULT_ROUNDS: Final = 3
LANGUAGES: Final = DUEL_LANGUAGES
DEFAULT_LANGUAGE: Final = "en"

ROUND_CARD_MS: Final = 2_600  # B3: nobody can type during the round card
CLOSING_MS: Final = 20_000  # B3: first solve opens a 20 s closing countdown
REVEAL_MS: Final = 6_500  # B3: reveal card
AWAY_LIMIT_MS: Final = seating.AWAY_LIMIT_MS  # B3 (decided): disconnected 60 s = left

QUICK_WAIT_MS: Final = 15_000  # B1 (decided): a quick game starts after at most 15 s
EMPTY_LOBBY_MS: Final = 60_000  # (decided) a room nobody sat down in closes this long after it was made
QUICK_MIN_SEATS: Final = 4  # ... with bots filling it up to at least 4 seats
QUICK_FIRST_GAME_ROUNDS: Final = 1  # ... and a new player's first quick game is one round


def default_language(interface_language: str | None) -> str:
    """B1: the host's interface language if it is a word language, else English."""
    return interface_language if interface_language in LANGUAGES else DEFAULT_LANGUAGE
