"""A player's own history and statistics (the site's /stats), read from the finished games and tournaments.

Nothing here writes: the games (games.py) and tournaments (tournaments.py) are
stored by the server as they end; this only reads them back for one identity.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from sqlalchemy import and_, select

from wordarena.core import scoring
from wordarena.store.database import Database
from wordarena.store.schema import GameRow, GameSeatRow, PlacementRow, RoundRow, RoundSeatRow, TournamentRow

RECENT: Final = 20  # games listed with their words
MAX_GUESSES: Final = scoring.MAX_GUESSES  # the rows of a grid


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


class HistoryRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def statistics(self, player_id: str) -> dict[str, Any]:
        """Games played and won, the guess distribution, the rating's history, the last games."""
        with self.db.transaction() as session:
            seats = session.execute(
                select(GameSeatRow, GameRow)
                .join(GameRow, GameRow.id == GameSeatRow.game_id)
                .where(GameSeatRow.player_id == player_id)
                .order_by(GameRow.ended_at.desc(), GameRow.id.desc())
            ).all()
            rounds = session.execute(
                select(RoundSeatRow.guesses, RoundSeatRow.solved)
                .join(
                    GameSeatRow,
                    and_(GameSeatRow.game_id == RoundSeatRow.game_id, GameSeatRow.seat == RoundSeatRow.seat),
                )
                .where(GameSeatRow.player_id == player_id)
            ).all()
            places = session.execute(
                select(PlacementRow, TournamentRow)
                .outerjoin(TournamentRow, TournamentRow.code == PlacementRow.tournament_code)
                .where(PlacementRow.player_id == player_id)
                .order_by(PlacementRow.settled_at, PlacementRow.tournament_code)
            ).all()
            recent_games = [game for _, game in seats[:RECENT]]
            answers = session.execute(
                select(RoundRow.game_id, RoundRow.answer)
                .where(RoundRow.game_id.in_([g.id for g in recent_games]))
                .order_by(RoundRow.game_id, RoundRow.number)
            ).all()
            totals = session.execute(
                select(GameSeatRow.game_id, GameSeatRow.total).where(
                    GameSeatRow.game_id.in_([g.id for g in recent_games])
                )
            ).all()

        recent = _recent_duels(seats[:RECENT], answers, totals) + _recent_tournaments(places, player_id)
        recent.sort(key=lambda g: g["ended_at"] or "", reverse=True)

        rated = [p for p, _ in places if p.rated]
        return {
            "duel": {
                "played": len(seats),
                "won": sum(1 for seat, game in seats if seat.winner and not game.draw),
                "rounds": len(rounds),
                "distribution": _distribution(rounds),
            },
            "tournament": {
                "played": len(places),
                "rated": len(rated),
                "won": sum(1 for p, _ in places if p.place == 1),
                "best_place": min((p.place for p, _ in places), default=None),
            },
            "rating_history": [
                {"at": _iso(p.settled_at), "before": p.rating_before, "after": p.rating_after} for p in rated
            ],
            "recent": recent[:RECENT],
        }


def _distribution(rounds: Sequence[Any]) -> dict[str, int]:
    """How many rounds were solved in 1, 2 … 6 guesses, and not solved ("x")."""
    distribution = dict.fromkeys([str(n) for n in range(1, MAX_GUESSES + 1)] + ["x"], 0)
    for guesses, solved in rounds:
        distribution[str(len(guesses)) if solved else "x"] += 1
    return distribution


def _recent_duels(
    seats: Sequence[Any], answers: Sequence[Any], totals: Sequence[Any]
) -> list[dict[str, Any]]:
    words: dict[int, list[str]] = {}
    for game_id, answer in answers:
        words.setdefault(game_id, []).append(answer)
    everybody: dict[int, list[int]] = {}
    for game_id, total in totals:
        everybody.setdefault(game_id, []).append(total)
    return [
        {
            "kind": "duel",
            "code": game.room_code,
            "lang": game.lang,
            "ended_at": _iso(game.ended_at),
            "words": words.get(game.id, []),
            "won": seat.winner and not game.draw,
            "draw": game.draw,
            "total": seat.total,
            # B5: a shared total is a shared place (second of four, with another)
            "place": 1 + sum(1 for t in everybody.get(game.id, []) if t > seat.total),
            "of": len(everybody.get(game.id, [])),
        }
        for seat, game in seats
    ]


def _recent_tournaments(places: Sequence[Any], player_id: str) -> list[dict[str, Any]]:
    finished = [(p, t) for p, t in places if t is not None]
    return [
        {
            "kind": "tournament",
            "code": t.code,
            "lang": t.lang,
            "ended_at": _iso(t.ended_at),
            "words": _tournament_words(t.record, player_id),
            "place": p.place,
            "rated": p.rated,
            "rating_change": p.rating_after - p.rating_before,
        }
        for p, t in finished[-RECENT:]
    ]


def _tournament_words(record: dict[str, Any], player_id: str) -> list[str]:
    """The answers of the duels this player played in a tournament, round by round."""
    found = []
    for rnd in record.get("rounds", []):
        for duel in rnd.get("duels", []):
            if player_id in duel.get("players", []):
                found.append(str(duel["answer"]))
    return found
