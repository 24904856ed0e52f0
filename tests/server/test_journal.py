"""The journal: one commit for many rooms, failures retried and counted, a bad room never holds the others."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from pytest_postgresql.executors import PostgreSQLExecutor

from tests.server.conftest import Arena, FakeClock, until
from tests.server.test_rooms import start_playing, two_players, wrong_words
from tests.store.conftest import fresh_postgres_url
from wordarena.server import limits
from wordarena.server.app import make_app
from wordarena.server.config import Config
from wordarena.server.journal import Journal, StaleOwner
from wordarena.server.metrics import Metrics
from wordarena.store.database import Database, StoreBusy
from wordarena.store.rooms import RoomRepository
from wordarena.store.writes import EventAppended, RoomOpened, Write


class FlakyStore:
    """A store whose commits fail while ``down``, and always for rooms in ``poisoned``."""

    def __init__(self) -> None:
        self.down = False
        self.poisoned: set[str] = set()
        self.stale: set[str] = set()
        self.commits: list[list[Write]] = []

    def commit(self, writes: Sequence[Write]) -> set[str]:
        if self.down or any(w.code in self.poisoned for w in writes):
            raise OSError("disk full")
        self.commits.append(list(writes))
        return {w.code for w in writes} & self.stale


def event(code: str, seq: int = 1) -> EventAppended:
    return EventAppended(code, seq, "[]")


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "STORE_RETRY_FIRST_S", 0.001)
    monkeypatch.setattr(limits, "STORE_RETRY_MAX_S", 0.01)


async def test_writes_of_one_tick_share_one_commit() -> None:
    store = FlakyStore()
    journal = Journal(store, Metrics())  # type: ignore[arg-type]
    journal.start()
    await asyncio.gather(*(journal.write([event(f"r{i}")]) for i in range(10)))
    assert len(store.commits) == 1 and len(store.commits[0]) == 10
    await journal.stop()


class BusyAtFirst(FlakyStore):
    """An embedded store that another writer holds for the first commit tried on the loop."""

    def __init__(self) -> None:
        super().__init__()
        self.busy = 1
        self.threads: list[str] = []

    def commit(self, writes: Sequence[Write], wait: bool = True) -> set[str]:
        self.threads.append(threading.current_thread().name)
        if not wait and self.busy:
            self.busy -= 1
            raise StoreBusy("database is locked")
        return super().commit(writes)


async def test_an_embedded_commit_runs_on_the_loop_and_a_busy_one_on_a_thread() -> None:
    store, metrics = BusyAtFirst(), Metrics()
    journal = Journal(store, metrics, inline=True)  # type: ignore[arg-type]
    journal.start()
    await journal.write([event("r1")])  # busy on the loop: waits on a thread instead
    await journal.write([event("r2")])
    loop_thread = threading.current_thread().name
    assert (
        store.threads[0] == loop_thread
        and store.threads[1] != loop_thread
        and store.threads[2] == loop_thread
    )
    assert [w.code for c in store.commits for w in c] == ["r1", "r2"]
    assert metrics.commits_busy._value.get() == 1
    await journal.stop()


async def test_a_failed_commit_is_retried_counted_and_lands() -> None:
    store, metrics = FlakyStore(), Metrics()
    journal = Journal(store, metrics)  # type: ignore[arg-type]
    journal.start()
    store.down = True
    done = journal.write([event("r1")])
    await until(lambda: metrics.store_retries._value.get() >= 3)  # type: ignore[attr-defined]
    assert not done.done()  # nobody is told anything before it is stored
    store.down = False
    await asyncio.wait_for(done, 5)
    assert metrics.store_failures._value.get() >= 3  # type: ignore[attr-defined]
    await journal.stop()


async def test_a_room_whose_writes_keep_failing_never_holds_the_others() -> None:
    store = FlakyStore()
    store.poisoned = {"bad"}
    journal = Journal(store, Metrics())  # type: ignore[arg-type]
    journal.start()
    bad = journal.write([event("bad")])
    good = journal.write([event("good")])
    await asyncio.wait_for(good, 5)
    assert not bad.done()
    store.poisoned.clear()
    await asyncio.wait_for(bad, 5)
    await journal.stop()


async def test_a_stale_owner_is_told() -> None:
    store = FlakyStore()
    store.stale = {"taken"}
    journal = Journal(store, Metrics())  # type: ignore[arg-type]
    journal.start()
    with pytest.raises(StaleOwner):
        await journal.write([event("taken")])
    await journal.stop()


async def test_a_room_goes_on_after_its_store_came_back(arena: Arena) -> None:
    """A failed write (database down) is retried; the room lives on; nothing is shown before it lands."""
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        real = arena.node.room_store.commit
        outage = asyncio.Event()

        def failing(writes: Sequence[Write], wait: bool = True) -> set[str]:
            if not outage.is_set():
                raise OSError("database down")
            return real(writes, wait)

        arena.node.room_store.commit = failing  # type: ignore[method-assign]
        word = wrong_words(arena, code, 1)[0]
        await alice.guess(word)
        await until(lambda: arena.node.metrics.store_retries._value.get() >= 2)  # type: ignore[attr-defined]
        assert not alice.view["seats"][0]["rows"]  # type: ignore[index]  # not shown: not stored
        outage.set()
        view = await alice.view_where(lambda v: len(v["seats"][0]["rows"]) == 1)
        assert view["seats"][0]["rows"][0]["letters"]
        await alice.guess(wrong_words(arena, code, 2)[1])  # the room task is alive
        await alice.view_where(lambda v: len(v["seats"][0]["rows"]) == 2)


async def test_a_postgresql_restart_loses_nothing_and_crashes_nothing(
    tmp_path: Path, aiohttp_server: Any, restartable_postgresql: PostgreSQLExecutor
) -> None:
    """The database goes away mid-round: the guess waits (nobody is told before it is stored), then lands."""
    server = restartable_postgresql
    url = f"postgresql+psycopg://{server.user}@{server.host}:{server.port}/postgres"
    with fresh_postgres_url(url) as schema_url:
        clock = FakeClock()
        arena = Arena(
            await aiohttp_server(make_app(Config(data_dir=tmp_path, database_url=schema_url), clock=clock)),
            clock,
        )
        async with arena.client() as alice, arena.client() as bob:
            code = await two_players(arena, alice, bob)
            await start_playing(arena, alice, bob)
            with server.stopped():
                await alice.guess(wrong_words(arena, code, 1)[0])
                await until(lambda: arena.node.metrics.store_failures._value.get() >= 1, timeout=15)  # type: ignore[attr-defined]
                assert not alice.view["seats"][0]["rows"]  # type: ignore[index]
            view = await alice.view_where(lambda v: len(v["seats"][0]["rows"]) == 1, timeout=30)
            assert view["seats"][0]["rows"][0]["letters"]
            await alice.guess(wrong_words(arena, code, 2)[1])
            await alice.view_where(lambda v: len(v["seats"][0]["rows"]) == 2)
        await arena.server.close()


async def test_commits_on_the_loop_leave_the_checkpoint_to_a_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkpoint fsyncs: never on the loop. Every so many commits, one runs on a thread."""
    monkeypatch.setattr(limits, "CHECKPOINT_EVERY_COMMITS", 3)
    database = Database.open(f"sqlite:///{tmp_path / 'wal.db'}")
    rooms = RoomRepository(database)
    threads: list[str] = []
    real = database.checkpoint
    monkeypatch.setattr(
        database, "checkpoint", lambda: (threads.append(threading.current_thread().name), real())
    )
    journal = Journal(rooms, Metrics(), inline=True)
    journal.start()
    await journal.write([RoomOpened("r1", "{}", [])])
    assert threads == []
    seq = 0
    while len(threads) < 2 and seq < 100:  # one every 3 commits, unless one is still running
        seq += 1
        await journal.write([event("r1", seq)])
        await asyncio.sleep(0)
    await until(lambda: len(threads) >= 2)
    assert threading.current_thread().name not in threads  # both on a thread of their own
    with database._engine_that_never_waits().connect() as connection:
        assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    await journal.stop()
    database.close()
