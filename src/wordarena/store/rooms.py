"""Rooms in play: their snapshots and event logs, and the one transaction that writes a tick's worth.

`RoomRepository.commit` is the store side of the server's journal: the writes of
many rooms (events, snapshots, results) in one transaction, so results, places
and ratings are exactly as durable as the events that produced them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from sqlalchemy import Connection, Table, bindparam, delete, insert, select, update
from sqlalchemy.orm import Session

from wordarena.store.database import Database
from wordarena.store.games import store_duel
from wordarena.store.replays import store_replay
from wordarena.store.schema import RoomEventRow, RoomRow
from wordarena.store.tournaments import store_place, store_tournament
from wordarena.store.writes import (
    DuelStored,
    EventAppended,
    PlaceStored,
    ReplayStored,
    RoomDropped,
    RoomOpened,
    SnapshotTaken,
    TournamentStored,
    Write,
)

#: The event log's table, for Core inserts.
ROOM_EVENTS: Final = cast(Table, RoomEventRow.__table__)
ROOMS: Final = cast(Table, RoomRow.__table__)

#: Every commit reads the fences of its rooms: built once, run through Core (the ORM's
#: statement building and result loading cost more than the query itself).
_READ_FENCES: Final = (
    select(ROOMS.c.code, ROOMS.c.fence)
    .where(ROOMS.c.code.in_(bindparam("codes", expanding=True)))
    .with_for_update()
)
#: The same two statements of every commit, in SQLite's own SQL (`_sqlite_cursor`).
_SQLITE_READ_FENCES: Final = f"SELECT code, fence FROM {ROOMS.name} WHERE code IN (%s)"
_SQLITE_APPEND_EVENT: Final = (
    f"INSERT INTO {ROOM_EVENTS.name} (room_code, seq, event, fence) VALUES (?, ?, ?, ?)"
)
_RAISE_FENCE: Final = update(ROOMS).where(ROOMS.c.code == bindparam("room")).values(fence=bindparam("fence"))
#: A snapshot replaces the room's and drops the events it covers.
_SAVE_SNAPSHOT: Final = (
    update(ROOMS)
    .where(ROOMS.c.code == bindparam("room"))
    .values(
        snapshot=bindparam("snapshot"),
        snapshot_seq=bindparam("seq"),
        people=bindparam("people", type_=ROOMS.c.people.type),
    )
)
_DROP_COVERED_EVENTS: Final = delete(ROOM_EVENTS).where(
    ROOM_EVENTS.c.room_code == bindparam("room"), ROOM_EVENTS.c.seq <= bindparam("seq")
)


@dataclass(frozen=True)
class StoredRoom:
    """What restores a room: its last snapshot and the events after it, in order."""

    code: str
    snapshot: str
    snapshot_seq: int
    events: list[tuple[int, str]]


class RoomRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def commit(self, writes: Sequence[Write], wait: bool = True) -> set[str]:
        """Write everything in one transaction; returns the rooms refused for a stale fence.

        A refused room's writes are skipped (its owner has changed); the others land.
        ``wait=False``: `StoreBusy` rather than waiting for another writer (SQLite).
        """
        with self.db.core_transaction(wait) as connection:
            opened = {w.code for w in writes if isinstance(w, RoomOpened)}
            fences = {code: fence for code, fence in _fences(writes).items() if code not in opened}
            refused = _refused(connection, fences)
            kept = [w for w in writes if w.code not in refused or _ownerless(w)]
            _apply(connection, kept)
        return refused

    def live(self) -> list[StoredRoom]:
        with self.db.transaction() as session:
            rooms = session.scalars(select(RoomRow).order_by(RoomRow.code)).all()
            events: dict[str, list[tuple[int, str]]] = {room.code: [] for room in rooms}
            for row in session.scalars(
                select(RoomEventRow).order_by(RoomEventRow.room_code, RoomEventRow.seq)
            ):
                room_events = events.get(row.room_code)
                if room_events is not None:
                    room_events.append((row.seq, row.event))
            return [
                StoredRoom(
                    room.code,
                    room.snapshot,
                    room.snapshot_seq,
                    [e for e in events[room.code] if e[0] > room.snapshot_seq],
                )
                for room in rooms
            ]

    def codes(self) -> list[str]:
        """Every room in play (a process looks for the ones nobody owns)."""
        with self.db.transaction() as session:
            return list(session.scalars(select(RoomRow.code)).all())

    def take_over(self, code: str) -> tuple[StoredRoom, int] | None:
        """Become the room's owner in the store: a new fencing number, then what restores it.

        In one transaction, so no write of a former owner can slip between the
        read and the new number: from now on the store refuses its writes.
        """
        with self.db.transaction() as session:
            fenced = session.execute(
                update(RoomRow)
                .where(RoomRow.code == code)
                .values(fence=RoomRow.fence + 1)
                .returning(RoomRow.fence)
            ).scalar_one_or_none()
            if fenced is None:
                return None
            room = session.get(RoomRow, code)
            assert room is not None
            events = session.execute(
                select(RoomEventRow.seq, RoomEventRow.event)
                .where(RoomEventRow.room_code == code, RoomEventRow.seq > room.snapshot_seq)
                .order_by(RoomEventRow.seq)
            ).all()
            stored = StoredRoom(
                code, room.snapshot, room.snapshot_seq, [(seq, event) for seq, event in events]
            )
            return stored, int(fenced)

    def drop(self, code: str) -> None:
        """Forget a room that cannot be restored (a snapshot from an incompatible version)."""
        with self.db.transaction() as session:
            _drop(session, code)


def _fences(writes: Sequence[Write]) -> dict[str, int]:
    fences: dict[str, int] = {}
    for write in writes:
        if not _ownerless(write):
            fences[write.code] = max(fences.get(write.code, 0), write.fence)
    return fences


def _ownerless(write: Write) -> bool:
    """An analysis written over a stored replay: it comes from the stored game alone, whoever owns the
    room now (or nobody: a finished room is dropped), and writing it twice changes nothing."""
    return isinstance(write, ReplayStored) and write.analysed


def _refused(connection: Connection, fences: dict[str, int]) -> set[str]:
    """The rooms whose writes carry an older fence than the store's (or that are gone).

    One statement for every room of the commit: their rows are locked until it ends
    (``FOR UPDATE`` on PostgreSQL; SQLite has one writer at a time anyway), so a
    takeover either waits for these writes or is seen here and refuses them.
    """
    if not fences:
        return set()
    stored: dict[str, int]
    if connection.dialect.name == "sqlite":  # the hot path: see `_sqlite_cursor`
        marks = ",".join("?" * len(fences))
        rows = _sqlite_cursor(connection).execute(_SQLITE_READ_FENCES % marks, list(fences))
        stored = {code: fence for code, fence in rows}
    else:
        stored = {code: fence for code, fence in connection.execute(_READ_FENCES, {"codes": list(fences)})}
    refused = {code for code, fence in fences.items() if code not in stored or stored[code] > fence}
    raised = [
        {"room": code, "fence": fence}
        for code, fence in fences.items()
        if code in stored and stored[code] < fence  # not seen so far: a takeover sets the fence itself
    ]
    if raised:
        connection.execute(_RAISE_FENCE, raised)
    return refused


def _apply(connection: Connection, writes: Sequence[Write]) -> None:
    """Rooms opened, then events, snapshots, then results (through an ORM session), then rooms dropped.

    What every tick writes (events, snapshots) goes through Core; the rarer results use
    the ORM models of their tables, in a session joined to the same transaction.
    """
    opened = [
        {"code": w.code, "snapshot": w.snapshot, "snapshot_seq": 0, "people": w.people, "fence": w.fence}
        for w in writes
        if isinstance(w, RoomOpened)
    ]
    if opened:
        connection.execute(insert(ROOMS), opened)
    _append_events(connection, [w for w in writes if isinstance(w, EventAppended)])
    for write in writes:
        if isinstance(write, SnapshotTaken):
            snapshot = {
                "room": write.code,
                "snapshot": write.snapshot,
                "seq": write.seq,
                "people": write.people,
            }
            connection.execute(_SAVE_SNAPSHOT, snapshot)
            connection.execute(_DROP_COVERED_EVENTS, {"room": write.code, "seq": write.seq})
    results = [w for w in writes if isinstance(w, DuelStored | PlaceStored | TournamentStored | ReplayStored)]
    if results:
        with Session(bind=connection) as session:  # joins the transaction: committed with it
            for write in results:
                match write:
                    case DuelStored():
                        store_duel(session, write)
                    case PlaceStored():
                        store_place(session, write)
                    case TournamentStored():
                        store_tournament(session, write)
                    case ReplayStored():
                        store_replay(session, write)
            session.flush()
    for write in writes:
        if isinstance(write, RoomDropped):
            _drop_rows(connection, write.code)


def _append_events(connection: Connection, events: list[EventAppended]) -> None:
    if not events:
        return
    if connection.dialect.name == "sqlite":
        rows = [(w.code, w.seq, w.event, w.fence) for w in events]
        _sqlite_cursor(connection).executemany(_SQLITE_APPEND_EVENT, rows)
        return
    # Core's executemany: the ORM's bulk path costs more than the rows themselves
    connection.execute(
        insert(ROOM_EVENTS),
        [{"room_code": w.code, "seq": w.seq, "event": w.event, "fence": w.fence} for w in events],
    )


def _sqlite_cursor(connection: Connection) -> Any:
    """The sqlite3 cursor under the Core connection, in the same transaction.

    On SQLite the commits run on the event loop, and a guess at a steady pace is a commit
    of its own: Core's statement handling (execution context, parameter processing)
    costs several times what SQLite spends on the two rows. The two statements of every
    commit (the fence read, the events) go to the driver directly; the rare ones stay Core.
    """
    return connection.connection.driver_connection.cursor()  # type: ignore[union-attr]


def _drop(session: Session, code: str) -> None:
    _drop_rows(session.connection(), code)


def _drop_rows(connection: Connection, code: str) -> None:
    connection.execute(delete(ROOM_EVENTS).where(ROOM_EVENTS.c.room_code == code))
    connection.execute(delete(ROOMS).where(ROOMS.c.code == code))
