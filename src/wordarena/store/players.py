"""Anonymous identities: secret token (only its hash kept), nickname, counters, rating."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select, update

from wordarena.store.database import Database
from wordarena.store.schema import GameSeatRow, PlacementRow, PlayerRow


@dataclass(frozen=True)
class Player:
    id: str
    nickname: str
    games_played: int
    quick_games_played: int
    rating: int


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _player(row: PlayerRow) -> Player:
    return Player(row.id, row.nickname, row.games_played, row.quick_games_played, row.rating)


class PlayerRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def create(self, nickname: str) -> tuple[str, Player]:
        """A new identity; returns its secret token (shown once, never stored) and the player."""
        token = secrets.token_urlsafe(32)
        row = PlayerRow(
            id=secrets.token_hex(8),
            token_hash=hash_token(token),
            nickname=nickname,
            games_played=0,
            quick_games_played=0,
            rating=1000,
        )
        with self.db.transaction() as session:
            session.add(row)
        return token, _player(row)

    def by_token(self, token: str) -> Player | None:
        with self.db.transaction() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.token_hash == hash_token(token)))
            return None if row is None else _player(row)

    def get(self, player_id: str) -> Player | None:
        with self.db.transaction() as session:
            row = session.get(PlayerRow, player_id)
            return None if row is None else _player(row)

    def forget_unplayed(self, created_before: datetime, keep: set[str]) -> int:
        """Delete identities that never finished a game and are older than ``created_before``.

        ``keep``: players the server holds right now (online, or seated in a room in play).
        """
        played = (
            select(GameSeatRow.player_id).where(GameSeatRow.player_id == PlayerRow.id).exists()
            | select(PlacementRow.player_id).where(PlacementRow.player_id == PlayerRow.id).exists()
        )
        with self.db.transaction() as session:
            candidates = session.scalars(
                select(PlayerRow.id).where(
                    PlayerRow.games_played == 0, PlayerRow.created_at < created_before, ~played
                )
            ).all()
            doomed = [player for player in candidates if player not in keep]
            for chunk in range(0, len(doomed), 500):
                session.execute(delete(PlayerRow).where(PlayerRow.id.in_(doomed[chunk : chunk + 500])))
            return len(doomed)

    def rename(self, player_id: str, nickname: str) -> None:
        with self.db.transaction() as session:
            session.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(nickname=nickname))
