"""Opening the store: migrations under a lock, and a clear line for a database that cannot be used."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tests.store.conftest import fresh_postgres_url
from wordarena.store.database import Database, StoreUnavailable, sqlite_url


def test_migrations_are_idempotent(database: Database) -> None:
    database.migrate()
    database.migrate()


def _open_together(url: str, count: int = 6) -> list[BaseException]:
    failures: list[BaseException] = []
    start = threading.Barrier(count)

    def open_one() -> None:
        start.wait()
        try:
            Database.open(url).close()
        except BaseException as error:  # the test reports every failure
            failures.append(error)

    threads = [threading.Thread(target=open_one) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failures


def test_servers_starting_together_on_an_empty_sqlite_store(tmp_path: Path) -> None:
    assert _open_together(sqlite_url(tmp_path)) == []


def test_servers_starting_together_on_an_empty_postgresql_store(postgres_url: str) -> None:
    with fresh_postgres_url(postgres_url) as url:
        assert _open_together(url) == []


@pytest.mark.parametrize(
    "url",
    [
        "not a url",
        "nosuchdb://user@host/db",
        "postgresql+psycopg://nobody@127.0.0.1:1/nothing?connect_timeout=2",
    ],
)
def test_a_database_that_cannot_be_used_is_one_clear_line(url: str) -> None:
    with pytest.raises(StoreUnavailable) as refused:
        Database.open(url)
    assert "\n" not in str(refused.value) and "database" in str(refused.value)
