"""The front desk: tournament queues, groups of friends, and which quick room a player takes.

Who meets whom is decided in `core.matchmaking` (lobbies planned from the whole
queue), what a group may do in `core.groups`, whether a player may sit down in
`core.seating`, which quick room in `core.duel.quick`. The desk is one actor for
the whole cluster: one process owns it (desk.link), every other process forwards
it the players' requests, and it answers the players wherever their tabs are.
It handles one request at a time. Its state is plain data (desk.state).
"""

from __future__ import annotations

import asyncio
import logging

from wordarena.core.duel.quick import QuickRoom, quick_room_for
from wordarena.core.groups import Group
from wordarena.core.matchmaking import LOBBY_SIZE, Lobby, Matchmaker, MatchmakingError, Party
from wordarena.core.seating import Admission, Seat, admit
from wordarena.core.tournament import events as tev
from wordarena.core.tournament import rules as trules
from wordarena.server import desk_requests as rq
from wordarena.server import messages
from wordarena.server.desk.context import DeskContext
from wordarena.server.desk.errors import DeskError
from wordarena.server.desk.groups import GroupDesk
from wordarena.server.desk.state import DeskState, decode_state, encode_state
from wordarena.server.messages import ErrorCode
from wordarena.server.refs import ConnRef, Who
from wordarena.server.room_inputs import Decide
from wordarena.server.rooms.tournament import TournamentRoom

log = logging.getLogger(__name__)

GROUP_REQUESTS = (rq.GroupCreate, rq.GroupJoin, rq.GroupLeave, rq.GroupLaunch)
PRESENCE = (rq.PlayerBack, rq.PlayerGone, rq.Renamed, rq.SeatChanged, rq.TournamentOver)


class TournamentDesk:
    def __init__(self, context: DeskContext) -> None:
        self.context = context
        self.state = DeskState()
        self.matchmaker = Matchmaker(self.state.parties)
        self.groups_desk = GroupDesk(self)
        self.inbox: asyncio.Queue[rq.DeskRequest] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._waiting: dict[int, asyncio.Future[None]] = {}

    # ---------------------------------------------------------------- the actor

    @property
    def groups(self) -> dict[str, Group]:
        return self.state.groups

    async def start(self) -> None:
        saved = await self.context.link.load()
        if saved:
            self.state = decode_state(saved)
            self.matchmaker = Matchmaker(self.state.parties)
        self._task = asyncio.get_running_loop().create_task(self._run(), name="desk")
        self.arm_timer()

    async def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def post(self, request: rq.DeskRequest) -> None:
        self.inbox.put_nowait(request)

    async def settled(self) -> None:
        """Wait until the desk has handled everything posted so far (tests)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[id(done)] = done
        self.post(rq.Settled(id(done)))
        await done

    async def tick(self) -> None:
        """Look at the clock now (its timer does this; tests move a fake clock and call it)."""
        self.post(rq.Tick())
        await self.settled()

    async def _run(self) -> None:
        while True:
            request = await self.inbox.get()
            try:
                await self._handle(request)
            except DeskError as error:
                self._refuse(request, error)
            except Exception:  # a bug must not stop the desk
                log.exception("the desk failed on %s", type(request).__name__)
                self.context.metrics.errors.labels("internal").inc()
            if self.inbox.empty() and self.context.link.shared is not None:
                # Once per burst of requests, and only in a cluster: the state grows with every
                # player the desk knows, so saving it after each request cost O(players) each time.
                await self.context.link.save(encode_state(self.state))

    def _refuse(self, request: rq.DeskRequest, error: DeskError) -> None:
        conn = getattr(request, "conn", None)
        if conn is None:
            return
        self.context.metrics.errors.labels(error.code).inc()
        where = messages.current_of(error.current)
        told = messages.Error(error.code, error.message, where, game=_game_of(request))
        self.context.delivery.deliver(conn, told)

    async def _handle(self, request: rq.DeskRequest) -> None:
        who = getattr(request, "who", None)
        if isinstance(who, Who):
            self.state.known[who.id] = who
        if isinstance(request, GROUP_REQUESTS):
            await self.groups_desk.handle(request)
        elif isinstance(request, PRESENCE):
            await self._presence(request)
        else:
            await self._queues_and_clock(request)

    async def _queues_and_clock(self, request: rq.DeskRequest) -> None:
        match request:
            case rq.Queue():
                await self.queue(request.conn, request.who, request.lang, request.practice)
            case rq.Unqueue():
                if not self.unqueue(request.player) and request.conn is not None:
                    raise DeskError(ErrorCode.NOT_QUEUED, "you are not in a queue")
            case rq.QuickGame():
                await self.quick(request.conn, request.lang, request.first_game)
            case rq.QuickRoomChanged():
                self._quick_room(request.code, request.room)
            case rq.Tick() | rq.Wake():
                await self._on_clock()
            case rq.Settled():
                waiting = self._waiting.pop(request.token, None)
                if waiting is not None and not waiting.done():
                    waiting.set_result(None)

    async def _presence(self, request: rq.DeskRequest) -> None:
        """Players coming and going, renamed, seated elsewhere: their groups' screens follow."""
        groups = self.groups_desk
        match request:
            case rq.PlayerBack():
                self.player_back(request.who.id, request.conn.node)
            case rq.PlayerGone():
                self.player_gone(request.player, request.node)
            case rq.Renamed():
                groups.seat_changed(request.who.id)
            case rq.SeatChanged():
                groups.seat_changed(request.player)
            case rq.TournamentOver():
                for player in request.players:
                    if player in self.state.group_of:  # their group's screen shows the rating after it
                        await self.rating(player)
                    groups.seat_changed(player)

    # ---------------------------------------------------------------- queue

    async def queue(self, conn: ConnRef, who: Who, lang: str, practice: bool) -> None:
        """One player queues (their other seat, if free to leave, was left by the connection)."""
        party = self.matchmaker.party_of(who.id)
        if party is not None and party.lang == lang and party.practice == practice:
            self.announce({(lang, practice)})  # queued already: the status again
            return
        if party is not None:
            self.unqueue(who.id)
            await self.context.seats.release(who.id, party.lang)  # now: the new queue seat is taken below
        rating = await self.rating(who.id)
        # Asked again after the await: another tab of the player may have sat down meanwhile.
        await self.leave_free_seat(who.id, lang)
        await self.enqueue(
            Party(who.id, lang, practice, self.context.clock.now(), {who.id: rating}), {who.id: conn}
        )

    async def leave_free_seat(self, player: str, lang: str) -> None:
        """Leave the player's seat elsewhere if that costs nothing; a game in progress refuses (C1, C7)."""
        current = await self.context.seats.where(player)
        decision = admit(current, "queue", lang)
        if decision is Admission.REFUSE:
            raise DeskError(ErrorCode.ALREADY_PLAYING, "you are playing a game: leave it first", current)
        if decision is Admission.LEAVE_THEN_TAKE and current is not None and current.kind != "queue":
            await self.context.seating.leave(player, current)

    async def enqueue(self, party: Party, tabs: dict[str, ConnRef]) -> None:
        """Queue a party: every member's seat becomes the queue, only where they sit nowhere else.

        Taking the queue seat is conditional (`Seats.take_if_free`): a member who sat down
        elsewhere after the last check (another tab, another process) is never queued behind
        their back; the whole party is then refused and nothing stays taken.
        """
        seat = Seat("queue", party.lang, "waiting")
        taken: list[str] = []
        for player in party.ratings:
            if not await self.context.seats.take_if_free(player, seat):
                for done in taken:
                    await self.context.seats.release(done, party.lang)
                where = await self.context.seats.where(player)
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
                await self.context.seats.release(done, party.lang)
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
        group = self.group_of(player)
        if group is not None and party.id == f"group:{group.code}":
            self.matchmaker.leave_party(party.id)
            why: messages.QueueEnd = "organiser" if group.organiser == player else "member"
            for member in party.ratings:
                ended = "you" if member == player else why
                self._out_of_queue(member, party, ended, self.name(player) if ended == "member" else None)
        else:
            self.matchmaker.leave(player)
            self._out_of_queue(player, party, "you")
        self.announce({(party.lang, party.practice)})
        return True

    def _out_of_queue(
        self, player: str, party: Party, reason: messages.QueueEnd, by: str | None = None
    ) -> None:
        self.context.tasks.spawn(self.context.seats.release(player, party.lang), "release-queue")
        self.state.queued_tab.pop(player, None)
        status = messages.QueueStatus(False, party.lang, party.practice, reason=reason, by=by)
        self.context.delivery.send_to(player, status)

    async def _replan(self, pools: set[tuple[str, bool]]) -> None:
        """Start the lobbies that are ready, tell everybody else how their lobby looks now."""
        for lobby in self.matchmaker.take_ready(self.context.clock.now()):
            pools.add((lobby.lang, lobby.practice))
            await self._start(lobby)
        self.announce(pools)
        self.arm_timer()

    async def _start(self, lobby: Lobby) -> None:
        room = self.context.rooms.new_tournament(lobby.lang, rated=not lobby.practice)
        for player in lobby.ratings:
            await self.context.seats.take(player, Seat("tournament", room.code, "waiting"))
            status = messages.QueueStatus(False, lobby.lang, lobby.practice, reason="started")
            self.context.delivery.send_to(player, status)
        await self.context.rooms.open_durably(room)
        for player, rating in lobby.ratings.items():  # seated first, in order; their tabs attach as they can
            room.post(Decide(event=tev.PlayerJoined(player, self.name(player), rating)))
            tab = self.tab_for(player)
            if tab is None:  # every tab closed meanwhile: away from the start (C7)
                room.post(Decide(event=tev.PlayerDisconnected(player)))
            else:
                self.context.delivery.enter(tab, room.code, "tournament", player=player)
        self._start_play(room)

    def _start_play(self, room: TournamentRoom) -> None:
        """The tournament starts (its bots, medium, need nothing built first)."""
        room.post(Decide(event=tev.StartRequested()))

    def announce(self, pools: set[tuple[str, bool]]) -> None:
        """Everybody queued in those pools sees the count and their forming lobby."""
        for lobby in self.matchmaker.lobbies():
            if (lobby.lang, lobby.practice) not in pools:
                continue
            waiting = self.matchmaker.waiting(lobby.lang, lobby.practice)
            members = [messages.LobbyMember(p, self.name(p), r) for p, r in lobby.ratings.items()]
            info = messages.LobbyInfo(lobby.size, LOBBY_SIZE, round(lobby.mean), members)
            for player, rating in lobby.ratings.items():
                status = messages.QueueStatus(True, lobby.lang, lobby.practice, rating, waiting, info)
                self.context.delivery.send_to(player, status)

    # ---------------------------------------------------------------- quick games

    async def quick(self, conn: ConnRef, lang: str, first_game: bool) -> None:
        """The forming public room of that language for this player, or a new one (core.duel.quick)."""
        code = quick_room_for(self.state.quick_rooms.values(), lang, first_game)
        if code is None:
            room = await self.context.rooms.create_room(lang, quick=True, for_newcomers=first_game)
            code = room.code
            self.state.quick_rooms[code] = room.quick_room()
        known = self.state.quick_rooms[code]
        self.state.quick_rooms[code] = QuickRoom(code, lang, known.for_newcomers, True, known.seats + 1)
        self.context.delivery.enter(conn, code, "duel")

    def _quick_room(self, code: str, room: QuickRoom | None) -> None:
        if room is None or not room.forming:
            self.state.quick_rooms.pop(code, None)
        else:
            self.state.quick_rooms[code] = room

    # ---------------------------------------------------------------- the clock

    def arm_timer(self) -> None:
        """Practice lobbies start on their own, away group members leave: be there on time."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        times = [self.matchmaker.next_deadline(), *(g.next_deadline() for g in self.groups.values())]
        deadline = min((t for t in times if t is not None), default=None)
        if deadline is not None:
            delay = self.context.clock.seconds_until(deadline)
            self._timer = asyncio.get_running_loop().call_later(delay, self.post, rq.Tick())

    async def _on_clock(self) -> None:
        now = self.context.clock.now()
        for group in list(self.groups.values()):
            for player in group.expire(now):
                self.groups_desk.left_group(player, group)
        await self._replan(set())

    # ---------------------------------------------------------------- players coming and going

    def player_back(self, player: str, node: str) -> None:
        """A tab of this player is open again: their group is theirs again (roles follow the player)."""
        nodes = self.state.online.setdefault(player, [])
        if node not in nodes:
            nodes.append(node)
        group = self.group_of(player)
        if group is not None:
            group.reconnected(player)
            self.groups_desk.show(group)

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
        group = self.group_of(player)
        if group is not None:
            group.disconnected(player, self.context.clock.now())
            self.groups_desk.show(group)
        self.forget_if_gone(player)

    def forget_if_gone(self, player: str) -> None:
        """What the desk knows of a player (name, rating, tab) goes once nothing here needs it: no tab
        open, no queue, no group. Kept for ever, it grew by one entry per identity ever seen."""
        if player in self.state.online or player in self.state.group_of:
            return
        if self.matchmaker.party_of(player) is None:
            self.state.known.pop(player, None)
            self.state.queued_tab.pop(player, None)

    # ---------------------------------------------------------------- helpers

    def group_of(self, player: str) -> Group | None:
        code = self.state.group_of.get(player)
        return self.groups.get(code) if code is not None else None

    def name(self, player: str) -> str:
        known = self.state.known.get(player)
        return known.name if known is not None else player

    def tab_for(self, player: str) -> ConnRef | None:
        """The tab that queued, if its process still holds the player; else any of their tabs (number 0)."""
        tab = self.state.queued_tab.pop(player, None)
        nodes = self.state.online.get(player, [])
        if tab is not None and tab.node in nodes:
            return tab
        return ConnRef(nodes[-1], 0) if nodes else None

    async def rating(self, player: str) -> int:
        """The rating now: the one kept at the last hello may predate a tournament."""
        fresh = await asyncio.to_thread(self.context.players.get, player)
        if fresh is None:
            return trules.STARTING_RATING
        self.state.known[player] = Who(player, fresh.nickname, fresh.rating, fresh.quick_games_played)
        return fresh.rating


def _game_of(request: rq.DeskRequest) -> messages.GameKind:
    """The desk answers for tournaments (queues, groups) and for quick Duel de Mots rooms."""
    return "duel" if isinstance(request, rq.QuickGame) else "tournament"
