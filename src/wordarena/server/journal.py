"""Group commit: what every room accepted within a few milliseconds, written in one transaction.

A room hands its writes (events, snapshots, results) to `Journal.write` and
waits for them to be committed before it sends any view: nothing a player sees
can be undone by a crash. Writes that arrive while a commit is running go in the
next one, so the cost of a commit is shared by every room of that tick.

Where the commit runs: an embedded SQLite commit (WAL, ``synchronous=NORMAL``: no
fsync, so a commit is a few page writes to the OS) is done on the loop itself, in
less time than a hop to a thread and back costs; a network database's commit waits
on the network, so it runs on a thread and the loop goes on.

A failed commit (database down, disk full) is retried with backoff and counted
in ``/metrics``; the rooms concerned wait, the others go on. A room refused for
a stale fencing number (another process owns it now) gets `StaleOwner`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

from wordarena.server import limits
from wordarena.server.metrics import Metrics
from wordarena.store.database import StoreBusy
from wordarena.store.rooms import RoomRepository
from wordarena.store.writes import Write

log = logging.getLogger(__name__)


class StaleOwner(Exception):
    """The store refused a room's writes: a newer owner holds it."""


@dataclass
class _Entry:
    writes: Sequence[Write]
    done: asyncio.Future[None]
    attempts: int = 0


class Journal:
    def __init__(self, rooms: RoomRepository, metrics: Metrics, inline: bool = False) -> None:
        self.rooms = rooms
        self.metrics = metrics
        self.inline = inline  # commit on the loop (embedded SQLite), not on a thread
        self._since_checkpoint = 0
        self._checkpointing: asyncio.Task[None] | None = None
        self._pending: list[_Entry] = []
        self._wake = asyncio.Event()
        self._outstanding = 0  # written, not yet durable (or refused)
        self._settled = asyncio.Event()
        self._settled.set()
        self._task: asyncio.Task[None] | None = None
        self._retries: set[asyncio.TimerHandle] = set()
        self._last_failure_log = 0.0

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="journal")

    def write(self, writes: Sequence[Write]) -> asyncio.Future[None]:
        """Queue writes for the next commit; the future resolves once they are durable."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._outstanding += 1
        self._settled.clear()
        done.add_done_callback(self._one_settled)
        self._queue(_Entry(writes, done))
        return done

    def _one_settled(self, _: asyncio.Future[None]) -> None:
        self._outstanding -= 1
        if self._outstanding == 0:
            self._settled.set()

    async def drain(self) -> None:
        """Wait until everything written so far is durable (or refused)."""
        await self._settled.wait()

    async def stop(self, timeout: float = limits.STOP_DRAIN_S) -> None:
        """Shutdown: let what was written land (a store that stays down cannot hold the exit for ever)."""
        try:
            await asyncio.wait_for(self.drain(), timeout)
        except TimeoutError:
            log.error("%d write(s) were not stored before the shutdown", self._outstanding)
        for handle in self._retries:
            handle.cancel()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def _queue(self, entry: _Entry) -> None:
        self._pending.append(entry)
        self._wake.set()

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            # The rooms that write within the next few milliseconds share this commit: at a
            # steady pace, guesses of different rooms seldom fall in the same loop tick.
            await asyncio.sleep(limits.COMMIT_WINDOW_S)
            self._wake.clear()
            batch, self._pending = self._pending, []
            if batch:
                await self._commit(batch)

    async def _commit(self, batch: list[_Entry]) -> None:
        started = time.perf_counter()
        try:
            refused = await self._store([w for e in batch for w in e.writes])
        except Exception as error:
            self._failed(error, len(batch))
            await self._commit_one_by_one(batch)  # one bad room must not hold the others back
            return
        self.metrics.commit_seconds.observe(time.perf_counter() - started)
        self.metrics.commit_writes.inc(sum(len(e.writes) for e in batch))
        for entry in batch:
            _resolve(entry, refused)

    async def _commit_one_by_one(self, batch: list[_Entry]) -> None:
        for entry in batch:
            try:
                refused = await self._store(entry.writes)
            except Exception as error:
                self._failed(error, 1)
                self._retry_later(entry)
            else:
                _resolve(entry, refused)

    async def _store(self, writes: Sequence[Write]) -> set[str]:
        if self.inline:
            try:  # never waits on the loop: another writer (a page's, say) sends it to a thread
                refused = self.rooms.commit(writes, wait=False)
            except StoreBusy:
                self.metrics.commits_busy.inc()
            else:
                self._checkpoint_now_and_then()
                return refused
        return await asyncio.to_thread(self.rooms.commit, writes)

    def _checkpoint_now_and_then(self) -> None:
        """The log of the commits made on the loop goes into the database file on a thread (it fsyncs)."""
        self._since_checkpoint += 1
        if self._since_checkpoint < limits.CHECKPOINT_EVERY_COMMITS or self._checkpointing is not None:
            return
        self._since_checkpoint = 0
        self._checkpointing = asyncio.get_running_loop().create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        try:
            await asyncio.to_thread(self.rooms.db.checkpoint)
        except Exception:  # the next one will do; the log only grows meanwhile
            log.warning("checkpoint failed", exc_info=True)
        finally:
            self._checkpointing = None

    def _retry_later(self, entry: _Entry) -> None:
        entry.attempts += 1
        delay = min(limits.STORE_RETRY_MAX_S, limits.STORE_RETRY_FIRST_S * 2 ** (entry.attempts - 1))
        self.metrics.store_retries.inc()

        def again() -> None:
            self._retries.discard(handle)
            self._queue(entry)

        handle = asyncio.get_running_loop().call_later(delay, again)
        self._retries.add(handle)

    def _failed(self, error: Exception, entries: int) -> None:
        self.metrics.store_failures.inc()
        now = time.monotonic()
        if now - self._last_failure_log >= limits.LOG_EVERY_S:  # one line per period, not per attempt
            self._last_failure_log = now
            log.error("store write failed (%d room batch(es) will be retried): %s", entries, error)


def _resolve(entry: _Entry, refused: set[str]) -> None:
    if entry.done.done():
        return
    if any(w.code in refused for w in entry.writes):
        entry.done.set_exception(StaleOwner(", ".join(sorted({w.code for w in entry.writes} & refused))))
    else:
        entry.done.set_result(None)
