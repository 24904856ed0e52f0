"""Whole games between bots in virtual time, through the same game code as the server."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.record import game_record
from wordarena.core.duel.state import Options, Phase


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
