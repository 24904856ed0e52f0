"""What one player may see of a tournament (docs/design.md, Views).

- Own duel: the shared board, letters of both players' rows (the board is shared),
  whose turn it is, the turn's milliseconds remaining, turns left, the keyboard.
- Everybody's lives and places, this round's pairings and bye.
- Other duels: colours only for players still in play; spectators (players out
  of the tournament) watch them live with letters; observers with no seat (the
  tournament's link) read a duel's letters once it is over.
- An answer is in a view only once its duel is over, for everybody (D1).
- Once placed: own place and rating change.

Deadlines travel as milliseconds remaining, so the client's clock does not matter.
The shapes are typed dicts: docs/protocol.md and ``/api/protocol.json`` are made from them.
"""

from __future__ import annotations

from functools import partial
from typing import Literal, NotRequired, TypedDict

from wordarena.core import lexicon
from wordarena.core.feedback import keep_best
from wordarena.core.letters import letters
from wordarena.core.replay_ids import replay_path
from wordarena.core.sharing import Share, build_now
from wordarena.core.tournament import rules
from wordarena.core.tournament.duel import Duel
from wordarena.core.tournament.state import Entrant, Phase, Round, TournamentState


class PlayerView(TypedDict):
    id: str
    name: str
    bot: bool
    rating: int  # at the tournament's start
    lives: int
    in_play: bool
    away: bool
    left: bool  # walked out while in play (C7), not someone who left once out
    place: int | None
    rating_after: int | None  # once the place is settled


class ResultView(TypedDict):
    place: int
    rating_before: int
    rating_after: int | None
    rating_change: int | None
    eliminated_in: int | None


class TournamentRoundView(TypedDict):
    number: int
    intro_ms: int | None
    pairings: list[list[str]]
    bye: str | None
    over: bool


class BoardRowView(TypedDict):
    player: str
    pattern: str | None  # None for a timed-out turn
    passed: bool
    letters: NotRequired[list[str] | None]  # your duel, or every duel once you are out


class DuelView(TypedDict):
    index: int
    players: list[str]
    first: str
    length: int
    rows: list[BoardRowView]
    rows_total: int
    turn: str | None
    turn_ms: int | None
    turns_left: dict[str, int]
    over: bool
    winner: str | None
    draw: bool
    forfeited_by: str | None
    keyboard: NotRequired[dict[str, str]]  # your own duel only
    answer: NotRequired[str]  # once the duel is over, never before
    answer_letters: NotRequired[list[str]]
    replay: NotRequired[str]  # once the tournament is over: the duel's replay page (core.replay_ids)


class TournamentView(TypedDict):
    type: Literal["tournament"]
    code: str
    version: int
    phase: Phase
    lang: str
    rated: bool
    you: str | None
    players: list[PlayerView]
    round: TournamentRoundView | None
    duel: DuelView | None  # your own duel
    duels: list[DuelView]  # the other duels
    result: ResultView | None  # once your place is settled
    winners: list[str]
    end_reason: str | None


def view_for(
    state: TournamentState, player: str | None, now: int, share: Share = build_now
) -> TournamentView:
    """The whole screen of ``player`` (None: an observer with no seat) at ``now``.

    Only ``you`` and the result are yours alone; the players, the round and each duel
    (with letters or not, as your own or not) go through ``share`` (core.sharing).
    """
    me = state.entrant(player) if player is not None else None
    spectator = me is not None and not me.in_play and state.phase is not Phase.LOBBY
    view: TournamentView = {
        "type": "tournament",
        "code": state.code,
        "version": state.version,
        "phase": state.phase,
        "lang": state.options.lang,
        "rated": state.options.rated,
        "you": None if me is None else me.player,
        "players": [share(("player", i), partial(_entrant_view, e)) for i, e in enumerate(state.entrants)],
        "round": None,
        "duel": None,
        "duels": [],
        "result": None if me is None else _result(me),
        "winners": state.winners,
        "end_reason": state.end_reason,
    }
    rnd = state.round
    if rnd is not None and state.phase in (Phase.INTRO, Phase.PLAYING, Phase.FINISHED):
        view["round"] = share("round", partial(_round_view, state, rnd, now))
        mine = rnd.duel_of(me.player) if me is not None else None
        for index, d in enumerate(rnd.duels):
            if index == mine:
                build = partial(duel_view, state, d, index, now, letters_shown=True, mine=True)
                view["duel"] = share(("duel", index, "mine"), build)
            else:
                # An observer with no seat (its link) may be a player in play elsewhere, unseen:
                # it reads a duel's letters only once that duel is over and its answer shown.
                shown = spectator or (me is None and d.over)
                build = partial(duel_view, state, d, index, now, letters_shown=shown)
                view["duels"].append(share(("duel", index, shown), build))
    return view


def _entrant_view(e: Entrant) -> PlayerView:
    return {
        "id": e.player,
        "name": e.name,
        "bot": e.bot_level is not None,
        "rating": e.rating,
        "lives": e.lives,
        "in_play": e.in_play,
        "away": e.away_since is not None,
        "left": e.walked_out,
        "place": e.place,
        "rating_after": e.rating_after,
    }


def _result(e: Entrant) -> ResultView | None:
    """C5: once eliminated (or winning), a player sees their place and rating change."""
    if e.place is None:
        return None
    return {
        "place": e.place,
        "rating_before": e.rating,
        "rating_after": e.rating_after,
        "rating_change": e.rating_change,
        "eliminated_in": e.eliminated_in,
    }


def _round_view(state: TournamentState, rnd: Round, now: int) -> TournamentRoundView:
    intro = state.phase is Phase.INTRO
    return {
        "number": rnd.number,
        "intro_ms": _remaining(rnd.intro_ends_at, now) if intro else None,
        "pairings": [list(d.players) for d in rnd.duels],
        "bye": rnd.bye,
        "over": rnd.over,
    }


def duel_view(
    state: TournamentState, d: Duel, index: int, now: int, *, letters_shown: bool, mine: bool = False
) -> DuelView:
    """One duel's board. Letters only when ``letters_shown``; the answer only once it is over."""
    lang = state.options.lang
    playing = state.phase is Phase.PLAYING and not d.over
    rows = []
    for turn in d.turns:
        row: BoardRowView = {"player": turn.player, "pattern": turn.pattern, "passed": turn.key is None}
        if letters_shown:
            row["letters"] = None if turn.key is None else letters(lang, turn.key)
        rows.append(row)
    view: DuelView = {
        "index": index,
        "players": list(d.players),
        "first": d.first,
        "length": d.length,
        "rows": rows,
        "rows_total": rules.ROWS,
        "turn": d.current if state.phase is Phase.PLAYING else None,
        "turn_ms": _remaining(d.turn_ends_at, now) if playing else None,
        "turns_left": {p: d.turns_left(p) for p in d.players},
        "over": d.over,
        "winner": d.winner,
        "draw": d.draw,
        "forfeited_by": d.forfeited_by,
    }
    if mine:
        view["keyboard"] = _keyboard(lang, d)
    if d.over:  # Part D: never before the duel is over
        words = lexicon.word_list(lang, d.length)
        view["answer"] = words.spelling(d.answer)
        view["answer_letters"] = letters(lang, d.answer)
    rnd = state.round
    if state.phase is Phase.FINISHED and rnd is not None:  # a duel's words may come again before
        view["replay"] = replay_path(state.seed, rnd.number, index)
    return view


def _keyboard(lang: str, d: Duel) -> dict[str, str]:
    """Best hint per letter on the shared board (green beats amber beats grey)."""
    best: dict[str, str] = {}
    for key, marks in d.rows():
        keep_best(best, key, marks)
    return {letters(lang, code)[0]: mark for code, mark in best.items()}


def _remaining(deadline: int | None, now: int) -> int | None:
    return None if deadline is None else max(0, deadline - now)
