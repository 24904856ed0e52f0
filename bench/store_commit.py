"""The store's commit of one tick (`RoomRepository.commit`) on SQLite, against the same rows through sqlite3.

    python -m bench.store_commit                 # 3,000 commits of one event, then of 50 events (~10 s)
    python -m bench.store_commit --commits 10000

At steady load nearly every guess is a commit of its own, so the cost of a small
commit is the server's floor per guess. Two shapes, each on a fresh store in a
temporary folder (WAL, ``synchronous=NORMAL``, as the server runs it):

- **one event**: one room's guess (the fence check, one row in ``room_events``);
- **a tick of 50 rooms**: 50 events of 50 rooms in one commit (a saturated tick).

**Baseline, same run:** the same rows and the same fence read through the standard
library's ``sqlite3`` on another fresh file, with prepared statements and nothing
else: what SQLite itself costs. Printed: CPU ms per commit of each and the ratio,
and the peak memory traced while committing (tracemalloc, a separate pass).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from wordarena.store.database import Database, sqlite_url
from wordarena.store.rooms import RoomRepository
from wordarena.store.writes import EventAppended, RoomOpened

ROOMS = 50
EVENT = json.dumps(["GuessSubmitted", {"player": "p-123456", "word": "crane"}, 1_796_000_000_000])


def store_committer(folder: Path) -> Callable[[int, int], None]:
    """Commits through the store: ``commit(first_seq, rooms)``."""
    repo = RoomRepository(Database.open(sqlite_url(folder)))
    codes = [f"room-{i}" for i in range(ROOMS)]
    repo.commit([RoomOpened(code, "{}", [], fence=1) for code in codes])

    def commit(seq: int, rooms: int) -> None:
        repo.commit([EventAppended(codes[i], seq, EVENT, 1) for i in range(rooms)])

    return commit


def sqlite_committer(folder: Path) -> Callable[[int, int], None]:
    """The same fence read and inserts through sqlite3, prepared statements only."""
    db = sqlite3.connect(folder / "plain.sqlite3", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE rooms (code TEXT PRIMARY KEY, fence INTEGER)")
    db.execute(
        "CREATE TABLE room_events (room_code TEXT, seq INTEGER, event TEXT, fence INTEGER,"
        " PRIMARY KEY (room_code, seq))"
    )
    codes = [f"room-{i}" for i in range(ROOMS)]
    db.executemany("INSERT INTO rooms VALUES (?, 1)", [(code,) for code in codes])

    def commit(seq: int, rooms: int) -> None:
        db.execute("BEGIN")
        marks = ",".join("?" * rooms)
        db.execute(f"SELECT code, fence FROM rooms WHERE code IN ({marks})", codes[:rooms]).fetchall()
        db.executemany(
            "INSERT INTO room_events VALUES (?, ?, ?, 1)", [(codes[i], seq, EVENT) for i in range(rooms)]
        )
        db.execute("COMMIT")

    return commit


def cpu_ms_per_commit(commit: Callable[[int, int], None], commits: int, rooms: int) -> float:
    for seq in range(1, 51):  # warm: statement caches, pages
        commit(seq, rooms)
    started = time.process_time()
    for seq in range(51, 51 + commits):
        commit(seq, rooms)
    return (time.process_time() - started) / commits * 1000


def traced_peak_kib(make: Callable[[Path], Callable[[int, int], None]], rooms: int) -> float:
    with tempfile.TemporaryDirectory(prefix="store_commit-") as folder:
        commit = make(Path(folder))
        tracemalloc.start()
        for seq in range(1, 201):
            commit(seq, rooms)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak / 1024


def measure(make: Callable[[Path], Callable[[int, int], None]], commits: int, rooms: int) -> float:
    with tempfile.TemporaryDirectory(prefix="store_commit-") as folder:
        return cpu_ms_per_commit(make(Path(folder)), commits, rooms)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--commits", type=int, default=3000, help="commits timed per shape (default 3,000)")
    args = parser.parse_args()
    results = {}
    heads = f"{'store ms':>10}{'sqlite3 ms':>12}{'ratio':>8}{'store peak KiB':>16}{'sqlite3 peak KiB':>18}"
    print(f"{'':<28}{heads}")
    for name, rooms in (("one event", 1), (f"a tick of {ROOMS} rooms", ROOMS)):
        commits = args.commits if rooms == 1 else max(1, args.commits // 10)
        store = measure(store_committer, commits, rooms)
        plain = measure(sqlite_committer, commits, rooms)
        peaks = traced_peak_kib(store_committer, rooms), traced_peak_kib(sqlite_committer, rooms)
        results[name] = {"store_ms": store, "sqlite3_ms": plain, "ratio": store / plain, "peak_kib": peaks}
        print(
            f"{name:<28}{store:>10.3f}{plain:>12.3f}{store / plain:>8.1f}{peaks[0]:>16.0f}{peaks[1]:>18.0f}"
        )
    print("CPU per commit (process time); ratio = store ÷ sqlite3 on the same rows, same run")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
