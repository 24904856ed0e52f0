"""The engine, migrations and sessions. SQLite file by default; any SQLAlchemy URL works.

The store is synchronous SQLAlchemy: the server calls it through
``asyncio.to_thread`` (few, small transactions: identities, and one group
commit per loop tick for every room's events and results).

Migrations run under a lock (a PostgreSQL advisory lock, a file lock for
SQLite), so any number of servers can start together on an empty store.
"""

from __future__ import annotations

import fcntl
import functools
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_MIGRATION_LOCK = 0x77A7E4A  # the PostgreSQL advisory lock of migrations ("wordarena")


#: How long a SQLite writer waits for another to finish before giving up.
SQLITE_BUSY_TIMEOUT_MS = 30_000


class StoreBusy(Exception):
    """Another writer holds the SQLite database now (raised instead of waiting, when asked to)."""


class StoreUnavailable(Exception):
    """The database URL is wrong, or the database cannot be reached: one readable line."""


def sqlite_url(data_dir: Path) -> str:
    return f"sqlite:///{data_dir / 'wordarena.sqlite3'}"


class Database:
    def __init__(self, url: str) -> None:
        self.url = url
        try:
            self.engine = _engine(url)
        except (ArgumentError, NoSuchModuleError, ValueError) as error:
            raise StoreUnavailable(f"bad database URL {_safe(url)}: {error}") from None
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._nowait: Engine | None = None  # SQLite: for commits on the loop (`core_transaction(wait=False)`)

    @classmethod
    def open(cls, url: str) -> Database:
        """Connect and bring the schema up to date, or raise `StoreUnavailable` with the reason."""
        db = cls(url)
        try:
            db.migrate()
        except SQLAlchemyError as error:
            db.close()
            reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
            raise StoreUnavailable(f"cannot use the database {_safe(url)}: {reason}") from None
        return db

    def migrate(self) -> None:
        """Bring the schema to the newest migration (idempotent; one server at a time)."""
        with self.migrating() as connection:
            _upgrade(connection)

    @contextmanager
    def migrating(self) -> Iterator[Connection]:
        """The transaction migrations run in, one server at a time.

        On SQLite, foreign keys are not enforced meanwhile: Alembic alters a table by
        rebuilding it (copy, drop, rename), and SQLite refuses to drop a table that other
        rows refer to while they are. The references are checked before the commit instead.
        """
        with self._migration_lock(), self.engine.connect() as connection:
            sqlite = connection.dialect.name == "sqlite"
            if sqlite:  # outside a transaction: within one, SQLite ignores the pragma
                connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
                connection.commit()
            try:
                with connection.begin():
                    if connection.dialect.name == "postgresql":
                        connection.execute(
                            text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK}
                        )
                    yield connection
                    if sqlite:
                        _check_references(connection)
            finally:
                if sqlite:  # the pooled connection goes back as every other one is
                    connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                    connection.commit()

    @contextmanager
    def _migration_lock(self) -> Iterator[None]:
        database = make_url(self.url).database if self.engine.dialect.name == "sqlite" else None
        if not database or database == ":memory:":
            yield
            return
        with open(f"{database}.migrate.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            yield

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One unit of work: committed whole, or rolled back whole."""
        with self._sessions.begin() as session:
            yield session

    @functools.cached_property
    def embedded(self) -> bool:
        """A SQLite file in this process: a commit costs CPU only (WAL, no fsync), never a network wait.

        Asked at every commit: the URL is parsed once.
        """
        database = make_url(self.url).database
        return self.engine.dialect.name == "sqlite" and database not in (None, "", ":memory:")

    @contextmanager
    def core_transaction(self, wait: bool = True) -> Iterator[Connection]:
        """The same through Core alone: for the server's group commit, where the ORM's
        session costs more than the rows (an ORM session can join it: `Session(bind=...)`).

        ``wait=False`` (SQLite): if another writer holds the database, raise `StoreBusy` at
        once instead of waiting for it, so that a caller on the event loop never blocks.
        """
        engine = self.engine if wait or not self.embedded else self._engine_that_never_waits()
        try:
            with engine.begin() as connection:
                yield connection
        except (OperationalError, sqlite3.OperationalError) as error:  # the driver's own: store.rooms
            if not wait and ("locked" in str(error) or "busy" in str(error)):
                raise StoreBusy(str(error)) from None
            raise

    def _engine_that_never_waits(self) -> Engine:
        """The same SQLite file, through a connection that gives up at once when another writer holds it."""
        if self._nowait is None:
            self._nowait = _sqlite_engine(self.url, busy_timeout_s=0, checkpoints=False)
        return self._nowait

    def checkpoint(self) -> None:
        """Copy SQLite's write-ahead log into the database file (it fsyncs: call it off the loop).

        The commits made on the loop never checkpoint by themselves (that fsync would
        stall every game for tens of milliseconds): the journal asks for this now and then.
        """
        if self.embedded:
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        self.engine.dispose()
        if self._nowait is not None:
            self._nowait.dispose()


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _check_references(connection: Connection) -> None:
    """SQLite: every foreign key still finds its row (what enforcement would have refused)."""
    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
    if broken:
        table, _, parent, _ = broken[0]
        raise StoreUnavailable(
            f"the migration left {len(broken)} row(s) referring to missing rows (first: {table} -> {parent})"
        )


def _safe(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return "(unreadable URL)"


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        return _sqlite_engine(url, busy_timeout_s=SQLITE_BUSY_TIMEOUT_MS / 1000)
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)


def _sqlite_engine(url: str, busy_timeout_s: float, checkpoints: bool = True) -> Engine:
    """``checkpoints=False``: its commits never run a checkpoint themselves (`Database.checkpoint`)."""
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": busy_timeout_s})
    event.listen(engine, "connect", _sqlite_pragmas)
    if not checkpoints:
        event.listen(engine, "connect", _no_checkpoints)
    return engine


def _no_checkpoints(connection: object, _record: object) -> None:
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


def _sqlite_pragmas(connection: object, _record: object) -> None:
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA synchronous=NORMAL")  # a commit survives the process being killed
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
