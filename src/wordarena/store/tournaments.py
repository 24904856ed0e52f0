"""Tournament results: each place with its rating change as it is settled, then the whole record.

Both are written once: a place by (tournament, player), a record by its code.
The rating is applied as a change (``rating + Δ``) in the transaction that
records the place, never as an absolute value computed from a stale start.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from wordarena.store.database import Database
from wordarena.store.schema import PlacementRow, PlayerRow, TournamentRow
from wordarena.store.writes import PlaceStored, TournamentStored


def store_place(session: Session, write: PlaceStored) -> bool:
    """C6: a settled place and (rated only) its rating change; False if already stored."""
    key = (write.code, write.player)
    if session.get(PlacementRow, key) is not None:
        return False
    change = write.rating_after - write.rating_before if write.rated else 0
    session.add(
        PlacementRow(
            tournament_code=write.code,
            player_id=write.player,
            place=write.place,
            rated=write.rated,
            rating_before=write.rating_before,
            rating_after=write.rating_before + change,
        )
    )
    if change:
        session.execute(
            update(PlayerRow).where(PlayerRow.id == write.player).values(rating=PlayerRow.rating + change)
        )
    return True


def store_tournament(session: Session, write: TournamentStored) -> bool:
    """The finished tournament's record, counted as played for its people; False if already stored."""
    if session.scalar(select(TournamentRow.id).where(TournamentRow.code == write.code)) is not None:
        return False
    record = write.record
    session.add(
        TournamentRow(
            code=write.code,
            lang=record["lang"],
            rated=write.rated,
            seed=record["seed"],
            end_reason=write.end_reason,
            record=record,
        )
    )
    if write.people:
        session.execute(
            update(PlayerRow)
            .where(PlayerRow.id.in_(write.people))
            .values(games_played=PlayerRow.games_played + 1)
        )
    return True


class TournamentRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

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
