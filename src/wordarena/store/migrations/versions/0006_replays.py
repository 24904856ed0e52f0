"""replays of finished games

- ``replays``: one document per finished Duel de Mots game or Tournament duel
  (core.replay), under its public id, with the expert's analysis once computed.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replays",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("code", sa.String(32), nullable=False),
        sa.Column("document", sa.JSON(), nullable=False),
        sa.Column("analysed", sa.Boolean(), nullable=False),
        sa.Column("stored_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )
    op.create_index("ix_replays_code", "replays", ["code"])


def downgrade() -> None:
    op.drop_index("ix_replays_code", table_name="replays")
    op.drop_table("replays")
