"""Anonymous identities: secret token (only its hash kept), nickname, counters, rating."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import select, update

from wordarena.store.database import Database
from wordarena.store.schema import PlayerRow


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

    def rename(self, player_id: str, nickname: str) -> None:
        with self.db.transaction() as session:
            session.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(nickname=nickname))
