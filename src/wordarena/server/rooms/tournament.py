"""A tournament room: the tournament game's events, views, seats, places and record."""

from __future__ import annotations

from typing import Any

from wordarena.core.live import LiveGame, tournament_listing
from wordarena.core.replay import tournament_duel_replays
from wordarena.core.sharing import Share, build_now
from wordarena.core.tournament import events as ev
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.record import tournament_record
from wordarena.core.tournament.state import Phase, TournamentState
from wordarena.core.tournament.view import TournamentView, view_for
from wordarena.server.desk_requests import TournamentOver
from wordarena.server.refs import Who
from wordarena.server.rooms.base import Room
from wordarena.store.writes import PlaceStored, ReplayStored, RoomDropped, TournamentStored, Write


class TournamentRoom(Room):
    kind = "tournament"
    game: TournamentGame

    @property
    def state(self) -> TournamentState:
        return self.game.state

    def joined(self, who: Who) -> ev.Event:
        return ev.PlayerJoined(who.id, who.name, who.rating)

    def seated(self, player: str) -> bool:
        return self.state.entrant(player) is not None

    def gone(self, player: str) -> bool:
        entrant = self.state.entrant(player)
        return entrant is not None and entrant.left

    def view(self, player: str | None, now: int, share: Share = build_now) -> TournamentView:
        return view_for(self.state, player, now, share)

    def live_listing(self) -> LiveGame | None:
        return tournament_listing(self.state, len(self.tabs.watchers))

    def finished(self) -> bool:
        return self.state.phase in (Phase.FINISHED, Phase.CLOSED)

    def people(self) -> list[str]:
        return [e.player for e in self.state.entrants if e.bot_level is None]

    def writes_for(self, effect: Any) -> list[Write]:
        s = self.state
        if isinstance(effect, ev.PlaceSettled):
            entrant = s.entrant(effect.player)
            if entrant is None or entrant.bot_level is not None:
                return []
            return [
                PlaceStored(
                    self.code,
                    effect.player,
                    effect.place,
                    effect.rating_before,
                    effect.rating_after,
                    s.options.rated,
                )
            ]
        if isinstance(effect, ev.TournamentEnded):
            replays = [
                ReplayStored(self.code, d["id"], "tournament_duel", d, fence=self.fence)
                for d in tournament_duel_replays(s, analyse=False)
            ]
            return [
                TournamentStored(
                    self.code, tournament_record(s), s.options.rated, effect.reason, self.people()
                ),
                *replays,
            ]
        if isinstance(effect, ev.LobbyClosed):
            return [RoomDropped(self.code)]
        return []

    def react(self, effect: Any) -> None:
        if isinstance(effect, ev.PlaceSettled) and effect.player in self.people():
            self.context.delivery.player_changed(effect.player)  # their rating is stored: their tabs show it
        elif isinstance(effect, ev.TournamentEnded):
            self.context.metrics.games.labels(f"tournament_{effect.reason}").inc()
            self.context.desk.to_desk(TournamentOver(self.people()))
            self.context.analyst.analyse(
                self.code, "tournament_duel", self.state, tournament_duel_replays, self.fence
            )
        elif isinstance(effect, ev.LobbyClosed):
            self.dropped()
