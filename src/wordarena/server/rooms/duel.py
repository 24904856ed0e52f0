"""A Duel de Mots room: the duel game's events, views, seats and stored record."""

from __future__ import annotations

from typing import Any

from wordarena.core.duel import events as ev
from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.quick import QuickRoom
from wordarena.core.duel.record import game_record
from wordarena.core.duel.state import DuelState, Phase
from wordarena.core.duel.view import RoomView, view_for
from wordarena.core.live import LiveGame, duel_listing
from wordarena.core.refusal import Refusal
from wordarena.core.replay import duel_replay
from wordarena.core.sharing import Share, build_now
from wordarena.server import protocol
from wordarena.server.desk_requests import QuickRoomChanged
from wordarena.server.refs import Who
from wordarena.server.rooms.base import Room
from wordarena.store.writes import DuelStored, ReplayStored, RoomDropped, Write


class DuelRoom(Room):
    kind = "duel"
    # A full room, or one already playing: its link lets anybody watch (what players see of each
    # other: colours without letters until the reveal).
    watch_instead = frozenset({Refusal.ROOM_FULL, Refusal.GAME_STARTED})
    game: DuelGame

    @property
    def state(self) -> DuelState:
        return self.game.state

    @classmethod
    def event_for(cls, player: str, message: protocol.ClientMessage) -> ev.Event | None:
        match message:
            case protocol.AddBot():
                return ev.BotAdded(player, message.level)
            case protocol.RemoveBot():
                return ev.BotRemoved(player, message.seat)
            case protocol.SetOptions():
                return ev.OptionsChanged(player, message.lang, message.clock_s, message.rounds)
            case protocol.Watchers():
                return ev.WatchersSet(player, message.open)
            case protocol.Start():
                return ev.StartRequested(player)
            case protocol.PlayAgain():
                return ev.PlayAgainRequested(player)
        event: ev.Event | None = super().event_for(player, message)
        return event

    def joined(self, who: Who) -> ev.Event:
        return ev.PlayerJoined(who.id, who.name)

    def seated(self, player: str) -> bool:
        return self.game.seat_index(player) is not None

    def gone(self, player: str) -> bool:
        index = self.game.seat_index(player)
        return index is not None and self.state.seats[index].gone

    counts_watchers = True  # players see how many watch (D5)

    def view(self, player: str | None, now: int, share: Share = build_now) -> RoomView:
        view = view_for(self.state, player, now, share)
        view["watchers"] = len(self.tabs.watchers)
        return view

    def open_to_watchers(self) -> bool:
        return self.state.watchers_open

    def live_listing(self) -> LiveGame | None:
        return duel_listing(self.state, len(self.tabs.watchers))

    def finished(self) -> bool:
        return self.state.phase in (Phase.FINISHED, Phase.CLOSED)

    def people(self) -> list[str]:
        return [s.player for s in self.state.seats if s.bot_level is None]

    def after_batch(self) -> None:
        """A quick room tells the desk how its lobby fills (the desk chooses quick rooms)."""
        if not self.state.quick:
            return
        info = self.quick_room()
        if info != self._quick_told:
            self._quick_told = info
            self.context.desk.to_desk(QuickRoomChanged(self.code, info if info.forming else None))

    _quick_told: QuickRoom | None = None

    def quick_room(self) -> QuickRoom:
        """What the quick-game policy needs to know of this room (core.duel.quick)."""
        s = self.state
        return QuickRoom(self.code, s.options.lang, s.for_newcomers, s.phase is Phase.LOBBY, len(s.seats))

    def writes_for(self, effect: Any) -> list[Write]:
        if isinstance(effect, ev.GameEnded):
            s = self.state
            return [
                DuelStored(
                    code=self.code,
                    game_number=s.game_number,
                    record=game_record(s),
                    rounds_planned=s.options.rounds,
                    end_reason=effect.reason,
                    player_ids=[None if seat.bot_level is not None else seat.player for seat in s.seats],
                    bot_levels=[seat.bot_level for seat in s.seats],
                    quick=s.quick,
                ),
                self._replay(duel_replay(s, analyse=False)),
            ]
        if isinstance(effect, ev.RoomClosed):
            return [RoomDropped(self.code)]
        return []

    def _replay(self, document: dict[str, Any]) -> ReplayStored:
        return ReplayStored(self.code, document["id"], "duel", document, fence=self.fence)

    def react(self, effect: Any) -> None:
        if isinstance(effect, ev.GameEnded):
            self.context.metrics.games.labels(effect.reason).inc()
            self.context.analyst.analyse(self.code, "duel", self.state, _analysed, self.fence)
        elif isinstance(effect, ev.RoomClosed):
            self.dropped()


def _analysed(state: DuelState) -> list[dict[str, Any]]:
    return [duel_replay(state)]
