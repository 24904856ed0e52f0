"""Games in progress, saved together every few seconds so a restart can bring them back.

Rooms only mark themselves changed; one task writes every changed room in a
single transaction off the event loop. Finished results are written by their
room under the same lock, so a late snapshot never resurrects a finished game.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from wordarena.server import limits
from wordarena.store.games import GameRepository

if TYPE_CHECKING:
    from wordarena.server.rooms import Room

log = logging.getLogger(__name__)
_ROOMS_PER_SLICE = 20


class SnapshotSaver:
    def __init__(self, games: GameRepository) -> None:
        self.games = games
        self.lock = asyncio.Lock()  # live snapshots and final results are written one at a time
        self._changed: dict[str, Room] = {}
        self._task: asyncio.Task[None] | None = None

    def mark(self, room: Room) -> None:
        self._changed[room.code] = room

    def forget(self, room: Room) -> None:
        self._changed.pop(room.code, None)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="snapshots")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(limits.SNAPSHOT_EVERY_S)
            await self.flush()

    async def flush(self, rooms: list[Room] | None = None) -> None:
        """Write the changed rooms (or ``rooms``) that are still in progress."""
        if rooms is None:
            rooms = list(self._changed.values())
            self._changed.clear()
        rows = []
        for count, room in enumerate(rooms, 1):
            if room.in_progress():
                rows.append((room.code, room.snapshot(), room.people()))
            if count % _ROOMS_PER_SLICE == 0:
                await asyncio.sleep(0)  # let guesses through between slices of a big flush
        if not rows:
            return
        async with self.lock:
            try:
                await asyncio.to_thread(self.games.save_live_many, rows)
            except Exception:  # kept for the next flush: nothing is lost while the server runs
                log.exception("could not save %d game(s) in progress", len(rows))
                for room in rooms:
                    self._changed.setdefault(room.code, room)

    async def stop(self, rooms: list[Room]) -> None:
        """Shutdown: stop the periodic task, then save every game in progress."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        await self.flush(rooms)
