"""The engine, migrations and sessions. SQLite file by default; any SQLAlchemy URL works.

The store is synchronous SQLAlchemy: the server calls it through
``asyncio.to_thread`` (few, small transactions: identities, finished games,
room snapshots), which keeps one driver per database.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def sqlite_url(data_dir: Path) -> str:
    return f"sqlite:///{data_dir / 'wordarena.sqlite3'}"


class Database:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def migrate(self) -> None:
        """Bring the schema to the newest migration (idempotent)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One unit of work: committed whole, or rolled back whole."""
        with self._sessions.begin() as session:
            yield session

    def close(self) -> None:
        self.engine.dispose()


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)


def _sqlite_pragmas(connection: object, _record: object) -> None:
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
