"""The expert's analysis of a finished game, computed once, off the event loop, then stored over its replay.

A replay is stored with the game's result (the guesses alone cost next to nothing);
the analysis (core.analysis: answers left, the expert's choice, skill and luck of
every guess) takes tens of milliseconds a game, so it runs on a thread of its own,
never on the loop's and never on the store's, and its document replaces the first.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from wordarena.core.replay_analysis import analysed_document
from wordarena.server.journal import Journal
from wordarena.server.tasks import Tasks
from wordarena.store.replays import ReplayRepository
from wordarena.store.writes import ReplayStored

log = logging.getLogger(__name__)

CATCH_UP_BATCH = 100  # replays read from the store at a time when catching up

Documents = Callable[[Any], list[dict[str, Any]]]  # a game's state -> its analysed replay documents


class Analyst:
    def __init__(self, journal: Journal, tasks: Tasks, replays: ReplayRepository) -> None:
        self.journal = journal
        self.tasks = tasks
        self.replays = replays
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="analysis")
        self.failed: set[str] = set()  # replays that could not be analysed (not tried again)

    def analyse(self, code: str, kind: str, state: Any, documents: Documents, fence: int) -> None:
        """Analyse a copy of the finished game as it is now (the room plays on), then store it."""
        frozen = copy.deepcopy(state)
        self.tasks.spawn(self._analyse(code, kind, frozen, documents, fence), f"analyse-{code}")

    async def _analyse(self, code: str, kind: str, state: Any, documents: Documents, fence: int) -> None:
        try:
            found = await asyncio.get_running_loop().run_in_executor(self._thread, documents, state)
        except Exception:  # a list rebuilt without the answer, a bug: the replay stays, unanalysed
            log.exception("could not analyse the replay of %s", code)
            return
        writes = [ReplayStored(code, d["id"], kind, d, analysed=True, fence=fence) for d in found]
        if writes:
            await self.journal.write(writes)

    async def catch_up(self) -> None:
        """Replays stored without their analysis (a process stopped before writing it): analysed now.

        Any process may do it (a cluster's every process does at start): an analysed
        replay is written over the bare one once, and never again.
        """
        loop = asyncio.get_running_loop()
        while True:
            try:
                bare = await asyncio.to_thread(self.replays.unanalysed, CATCH_UP_BATCH)
            except Exception:  # the store is down: the next start tries again
                log.exception("could not read the replays left unanalysed")
                return
            for stored in bare:
                if stored.id in self.failed:
                    continue
                try:
                    done = await loop.run_in_executor(self._thread, analysed_document, stored.document)
                except Exception:  # it will stay unanalysed: say so once, go on with the others
                    log.exception("could not analyse the stored replay %s", stored.id)
                    self.failed.add(stored.id)
                    continue
                await self.journal.write([dataclasses.replace(stored, document=done, analysed=True)])
            if len(bare) < CATCH_UP_BATCH or all(s.id in self.failed for s in bare):
                return

    def stop(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)
