"""Whole tournaments between 8 bots in virtual time, through the same tournament code as the server."""

from __future__ import annotations

from typing import Any

from wordarena.core.tournament import rules
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.record import tournament_record
from wordarena.core.tournament.state import Phase


def simulate_tournament(
    lang: str,
    seed: int,
    ratings: list[int] | None = None,
    afk: float = 0.0,
    *,
    level: str = rules.DEFAULT_BOT_LEVEL,
) -> dict[str, Any]:
    """Play a tournament of 8 bots and return its record (no sleeping).

    ``ratings`` are the 8 bots' ratings at the start (default 1000 each); the
    rating changes are computed as in a rated tournament. ``afk`` is the chance
    that a bot lets a turn run out instead of playing.
    """
    game = TournamentGame.bot_match(seed, lang, ratings, afk, level)
    while game.state.phase is not Phase.FINISHED:
        deadline = game.next_deadline()
        assert deadline is not None, "a running tournament always has a next deadline"
        game.advance(deadline)
    return tournament_record(game.state)
