"""/openers: the guide of the best opening words of all 41 lists (D3).

The tables come from `core.openers.opener_table`, the code of `wordarena openers`
(ranked by answers left on average). Building all of them takes some 20 s of CPU,
so they are built once per process, in a worker thread, the first time anybody
asks for the guide: a list asked for first jumps the queue, and a page only ever
reads a finished table.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from typing import Final

from aiohttp import web

from wordarena.core import lexicon
from wordarena.core.openers import OpenerTable, opener_table

log = logging.getLogger(__name__)

TOP: Final = 10


def guide_table(lang: str, length: int) -> OpenerTable:
    """One list's two tables: the best `TOP` by answers left on average (the figure the page shows)."""
    return opener_table(lang, length, top=TOP)


class OpenerGuide:
    """Every list's table, built once by one worker thread, kept for the life of the process."""

    def __init__(self, lists: list[tuple[str, int]] | None = None) -> None:
        self.lists = lists if lists is not None else lexicon.available()
        self._futures: dict[tuple[str, int], concurrent.futures.Future[OpenerTable]] = {
            key: concurrent.futures.Future() for key in self.lists
        }
        self._wanted: list[tuple[str, int]] = []  # asked for by a reader: built next
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None

    def has(self, lang: str, length: int) -> bool:
        return (lang, length) in self._futures

    async def table(self, lang: str, length: int) -> OpenerTable:
        """The table of one list, waiting for it if it is not built yet."""
        key = (lang, length)
        future = self._futures[key]
        if not future.done():
            with self._lock:
                self._wanted.append(key)
            self._start()
        return await asyncio.wrap_future(future)

    def _start(self) -> None:
        with self._lock:
            if self._worker is None:
                self._worker = threading.Thread(target=self._build_all, name="openers", daemon=True)
                self._worker.start()

    def _next(self) -> tuple[str, int] | None:
        with self._lock:
            while self._wanted:
                key = self._wanted.pop(0)
                if not self._futures[key].done():
                    return key
        return next((key for key in self.lists if not self._futures[key].done()), None)

    def _build_all(self) -> None:
        while (key := self._next()) is not None:
            future = self._futures[key]
            try:
                future.set_result(guide_table(*key))
            except Exception as error:  # a broken list must not stop the others
                log.exception("could not build the openers of %s %d", *key)
                future.set_exception(error)


GUIDE = web.AppKey("openers", OpenerGuide)
