"""The desk's groups of friends (C2): create, join, leave, launch, and the group screens.

What a group may do is `core.groups`; this part carries it out at the desk (the
queue, the seats) and shows every member the group as it is now.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Protocol

from wordarena.core.groups import Group, GroupError
from wordarena.core.matchmaking import Matchmaker, Party
from wordarena.core.seating import Admission, admit
from wordarena.core.tournament import rules as trules
from wordarena.server import desk_requests as rq
from wordarena.server import limits, messages
from wordarena.server.desk.context import DeskContext
from wordarena.server.desk.errors import DeskError, group_error
from wordarena.server.desk.state import DeskState
from wordarena.server.messages import ErrorCode
from wordarena.server.refs import ConnRef


class Desk(Protocol):
    """What the groups need of the desk they belong to (desk.actor)."""

    state: DeskState
    matchmaker: Matchmaker
    context: DeskContext

    def group_of(self, player: str) -> Group | None: ...

    def name(self, player: str) -> str: ...

    def unqueue(self, player: str) -> bool: ...

    def announce(self, pools: set[tuple[str, bool]]) -> None: ...

    def forget_if_gone(self, player: str) -> None: ...

    def tab_for(self, player: str) -> ConnRef | None: ...

    def arm_timer(self) -> None: ...

    async def rating(self, player: str) -> int: ...

    async def enqueue(self, party: Party, tabs: dict[str, ConnRef]) -> None: ...


GroupRequest = rq.GroupCreate | rq.GroupJoin | rq.GroupLeave | rq.GroupLaunch


class GroupDesk:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self._refresh: set[str] = set()  # groups whose screens are shown again at the end of the tick

    @property
    def groups(self) -> dict[str, Group]:
        return self.desk.state.groups

    async def handle(self, request: GroupRequest) -> None:
        match request:
            case rq.GroupCreate():
                self.create(request.who.id)
            case rq.GroupJoin():
                self.join(request.who.id, request.group)
            case rq.GroupLeave():
                self.leave(request.who.id)
            case rq.GroupLaunch():
                await self.launch(request.conn, request.who.id, request.lang, request.practice)

    def create(self, player: str) -> None:
        group = self.desk.group_of(player)
        if group is not None and group.organiser == player and len(group.members) == 1:
            self.show(group)  # a double click: the same group
            return
        if group is not None:
            self.leave(player)
        group = Group.create(secrets.token_urlsafe(limits.ROOM_CODE_BYTES), player)
        self.groups[group.code] = group
        self.desk.state.group_of[player] = group.code
        self.show(group)

    def join(self, player: str, code: str) -> None:
        group = self.groups.get(code)
        if group is None:
            raise DeskError(ErrorCode.UNKNOWN_GROUP, "this group does not exist (or no longer exists)")
        if self.desk.state.group_of.get(player) not in (None, code):
            self.leave(player)
        try:
            group.join(player)
        except GroupError as error:
            raise group_error(error) from None
        self.desk.state.group_of[player] = code
        self.show(group)

    def leave(self, player: str) -> None:
        group = self.desk.group_of(player)
        if group is None:
            raise DeskError(ErrorCode.UNKNOWN_GROUP, "you are not in a group")
        party = self.desk.matchmaker.party_of(player)
        if party is not None and party.id == f"group:{group.code}":
            self.desk.unqueue(player)  # the group no longer queues whole: out, every one of it
        group.leave(player)
        self.left_group(player, group)

    def left_group(self, player: str, group: Group) -> None:
        self.desk.state.group_of.pop(player, None)
        self.desk.context.delivery.send_to(player, messages.GroupLeft(group.code))
        if group.empty:
            self.groups.pop(group.code, None)
        else:
            self.show(group)
        self.desk.forget_if_gone(player)

    async def launch(self, conn: ConnRef, player: str, lang: str, practice: bool) -> None:
        """C2: the organiser queues the whole group, once nobody is busy. Checked before anything moves."""
        group = self.desk.group_of(player)
        if group is None:
            raise DeskError(ErrorCode.UNKNOWN_GROUP, "you are not in a group")
        queued = self.desk.matchmaker.party_of(player)
        if queued is not None and queued.id == f"group:{group.code}" and group.organiser == player:
            self.show(group)  # a double click: the group is queued already, as asked
            self.desk.announce({(queued.lang, queued.practice)})
            return
        await self._check_launch(group, player)  # authorisation before anything moves
        ratings = {member: await self.desk.rating(member) for member in group.players}
        # Every await lets players act (other tabs, other processes): check again, then move.
        if self.desk.group_of(player) is not group or set(ratings) != set(group.players):
            raise DeskError(ErrorCode.MEMBERS_BUSY, "the group changed meanwhile: launch again")
        await self._check_launch(group, player)
        seats = self.desk.context.seats
        for member in group.players:  # lobbies, finished games: free to leave (checked just above)
            seat = await seats.where(member)
            if (
                seat is not None
                and seat.kind != "queue"
                and admit(seat, "queue", lang) is Admission.LEAVE_THEN_TAKE
            ):
                await self.desk.context.seating.leave(member, seat)
        tabs = {member: tab for member in group.players if (tab := self.desk.tab_for(member)) is not None}
        party = Party(f"group:{group.code}", lang, practice, self.desk.context.clock.now(), ratings)
        await self.desk.enqueue(party, {**tabs, player: conn})  # takes only free seats (see there)
        self.show(group)

    async def _check_launch(self, group: Group, player: str) -> None:
        try:
            group.check_launch(player, await self._busy(group))
        except GroupError as error:
            raise group_error(error) from None

    async def _busy(self, group: Group) -> dict[str, bool]:
        """A member is busy in a game in progress, in a queue, or with every tab closed."""
        busy = {}
        for member in group.members:
            seat = await self.desk.context.seats.where(member.player)
            in_game = seat is not None and (seat.committed or seat.kind == "queue")
            busy[member.player] = in_game or member.away_since is not None
        return busy

    # ---------------------------------------------------------------- the group screens

    def show(self, group: Group) -> None:
        self.desk.context.tasks.spawn(self._show_now(group.code), "group-view")
        self.desk.arm_timer()

    async def _show_now(self, code: str) -> None:
        group = self.groups.get(code)
        if group is None:
            return
        busy = await self._busy(group)
        known = self.desk.state.known
        members = [
            messages.GroupMember(
                id=m.player,
                name=self.desk.name(m.player),
                rating=known[m.player].rating if m.player in known else trules.STARTING_RATING,
                busy=busy[m.player],
                queued=self.desk.matchmaker.party_of(m.player) is not None,
                away=m.away_since is not None,
            )
            for m in group.members
        ]
        for m in group.members:
            can_launch = group.can_launch(m.player, busy)
            view = messages.GroupView(group.code, group.organiser, members, m.player, can_launch)
            self.desk.context.delivery.send_to(m.player, view)

    def seat_changed(self, player: str) -> None:
        """A member's seat changed: their group's screen says who is busy (once per tick)."""
        code = self.desk.state.group_of.get(player)
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
                self.show(group)
