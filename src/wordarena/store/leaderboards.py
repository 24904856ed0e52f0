"""Leaderboards per tournament language (the site's /leaderboard): the best ratings among regular players.

A player's rating is one number for every language (C1); a language's
board lists the players with enough rated tournaments finished in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Integer, case, func, select

from wordarena.store.database import Database
from wordarena.store.schema import PlacementRow, PlayerRow, TournamentRow


@dataclass(frozen=True)
class Leader:
    player_id: str
    nickname: str
    rating: int
    tournaments: int  # rated tournaments finished in this language
    wins: int


class LeaderboardRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def top(self, lang: str, minimum: int, limit: int = 50) -> list[Leader]:
        """The best ratings among players with at least ``minimum`` rated tournaments in ``lang``."""
        played = (
            select(
                PlacementRow.player_id.label("player_id"),
                func.count().label("tournaments"),
                func.sum(case((PlacementRow.place == 1, 1), else_=0), type_=Integer).label("wins"),
            )
            .join(TournamentRow, TournamentRow.code == PlacementRow.tournament_code)
            .where(PlacementRow.rated.is_(True), TournamentRow.lang == lang)
            .group_by(PlacementRow.player_id)
            .having(func.count() >= minimum)
            .subquery()
        )
        query = (
            select(PlayerRow.id, PlayerRow.nickname, PlayerRow.rating, played.c.tournaments, played.c.wins)
            .join(played, played.c.player_id == PlayerRow.id)
            .order_by(PlayerRow.rating.desc(), played.c.tournaments.desc(), PlayerRow.id)
            .limit(limit)
        )
        with self.db.transaction() as session:
            return [Leader(*row) for row in session.execute(query).all()]
