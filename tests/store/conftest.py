"""Every store test runs on SQLite and on the PostgreSQL server on loopback.

PostgreSQL is never skipped: the URL comes from WORDARENA_TEST_POSTGRES_URL
(default: the local server's ``test`` database); each test gets its own schema.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from wordarena.store.database import Database, sqlite_url

POSTGRES_URL = os.environ.get(
    "WORDARENA_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


@contextmanager
def fresh_postgres_url() -> Iterator[str]:
    """The URL of an empty schema of its own, dropped afterwards."""
    schema = f"test_{secrets.token_hex(6)}"
    admin = create_engine(POSTGRES_URL)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in POSTGRES_URL else "?"
    try:
        yield f"{POSTGRES_URL}{separator}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    if request.param == "sqlite":
        db = Database.open(sqlite_url(tmp_path))
        yield db
        db.close()
        return
    with fresh_postgres_url() as url:
        db = Database.open(url)
        try:
            yield db
        finally:
            db.close()
