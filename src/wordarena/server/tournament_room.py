"""A tournament room: the tournament game's events, views, places and record."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from wordarena.core.tournament import events as ev
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.record import tournament_record
from wordarena.core.tournament.state import Phase, TournamentState
from wordarena.core.tournament.view import view_for
from wordarena.server.rooms import Room

if TYPE_CHECKING:
    from wordarena.server.connection import Connection

log = logging.getLogger(__name__)


class TournamentRoom(Room):
    kind = "tournament"
    game: TournamentGame

    @property
    def state(self) -> TournamentState:
        return self.game.state

    def joined(self, conn: Connection) -> ev.Event:
        assert conn.player is not None
        return ev.PlayerJoined(conn.player.id, conn.player.nickname, conn.player.rating)

    def seated(self, player: str) -> bool:
        return self.state.entrant(player) is not None

    def view(self, player: str, now: int) -> dict[str, Any]:
        return view_for(self.state, player, now)

    def in_progress(self) -> bool:
        return self.state.phase in (Phase.INTRO, Phase.PLAYING)

    def finished(self) -> bool:
        return self.state.phase in (Phase.FINISHED, Phase.CLOSED)

    def people(self) -> list[str]:
        return [e.player for e in self.state.entrants if e.bot_level is None]

    def busy(self, player: str) -> bool:
        """Still in this tournament: seated, not finished, and has not left it."""
        entrant = self.state.entrant(player)
        return entrant is not None and not self.finished() and not entrant.left and player in self.members

    async def apply(self, effect: Any) -> None:
        if isinstance(effect, ev.PlaceSettled):
            await self._settle(effect)
        elif isinstance(effect, ev.TournamentEnded):
            await self._save(effect.reason)
            self.service.tournament_over(self)
        elif isinstance(effect, ev.LobbyClosed):
            self.close()

    async def _settle(self, effect: ev.PlaceSettled) -> None:
        entrant = self.state.entrant(effect.player)
        if entrant is None or entrant.bot_level is not None:
            return
        try:
            await asyncio.to_thread(
                self.service.tournaments.settle_place,
                self.code, effect.player, effect.place, effect.rating_before, effect.rating_after,
                self.state.options.rated,
            )  # fmt: skip
        except Exception:
            log.exception("tournament %s: could not store the place of %s", self.code, effect.player)

    async def _save(self, reason: str) -> None:
        self.service.metrics.games.labels(f"tournament_{reason}").inc()
        record = tournament_record(self.state)
        self.service.snapshots.forget(self)
        options = self.state.options
        try:
            async with self.service.snapshots.lock:
                await asyncio.to_thread(
                    self.service.tournaments.save, self.code, record, options.rated, reason, self.people()
                )
        except Exception:  # the live snapshot stays: nothing is lost
            log.exception("tournament %s: could not store the record", self.code)


def restored_tournament(state_data: dict[str, Any], now: int) -> TournamentGame:
    """A tournament from its live snapshot: every person is away from ``now`` (C7: 60 s to return)."""
    state = TournamentState.from_snapshot(state_data)
    for entrant in state.entrants:
        if entrant.bot_level is None and not entrant.left and entrant.away_since is None:
            entrant.away_since = now
    return TournamentGame(state)
