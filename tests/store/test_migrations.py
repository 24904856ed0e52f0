"""Every migration upgrades and downgrades, on SQLite and on PostgreSQL.

A downgrade gives back exactly the schema its revision started from, and the
rows that schema can hold. The migrations run as the server runs them: through
`Database.migrate`'s connection (on SQLite, the store's pragmas, foreign keys
enforced).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text

from tests.store.conftest import fresh_postgres_url
from wordarena.store.database import MIGRATIONS, Database, sqlite_url
from wordarena.store.schema import Base


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


#: Every revision, oldest first.
REVISIONS = [s.revision for s in reversed(list(ScriptDirectory.from_config(_config()).walk_revisions()))]


class Store:
    """An empty database, migrated on demand to any revision."""

    def __init__(self, database: Database) -> None:
        self.database = database

    @property
    def engine(self) -> Engine:
        return self.database.engine

    def upgrade(self, target: str) -> None:
        with self.database.migrating() as connection:
            command.upgrade(_config(connection), target)

    def downgrade(self, target: str) -> None:
        with self.database.migrating() as connection:
            command.downgrade(_config(connection), target)

    def revision(self) -> str | None:
        with self.engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()

    def schema(self) -> dict[str, Any]:
        """Every table's columns, keys and indexes, as reflected (alembic's own table aside)."""
        with self.engine.connect() as connection:
            found = inspect(connection)
            return {
                table: {
                    "columns": [
                        (c["name"], str(c["type"]), c["nullable"], _default(c["default"]))
                        for c in found.get_columns(table)
                    ],
                    "primary_key": found.get_pk_constraint(table)["constrained_columns"],
                    "foreign_keys": sorted(
                        (tuple(k["constrained_columns"]), k["referred_table"], tuple(k["referred_columns"]))
                        for k in found.get_foreign_keys(table)
                    ),
                    "indexes": sorted(
                        (i["name"], tuple(i["column_names"]), bool(i["unique"]))
                        for i in found.get_indexes(table)
                    ),
                    "unique": sorted(
                        (u["name"], tuple(u["column_names"])) for u in found.get_unique_constraints(table)
                    ),
                }
                for table in sorted(found.get_table_names())
                if table != "alembic_version"
            }

    def rows(self, sql: str) -> list[tuple[Any, ...]]:
        with self.engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql)).all()]

    def execute(self, *statements: str) -> None:
        with self.engine.begin() as connection:
            for statement in statements:
                connection.execute(text(statement))


def _default(default: str | None) -> str | None:
    """A server default as either database spells it: ``(CURRENT_TIMESTAMP)``, ``now()``..."""
    if default is None:
        return None
    bare = default.strip("()'").lower()
    return "now" if bare in ("current_timestamp", "now") else bare


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty database of this test: a SQLite file, or a schema of its own on the tests' PostgreSQL."""
    if request.param == "sqlite":
        database = Database(sqlite_url(tmp_path))
        yield Store(database)
        database.close()
        return
    with fresh_postgres_url(request.getfixturevalue("postgres_url")) as url:
        database = Database(url)
        try:
            yield Store(database)
        finally:
            database.close()


def test_there_are_migrations_and_they_form_one_line() -> None:
    assert REVISIONS[0] == "0001" and len(REVISIONS) >= 5
    assert len(ScriptDirectory.from_config(_config()).get_heads()) == 1


def test_head_then_base_then_head_again(store: Store) -> None:
    store.upgrade("head")
    built = store.schema()
    store.downgrade("base")
    assert store.schema() == {} and store.revision() is None
    store.upgrade("head")
    assert store.schema() == built and store.revision() == REVISIONS[-1]
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []  # still exactly schema.py


def test_each_migration_downgrades_to_the_schema_it_started_from(store: Store) -> None:
    before: dict[str, Any] = {}  # the base: no table
    for revision in REVISIONS:
        store.upgrade(revision)
        after = store.schema()
        assert after != before, f"{revision} changes nothing"
        store.downgrade("-1")
        assert store.schema() == before, f"the downgrade of {revision}"
        store.upgrade(revision)  # and up again, on the downgraded schema
        assert store.schema() == after, f"{revision} after its own downgrade"
        assert store.revision() == revision
        before = after
    for revision in reversed([None, *REVISIONS[:-1]]):  # then all the way down, one step at a time
        store.downgrade("-1")
        assert store.revision() == revision


PLAYERS = (
    "INSERT INTO players (id, token_hash, nickname, games_played, quick_games_played, rating)"
    " VALUES ('p1', 'h1', 'Ann', 1, 0, 1012), ('p2', 'h2', 'Bob', 1, 0, 988)"
)
GAME = (
    "INSERT INTO games (id, mode, room_code, lang, clock_s, rounds_planned, seed, end_reason, draw)"
    " VALUES (1, 'duel', 'ROOM1', 'en', 60, 1, 7, 'finished', false)"
)
SEATS = (
    "INSERT INTO game_seats (game_id, seat, player_id, name, total, winner)"
    " VALUES (1, 0, 'p1', 'Ann', 3, true), (1, 1, 'p2', 'Bob', 0, false)"
)
ROUND = (
    "INSERT INTO game_rounds (game_id, number, answer, ended_by, duration_ms)"
    " VALUES (1, 1, 'crane', 'all_done', 41000)"
)
ROUND_SEATS = (
    "INSERT INTO round_seats (game_id, number, seat, guesses, solved, points)"
    " VALUES (1, 1, 0, '[\"crane\"]', true, 3), (1, 1, 1, '[]', false, 0)"
)
LIVE_ROOM = "INSERT INTO live_rooms (code, snapshot, players) VALUES ('ROOM2', '{\"v\": 1}', '[\"p1\"]')"
PLACE = (
    "INSERT INTO tournament_places (tournament_code, player_id, place, rated, rating_before, rating_after)"
    " VALUES ('T1', 'p2', 1, true, 1000, 1016)"
)


def test_stored_rows_outlive_every_step_up_and_down(store: Store) -> None:
    """Rows that refer to one another (seats to players, places to players) through every table a
    migration rebuilds: a rebuild of a table others refer to is refused while foreign keys are enforced."""
    store.upgrade("0001")
    store.execute(PLAYERS, GAME, SEATS, ROUND, ROUND_SEATS, LIVE_ROOM)
    store.upgrade("0002")
    store.execute(PLACE)
    kept = {
        "players": "SELECT id, nickname, rating FROM players ORDER BY id",
        "seats": "SELECT game_id, seat, player_id, name, total FROM game_seats ORDER BY seat",
        "rounds": "SELECT game_id, number, answer FROM game_rounds",
        "round_seats": "SELECT seat, solved, points FROM round_seats ORDER BY seat",
        "places": "SELECT tournament_code, player_id, place, rating_after FROM tournament_places",
    }
    expected = {name: store.rows(sql) for name, sql in kept.items()}
    live = store.rows("SELECT code, snapshot FROM live_rooms")
    for revision in REVISIONS[2:]:
        store.upgrade(revision)
        assert {name: store.rows(sql) for name, sql in kept.items()} == expected, revision
    # the snapshot moved from a JSON column (PostgreSQL hands back a dict) to text: the same data
    [(code, snapshot, seq)] = store.rows("SELECT code, snapshot, snapshot_seq FROM rooms")
    assert (code, _parsed(snapshot), seq) == (live[0][0], _parsed(live[0][1]), 0)
    for revision in reversed(REVISIONS[1:-1]):
        store.downgrade(revision)
        assert {name: store.rows(sql) for name, sql in kept.items()} == expected, revision
    assert store.rows("SELECT code, snapshot FROM live_rooms") == live  # the room in play, back
    store.downgrade("base")
    assert store.schema() == {}


def test_a_long_nickname_is_cut_to_fit_a_downgrade(store: Store) -> None:
    """0005 widened names to 160; going back below it keeps the player, with the first 40 characters."""
    store.upgrade("head")
    long = "Ann " + "é" * 60
    store.execute(
        "INSERT INTO players (id, token_hash, nickname, games_played, quick_games_played, rating)"
        f" VALUES ('p1', 'h1', '{long}', 0, 0, 1000)"
    )
    store.downgrade("0004")
    assert store.rows("SELECT nickname FROM players") == [(long[:40],)]


def _parsed(snapshot: Any) -> Any:
    return json.loads(snapshot) if isinstance(snapshot, str) else snapshot
