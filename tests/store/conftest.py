"""Every store test runs on SQLite and on PostgreSQL (a private server unless a URL is given).

PostgreSQL is never skipped; each test gets its own schema.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from wordarena.store.database import Database, sqlite_url


@contextmanager
def fresh_postgres_url(server_url: str) -> Iterator[str]:
    """The URL of an empty schema of its own on that server, dropped afterwards."""
    schema = f"test_{secrets.token_hex(6)}"
    admin = create_engine(server_url, pool_pre_ping=True)  # the server may have restarted meanwhile
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in server_url else "?"
    try:
        yield f"{server_url}{separator}options=-csearch_path%3D{schema}"
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
    with fresh_postgres_url(request.getfixturevalue("postgres_url")) as url:
        db = Database.open(url)
        try:
            yield db
        finally:
            db.close()
