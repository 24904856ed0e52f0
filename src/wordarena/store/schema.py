"""The tables. Change them only together with a migration in ``migrations/versions``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class PlayerRow(Base):
    """An anonymous identity: only the hash of its secret token is stored."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    nickname: Mapped[str] = mapped_column(String(160))  # 20 perceived characters, 80 code points
    games_played: Mapped[int] = mapped_column(Integer, default=0)
    quick_games_played: Mapped[int] = mapped_column(Integer, default=0)
    rating: Mapped[int] = mapped_column(Integer, default=1000)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class GameRow(Base):
    """A finished Duel de Mots game (``end_reason``: finished, or abandoned by every person).

    Stored once: (room, game number) is unique, so a retried or replayed write is a no-op.
    """

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("room_code", "game_number", name="uq_games_room_game"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    mode: Mapped[str] = mapped_column(String(16))
    room_code: Mapped[str] = mapped_column(String(32), index=True)
    game_number: Mapped[int] = mapped_column(Integer)  # the room's nth game (play again)
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
    name: Mapped[str] = mapped_column(String(160))
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


class RoomRow(Base):
    """A room in play (from its lobby on): its last snapshot and the events after it.

    Restoring a room = the snapshot (``{"kind", "state"}`` JSON text, as the server
    encodes it) + the `RoomEventRow`s with a greater ``seq``, replayed by the core.
    """

    __tablename__ = "rooms"

    code: Mapped[str] = mapped_column(String(32), primary_key=True)
    snapshot: Mapped[str] = mapped_column(Text)  # never parsed on write
    snapshot_seq: Mapped[int] = mapped_column(BigInteger)  # the last event the snapshot holds
    people: Mapped[list[str]] = mapped_column(JSON)  # player ids seated (people, not bots)
    fence: Mapped[int] = mapped_column(BigInteger, default=0)  # the owner's fencing number
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class RoomEventRow(Base):
    """One accepted event of a room, in order: ``[name, fields, now]`` JSON text."""

    __tablename__ = "room_events"

    room_code: Mapped[str] = mapped_column(String(32), primary_key=True)
    seq: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    event: Mapped[str] = mapped_column(Text)
    fence: Mapped[int] = mapped_column(BigInteger, default=0)


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
    """A place settled in a tournament, with the rating change applied at that moment (C6).

    Its key (tournament, player) makes it the rating change's record too: the
    change is applied to ``players.rating`` in the same transaction, only when
    this row is new.
    """

    __tablename__ = "tournament_places"

    tournament_code: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    place: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean)
    rating_before: Mapped[int] = mapped_column(Integer)
    rating_after: Mapped[int] = mapped_column(Integer)
    settled_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


# The tables of the site's features (word reports, identity transfers) live beside their
# repositories; importing them
# here puts them in `Base.metadata` for whoever compares it with the migrations.
from wordarena.store import replays, reports, transfers  # noqa: E402, F401
