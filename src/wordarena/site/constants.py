"""``GET /api/constants``: every game number the client needs, read from the core rules.

The client never copies a rule's number: it reads it here, so that a rule changed in the core
changes on every screen at once, with nothing to keep in step.
"""

from __future__ import annotations

from typing import Any

from wordarena.core import hangul, scoring
from wordarena.core.alphabets import ALPHABETS, DUEL_LANGUAGES, TOURNAMENT_LANGUAGES
from wordarena.core.bot_seat import BOT_LEVELS
from wordarena.core.duel import rules as duel
from wordarena.core.letters import explicit_folds, folds_accents
from wordarena.core.matchmaking import PRACTICE_WAIT_MS, RATING_WINDOW
from wordarena.core.nicknames import NICKNAME_MAX, NICKNAME_MAX_CODE_POINTS
from wordarena.core.tournament import rules as tournament
from wordarena.site.language import UI_LANGUAGES

_NO_BONUS_RANK = len(scoring.ORDER_BONUS) + 1  # the first solve rank that earns no order bonus


def constants() -> dict[str, Any]:
    return {
        "ui_languages": list(UI_LANGUAGES),
        "nickname_max": NICKNAME_MAX,  # user-perceived characters (grapheme clusters)
        "nickname_max_code_points": NICKNAME_MAX_CODE_POINTS,
        "letters": letters(),
        "duel": {
            "languages": list(DUEL_LANGUAGES),
            "default_language": duel.DEFAULT_LANGUAGE,
            "word_length": duel.WORD_LENGTH,
            "rows": duel.ROWS,
            "min_seats": duel.MIN_SEATS,
            "max_seats": duel.MAX_SEATS,
            "clock_choices_s": list(duel.CLOCK_CHOICES_S),
            "default_clock_s": duel.DEFAULT_CLOCK_S,
            "round_choices": list(duel.ROUND_CHOICES),
            "default_rounds": duel.DEFAULT_ROUNDS,
            "bot_levels": list(BOT_LEVELS),
            "round_card_ms": duel.ROUND_CARD_MS,
            "closing_ms": duel.CLOSING_MS,
            "reveal_ms": duel.REVEAL_MS,
            "away_limit_ms": duel.AWAY_LIMIT_MS,
            "quick_wait_ms": duel.QUICK_WAIT_MS,
            "quick_min_seats": duel.QUICK_MIN_SEATS,
            "quick_first_game_rounds": duel.QUICK_FIRST_GAME_ROUNDS,
            # Points of a solve in n = 1..6 guesses, before the order bonus (70 − 10·n).
            "points": [scoring.round_points(n, _NO_BONUS_RANK) for n in range(1, scoring.MAX_GUESSES + 1)],
            "order_bonus": list(scoring.ORDER_BONUS),
        },
        "tournament": {
            "languages": list(TOURNAMENT_LANGUAGES),
            "default_language": tournament.DEFAULT_LANGUAGE,
            "players": tournament.PLAYERS,
            "lives": tournament.LIVES,
            "turn_ms": tournament.TURN_MS,
            "turns_each": tournament.TURNS_EACH,
            "rows": tournament.ROWS,
            "intro_ms": tournament.INTRO_MS,
            # A finished round stays on screen this long before the next intro covers it.
            "round_end_ms": tournament.ROUND_END_MS,
            "away_limit_ms": tournament.AWAY_LIMIT_MS,
            "lengths": list(tournament.LENGTHS),
            "starting_rating": tournament.STARTING_RATING,
            "lobby_margin": RATING_WINDOW,
            "practice_wait_ms": PRACTICE_WAIT_MS,
            "bot_levels": list(BOT_LEVELS),
        },
    }


def letters() -> dict[str, Any]:
    """How typed characters become letters, as the core reads a word (a keyboard types the same)."""
    return {
        # A compound or double jamo typed on a Korean keyboard: the basic jamo the game counts.
        "compound_jamo": {jamo: list(basic) for jamo, basic in hangul.COMPOUND_JAMO.items()},
        # Per language, one character written for several letters (French œ → o e).
        "expansions": {
            lang: {char: list(spelled) for char, spelled in abc.expansions.items()}
            for lang, abc in ALPHABETS.items()
            if abc.expansions
        },
        # The languages that read an accented letter outside their alphabet as its base (é → e).
        "fold_accents": [lang for lang in ALPHABETS if folds_accents(lang)],
        # The languages that fold only a few letters, and which (Russian ё → е).
        "folds": {lang: explicit_folds(lang) for lang in ALPHABETS if explicit_folds(lang)},
    }


if __name__ == "__main__":
    # The copy the client's node tests read (tests/web/constants.json), written from this one.
    import json

    print(json.dumps(constants(), ensure_ascii=False, indent=1, sort_keys=True))
