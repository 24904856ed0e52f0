"""Background tasks of a process: kept until they end, their failures logged and counted, never lost."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from wordarena.server.metrics import Metrics

log = logging.getLogger(__name__)


class Tasks:
    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self.running: set[asyncio.Task[Any]] = set()

    def spawn(self, work: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(work, name=name)
        self.running.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.running.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task %s failed", task.get_name(), exc_info=task.exception())
            self.metrics.errors.labels("internal").inc()

    async def stop(self) -> None:
        for task in list(self.running):
            task.cancel()
        await asyncio.gather(*self.running, return_exceptions=True)
