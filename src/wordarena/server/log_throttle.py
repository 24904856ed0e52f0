"""One log line per cause per period, with a count: what a client does over and over must not fill the disk.

A refused socket, a malformed HTTP request, a descriptor shortage: each may
happen thousands of times a second when somebody tries. The first one of a
period is logged (without a traceback: the cause is known), the rest are
counted and reported with the next line.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable

from wordarena.server import limits


class LogThrottle:
    def __init__(
        self,
        logger: logging.Logger,
        period_s: float = limits.LOG_EVERY_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.period_s = period_s
        self.clock = clock
        self.counts: Counter[str] = Counter()  # since the start, per cause
        self._logged_at: dict[str, float] = {}
        self._unlogged: Counter[str] = Counter()  # since the cause's last line

    def note(self, cause: str, detail: str = "", level: int = logging.WARNING) -> None:
        """Count one occurrence of ``cause``; log it unless this cause was logged less than a period ago."""
        self.counts[cause] += 1
        self._unlogged[cause] += 1
        now = self.clock()
        last = self._logged_at.get(cause)
        if last is not None and now - last < self.period_s:
            return
        self._logged_at[cause] = now
        times = self._unlogged.pop(cause)
        self.logger.log(
            level,
            "%s%s: %d time%s since the last report, %d since the start",
            cause,
            f" ({detail})" if detail else "",
            times,
            "" if times == 1 else "s",
            self.counts[cause],
        )
