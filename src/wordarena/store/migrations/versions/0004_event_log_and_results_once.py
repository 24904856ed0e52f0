"""event log and results written once

- ``rooms``: every room in play (lobbies included) with its last snapshot and the
  sequence number of the last event the snapshot holds; replaces ``live_rooms``.
- ``room_events``: the events accepted after that snapshot, in order. Restoring a
  room is its snapshot plus these events, replayed by the core.
- ``fence`` on both: the owner's fencing number (a write with an older number is
  refused, so a paused former owner can never overwrite its successor).
- ``games.game_number`` with a unique key per (room, game number): a finished game
  is stored once, whatever retries or restores happen.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("code", sa.String(32), primary_key=True),
        sa.Column("snapshot", sa.Text(), nullable=False),
        sa.Column("snapshot_seq", sa.BigInteger(), nullable=False),
        sa.Column("people", sa.JSON(), nullable=False),
        sa.Column("fence", sa.BigInteger(), nullable=False, server_default="0"),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )
    op.create_table(
        "room_events",
        sa.Column("room_code", sa.String(32), primary_key=True),
        sa.Column("seq", sa.BigInteger(), primary_key=True),
        sa.Column("event", sa.Text(), nullable=False),
        sa.Column("fence", sa.BigInteger(), nullable=False, server_default="0"),
    )
    op.execute(
        "INSERT INTO rooms (code, snapshot, snapshot_seq, people, fence) "
        "SELECT code, snapshot, 0, players, 0 FROM live_rooms"
    )
    op.drop_table("live_rooms")
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("game_number", sa.Integer(), nullable=True))
    op.execute("UPDATE games SET game_number = -id")  # games stored before: numbered apart
    with op.batch_alter_table("games") as batch:
        batch.alter_column("game_number", existing_type=sa.Integer(), nullable=False)
        batch.create_unique_constraint("uq_games_room_game", ["room_code", "game_number"])


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_constraint("uq_games_room_game", type_="unique")
        batch.drop_column("game_number")
    op.create_table(  # as 0003 left it
        "live_rooms",
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("snapshot", sa.Text(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("(CURRENT_TIMESTAMP)"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("code"),
    )
    # The rooms in play go back with their snapshot; the events logged after it are lost
    # (the older schema has no log): such a room resumes from its last snapshot.
    op.execute("INSERT INTO live_rooms (code, snapshot, players) SELECT code, snapshot, people FROM rooms")
    op.drop_table("room_events")
    op.drop_table("rooms")
