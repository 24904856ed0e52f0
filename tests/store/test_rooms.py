"""Rooms in play: snapshots, event logs, fences, and the one transaction of a tick (both databases)."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
import sqlalchemy.exc

from tests.store.test_games import duel_stored
from wordarena.store.database import SQLITE_BUSY_TIMEOUT_MS, Database, StoreBusy
from wordarena.store.games import GameRepository
from wordarena.store.rooms import RoomRepository
from wordarena.store.writes import EventAppended, RoomDropped, RoomOpened, SnapshotTaken


def test_a_room_comes_back_as_its_snapshot_and_the_events_after_it(database: Database) -> None:
    rooms = RoomRepository(database)
    rooms.commit([RoomOpened("r1", '{"v": 0}', ["p"]), *(EventAppended("r1", n, f"e{n}") for n in (1, 2, 3))])
    [room] = rooms.live()
    assert (room.snapshot, room.snapshot_seq, room.events) == (
        '{"v": 0}',
        0,
        [(1, "e1"), (2, "e2"), (3, "e3")],
    )
    rooms.commit([SnapshotTaken("r1", 2, '{"v": 2}', ["p"]), EventAppended("r1", 4, "e4")])
    [room] = rooms.live()
    assert (room.snapshot, room.snapshot_seq, room.events) == ('{"v": 2}', 2, [(3, "e3"), (4, "e4")])
    rooms.commit([RoomDropped("r1")])
    assert rooms.live() == []


def test_an_older_fence_is_refused_and_the_other_rooms_land(database: Database) -> None:
    rooms = RoomRepository(database)
    rooms.commit([RoomOpened("old", "{}", [], fence=1), RoomOpened("other", "{}", [], fence=1)])
    assert rooms.commit([EventAppended("old", 1, "successor", fence=2)]) == set()
    refused = rooms.commit(
        [EventAppended("old", 2, "zombie", fence=1), EventAppended("other", 1, "fine", fence=1)]
    )
    assert refused == {"old"}
    events = {room.code: room.events for room in rooms.live()}
    assert events == {"old": [(1, "successor")], "other": [(1, "fine")]}


def test_a_batch_is_written_whole_or_not_at_all(database: Database) -> None:
    rooms = RoomRepository(database)
    rooms.commit([RoomOpened("r2", "{}", [])])
    bad = duel_stored("r2", ["nobody", None, None])  # an unknown player id breaks a foreign key
    with pytest.raises(sqlalchemy.exc.IntegrityError):
        rooms.commit([EventAppended("r2", 1, "e1"), bad])
    assert rooms.live()[0].events == []
    assert GameRepository(database).stored_games("r2") == []


def test_taking_a_room_over_fences_its_former_owner(database: Database) -> None:
    rooms = RoomRepository(database)
    rooms.commit([RoomOpened("r3", '{"v": 0}', [], fence=1), EventAppended("r3", 1, "e1", fence=1)])
    taken = rooms.take_over("r3")
    assert taken is not None
    stored, fence = taken
    assert fence == 2 and stored.events == [(1, "e1")]
    assert rooms.commit([EventAppended("r3", 2, "zombie", fence=1)]) == {"r3"}  # the former owner, paused
    assert rooms.commit([EventAppended("r3", 2, "successor", fence=2)]) == set()
    assert rooms.take_over("no-such-room") is None


def test_an_embedded_commit_that_would_wait_says_so_at_once_and_writes_nothing(tmp_path: Path) -> None:
    """On the loop a commit must never wait for another writer: `StoreBusy` instead, then it can wait."""
    database = Database.open(f"sqlite:///{tmp_path / 'busy.db'}")
    rooms = RoomRepository(database)
    assert database.embedded
    other = sqlite3.connect(tmp_path / "busy.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the database
    started = time.monotonic()
    with pytest.raises(StoreBusy):
        rooms.commit([RoomOpened("r1", "{}", [])], wait=False)
    assert time.monotonic() - started < 1.0
    other.execute("ROLLBACK")
    assert rooms.live() == []  # nothing of the refused commit
    rooms.commit([RoomOpened("r1", "{}", [])], wait=False)
    assert [room.code for room in rooms.live()] == ["r1"]
    with database.engine.connect() as connection:  # every other use of the store still waits
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == SQLITE_BUSY_TIMEOUT_MS
    other.close()
    database.close()
