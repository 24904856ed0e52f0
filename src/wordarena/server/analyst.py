"""The expert's analysis of a finished game, computed once, off the event loop, then stored over its replay.

A replay is stored with the game's result (the guesses alone cost next to nothing);
the analysis (core.analysis: answers left, the expert's choice, skill and luck of
every guess) takes tens of milliseconds a game, so it runs on a thread of its own,
never on the loop's and never on the store's, and its document replaces the first.
"""

from __future__ import annotations

import asyncio
import copy
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from wordarena.server.journal import Journal
from wordarena.server.tasks import Tasks
from wordarena.store.writes import ReplayStored

log = logging.getLogger(__name__)

Documents = Callable[[Any], list[dict[str, Any]]]  # a game's state -> its analysed replay documents


class Analyst:
    def __init__(self, journal: Journal, tasks: Tasks) -> None:
        self.journal = journal
        self.tasks = tasks
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="analysis")

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

    def stop(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)
