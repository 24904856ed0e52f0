"""The numbers of the Wordle Tournament (C1–C7), in one place. Times in milliseconds."""

from __future__ import annotations

from typing import Final

from wordarena.core import seating
from wordarena.core.alphabets import TOURNAMENT_LANGUAGES
from wordarena.core.rating import INITIAL_RATING

PLAYERS: Final = 8  # C1: a tournament is played by 8 players
LIVES: Final = 3  # C1: each starting with 3 lives
TURN_MS: Final = 30_000  # C4: each turn lasts 30 s
TURNS_EACH: Final = 6  # C4: up to 6 turns each ...
ROWS: Final = 2 * TURNS_EACH  # ... so up to 12 rows on the shared board
INTRO_MS: Final = 6_000  # C3: a 6 s intro shows the pairings before each round
ROUND_END_MS: Final = 3_000  # (decided) a finished round stays on screen this long before the next intro
AWAY_LIMIT_MS: Final = seating.AWAY_LIMIT_MS  # C7: 60 s to come back, then treated as having left
LENGTHS: Final = (4, 5, 6)  # C4: word length drawn per duel, equally likely
LANGUAGES: Final = TOURNAMENT_LANGUAGES  # C4: the 13 word languages
DEFAULT_LANGUAGE: Final = "en"
STARTING_RATING: Final = INITIAL_RATING  # C1: rating starts at 1000

DEFAULT_BOT_LEVEL: Final = "medium"
