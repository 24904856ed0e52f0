"""Where people stand in a room, as last told to the seat registry (server.cluster.seats).

The registry answers "where does this player sit?" for every process; a room tells
it every change, and every tab attached just now, and nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from wordarena.core.seating import Seat
from wordarena.server.cluster.seats import Seats


class SeatReports:
    def __init__(self, code: str, seats: Seats) -> None:
        self.code = code
        self.seats = seats
        self.told: dict[str, Seat | None] = {}

    async def report(
        self,
        people: Iterable[str],
        attached: list[str],
        seat_of: Callable[[str], Seat | None],
        coming_back: Callable[[], set[str]],
    ) -> None:
        """Tell the registry every change, and the seat of every tab attached just now.

        A player whose tab is already queued to sit down again (``coming_back``) gets no
        "no seat here": the batch was stored (an await) while their tab took this seat
        again, and the report would erase it (the next batch reports them seated).
        """
        coming: set[str] | None = None  # read from the inbox only for a "no seat" to report (rare)
        for player in {*self.told, *people, *attached}:
            seat = seat_of(player)
            if player not in attached and player in self.told and self.told[player] == seat:
                continue  # nothing new to say
            if seat is None:
                if coming is None:
                    coming = coming_back()
                if player in coming:
                    continue
            self.told[player] = seat
            await self.seats.report(player, self.code, seat)
