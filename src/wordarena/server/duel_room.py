"""A Duel de Mots room: the duel game's events, views and stored record."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from wordarena.core.duel import events as ev
from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.record import game_record
from wordarena.core.duel.state import DuelState, Phase
from wordarena.core.duel.view import view_for
from wordarena.server import protocol
from wordarena.server.rooms import Room

if TYPE_CHECKING:
    from wordarena.server.connection import Connection

log = logging.getLogger(__name__)


class DuelRoom(Room):
    kind = "duel"
    game: DuelGame

    @property
    def state(self) -> DuelState:
        return self.game.state

    def event_for(self, player: str, message: protocol.ClientMessage) -> ev.Event | None:
        match message:
            case protocol.AddBot():
                return ev.BotAdded(player, message.level)
            case protocol.RemoveBot():
                return ev.BotRemoved(player, message.seat)
            case protocol.SetOptions():
                return ev.OptionsChanged(player, message.lang, message.clock_s, message.rounds)
            case protocol.Start():
                return ev.StartRequested(player)
            case protocol.PlayAgain():
                return ev.PlayAgainRequested(player)
        return super().event_for(player, message)

    def joined(self, conn: Connection) -> ev.Event:
        assert conn.player is not None
        first = conn.player.quick_games_played == 0
        return ev.PlayerJoined(conn.player.id, conn.player.nickname, first_game=first)

    def seated(self, player: str) -> bool:
        return self.game.seat_index(player) is not None

    def view(self, player: str, now: int) -> dict[str, Any]:
        return view_for(self.state, player, now)

    def in_progress(self) -> bool:
        return self.state.phase in (Phase.CARD, Phase.PLAYING, Phase.REVEAL)

    def finished(self) -> bool:
        return self.state.phase is Phase.FINISHED

    def people(self) -> list[str]:
        return [s.player for s in self.state.seats if s.bot_level is None]

    async def apply(self, effect: Any) -> None:
        if isinstance(effect, ev.GameEnded):
            await self._save_game(effect.reason)
        elif isinstance(effect, ev.RoomClosed):
            self.close()

    async def _save_game(self, reason: str) -> None:
        state = self.state
        self.service.metrics.games.labels(reason).inc()
        record = game_record(state)
        ids = [None if s.bot_level is not None else s.player for s in state.seats]
        levels = [s.bot_level for s in state.seats]
        try:
            await asyncio.to_thread(
                self.service.games.save_duel,
                record,
                self.code,
                state.options.rounds,
                reason,
                ids,
                levels,
                state.quick,
            )
        except Exception:  # the live snapshot stays: nothing is lost
            log.exception("room %s: could not store the finished game", self.code)


def restored_duel(state_data: dict[str, Any], now: int) -> DuelGame:
    """A game from its live snapshot: every person is marked away from ``now``.

    They have the usual 60 s to come back (RULES.md B3); deadlines that passed
    while the server was down are processed in order on the room's first tick.
    """
    state = DuelState.from_snapshot(state_data)
    for seat in state.seats:
        if seat.bot_level is None and not seat.gone and seat.away_since is None:
            seat.away_since = now
    return DuelGame(state)
