"""The front desk: tournament queues, groups of friends, and which quick room a player takes.

Who meets whom is decided in `core.matchmaking` (lobbies planned from the whole
queue), what a group may do in `core.groups`, which quick room in
`core.duel.quick`. The desk is one actor for the whole cluster: one process
owns it (a lease, like a room's), every other process forwards it the players'
requests (`wire.ToDesk`), and it answers the players wherever their tabs are.
It handles one request at a time. Its state is plain data; in a cluster it is
saved in Redis after every request, so the next owner carries on.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

from wordarena.core.duel.quick import QuickRoom, quick_room_for
from wordarena.core.groups import Group, GroupError
from wordarena.core.matchmaking import LOBBY_SIZE, Lobby, Matchmaker, MatchmakingError, Party
from wordarena.core.seating import Seat
from wordarena.core.tournament import events as tev
from wordarena.core.tournament import rules as trules
from wordarena.core.tournament.game import TournamentGame
from wordarena.server import limits, messages
from wordarena.server.cluster.wire import ConnRef, ToDesk, Who
from wordarena.server.messages import ErrorCode
from wordarena.server.rooms import Envelope, Room, new_room_code

if TYPE_CHECKING:
    from wordarena.server.service import Service

log = logging.getLogger(__name__)
DESK = "desk"  # the desk's name in the directory of owners


class DeskError(Exception):
    def __init__(self, code: ErrorCode, message: str, current: Seat | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.current = current  # with already_playing: where the game is


@dataclass
class DeskState:
    """Everything the desk knows: plain data, so the next owner can carry on."""

    parties: dict[str, Party] = field(default_factory=dict)
    groups: dict[str, Group] = field(default_factory=dict)
    group_of: dict[str, str] = field(default_factory=dict)  # player -> group code
    known: dict[str, Who] = field(default_factory=dict)  # the latest name and rating of players shown
    queued_tab: dict[str, ConnRef] = field(default_factory=dict)  # the tab attached when a tournament starts
    online: dict[str, list[str]] = field(default_factory=dict)  # the processes holding a player's tabs
    quick_rooms: dict[str, QuickRoom] = field(default_factory=dict)  # forming quick rooms


_encode_state = msgspec.json.Encoder().encode
_decode_state = msgspec.json.Decoder(DeskState).decode


class TournamentDesk:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.state = DeskState()
        self.matchmaker = Matchmaker(self.state.parties)
        self.inbox: asyncio.Queue[ToDesk] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._refresh: set[str] = set()
        self._waiting: dict[int, asyncio.Future[None]] = {}

    # ---------------------------------------------------------------- the actor

    @property
    def groups(self) -> dict[str, Group]:
        return self.state.groups

    async def start(self) -> None:
        saved = await self.service.load_desk()
        if saved:
            self.state = _decode_state(saved)
            self.matchmaker = Matchmaker(self.state.parties)
        self._task = asyncio.get_running_loop().create_task(self._run(), name="desk")
        self._arm_timer()

    async def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def post(self, request: ToDesk) -> None:
        self.inbox.put_nowait(request)

    async def settled(self) -> None:
        """Wait until the desk has handled everything posted so far (tests)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.post(ToDesk("settled", args={"done": id(done)}))
        self._waiting[id(done)] = done
        await done

    async def tick(self) -> None:
        """Look at the clock now (its timer does this; tests move a fake clock and call it)."""
        self.post(ToDesk("tick"))
        await self.settled()

    async def _run(self) -> None:
        while True:
            request = await self.inbox.get()
            try:
                await self._handle(request)
            except DeskError as error:
                if request.conn is not None:
                    self.service.metrics.errors.labels(error.code).inc()
                    current = error.current
                    where = (
                        None
                        if current is None
                        else messages.Current(current.kind, current.code, current.stage)
                    )
                    self.service.deliver(request.conn, messages.Error(error.code, error.message, where))
            except Exception:  # a bug must not stop the desk
                log.exception("the desk failed on %s", request.action)
                self.service.metrics.errors.labels("internal").inc()
            if self.inbox.empty() and self.service.shared is not None:
                # Once per burst of requests, and only in a cluster: the state grows with every
                # player the desk knows, so saving it after each request cost O(players) each time.
                await self.service.save_desk(_encode_state(self.state))

    async def _handle(self, request: ToDesk) -> None:
        args, conn, who = request.args, request.conn, request.who
        if who is not None:
            self.state.known[who.id] = who
        match request.action:
            case "queue":
                assert conn is not None and who is not None
                await self.queue(conn, who, args["lang"], bool(args.get("practice")))
            case "unqueue":
                player = who.id if who is not None else args["player"]
                if not self.unqueue(player) and conn is not None:
                    raise DeskError(ErrorCode.NOT_QUEUED, "you are not in a queue")
            case "group_create":
                assert conn is not None and who is not None
                self.create_group(who.id)
            case "group_join":
                assert who is not None
                self.join_group(who.id, args["group"])
            case "group_leave":
                assert who is not None
                self.leave_group(who.id)
            case "group_launch":
                assert conn is not None and who is not None
                await self.launch(conn, who.id, args["lang"], bool(args.get("practice")))
            case "quick":
                assert conn is not None and who is not None
                await self.quick(conn, args["lang"], bool(args["first_game"]))
            case "quick_room":
                self._quick_room(args["code"], args.get("room"))
            case "player_back":
                assert who is not None and conn is not None
                self.player_back(who.id, conn.node)
            case "player_gone":
                self.player_gone(args["player"], args["node"])
            case "renamed" | "seat_changed":
                self._seat_changed(who.id if who is not None else args["player"])
            case "tournament_over":
                for player in args["players"]:
                    if player in self.state.group_of:  # their group's screen shows the rating after it
                        await self._rating(player)
                    self._seat_changed(player)
            case "tick" | "wake":
                await self._on_clock()
            case "settled":
                waiting = self._waiting.pop(args["done"], None)
                if waiting is not None and not waiting.done():
                    waiting.set_result(None)

    # ---------------------------------------------------------------- queue

    async def queue(self, conn: ConnRef, who: Who, lang: str, practice: bool) -> None:
        """One player queues (their other seat, if free to leave, was left by the connection)."""
        if lang not in trules.LANGUAGES:
            raise DeskError(ErrorCode.BAD_MESSAGE, f"tournaments are in {' '.join(trules.LANGUAGES)}")
        party = self.matchmaker.party_of(who.id)
        if party is not None and party.lang == lang and party.practice == practice:
            self._announce({(lang, practice)})  # queued already: the status again
            return
        if party is not None:
            self.unqueue(who.id)
            await self.service.seats.release(who.id, party.lang)  # now: the new queue seat is taken below
        rating = await self._rating(who.id)
        # Re-checked after the await: another tab of the player may have sat down meanwhile.
        current = await self.service.seats.where(who.id)
        if current is not None and current.kind != "queue":
            if current.committed:
                raise DeskError(ErrorCode.ALREADY_PLAYING, "you are playing a game: leave it first", current)
            await self.service.leave_seat(who.id, current)  # a lobby or final standings: free to leave
        await self._enqueue(
            Party(who.id, lang, practice, self.service.clock(), {who.id: rating}), {who.id: conn}
        )

    async def _enqueue(self, party: Party, tabs: dict[str, ConnRef]) -> None:
        """Queue a party: every member's seat becomes the queue, only where they sit nowhere else.

        Taking the queue seat is conditional (`Seats.take_if_free`): a member who sat down
        elsewhere after the last check (another tab, another process) is never queued behind
        their back; the whole party is then refused and nothing stays taken.
        """
        seat = Seat("queue", party.lang, "waiting")
        taken: list[str] = []
        for player in party.ratings:
            if not await self.service.seats.take_if_free(player, seat):
                for done in taken:
                    await self.service.seats.release(done, party.lang)
                where = await self.service.seats.where(player)
                if len(party.ratings) == 1:
                    raise DeskError(
                        ErrorCode.ALREADY_PLAYING, "you are playing a game: leave it first", where
                    )
                raise DeskError(ErrorCode.MEMBERS_BUSY, "a member of the group has just sat down elsewhere")
            taken.append(player)
        try:
            self.matchmaker.queue(party)
        except MatchmakingError as error:
            for done in taken:
                await self.service.seats.release(done, party.lang)
            raise DeskError(ErrorCode.BAD_MESSAGE, str(error)) from None
        for player in party.ratings:
            if player in tabs:
                self.state.queued_tab[player] = tabs[player]
        await self._replan({(party.lang, party.practice)})

    def unqueue(self, player: str) -> bool:
        """Leave the queue before the start, at no cost.

        A group queues whole or not at all (C2: it enters one lobby together): whoever of
        it leaves the queue takes the whole group out, and everybody is told who and why.
        """
        party = self.matchmaker.party_of(player)
        if party is None:
            return False
        group = self._group(player)
        if group is not None and party.id == f"group:{group.code}":
            self.matchmaker.leave_party(party.id)
            why: messages.QueueEnd = "organiser" if group.organiser == player else "member"
            for member in party.ratings:
                ended = "you" if member == player else why
                self._out_of_queue(member, party, ended, None if ended != "member" else self._name(player))
        else:
            self.matchmaker.leave(player)
            self._out_of_queue(player, party, "you")
        self._announce({(party.lang, party.practice)})
        return True

    def _out_of_queue(
        self, player: str, party: Party, reason: messages.QueueEnd, by: str | None = None
    ) -> None:
        self.service.spawn(self.service.seats.release(player, party.lang), "release-queue")
        self.state.queued_tab.pop(player, None)
        status = messages.QueueStatus(False, party.lang, party.practice, reason=reason, by=by)
        self.service.send_to(player, status)

    async def _replan(self, pools: set[tuple[str, bool]]) -> None:
        """Start the lobbies that are ready, tell everybody else how their lobby looks now."""
        ready = self.matchmaker.take_ready(self.service.clock())
        for lobby in ready:
            pools.add((lobby.lang, lobby.practice))
            await self._start(lobby)
        self._announce(pools)
        self._arm_timer()

    async def _start(self, lobby: Lobby) -> None:
        from wordarena.server.tournament_room import TournamentRoom

        game = TournamentGame.create(
            new_room_code(), secrets.randbits(62), lobby.lang, rated=not lobby.practice
        )
        room = TournamentRoom(game, self.service)
        for player in lobby.ratings:
            await self.service.seats.take(player, Seat("tournament", room.code, "waiting"))
            status = messages.QueueStatus(False, lobby.lang, lobby.practice, reason="started")
            self.service.send_to(player, status)
        await self.service.open_durably(room)
        for player, rating in lobby.ratings.items():  # seated first, in order; their tabs attach as they can
            room.post(Envelope("event", None, event=tev.PlayerJoined(player, self._name(player), rating)))
            tab = self._tab_for(player)
            if tab is None:  # every tab closed meanwhile: away from the start (C7)
                room.post(Envelope("event", None, event=tev.PlayerDisconnected(player)))
            else:
                self.service.enter(tab, room.code, "tournament", player=player)
        self._start_play(room)

    def _start_play(self, room: Room) -> None:
        """Start a tournament just opened (its bots, medium, need nothing built first)."""
        room.post(Envelope("event", None, event=tev.StartRequested()))

    def _announce(self, pools: set[tuple[str, bool]]) -> None:
        """Everybody queued in those pools sees the count and their forming lobby."""
        for lobby in self.matchmaker.lobbies():
            if (lobby.lang, lobby.practice) not in pools:
                continue
            waiting = self.matchmaker.waiting(lobby.lang, lobby.practice)
            members = [messages.LobbyMember(p, self._name(p), r) for p, r in lobby.ratings.items()]
            info = messages.LobbyInfo(lobby.size, LOBBY_SIZE, round(lobby.mean), members)
            for player, rating in lobby.ratings.items():
                status = messages.QueueStatus(True, lobby.lang, lobby.practice, rating, waiting, info)
                self.service.send_to(player, status)

    # ---------------------------------------------------------------- quick games

    async def quick(self, conn: ConnRef, lang: str, first_game: bool) -> None:
        """The forming public room of that language for this player, or a new one (core.duel.quick)."""
        code = quick_room_for(self.state.quick_rooms.values(), lang, first_game)
        if code is None:
            room = await self.service.create_room(lang, quick=True, for_newcomers=first_game)
            code = room.code
            self.state.quick_rooms[code] = room.quick_room()
        known = self.state.quick_rooms[code]
        self.state.quick_rooms[code] = QuickRoom(code, lang, known.for_newcomers, True, known.seats + 1)
        self.service.enter(conn, code, "duel")

    def _quick_room(self, code: str, room: dict[str, Any] | None) -> None:
        if room is None or not room["forming"]:
            self.state.quick_rooms.pop(code, None)
        else:
            self.state.quick_rooms[code] = msgspec.convert(room, QuickRoom)

    # ---------------------------------------------------------------- the clock

    def _arm_timer(self) -> None:
        """Practice lobbies start on their own, away group members leave: be there on time."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        times = [self.matchmaker.next_deadline(), *(g.next_deadline() for g in self.groups.values())]
        deadline = min((t for t in times if t is not None), default=None)
        if deadline is not None:
            delay = self.service.seconds_until(deadline)
            self._timer = asyncio.get_running_loop().call_later(delay, self.post, ToDesk("tick"))

    async def _on_clock(self) -> None:
        now = self.service.clock()
        for group in list(self.groups.values()):
            for player in group.expire(now):
                self._left_group(player, group)
        await self._replan(set())

    # ---------------------------------------------------------------- groups

    def create_group(self, player: str) -> None:
        group = self._group(player)
        if group is not None and group.organiser == player and len(group.members) == 1:
            self._show(group)  # a double click: the same group
            return
        if group is not None:
            self.leave_group(player)
        group = Group.create(secrets.token_urlsafe(limits.ROOM_CODE_BYTES), player)
        self.groups[group.code] = group
        self.state.group_of[player] = group.code
        self._show(group)

    def join_group(self, player: str, code: str) -> None:
        group = self.groups.get(code)
        if group is None:
            raise DeskError(ErrorCode.UNKNOWN_GROUP, "this group does not exist (or no longer exists)")
        if self.state.group_of.get(player) not in (None, code):
            self.leave_group(player)
        try:
            group.join(player)
        except GroupError as error:
            raise DeskError(ErrorCode(error.code), error.message) from None
        self.state.group_of[player] = code
        self._show(group)

    def leave_group(self, player: str) -> None:
        group = self._group(player)
        if group is None:
            raise DeskError(ErrorCode.UNKNOWN_GROUP, "you are not in a group")
        party = self.matchmaker.party_of(player)
        if party is not None and party.id == f"group:{group.code}":
            self.unqueue(player)  # the group no longer queues whole: out, every one of it
        group.leave(player)
        self._left_group(player, group)

    def _left_group(self, player: str, group: Group) -> None:
        self.state.group_of.pop(player, None)
        self.service.send_to(player, messages.GroupLeft(group.code))
        if group.empty:
            self.groups.pop(group.code, None)
        else:
            self._show(group)
        self._forget_if_gone(player)

    async def launch(self, conn: ConnRef, player: str, lang: str, practice: bool) -> None:
        """C2: the organiser queues the whole group, once nobody is busy. Checked before anything moves."""
        group = self._group(player)
        if group is None:
            raise DeskError(ErrorCode.UNKNOWN_GROUP, "you are not in a group")
        if lang not in trules.LANGUAGES:
            raise DeskError(ErrorCode.BAD_MESSAGE, f"tournaments are in {' '.join(trules.LANGUAGES)}")
        queued = self.matchmaker.party_of(player)
        if queued is not None and queued.id == f"group:{group.code}" and group.organiser == player:
            self._show(group)  # a double click: the group is queued already, as asked
            self._announce({(queued.lang, queued.practice)})
            return
        await self._check_launch(group, player)  # authorisation before anything moves
        ratings = {member: await self._rating(member) for member in group.players}
        # Every await lets players act (other tabs, other processes): check again, then move.
        if self._group(player) is not group or set(ratings) != set(group.players):
            raise DeskError(ErrorCode.MEMBERS_BUSY, "the group changed meanwhile: launch again")
        await self._check_launch(group, player)
        for member in group.players:  # lobbies, finished games: free to leave
            seat = await self.service.seats.where(member)
            if seat is not None and seat.kind != "queue":
                await self.service.leave_seat(member, seat)
        tabs = {member: tab for member in group.players if (tab := self._tab_for(member)) is not None}
        party = Party(f"group:{group.code}", lang, practice, self.service.clock(), ratings)
        await self._enqueue(party, {**tabs, player: conn})  # takes only free seats (see there)
        self._show(group)

    async def _check_launch(self, group: Group, player: str) -> None:
        try:
            group.check_launch(player, await self._busy(group))
        except GroupError as error:
            raise DeskError(ErrorCode(error.code), error.message) from None

    async def _busy(self, group: Group) -> dict[str, bool]:
        """A member is busy in a game in progress, in a queue, or with every tab closed."""
        busy = {}
        for member in group.members:
            seat = await self.service.seats.where(member.player)
            in_game = seat is not None and (seat.committed or seat.kind == "queue")
            busy[member.player] = in_game or member.away_since is not None
        return busy

    def _show(self, group: Group) -> None:
        self.service.spawn(self._show_now(group.code), "group-view")
        self._arm_timer()

    async def _show_now(self, code: str) -> None:
        group = self.groups.get(code)
        if group is None:
            return
        busy = await self._busy(group)
        members = [
            messages.GroupMember(
                id=m.player,
                name=self._name(m.player),
                rating=self.state.known[m.player].rating
                if m.player in self.state.known
                else trules.STARTING_RATING,
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

    def _seat_changed(self, player: str) -> None:
        """A member's seat changed: their group's screen says who is busy (once per tick)."""
        code = self.state.group_of.get(player)
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

    def player_back(self, player: str, node: str) -> None:
        """A tab of this player is open again: their group is theirs again (roles follow the player)."""
        nodes = self.state.online.setdefault(player, [])
        if node not in nodes:
            nodes.append(node)
        group = self._group(player)
        if group is not None:
            group.reconnected(player)
            self._show(group)

    def player_gone(self, player: str, node: str) -> None:
        """The last tab of this player on a process closed. None left anywhere: out of the queue (free
        before the start), away from the group."""
        nodes = [n for n in self.state.online.get(player, []) if n != node]
        if nodes:
            self.state.online[player] = nodes
            return
        self.state.online.pop(player, None)
        if self.matchmaker.party_of(player) is not None:
            self.unqueue(player)  # (a group's queue goes with it: it queues whole)
        group = self._group(player)
        if group is not None:
            group.disconnected(player, self.service.clock())
            self._show(group)
        self._forget_if_gone(player)

    def _forget_if_gone(self, player: str) -> None:
        """What the desk knows of a player (name, rating, tab) goes once nothing here needs it: no tab
        open, no queue, no group. Kept for ever, it grew by one entry per identity ever seen."""
        if player in self.state.online or player in self.state.group_of:
            return
        if self.matchmaker.party_of(player) is None:
            self.state.known.pop(player, None)
            self.state.queued_tab.pop(player, None)

    # ---------------------------------------------------------------- helpers

    def _group(self, player: str) -> Group | None:
        code = self.state.group_of.get(player)
        return self.groups.get(code) if code is not None else None

    def _name(self, player: str) -> str:
        known = self.state.known.get(player)
        return known.name if known is not None else player

    def _tab_for(self, player: str) -> ConnRef | None:
        """The tab that queued, if its process still holds the player; else any of their tabs (number 0)."""
        tab = self.state.queued_tab.pop(player, None)
        nodes = self.state.online.get(player, [])
        if tab is not None and tab.node in nodes:
            return tab
        return ConnRef(nodes[-1], 0) if nodes else None

    async def _rating(self, player: str) -> int:
        """The rating now: the one kept at the last hello may predate a tournament."""
        fresh = await asyncio.to_thread(self.service.players.get, player)
        if fresh is None:
            return trules.STARTING_RATING
        self.state.known[player] = Who(player, fresh.nickname, fresh.rating, fresh.quick_games_played)
        return fresh.rating
