"""Where each player holds a seat now: one seat per identity, whatever the tab (core.seating).

Rooms and the tournament desk report the seats they hold; the connection asks
`where` before taking a player anywhere else, and `welcome.current` tells a
returning tab where its game is.
"""

from __future__ import annotations

from collections.abc import Callable

from wordarena.core.seating import Seat


class SeatRegistry:
    def __init__(self) -> None:
        self._seats: dict[str, Seat] = {}
        self.on_change: Callable[[str], None] | None = None  # told the player whose seat changed

    def where(self, player: str) -> Seat | None:
        return self._seats.get(player)

    def take(self, player: str, seat: Seat) -> None:
        """The player goes there now (their previous seat was left or was free)."""
        self._set(player, seat)

    def report(self, player: str, code: str, seat: Seat | None) -> None:
        """How the player stands in the place ``code``; ignored once they have moved on elsewhere."""
        current = self._seats.get(player)
        if current is not None and current.code != code:
            return
        self._set(player, seat)

    def release(self, player: str, code: str) -> None:
        self.report(player, code, None)

    def _set(self, player: str, seat: Seat | None) -> None:
        before = self._seats.get(player)
        if seat is None:
            self._seats.pop(player, None)
        else:
            self._seats[player] = seat
        if before != seat and self.on_change is not None:
            self.on_change(player)
