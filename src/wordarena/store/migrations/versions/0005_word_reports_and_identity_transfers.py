"""word reports, identity transfers, room for long nicknames

- ``word_reports``: a player's report of a word (an answer that should not be
  one, or a word that was refused), kept for review by `wordarena reports`; a
  report never changes a list by itself.
- ``identity_transfers``: one-time codes that carry an identity to another
  device. Only a hash of the code is kept, with the identity's token sealed by a
  key derived from the code; a row is deleted when used or expired.
- ``players.nickname`` and ``game_seats.name`` widen to 160: a nickname is at most
  20 user-perceived characters and 80 code points (core/nicknames.py), which a
  40-character column refused on PostgreSQL (emoji families, accents).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


NAME_LENGTH = 160


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.alter_column("nickname", existing_type=sa.String(40), type_=sa.String(NAME_LENGTH))
    with op.batch_alter_table("game_seats") as batch:
        batch.alter_column("name", existing_type=sa.String(40), type_=sa.String(NAME_LENGTH))
    op.create_table(
        "word_reports",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("word", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("reporter_id", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )
    op.create_index("ix_word_reports_lang_word", "word_reports", ["lang", "word"])
    op.create_index("ix_word_reports_reporter_id", "word_reports", ["reporter_id"])
    op.create_table(
        "identity_transfers",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("sealed_token", sa.String(256), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("identity_transfers")
    op.drop_index("ix_word_reports_reporter_id", table_name="word_reports")
    op.drop_index("ix_word_reports_lang_word", table_name="word_reports")
    op.drop_table("word_reports")
    # A name longer than the older columns keeps its first 40 characters: PostgreSQL would refuse
    # the narrower columns with it (SQLite, which ignores lengths, would keep it whole).
    for table, column in (("game_seats", "name"), ("players", "nickname")):
        op.execute(f"UPDATE {table} SET {column} = substr({column}, 1, 40) WHERE length({column}) > 40")
    with op.batch_alter_table("game_seats") as batch:
        batch.alter_column("name", existing_type=sa.String(NAME_LENGTH), type_=sa.String(40))
    with op.batch_alter_table("players") as batch:
        batch.alter_column("nickname", existing_type=sa.String(NAME_LENGTH), type_=sa.String(40))
