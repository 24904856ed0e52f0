"""Tournament results: each place with its rating change as it is settled, then the whole record."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select, update

from wordarena.store.database import Database
from wordarena.store.schema import LiveRoomRow, PlacementRow, PlayerRow, TournamentRow


class TournamentRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def settle_place(
        self, code: str, player_id: str, place: int, rating_before: int, rating_after: int, rated: bool
    ) -> None:
        """C6: a settled place and (rated only) the new rating, in one transaction, at once."""
        with self.db.transaction() as session:
            session.add(
                PlacementRow(
                    tournament_code=code,
                    player_id=player_id,
                    place=place,
                    rated=rated,
                    rating_before=rating_before,
                    rating_after=rating_after if rated else rating_before,
                )
            )
            if rated:
                session.execute(
                    update(PlayerRow).where(PlayerRow.id == player_id).values(rating=rating_after)
                )

    def save(self, code: str, record: dict[str, Any], rated: bool, end_reason: str, people: list[str]) -> int:
        """The finished tournament's record; counts it as played and drops the live snapshot."""
        with self.db.transaction() as session:
            row = TournamentRow(
                code=code,
                lang=record["lang"],
                rated=rated,
                seed=record["seed"],
                end_reason=end_reason,
                record=record,
            )
            session.add(row)
            if people:
                session.execute(
                    update(PlayerRow)
                    .where(PlayerRow.id.in_(people))
                    .values(games_played=PlayerRow.games_played + 1)
                )
            session.execute(delete(LiveRoomRow).where(LiveRoomRow.code == code))
            session.flush()
            return row.id

    def places(self, code: str) -> list[tuple[str, int, int, int]]:
        """(player, place, rating before, rating after) of a tournament, best place first."""
        with self.db.transaction() as session:
            rows = session.scalars(
                select(PlacementRow).where(PlacementRow.tournament_code == code).order_by(PlacementRow.place)
            ).all()
            return [(r.player_id, r.place, r.rating_before, r.rating_after) for r in rows]

    def record(self, code: str) -> dict[str, Any] | None:
        with self.db.transaction() as session:
            row = session.scalar(select(TournamentRow).where(TournamentRow.code == code))
            return None if row is None else dict(row.record)
