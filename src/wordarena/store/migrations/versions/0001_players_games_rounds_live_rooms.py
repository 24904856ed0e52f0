"""players, games, rounds, live rooms

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("room_code", sa.String(length=32), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("clock_s", sa.Integer(), nullable=False),
        sa.Column("rounds_planned", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("end_reason", sa.String(length=32), nullable=False),
        sa.Column("draw", sa.Boolean(), nullable=False),
        sa.Column(
            "ended_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_games_room_code"), ["room_code"], unique=False)

    op.create_table(
        "live_rooms",
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("snapshot", sa.JSON(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("code"),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("nickname", sa.String(length=40), nullable=False),
        sa.Column("games_played", sa.Integer(), nullable=False),
        sa.Column("quick_games_played", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_players_token_hash"), ["token_hash"], unique=True)

    op.create_table(
        "game_rounds",
        sa.Column("game_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("answer", sa.String(length=32), nullable=False),
        sa.Column("ended_by", sa.String(length=16), nullable=False),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column("first_solve_ms", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "number"),
    )
    op.create_table(
        "game_seats",
        sa.Column("game_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=True),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("bot_level", sa.String(length=16), nullable=True),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("winner", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
        ),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )
    with op.batch_alter_table("game_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_seats_player_id"), ["player_id"], unique=False)

    op.create_table(
        "round_seats",
        sa.Column("game_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("guesses", sa.JSON(), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("solve_rank", sa.Integer(), nullable=True),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "number", "seat"),
    )


def downgrade() -> None:
    op.drop_table("round_seats")
    with op.batch_alter_table("game_seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_seats_player_id"))

    op.drop_table("game_seats")
    op.drop_table("game_rounds")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_players_token_hash"))

    op.drop_table("players")
    op.drop_table("live_rooms")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_games_room_code"))

    op.drop_table("games")
