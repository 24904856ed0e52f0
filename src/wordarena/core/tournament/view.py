"""What one player may see of a tournament (DESIGN.md: views per player).

- Own duel: the shared board, letters of both players' rows (the board is shared),
  whose turn it is, the turn's milliseconds remaining, turns left, the keyboard.
- Everybody's lives and places, this round's pairings and bye.
- Other duels: colours only for players still in play; spectators (players out
  of the tournament) watch them live with letters.
- An answer is in a view only once its duel is over, for everybody.
- Once placed: own place and rating change.

Deadlines travel as milliseconds remaining, so the client's clock does not matter.
"""

from __future__ import annotations

from typing import Any

from wordarena.core import lexicon
from wordarena.core.letters import letters
from wordarena.core.tournament import rules
from wordarena.core.tournament.duel import Duel
from wordarena.core.tournament.state import Entrant, Phase, Round, TournamentState

_RANK = {"-": 0, "Y": 1, "G": 2}


def view_for(state: TournamentState, player: str | None, now: int) -> dict[str, Any]:
    """The whole screen of ``player`` (None: an observer with no seat) at ``now``."""
    me = state.entrant(player) if player is not None else None
    spectator = me is not None and not me.in_play and state.phase is not Phase.LOBBY
    view: dict[str, Any] = {
        "type": "tournament",
        "code": state.code,
        "version": state.version,
        "phase": state.phase.value,
        "lang": state.options.lang,
        "rated": state.options.rated,
        "you": None if me is None else me.player,
        "players": [_entrant_view(e) for e in state.entrants],
        "round": None,
        "duel": None,
        "duels": [],
        "result": None if me is None else _result(me),
        "winners": state.winners,
        "end_reason": state.end_reason,
    }
    rnd = state.round
    if rnd is not None and state.phase in (Phase.INTRO, Phase.PLAYING, Phase.FINISHED):
        view["round"] = _round_view(state, rnd, now)
        mine = rnd.duel_of(me.player) if me is not None else None
        for index, d in enumerate(rnd.duels):
            if index == mine:
                view["duel"] = duel_view(state, d, index, now, letters_shown=True, mine=True)
            else:
                view["duels"].append(duel_view(state, d, index, now, letters_shown=spectator))
    return view


def _entrant_view(e: Entrant) -> dict[str, Any]:
    return {
        "id": e.player,
        "name": e.name,
        "bot": e.bot_level is not None,
        "lives": e.lives,
        "in_play": e.in_play,
        "away": e.away_since is not None,
        "left": e.left,
        "place": e.place,
    }


def _result(e: Entrant) -> dict[str, Any] | None:
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


def _round_view(state: TournamentState, rnd: Round, now: int) -> dict[str, Any]:
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
) -> dict[str, Any]:
    """One duel's board. Letters only when ``letters_shown``; the answer only once it is over."""
    lang = state.options.lang
    playing = state.phase is Phase.PLAYING and not d.over
    rows = []
    for turn in d.turns:
        row: dict[str, Any] = {"player": turn.player, "pattern": turn.pattern, "passed": turn.key is None}
        if letters_shown:
            row["letters"] = None if turn.key is None else letters(lang, turn.key)
        rows.append(row)
    view: dict[str, Any] = {
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
    return view


def _keyboard(lang: str, d: Duel) -> dict[str, str]:
    """Best hint per letter on the shared board (green beats amber beats grey)."""
    best: dict[str, str] = {}
    for key, marks in d.rows():
        for code, mark in zip(key, marks):
            if _RANK[mark] > _RANK.get(best.get(code, ""), -1):
                best[code] = mark
    return {letters(lang, code)[0]: mark for code, mark in best.items()}


def _remaining(deadline: int | None, now: int) -> int | None:
    return None if deadline is None else max(0, deadline - now)
