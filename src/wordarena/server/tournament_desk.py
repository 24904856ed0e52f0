"""The tournament front desk: matchmaking queues and groups of friends (RULES.md C1, C2).

The rules of who meets whom are in `core.matchmaking`; this keeps the sockets of
the people waiting, tells them how the queue moves, and opens a tournament
room when a lobby is ready.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wordarena.core import bot, lexicon
from wordarena.core.matchmaking import LOBBY_SIZE, Matchmaker, MatchmakingError
from wordarena.core.tournament import events as tev
from wordarena.core.tournament import rules as trules
from wordarena.core.tournament.game import TournamentGame
from wordarena.server import limits
from wordarena.server.rooms import Envelope, new_room_code
from wordarena.server.tournament_room import TournamentRoom

if TYPE_CHECKING:
    from wordarena.server.connection import Connection
    from wordarena.server.service import Service


class DeskError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Group:
    code: str
    organiser: str
    members: dict[str, Connection] = field(default_factory=dict)  # in joining order


class TournamentDesk:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.matchmaker = Matchmaker()
        self.queued: dict[str, Connection] = {}  # player id -> socket, while in a forming lobby
        self.groups: dict[str, Group] = {}
        self._timer: asyncio.TimerHandle | None = None

    # ---------------------------------------------------------------- queue

    async def queue(self, conns: list[Connection], lang: str, practice: bool) -> None:
        """Queue one player, or a whole group into one lobby."""
        if lang not in trules.LANGUAGES:
            raise DeskError("bad_message", f"tournaments are in {' '.join(trules.LANGUAGES)}")
        ratings = {}
        for conn in conns:
            assert conn.player is not None
            if conn.player.id in self.queued or conn.room is not None:
                raise DeskError("already_queued", f"{conn.player.nickname} is already queued or playing")
            fresh = await asyncio.to_thread(self.service.players.get, conn.player.id)
            ratings[conn.player.id] = fresh.rating if fresh else conn.player.rating
        try:
            self.matchmaker.queue(lang, ratings, self.service.clock(), practice=practice)
        except MatchmakingError as error:
            raise DeskError("already_queued", str(error)) from None
        for conn in conns:
            assert conn.player is not None
            self.queued[conn.player.id] = conn
        self._announce(lang, practice)
        self._start_ready()

    def unqueue(self, conn: Connection) -> bool:
        assert conn.player is not None
        lobby = self.matchmaker.leave(conn.player.id)
        if lobby is None:
            return False
        del self.queued[conn.player.id]
        conn.send({"type": "queue", "queued": False, "lang": lobby.lang, "practice": lobby.practice})
        self._announce(lobby.lang, lobby.practice)
        return True

    def _announce(self, lang: str, practice: bool) -> None:
        """Everybody queued for that language sees the count and their lobby filling up."""
        waiting = self.matchmaker.waiting(lang, practice)
        for lobby in self.matchmaker.lobbies:
            if lobby.lang != lang or lobby.practice != practice:
                continue
            for player, rating in lobby.ratings.items():
                self.queued[player].send(
                    {
                        "type": "queue", "queued": True, "lang": lang, "practice": practice, "rating": rating,
                        "waiting": waiting, "lobby": {"size": len(lobby.ratings), "of": LOBBY_SIZE,
                                                      "mean": round(lobby.mean)},
                    }
                )  # fmt: skip

    def _start_ready(self) -> None:
        for lobby in self.matchmaker.take_ready(self.service.clock()):
            conns = [self.queued.pop(player) for player in lobby.ratings]
            game = TournamentGame.create(
                new_room_code(), seed=secrets.randbits(62), lang=lobby.lang, rated=not lobby.practice
            )
            room = TournamentRoom(game, self.service)
            self.service.open(room)
            for conn in conns:
                conn.room = room
                room.post(Envelope("attach", conn))
            if lobby.practice:  # bots will play: build their word tables off the event loop first
                asyncio.get_running_loop().create_task(self._start_with_bots(room))
            else:
                room.post(Envelope("event", None, tev.StartRequested()))
            self._announce(lobby.lang, lobby.practice)
        self._arm_timer()

    async def _start_with_bots(self, room: TournamentRoom) -> None:
        lang = room.state.options.lang
        await asyncio.to_thread(lambda: [bot.solver(lexicon.word_list(lang, n)) for n in trules.LENGTHS])
        room.post(Envelope("event", None, tev.StartRequested()))

    def _arm_timer(self) -> None:
        """Practice lobbies start on their own after a short wait: be there to start them."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        deadline = self.matchmaker.next_deadline()
        if deadline is not None:
            delay = max(0.0, (deadline - self.service.clock()) / 1000)
            self._timer = asyncio.get_running_loop().call_later(delay, self._start_ready)

    def tick(self) -> None:
        """Look at the clock now (tests move a fake clock)."""
        self._start_ready()

    # ---------------------------------------------------------------- groups

    def create_group(self, conn: Connection) -> Group:
        assert conn.player is not None
        self.leave_group(conn)
        group = Group(secrets.token_urlsafe(limits.ROOM_CODE_BYTES), conn.player.id, {conn.player.id: conn})
        self.groups[group.code] = group
        conn.group = group
        self.announce_group(group)
        return group

    def join_group(self, conn: Connection, code: str) -> None:
        assert conn.player is not None
        group = self.groups.get(code)
        if group is None:
            raise DeskError("unknown_group", "this group does not exist (or no longer exists)")
        if conn.player.id not in group.members and len(group.members) >= LOBBY_SIZE:
            raise DeskError("group_full", f"a group has at most {LOBBY_SIZE} players")
        if conn.group is not group:
            self.leave_group(conn)
        group.members[conn.player.id] = conn  # a second tab takes the member's place
        conn.group = group
        self.announce_group(group)

    def leave_group(self, conn: Connection) -> None:
        group = conn.group
        if group is None or conn.player is None:
            return
        conn.group = None
        if group.members.get(conn.player.id) is conn:
            del group.members[conn.player.id]
        if not group.members:
            del self.groups[group.code]
            return
        if group.organiser == conn.player.id:  # the role passes to the next member
            group.organiser = next(iter(group.members))
        self.announce_group(group)

    async def launch(self, conn: Connection, lang: str, practice: bool) -> None:
        group = conn.group
        assert conn.player is not None
        if group is None:
            raise DeskError("unknown_group", "you are not in a group")
        if group.organiser != conn.player.id:
            raise DeskError("not_organiser", "only the organiser launches the group")
        if any(self._busy(m) for m in group.members.values()):
            raise DeskError("members_busy", "wait until every member has finished their tournament")
        await self.queue(list(group.members.values()), lang, practice)
        self.announce_group(group)

    def _busy(self, conn: Connection) -> bool:
        assert conn.player is not None
        room = conn.room
        in_tournament = isinstance(room, TournamentRoom) and room.busy(conn.player.id)
        return in_tournament or conn.player.id in self.queued

    def announce_group(self, group: Group) -> None:
        busy = {player: self._busy(conn) for player, conn in group.members.items()}
        members = [
            {
                "id": player,
                "name": conn.player.nickname if conn.player else "?",
                "rating": conn.player.rating if conn.player else 0,
                "busy": busy[player],
            }
            for player, conn in group.members.items()
        ]
        for player, conn in group.members.items():
            view: dict[str, Any] = {
                "type": "group", "code": group.code, "organiser": group.organiser, "members": members,
                "you": player, "can_launch": player == group.organiser and not any(busy.values()),
            }  # fmt: skip
            conn.send(view)

    def tournament_over(self, room: TournamentRoom) -> None:
        """C2: after the tournament everybody is back on the group screen."""
        for group in list(self.groups.values()):
            if any(room.seated(player) for player in group.members):
                self.announce_group(group)

    def disconnected(self, conn: Connection) -> None:
        """A closed socket leaves its queue (free before the start) and its group."""
        if conn.player is not None and self.queued.get(conn.player.id) is conn:
            self.unqueue(conn)
        self.leave_group(conn)
