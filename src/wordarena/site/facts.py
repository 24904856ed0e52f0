"""The numbers and examples the rule pages quote, read from the core (never typed in a template).

If a rule's number changes in the core, /rules changes with it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from wordarena.core import feedback, rating, scoring
from wordarena.core.alphabets import DUEL_LANGUAGES, TOURNAMENT_LANGUAGES
from wordarena.core.duel import rules as duel
from wordarena.core.letters import alphabet, letters, normalize
from wordarena.core.matchmaking import PRACTICE_WAIT_MS, RATING_WINDOW
from wordarena.core.tournament import rules as tournament
from wordarena.server import limits

STATE_OF_MARK: Final = {"G": "correct", "Y": "present", "-": "absent"}

#: The worked example of A1 for each interface language: (word language, answer, guess).
#: Each guess repeats a letter that the answer holds once, to show the two passes.
HINT_EXAMPLES: Final = {
    "en": ("en", "abbey", "arena"),
    "fr": ("fr", "abîme", "alibi"),
    "es": ("es", "abono", "ancla"),
    "tr": ("tr", "abone", "araba"),
    "ru": ("ru", "автор", "аббат"),
    "ko": ("ko", "꼬리", "공포"),
}


@dataclass(frozen=True)
class Tile:
    label: str
    state: str  # correct | present | absent


def tiles(lang: str, answer: str, guess: str) -> tuple[Tile, ...]:
    """The guess's tiles against the answer, by the real two-pass rule (core/feedback.py)."""
    a, g = normalize(lang, answer), normalize(lang, guess)
    abc = alphabet(lang)
    return tuple(
        Tile(abc.display_letter(code), STATE_OF_MARK[mark])
        for code, mark in zip(g, feedback.pattern(a, g), strict=True)
    )


def seconds(ms: int) -> str:
    """2600 → "2.6", 20000 → "20"."""
    return f"{ms / 1000:g}"


@dataclass(frozen=True)
class Facts:
    duel_languages: tuple[str, ...] = DUEL_LANGUAGES
    tournament_languages: tuple[str, ...] = TOURNAMENT_LANGUAGES
    word_length: int = duel.WORD_LENGTH
    rows: int = duel.ROWS
    min_seats: int = duel.MIN_SEATS
    max_seats: int = duel.MAX_SEATS
    clock_choices: tuple[int, ...] = duel.CLOCK_CHOICES_S
    default_clock: int = duel.DEFAULT_CLOCK_S
    round_choices: tuple[int, ...] = duel.ROUND_CHOICES
    default_rounds: int = duel.DEFAULT_ROUNDS
    card_s: str = seconds(duel.ROUND_CARD_MS)
    closing_s: str = seconds(duel.CLOSING_MS)
    reveal_s: str = seconds(duel.REVEAL_MS)
    duel_away_s: str = seconds(duel.AWAY_LIMIT_MS)
    quick_wait_s: str = seconds(duel.QUICK_WAIT_MS)
    quick_min_seats: int = duel.QUICK_MIN_SEATS
    quick_first_rounds: int = duel.QUICK_FIRST_GAME_ROUNDS
    order_bonus: tuple[int, ...] = scoring.ORDER_BONUS
    players: int = tournament.PLAYERS
    lives: int = tournament.LIVES
    turn_s: str = seconds(tournament.TURN_MS)
    turns_each: int = tournament.TURNS_EACH
    board_rows: int = tournament.ROWS
    intro_s: str = seconds(tournament.INTRO_MS)
    round_end_s: str = seconds(tournament.ROUND_END_MS)
    unplayed_identity_days: int = limits.UNPLAYED_IDENTITY_DAYS
    tournament_away_s: str = seconds(tournament.AWAY_LIMIT_MS)
    lengths: tuple[int, ...] = tournament.LENGTHS
    starting_rating: int = tournament.STARTING_RATING
    lobby_margin: int = RATING_WINDOW
    practice_wait_s: str = seconds(PRACTICE_WAIT_MS)
    rating_k: int = rating.K

    @property
    def max_points(self) -> int:
        return scoring.round_points(1, 1)

    @property
    def points(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """B4 as a table: for n = 1..6 guesses, the points by solve rank (1st, 2nd, 3rd, later)."""
        ranks = range(1, len(self.order_bonus) + 2)
        return tuple(
            (n, tuple(scoring.round_points(n, rank) for rank in ranks))
            for n in range(1, scoring.MAX_GUESSES + 1)
        )

    @property
    def rating_table(self) -> tuple[int, ...]:
        """C6: the change by place 1..8 when all 8 players have the starting rating."""
        players = [str(i) for i in range(self.players)]
        changes = rating.rating_changes(
            {p: self.starting_rating for p in players}, {p: int(p) + 1 for p in players}
        )
        return tuple(changes[p] for p in players)

    @property
    def korean_example(self) -> tuple[str, tuple[str, ...]]:
        """사람 → ㅅㅏㄹㅏㅁ: a two-syllable word of five basic jamo (A3)."""
        return "사람", tuple(letters("ko", normalize("ko", "사람")))


@functools.cache
def facts() -> Facts:
    return Facts()
