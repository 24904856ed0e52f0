"""Limits per address: open sockets and new identities (a flood from one place cannot starve the rest).

Refusals are counted per kind and logged once per period, never once per attempt:
a client hammering the server must not fill the disk with log lines.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable

from wordarena.server import limits
from wordarena.server.log_throttle import LogThrottle
from wordarena.server.rate_limit import SlidingWindow

log = logging.getLogger(__name__)


class Guards:
    def __init__(
        self,
        max_sockets_per_ip: int | None = None,
        identities_per_minute: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_sockets = max_sockets_per_ip or limits.MAX_SOCKETS_PER_IP
        self.max_identities = identities_per_minute or limits.NEW_IDENTITIES_PER_IP_PER_MINUTE
        self.clock = clock
        self.sockets: Counter[str] = Counter()
        self._identities = SlidingWindow(self.max_identities, 60.0, clock)
        self._refusals = LogThrottle(log, clock=clock)

    def open_socket(self, ip: str) -> bool:
        if self.sockets[ip] >= self.max_sockets:
            self.refused("sockets_per_ip", ip)
            return False
        self.sockets[ip] += 1
        return True

    def close_socket(self, ip: str) -> None:
        self.sockets[ip] -= 1
        if self.sockets[ip] <= 0:
            del self.sockets[ip]

    def new_identity(self, ip: str) -> bool:
        """May this address create one more identity now? (a sliding minute)"""
        if self._identities.take(ip):
            return True
        self.refused("identities_per_ip", ip)
        return False

    def refused(self, kind: str, ip: str) -> None:
        self._refusals.note(f"refused {kind}", f"last from {ip}")
