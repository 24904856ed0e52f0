"""The tables. Change them only together with a migration in ``migrations/versions``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String, Text, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class PlayerRow(Base):
    """An anonymous identity: only the hash of its secret token is stored."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    nickname: Mapped[str] = mapped_column(String(40))
    games_played: Mapped[int] = mapped_column(Integer, default=0)
    quick_games_played: Mapped[int] = mapped_column(Integer, default=0)
    rating: Mapped[int] = mapped_column(Integer, default=1000)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class GameRow(Base):
    """A finished Duel de Mots game (or one ended by a restart: ``end_reason``)."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    mode: Mapped[str] = mapped_column(String(16))
    room_code: Mapped[str] = mapped_column(String(32), index=True)
    lang: Mapped[str] = mapped_column(String(8))
    clock_s: Mapped[int] = mapped_column(Integer)
    rounds_planned: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    end_reason: Mapped[str] = mapped_column(String(32))
    draw: Mapped[bool] = mapped_column(Boolean)
    ended_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class GameSeatRow(Base):
    __tablename__ = "game_seats"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), index=True)  # None: a bot
    name: Mapped[str] = mapped_column(String(40))
    bot_level: Mapped[str | None] = mapped_column(String(16))
    total: Mapped[int] = mapped_column(Integer)
    winner: Mapped[bool] = mapped_column(Boolean)


class RoundRow(Base):
    __tablename__ = "game_rounds"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    answer: Mapped[str] = mapped_column(String(32))
    ended_by: Mapped[str] = mapped_column(String(16))
    duration_ms: Mapped[int] = mapped_column(Integer)
    first_solve_ms: Mapped[int | None] = mapped_column(Integer)


class RoundSeatRow(Base):
    """One seat's round: its guesses (word, pattern, at_ms) and points."""

    __tablename__ = "round_seats"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    guesses: Mapped[list[dict[str, object]]] = mapped_column(JSON)
    solved: Mapped[bool] = mapped_column(Boolean)
    solve_rank: Mapped[int | None] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(Integer)


class LiveRoomRow(Base):
    """A game in progress, snapshotted so a restart can end it cleanly with a notice."""

    __tablename__ = "live_rooms"

    code: Mapped[str] = mapped_column(String(32), primary_key=True)
    # JSON text encoded by the server (fast, on its loop): the store never parses it on write.
    snapshot: Mapped[str] = mapped_column(Text)
    players: Mapped[list[str]] = mapped_column(JSON)  # player ids seated, for games_played
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class TournamentRow(Base):
    """A finished tournament: its record (the shape of `core.tournament.record`) kept whole."""

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    lang: Mapped[str] = mapped_column(String(8))
    rated: Mapped[bool] = mapped_column(Boolean)
    seed: Mapped[int] = mapped_column(BigInteger)
    end_reason: Mapped[str] = mapped_column(String(32))
    record: Mapped[dict[str, object]] = mapped_column(JSON)
    ended_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class PlacementRow(Base):
    """A place settled in a tournament, with the rating change applied at that moment (C6)."""

    __tablename__ = "tournament_places"

    tournament_code: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    place: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean)
    rating_before: Mapped[int] = mapped_column(Integer)
    rating_after: Mapped[int] = mapped_column(Integer)
    settled_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
