"""What one player may see of a Duel de Mots room (docs/design.md, Views).

The answer is only in a view once its round is revealed (D1). While a round is
played, other players' rows show colours only, never letters; once it is over,
every seat's rows are shown with their letters on the reveal. Deadlines travel
as milliseconds remaining, so the client's clock does not matter.

The shapes are typed dicts: docs/protocol.md and ``/api/protocol.json`` are made from them.
"""

from __future__ import annotations

from functools import partial
from typing import Literal, NotRequired, TypedDict

from wordarena.core import lexicon
from wordarena.core.duel import rules
from wordarena.core.duel.state import DuelState, Phase, RoundResult, Row, Seat
from wordarena.core.letters import letters
from wordarena.core.replay_ids import replay_path
from wordarena.core.scoring import round_points, winners
from wordarena.core.sharing import Share, build_now


class RowView(TypedDict):
    pattern: str  # G green, Y amber, - grey, one per letter
    letters: NotRequired[list[str]]  # only your own rows while the round is played


class SeatView(TypedDict):
    name: str
    bot: str | None  # the bot's level; None for a person
    away: bool  # disconnected (60 s to come back)
    gone: bool  # left (or away too long): keeps its points, holds no round open
    total: int
    solved: bool
    done: bool  # solved or out of rows this round
    points: int | None  # this round's points, as soon as the seat has solved
    rows: NotRequired[list[RowView]]  # during the round card and the round


class OptionsView(TypedDict):
    lang: str
    clock_s: int
    rounds: int


class RoundView(TypedDict):
    number: int
    of: int
    card_ms: int | None
    reveal_ms: int | None
    clock_ms: int | None
    closing_ms: int | None  # the 20 s closing after a first solve; the round ends at the first of the two
    solves: int


class RevealSeatView(TypedDict):
    seat: int
    guesses: int
    solved: bool
    solve_rank: int | None
    points: int
    rows: list[RowView]  # every row, with its letters: the round is over


class RevealView(TypedDict):
    number: int
    answer: str  # the true spelling
    answer_letters: list[str]
    ended_by: str  # all_done | clock | closing | abandoned
    seats: list[RevealSeatView]


class StandingView(TypedDict):
    seat: int
    name: str
    total: int


class StandingsView(TypedDict):
    order: list[StandingView]
    winners: list[int]  # seat indices; several share the victory
    draw: bool  # every seat on the same total
    reason: str | None  # finished | abandoned
    rounds: list[RevealView]  # every round of the game, to look back at


class RoomView(TypedDict):
    type: Literal["room"]
    code: str
    version: int
    phase: Phase
    quick: bool
    options: OptionsView
    you: int | None  # your seat index (None: no seat)
    host: int | None
    seats: list[SeatView]
    round: RoundView | None
    auto_start_ms: int | None  # a quick game's start
    keyboard: NotRequired[dict[str, str]]  # the best hint per letter of your guesses this round
    reveal: NotRequired[RevealView]  # in reveal and finished
    standings: NotRequired[StandingsView]  # in finished
    replay: NotRequired[str]  # in finished: the game's replay page (core.replay_ids)
    watchers_open: bool  # the host lets the room's link make watchers (D5)
    watchers: NotRequired[int]  # how many tabs watch: the shell's to count (server.rooms.duel)


def view_for(state: DuelState, player: str | None, now: int, share: Share = build_now) -> RoomView:
    """The whole screen of ``player`` (None: an observer with no seat) at ``now``.

    Only ``you``, the keyboard and the letters of your own rows are yours alone; every
    other part goes through ``share`` (core.sharing), keyed by what it depends on.
    """
    me = next((i for i, seat in enumerate(state.seats) if seat.player == player), None)
    view: RoomView = {
        "type": "room",
        "code": state.code,
        "version": state.version,
        "phase": state.phase,
        "quick": state.quick,
        "options": share("options", partial(_options_view, state)),
        "you": me,
        "host": next((i for i, s in enumerate(state.seats) if s.player == state.host), None),
        "seats": [
            share(("seat", index, index == me), partial(_seat_view, state, seat, index == me))
            for index, seat in enumerate(state.seats)
        ],
        "round": share("round", partial(_round_view, state, now)),
        "auto_start_ms": _remaining(state.auto_start_at, now) if state.phase is Phase.LOBBY else None,
        "watchers_open": state.watchers_open,
    }
    if me is not None and state.phase in (Phase.PLAYING, Phase.CARD):
        lang = state.options.lang
        view["keyboard"] = {letters(lang, k)[0]: mark for k, mark in state.seats[me].keyboard.items()}
    if state.phase in (Phase.REVEAL, Phase.FINISHED) and state.results:
        view["reveal"] = share("reveal", partial(reveal_view, state, state.results[-1]))
    if state.phase is Phase.FINISHED:
        view["standings"] = share("standings", partial(standings, state))
        view["replay"] = replay_path(state.seed, state.game_number)
    return view


def _options_view(state: DuelState) -> OptionsView:
    return {"lang": state.options.lang, "clock_s": state.options.clock_s, "rounds": state.options.rounds}


def _seat_view(state: DuelState, seat: Seat, mine: bool) -> SeatView:
    playing = state.phase in (Phase.CARD, Phase.PLAYING)
    view: SeatView = {
        "name": seat.name,
        "bot": seat.bot_level,
        "away": seat.away_since is not None,
        "gone": seat.gone,
        "total": seat.total,
        "solved": seat.solved,
        "done": seat.done,
        "points": round_points(len(seat.rows), seat.solve_rank) if playing and seat.solved else None,
    }
    if playing:
        lang = state.options.lang
        view["rows"] = [_row(lang, row, mine) for row in seat.rows]
    return view


def _row(lang: str, row: Row, with_letters: bool) -> RowView:
    if with_letters:
        return {"pattern": row.pattern, "letters": letters(lang, row.key)}
    return {"pattern": row.pattern}


def _round_view(state: DuelState, now: int) -> RoundView | None:
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


def reveal_view(state: DuelState, result: RoundResult) -> RevealView:
    """The reveal card: the word in its true spelling, every seat's rows, guesses and points."""
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
                "rows": [_row(lang, row, True) for row in r.rows],
            }
            for r in result.seats
        ],
    }


def standings(state: DuelState) -> StandingsView:
    """B5: totals, winners (ties share the victory), draw when every seat is level; every round."""
    totals = {str(i): seat.total for i, seat in enumerate(state.seats)}
    top, draw = winners(totals)
    order = sorted(range(len(state.seats)), key=lambda i: -state.seats[i].total)
    return {
        "order": [{"seat": i, "name": state.seats[i].name, "total": state.seats[i].total} for i in order],
        "winners": [int(i) for i in top],
        "draw": draw,
        "reason": state.end_reason,
        "rounds": [reveal_view(state, result) for result in state.results],
    }


def _remaining(deadline: int | None, now: int) -> int | None:
    return None if deadline is None else max(0, deadline - now)
