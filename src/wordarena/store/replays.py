"""Replays of finished games: one document per Duel de Mots game or Tournament duel, under a public id.

The document (core.replay) is written with the game's result, in the same
transaction; the expert's analysis of every guess is computed afterwards, off the
event loop, and written over it once (``analysed``). Ids are random (core.replay
derives them from the game's secret seed): one game's id tells nothing of another's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, String, func, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from wordarena.store.database import Database
from wordarena.store.schema import Base
from wordarena.store.writes import ReplayStored


class ReplayRow(Base):
    __tablename__ = "replays"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    code: Mapped[str] = mapped_column(String(32), index=True)
    document: Mapped[dict[str, Any]] = mapped_column(JSON)
    analysed: Mapped[bool] = mapped_column(Boolean)
    stored_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


def store_replay(session: Session, write: ReplayStored) -> None:
    """The replay, once; its analysed document over the first one, once."""
    row = session.get(ReplayRow, write.id)
    if row is None:
        session.add(
            ReplayRow(
                id=write.id,
                kind=write.kind,
                code=write.code,
                document=write.document,
                analysed=write.analysed,
            )
        )
    elif write.analysed and not row.analysed:
        row.document, row.analysed = write.document, True


class ReplayRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def get(self, replay_id: str) -> dict[str, Any] | None:
        """The document of a finished game, or None (no such id)."""
        with self.db.transaction() as session:
            row = session.get(ReplayRow, replay_id)
            return None if row is None else dict(row.document)

    def unanalysed(self, limit: int = 100) -> list[ReplayStored]:
        """Replays whose analysis was not written (the process stopped before it was done), as stored."""
        with self.db.transaction() as session:
            query = select(ReplayRow).where(ReplayRow.analysed.is_(False)).order_by(ReplayRow.id).limit(limit)
            return [ReplayStored(r.code, r.id, r.kind, dict(r.document)) for r in session.scalars(query)]
