"""live snapshots as json text

The server encodes snapshots itself (msgspec, on its loop); the store keeps the
text as it is, so a write never parses or re-encodes JSON.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("live_rooms", schema=None) as batch_op:
        batch_op.alter_column(
            "snapshot",
            existing_type=sa.JSON(),
            type_=sa.Text(),
            existing_nullable=False,
            postgresql_using="snapshot::text",
        )


def downgrade() -> None:
    with op.batch_alter_table("live_rooms", schema=None) as batch_op:
        batch_op.alter_column(
            "snapshot",
            existing_type=sa.Text(),
            type_=sa.JSON(),
            existing_nullable=False,
            postgresql_using="snapshot::json",
        )
