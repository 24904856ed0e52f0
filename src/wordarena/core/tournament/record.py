"""A tournament as plain data: for the store and `simulate_tournament`.

Only rounds that have ended are recorded, so a running tournament's record never
holds an answer still in play.
"""

from __future__ import annotations

from typing import Any

from wordarena.core import lexicon
from wordarena.core.replay_ids import replay_path
from wordarena.core.tournament.duel import Duel
from wordarena.core.tournament.state import Round, TournamentState


def tournament_record(state: TournamentState) -> dict[str, Any]:
    """The shape printed by ``wordarena simulate tournament``."""
    return {
        "mode": "tournament",
        "lang": state.options.lang,
        "seed": state.seed,
        "players": [
            {
                "id": e.player,
                "name": e.name,
                "bot": e.bot_level is not None,
                "rating_before": e.rating,
                "rating_after": e.rating_after,
                "place": e.place,
            }
            for e in state.entrants
        ],
        "rounds": [round_record(state, rnd) for rnd in state.rounds if rnd.over],
        "winners": state.winners,
    }


def round_record(state: TournamentState, rnd: Round) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "bye": rnd.bye,
        "duels": [
            duel_record(state.options.lang, d) | {"replay": replay_path(state.seed, rnd.number, index)}
            for index, d in enumerate(rnd.duels)
        ],
        "lives_after": dict(rnd.lives_after),
        "eliminated": list(rnd.eliminated),
    }


def duel_record(lang: str, d: Duel) -> dict[str, Any]:
    words = lexicon.word_list(lang, d.length)
    return {
        "players": list(d.players),
        "first": d.first,
        "length": d.length,
        "answer": words.spelling(d.answer),
        "turns": [
            {
                "player": t.player,
                "word": None if t.key is None else words.spelling(t.key),
                "pattern": t.pattern,
                "at_ms": t.at - d.started_at,
            }
            for t in d.turns
        ],
        "winner": d.winner,
        "draw": d.draw,
    }
