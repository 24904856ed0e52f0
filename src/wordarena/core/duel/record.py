"""A finished (or running) Duel de Mots game as plain data: for the store and `simulate`."""

from __future__ import annotations

from typing import Any

from wordarena.core import lexicon
from wordarena.core.duel import rules
from wordarena.core.duel.state import DuelState, RoundResult
from wordarena.core.scoring import winners


def game_record(state: DuelState) -> dict[str, Any]:
    """The shape printed by ``wordarena simulate duel``: one JSON object for a whole game, for scripts."""
    totals = {str(i): seat.total for i, seat in enumerate(state.seats)}
    top, draw = winners(totals)
    return {
        "mode": "duel",
        "lang": state.options.lang,
        "seed": state.seed,
        "clock": state.options.clock_s,
        "seats": [
            {"seat": i, "name": seat.name, "bot": seat.bot_level is not None}
            for i, seat in enumerate(state.seats)
        ],
        "rounds": [round_record(state, result) for result in state.results],
        "totals": [seat.total for seat in state.seats],
        "winners": [int(i) for i in top],
        "draw": draw,
    }


def round_record(state: DuelState, result: RoundResult) -> dict[str, Any]:
    words = lexicon.word_list(state.options.lang, rules.WORD_LENGTH)
    start = result.clock_started_at
    first = result.first_solve_at
    return {
        "answer": words.spelling(result.answer),
        "ended_by": result.ended_by,
        "duration_ms": result.ended_at - start,
        "first_solve_ms": None if first is None else first - start,
        "seats": [
            {
                "seat": seat.seat,
                "guesses": [
                    {"word": words.spelling(row.key), "pattern": row.pattern, "at_ms": row.at - start}
                    for row in seat.rows
                ],
                "solved": seat.solve_rank is not None,
                "solve_rank": seat.solve_rank,
                "points": seat.points,
            }
            for seat in result.seats
        ],
    }
