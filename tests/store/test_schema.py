"""The tables in schema.py are exactly what the migrations build (both databases)."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from wordarena.store.database import Database
from wordarena.store.schema import Base


def test_the_migrations_build_the_schema(database: Database) -> None:
    with database.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, Base.metadata)
    assert differences == []
