"""The tournament front desk: matchmaking queues and groups of friends (RULES.md C1, C2).

Who meets whom is decided in `core.matchmaking` (lobbies planned from the whole
queue) and what a group may do in `core.groups`; this keeps the players'
tabs, tells them how the queue moves, and opens a tournament room when a lobby
is ready. Queues and groups follow the player, not the tab.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING

from wordarena.core import bot, lexicon
from wordarena.core.groups import Group, GroupError
from wordarena.core.matchmaking import LOBBY_SIZE, Lobby, Matchmaker, MatchmakingError, Party
from wordarena.core.seating import Seat
from wordarena.core.tournament import events as tev
from wordarena.core.tournament import rules as trules
from wordarena.core.tournament.game import TournamentGame
from wordarena.server import limits, messages
from wordarena.server.messages import ErrorCode
from wordarena.server.rooms import Envelope, new_room_code
from wordarena.server.tournament_room import TournamentRoom
from wordarena.store.players import Player

if TYPE_CHECKING:
    from wordarena.server.connection import Connection
    from wordarena.server.service import Service


class DeskError(Exception):
    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class TournamentDesk:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.matchmaker = Matchmaker()
        self.groups: dict[str, Group] = {}
        self.group_of: dict[str, str] = {}  # player -> group code
        self.known: dict[str, Player] = {}  # the latest name and rating of players the desk shows
        self.queued_tab: dict[
            str, Connection
        ] = {}  # the tab that queued: attached when the tournament starts
        self._timer: asyncio.TimerHandle | None = None
        self._refresh: set[str] = set()  # groups to announce at the end of this tick
        service.seats.on_change = self._seat_changed

    # ---------------------------------------------------------------- queue

    async def queue(self, conn: Connection, lang: str, practice: bool) -> None:
        """One player queues (their other seat, if free to leave, was left by the connection)."""
        player = self._player(conn)
        if lang not in trules.LANGUAGES:
            raise DeskError(ErrorCode.BAD_MESSAGE, f"tournaments are in {' '.join(trules.LANGUAGES)}")
        party = self.matchmaker.party_of(player.id)
        if party is not None and party.lang == lang and party.practice == practice:
            self._announce({(lang, practice)})  # queued already: the status again
            return
        if party is not None:
            self.unqueue(player.id)
        rating = await self._rating(player.id)
        await self._enqueue(
            Party(player.id, lang, practice, self.service.clock(), {player.id: rating}), {player.id: conn}
        )

    async def _enqueue(self, party: Party, tabs: dict[str, Connection]) -> None:
        try:
            self.matchmaker.queue(party)
        except MatchmakingError as error:
            raise DeskError(ErrorCode.BAD_MESSAGE, str(error)) from None
        for player in party.ratings:
            self.service.seats.take(player, Seat("queue", party.lang, "waiting"))
            self.queued_tab[player] = tabs[player]
        await self._replan({(party.lang, party.practice)})

    def unqueue(self, player: str) -> bool:
        """Leave the queue before the start, at no cost. A group's organiser takes the whole group out."""
        party = self.matchmaker.party_of(player)
        if party is None:
            return False
        group = self._group(player)
        if group is not None and party.id == f"group:{group.code}" and group.organiser == player:
            self.matchmaker.leave_party(party.id)
            gone = list(party.ratings)
        else:
            self.matchmaker.leave(player)
            gone = [player]
        for member in gone:
            self.service.seats.release(member, party.lang)
            self.queued_tab.pop(member, None)
            self.service.send_to(member, messages.QueueStatus(False, party.lang, party.practice))
        self._announce({(party.lang, party.practice)})
        return True

    async def _replan(self, pools: set[tuple[str, bool]]) -> None:
        """Start the lobbies that are ready, tell everybody else how their lobby looks now."""
        ready = self.matchmaker.take_ready(self.service.clock())
        for lobby in ready:
            pools.add((lobby.lang, lobby.practice))
            await self._start(lobby)
        self._announce(pools)
        self._arm_timer()

    async def _start(self, lobby: Lobby) -> None:
        game = TournamentGame.create(
            new_room_code(), secrets.randbits(62), lobby.lang, rated=not lobby.practice
        )
        room = TournamentRoom(game, self.service)
        for player in lobby.ratings:
            self.service.seats.take(player, Seat("tournament", room.code, "waiting"))
        await self.service.open_durably(room)
        for player, rating in lobby.ratings.items():
            joined = tev.PlayerJoined(player, self._name(player), rating)
            tab = self._tab_for(player)
            if tab is None:  # every tab closed meanwhile: seated, and away from the start (C7)
                room.post(Envelope("event", None, joined))
                room.post(Envelope("event", None, tev.PlayerDisconnected(player)))
                continue
            if tab.room is not None and tab.room is not room:
                tab.room.post(Envelope("detach", tab))
            tab.room = room
            room.post(Envelope("attach", tab, joined))
        if lobby.practice:  # bots will play: build their word tables off the event loop first
            self.service.spawn(self._start_with_bots(room), f"bots-{room.code}")
        else:
            room.post(Envelope("event", None, tev.StartRequested()))

    async def _start_with_bots(self, room: TournamentRoom) -> None:
        lang = room.state.options.lang
        await asyncio.to_thread(lambda: [bot.solver(lexicon.word_list(lang, n)) for n in trules.LENGTHS])
        room.post(Envelope("event", None, tev.StartRequested()))

    def _announce(self, pools: set[tuple[str, bool]]) -> None:
        """Everybody queued in those pools sees the count and their forming lobby."""
        for lobby in self.matchmaker.lobbies():
            if (lobby.lang, lobby.practice) not in pools:
                continue
            waiting = self.matchmaker.waiting(lobby.lang, lobby.practice)
            members = [messages.LobbyMember(self._name(p), r) for p, r in lobby.ratings.items()]
            info = messages.LobbyInfo(lobby.size, LOBBY_SIZE, round(lobby.mean), members)
            for player, rating in lobby.ratings.items():
                status = messages.QueueStatus(True, lobby.lang, lobby.practice, rating, waiting, info)
                self.service.send_to(player, status)

    def _arm_timer(self) -> None:
        """Practice lobbies start on their own, away group members leave: be there on time."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        times = [self.matchmaker.next_deadline(), *(g.next_deadline() for g in self.groups.values())]
        deadline = min((t for t in times if t is not None), default=None)
        if deadline is not None:
            delay = self.service.seconds_until(deadline)
            self._timer = asyncio.get_running_loop().call_later(
                delay, lambda: self.service.spawn(self.tick(), "desk-tick")
            )

    async def tick(self) -> None:
        """Look at the clock now (its timer does this; tests move a fake clock and call it)."""
        now = self.service.clock()
        for group in list(self.groups.values()):
            for player in group.expire(now):
                self._left_group(player, group)
        await self._replan(set())

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

    # ---------------------------------------------------------------- groups

    def create_group(self, conn: Connection) -> None:
        player = self._player(conn)
        group = self._group(player.id)
        if group is not None and group.organiser == player.id and len(group.members) == 1:
            self._show(group)  # a double click: the same group
            return
        if group is not None:
            self.leave_group(player.id)
        group = Group.create(secrets.token_urlsafe(limits.ROOM_CODE_BYTES), player.id)
        self.groups[group.code] = group
        self.group_of[player.id] = group.code
        self._show(group)

    def join_group(self, conn: Connection, code: str) -> None:
        player = self._player(conn)
        group = self.groups.get(code)
        if group is None:
            raise DeskError(ErrorCode.UNKNOWN_GROUP, "this group does not exist (or no longer exists)")
        if self.group_of.get(player.id) not in (None, code):
            self.leave_group(player.id)
        try:
            group.join(player.id)
        except GroupError as error:
            raise DeskError(ErrorCode(error.code), error.message) from None
        self.group_of[player.id] = code
        self._show(group)

    def leave_group(self, player: str) -> None:
        group = self._group(player)
        if group is None:
            raise DeskError(ErrorCode.UNKNOWN_GROUP, "you are not in a group")
        party = self.matchmaker.party_of(player)
        if party is not None and party.id == f"group:{group.code}":
            self.matchmaker.leave(player)  # out of the group is out of its queue, for this player only
            self.service.seats.release(player, party.lang)
            self.service.send_to(player, messages.QueueStatus(False, party.lang, party.practice))
            self._announce({(party.lang, party.practice)})
        group.leave(player)
        self._left_group(player, group)

    def _left_group(self, player: str, group: Group) -> None:
        self.group_of.pop(player, None)
        self.service.send_to(player, messages.GroupLeft(group.code))
        if group.empty:
            self.groups.pop(group.code, None)
        else:
            self._show(group)

    async def launch(self, conn: Connection, lang: str, practice: bool) -> None:
        """C2: the organiser queues the whole group, once nobody is busy. Checked before anything moves."""
        player = self._player(conn)
        group = self._group(player.id)
        if group is None:
            raise DeskError(ErrorCode.UNKNOWN_GROUP, "you are not in a group")
        if lang not in trules.LANGUAGES:
            raise DeskError(ErrorCode.BAD_MESSAGE, f"tournaments are in {' '.join(trules.LANGUAGES)}")
        try:
            group.check_launch(player.id, self._busy(group))
        except GroupError as error:
            raise DeskError(ErrorCode(error.code), error.message) from None
        for member in group.players:  # lobbies, finished games: free to leave
            seat = self.service.seats.where(member)
            if seat is not None:
                self.service.leave_seat(member, seat)
        ratings = {member: await self._rating(member) for member in group.players}
        tabs = {member: self._tab_for(member) for member in group.players}
        party = Party(f"group:{group.code}", lang, practice, self.service.clock(), ratings)
        await self._enqueue(party, {m: t for m, t in tabs.items() if t is not None} | {player.id: conn})
        self._show(group)

    def _busy(self, group: Group) -> dict[str, bool]:
        """A member is busy in a game in progress, in a queue, or with every tab closed."""
        busy = {}
        for member in group.members:
            seat = self.service.seats.where(member.player)
            in_game = seat is not None and (seat.committed or seat.kind == "queue")
            busy[member.player] = in_game or member.away_since is not None
        return busy

    def _show(self, group: Group) -> None:
        busy = self._busy(group)
        members = [
            messages.GroupMember(
                id=m.player,
                name=self._name(m.player),
                rating=self.known[m.player].rating if m.player in self.known else trules.STARTING_RATING,
                busy=busy[m.player],
                queued=self.matchmaker.party_of(m.player) is not None,
                away=m.away_since is not None,
            )
            for m in group.members
        ]
        for m in group.members:
            view = messages.GroupView(
                group.code, group.organiser, members, m.player, group.can_launch(m.player, busy)
            )
            self.service.send_to(m.player, view)
        self._arm_timer()

    def tournament_over(self, room: TournamentRoom) -> None:
        """C2: after the tournament everybody is back on the group screen."""
        for player in room.people():
            self._seat_changed(player)

    def _seat_changed(self, player: str) -> None:
        """A member's seat changed: their group's screen says who is busy (once per tick)."""
        code = self.group_of.get(player)
        if code is None:
            return
        if not self._refresh:
            asyncio.get_running_loop().call_soon(self._flush_refresh)
        self._refresh.add(code)

    def _flush_refresh(self) -> None:
        codes, self._refresh = self._refresh, set()
        for code in codes:
            group = self.groups.get(code)
            if group is not None:
                self._show(group)

    # ---------------------------------------------------------------- players coming and going

    def seen(self, player: Player) -> None:
        self.known[player.id] = player

    def renamed(self, player: Player) -> None:
        """The group screen shows the new name."""
        self.known[player.id] = player
        self._seat_changed(player.id)

    def player_back(self, player: str) -> None:
        """A tab of this player is open again: their group is theirs again (roles follow the player)."""
        group = self._group(player)
        if group is not None:
            group.reconnected(player)
            self._show(group)

    def player_gone(self, player: str) -> None:
        """Every tab of this player closed: out of the queue (free before the start), away from the group."""
        party = self.matchmaker.party_of(player)
        if party is not None:
            self.matchmaker.leave(player)
            self.service.seats.release(player, party.lang)
            self.queued_tab.pop(player, None)
            self._announce({(party.lang, party.practice)})
        group = self._group(player)
        if group is not None:
            group.disconnected(player, self.service.clock())
            self._show(group)

    # ---------------------------------------------------------------- helpers

    def _player(self, conn: Connection) -> Player:
        assert conn.player is not None
        self.known[conn.player.id] = conn.player
        return conn.player

    def _group(self, player: str) -> Group | None:
        code = self.group_of.get(player)
        return self.groups.get(code) if code is not None else None

    def _name(self, player: str) -> str:
        known = self.known.get(player)
        return known.nickname if known is not None else player

    def _tab_for(self, player: str) -> Connection | None:
        tab = self.queued_tab.pop(player, None)
        tabs = self.service.tabs_of(player)
        if tab is not None and tab in tabs:
            return tab
        return next(iter(tabs), None)

    async def _rating(self, player: str) -> int:
        """The rating now: the one kept at the last hello may predate a tournament."""
        fresh = await asyncio.to_thread(self.service.players.get, player)
        if fresh is not None:
            self.known[player] = fresh
            return fresh.rating
        return trules.STARTING_RATING
