"""Limits per address: open sockets and new identities (a flood from one place cannot starve the rest).

Refusals are counted per kind and logged once per period, never once per attempt:
a client hammering the server must not fill the disk with log lines.
"""

from __future__ import annotations

import logging
import time
from collections import Counter, deque
from collections.abc import Callable

from wordarena.server import limits

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
        self._identities: dict[str, deque[float]] = {}
        self._refused: Counter[str] = Counter()
        self._logged_at: dict[str, float] = {}

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
        now = self.clock()
        recent = self._identities.setdefault(ip, deque())
        while recent and recent[0] <= now - 60.0:
            recent.popleft()
        if len(recent) >= self.max_identities:
            self.refused("identities_per_ip", ip)
            return False
        recent.append(now)
        if len(self._identities) > 10_000:  # forget quiet addresses, so this stays small
            self._identities = {a: q for a, q in self._identities.items() if q and q[-1] > now - 60.0}
        return True

    def refused(self, kind: str, ip: str) -> None:
        self._refused[kind] += 1
        now = self.clock()
        if now - self._logged_at.get(kind, -limits.LOG_EVERY_S) >= limits.LOG_EVERY_S:
            self._logged_at[kind] = now
            log.warning(
                "refused %s (last from %s); %d refused since the start", kind, ip, self._refused[kind]
            )
