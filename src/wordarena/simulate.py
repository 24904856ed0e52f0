"""Whole games and tournaments between bots in virtual time, through the same code as the server."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.record import game_record
from wordarena.core.duel.state import Options, Phase
from wordarena.core.tournament import rules as tournament_rules
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.record import tournament_record
from wordarena.core.tournament.state import Phase as TournamentPhase


def simulate_duel(
    lang: str, seats: int, rounds: int, clock_s: int, seed: int, levels: Sequence[str] = ("medium",)
) -> dict[str, Any]:
    """Play a game of ``seats`` bots (levels cycled) and return its record (no sleeping)."""
    options = Options(lang=lang, clock_s=clock_s, rounds=rounds)
    game = DuelGame.bot_match(seed, options, [levels[i % len(levels)] for i in range(seats)])
    while game.state.phase is not Phase.FINISHED:
        deadline = game.next_deadline()
        assert deadline is not None, "a running game always has a next deadline"
        game.advance(deadline)
    return game_record(game.state)


def simulate_tournament(
    lang: str,
    seed: int,
    ratings: list[int] | None = None,
    afk: float = 0.0,
    *,
    level: str = tournament_rules.DEFAULT_BOT_LEVEL,
) -> dict[str, Any]:
    """Play a tournament of 8 bots and return its record (no sleeping).

    ``ratings`` are the 8 bots' ratings at the start (default 1000 each); the
    rating changes are computed as in a rated tournament. ``afk`` is the chance
    that a bot lets a turn run out instead of playing.
    """
    game = TournamentGame.bot_match(seed, lang, ratings, afk, level)
    while game.state.phase is not TournamentPhase.FINISHED:
        deadline = game.next_deadline()
        assert deadline is not None, "a running tournament always has a next deadline"
        game.advance(deadline)
    return tournament_record(game.state)
