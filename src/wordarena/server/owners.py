"""Where the rooms of other processes live: a cache of the directory (a miss costs one look-up)."""

from __future__ import annotations

from typing import Final

#: Rooms of other processes whose owner is remembered (one entry per room was kept before).
OWNERS_CACHE_MAX: Final = 10_000


class Owners:
    def __init__(self) -> None:
        self._owners: dict[str, str] = {}

    def get(self, code: str) -> str | None:
        return self._owners.get(code)

    def remember(self, code: str, owner: str) -> None:
        if len(self._owners) >= OWNERS_CACHE_MAX:
            self._owners.clear()
        self._owners[code] = owner

    def forget(self, code: str, only: str | None = None) -> None:
        """Forget where a room lives (``only``: if it was thought to live there)."""
        if only is None or self._owners.get(code) == only:
            self._owners.pop(code, None)
