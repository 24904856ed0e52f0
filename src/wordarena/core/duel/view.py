"""What one player may see of a Duel de Mots room (DESIGN.md: views per player).

The answer is only in a view once its round is revealed. Other players' rows
show colours only, never letters. Deadlines travel as milliseconds remaining,
so the client's clock does not matter.
"""

from __future__ import annotations

from typing import Any

from wordarena.core import lexicon
from wordarena.core.duel import rules
from wordarena.core.duel.state import DuelState, Phase, RoundResult, Seat
from wordarena.core.letters import letters
from wordarena.core.scoring import winners


def view_for(state: DuelState, player: str | None, now: int) -> dict[str, Any]:
    """The whole screen of ``player`` (None: an observer with no seat) at ``now``."""
    me = next((i for i, seat in enumerate(state.seats) if seat.player == player), None)
    view: dict[str, Any] = {
        "type": "room",
        "code": state.code,
        "version": state.version,
        "phase": state.phase.value,
        "quick": state.quick,
        "options": {
            "lang": state.options.lang,
            "clock_s": state.options.clock_s,
            "rounds": state.options.rounds,
        },
        "you": me,
        "host": next((i for i, s in enumerate(state.seats) if s.player == state.host), None),
        "seats": [_seat_view(state, seat, index == me) for index, seat in enumerate(state.seats)],
        "round": _round_view(state, now),
        "auto_start_ms": _remaining(state.auto_start_at, now) if state.phase is Phase.LOBBY else None,
    }
    if me is not None and state.phase in (Phase.PLAYING, Phase.CARD):
        lang = state.options.lang
        view["keyboard"] = {letters(lang, k)[0]: mark for k, mark in state.seats[me].keyboard.items()}
    if state.phase in (Phase.REVEAL, Phase.FINISHED) and state.results:
        view["reveal"] = reveal_view(state, state.results[-1])
    if state.phase is Phase.FINISHED:
        view["standings"] = standings(state)
    return view


def _seat_view(state: DuelState, seat: Seat, mine: bool) -> dict[str, Any]:
    view: dict[str, Any] = {
        "name": seat.name,
        "bot": seat.bot_level,
        "away": seat.away_since is not None,
        "gone": seat.gone,
        "total": seat.total,
        "solved": seat.solved,
        "done": seat.done,
    }
    if state.phase in (Phase.CARD, Phase.PLAYING):
        if mine:
            lang = state.options.lang
            view["rows"] = [{"letters": letters(lang, row.key), "pattern": row.pattern} for row in seat.rows]
        else:
            view["rows"] = [{"pattern": row.pattern} for row in seat.rows]
    return view


def _round_view(state: DuelState, now: int) -> dict[str, Any] | None:
    if state.phase in (Phase.LOBBY, Phase.CLOSED) or state.round_number == 0:
        return None
    closing = state.closing_ends_at
    playing = state.phase is Phase.PLAYING
    return {
        "number": state.round_number,
        "of": state.options.rounds,
        "card_ms": _remaining(state.phase_ends_at, now) if state.phase is Phase.CARD else None,
        "reveal_ms": _remaining(state.phase_ends_at, now) if state.phase is Phase.REVEAL else None,
        "clock_ms": _remaining(state.clock_ends_at, now) if playing else None,
        "closing_ms": _remaining(closing, now) if playing and closing is not None else None,
        "solves": state.solves,
    }


def reveal_view(state: DuelState, result: RoundResult) -> dict[str, Any]:
    """The reveal card: the word in its true spelling, guesses and points of each seat."""
    lang = state.options.lang
    words = lexicon.word_list(lang, rules.WORD_LENGTH)
    return {
        "number": result.number,
        "answer": words.spelling(result.answer),
        "answer_letters": letters(lang, result.answer),
        "ended_by": result.ended_by,
        "seats": [
            {
                "seat": r.seat,
                "guesses": len(r.rows),
                "solved": r.solve_rank is not None,
                "solve_rank": r.solve_rank,
                "points": r.points,
            }
            for r in result.seats
        ],
    }


def standings(state: DuelState) -> dict[str, Any]:
    """B5: totals, winners (ties share the victory), draw when every seat is level."""
    totals = {str(i): seat.total for i, seat in enumerate(state.seats)}
    top, draw = winners(totals)
    order = sorted(range(len(state.seats)), key=lambda i: -state.seats[i].total)
    return {
        "order": [{"seat": i, "name": state.seats[i].name, "total": state.seats[i].total} for i in order],
        "winners": [int(i) for i in top],
        "draw": draw,
        "reason": state.end_reason,
    }


def _remaining(deadline: int | None, now: int) -> int | None:
    return None if deadline is None else max(0, deadline - now)
