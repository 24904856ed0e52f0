"""One WebSocket: hello, rate limit, parse, identify, one seat per player, then hand the action on.

The connection decides nothing about the games: rooms and the tournament desk do,
through the core. It checks who is talking and that a player takes one seat at a
time (core.seating), before any side effect.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Any, Literal

import msgspec
from aiohttp import WSMsgType, web
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

from wordarena.core.duel import rules
from wordarena.core.nicknames import BadName, NameRule, clean_nickname, generated_nickname
from wordarena.core.player_events import NicknameChanged, PlayerDisconnected, PlayerLeft
from wordarena.core.seating import Admission, Seat, SeatKind, admit
from wordarena.core.tournament.rules import LANGUAGES as TOURNAMENT_LANGUAGES
from wordarena.server import limits, messages, protocol
from wordarena.server.cluster.wire import ConnRef, Who
from wordarena.server.messages import CloseCode, ErrorCode
from wordarena.server.outbox import Outbox
from wordarena.server.rate_limit import FloodWatch, TokenBucket
from wordarena.server.rooms import Envelope
from wordarena.server.service import ROOM_CLASSES, SERVICE, Service
from wordarena.store.players import Player

log = logging.getLogger(__name__)


Entry = Literal["in", "gone", "held"]  # Connection.enter: attached; no such room; a game holds the player


class Connection:
    def __init__(
        self, ws: web.WebSocketResponse, service: Service, ip: str, transport: asyncio.Transport | None = None
    ) -> None:
        self.ws = ws
        self.service = service
        self.ip = ip
        self.number = service.next_conn_number()
        self.ref = ConnRef(service.node, self.number)
        self.player: Player | None = None
        self.ui: str | None = None  # the interface language, from hello
        self.room: str | None = None  # the room or tournament this tab shows (owned by any process)
        self.room_kind = "duel"
        self.watching = False  # in that room as a watcher (no seat taken)
        self.deltas = False  # views as deltas after the first (hello)
        self.gone = False  # the socket closed: nothing more may attach this tab anywhere
        self.bucket = TokenBucket(limits.RATE_PER_SECOND, limits.RATE_BURST, service.rate_clock)
        self.flood = FloodWatch(service.rate_clock)
        self.outbox = Outbox(ws, service.flush_soon, service.spawn, self._too_slow, transport)
        self._hello_timer = asyncio.get_running_loop().call_later(limits.HELLO_TIMEOUT_S, self._no_hello)
        service.conns[self.number] = self

    # ---------------------------------------------------------------- sending

    def send(self, message: msgspec.Struct | Any) -> None:
        """Send a message at the end of this tick (server.outbox)."""
        self.send_frame(messages.encode(message))

    def send_frame(self, frame: bytes, view: bool = False) -> None:
        """Send an encoded message (a view built once for the room, a frame from another process)."""
        self.outbox.put(frame, view)

    def send_error(
        self, code: ErrorCode, message: str, current: Seat | None = None, reason: NameRule | None = None
    ) -> None:
        self.service.metrics.errors.labels(code).inc()
        self.send(messages.Error(code, message, _current(current), reason))

    def close_after_sending(self, code: CloseCode, reason: bytes) -> None:
        """Close once what is queued has gone out, so the client learns why."""
        self.outbox.close_after(code, reason)

    def _too_slow(self) -> None:
        """The client stopped reading: drop it, never wait for it."""
        self.service.metrics.errors.labels("slow_client").inc()
        self.outbox.cut(CloseCode.POLICY, b"too slow")

    def _no_hello(self) -> None:
        if self.player is None:
            self.service.metrics.errors.labels("no_hello").inc()
            self.close_after_sending(CloseCode.NO_HELLO, b"say hello first")

    # ---------------------------------------------------------------- receiving

    async def receive(self, text: str) -> None:
        self.service.metrics.messages_in.inc()
        if self.outbox.cutting is not None:  # being closed (too slow): what it says changes nothing
            return
        if not self.bucket.take():
            if self.flood.refused():
                if not self.outbox.done:
                    self.service.metrics.errors.labels("flood").inc()
                    self.outbox.cut(CloseCode.POLICY, b"too many messages", flooding=True)
            elif self.flood.should_tell():
                self.send_error(ErrorCode.RATE_LIMITED, "too many messages: slow down")
            return
        try:
            message = protocol.parse(text)
        except protocol.BadMessage as bad:
            self.send_error(bad.code, bad.message)
            return
        if self.player is None and not isinstance(message, protocol.Hello):
            self.send_error(ErrorCode.NOT_HELLO, "say hello first")
            return
        try:
            await self._dispatch(message)
        except (SQLAlchemyError, RedisError, OSError):  # a store is down: nothing was done, say so
            log.warning("a store failed on %s", type(message).__name__, exc_info=True)
            self.send_error(ErrorCode.UNAVAILABLE, "the server cannot reach its storage now: try again")
        except Exception:  # a bug: tell the client, keep the socket
            log.exception("failed to handle %s", type(message).__name__)
            self.send_error(ErrorCode.INTERNAL, "the server could not handle that message; try again")

    async def _dispatch(self, message: protocol.ClientMessage) -> None:
        if isinstance(message, _SEAT_CHANGES):  # two tabs of one player: one seat change at a time
            async with self.service.seat_lock(self._me().id):
                await self._act(message)
        else:
            await self._act(message)

    async def _act(self, message: protocol.ClientMessage) -> None:
        match message:
            case protocol.Hello():
                await self._hello(message)
            case protocol.Ping():
                self.send(messages.Pong(message.t))
            case protocol.Resync():
                await self._resync()
            case protocol.Rename():
                await self._rename(message.name)
            case protocol.Create():
                await self._create(message.lang)
            case protocol.Join():
                await self._join(
                    message.room,
                    "duel",
                    ErrorCode.UNKNOWN_ROOM,
                    "this room does not exist (or no longer exists)",
                )
            case protocol.Quick():
                await self._quick(message.lang)
            case protocol.TournamentJoin():
                await self._join(
                    message.tournament,
                    "tournament",
                    ErrorCode.UNKNOWN_TOURNAMENT,
                    "this tournament does not exist (or is over)",
                )
            case protocol.Queue():
                if message.lang not in TOURNAMENT_LANGUAGES:
                    self.send_error(
                        ErrorCode.BAD_MESSAGE, f"tournaments are in {' '.join(TOURNAMENT_LANGUAGES)}"
                    )
                elif await self._admitted("queue", message.lang):
                    self._desk("queue", lang=message.lang, practice=message.practice)
            case protocol.Leave(code=str() as code) if code != self.room:
                await self._leave_seat_at(code)
            case protocol.Unqueue():
                self._desk("unqueue")
            case protocol.GroupCreate():
                self._desk("group_create")
            case protocol.GroupJoin():
                self._desk("group_join", group=message.group)
            case protocol.GroupLeave():
                self._desk("group_leave")
            case protocol.GroupLaunch():
                self._desk("group_launch", lang=message.lang, practice=message.practice)
            case _:
                await self._to_room(message)

    def _desk(self, action: str, **args: Any) -> None:
        """The desk answers (or refuses) by itself, wherever it runs."""
        self.service.to_desk(action, conn=self.ref, who=self.who(), args=args)

    async def _join(self, code: str, kind: SeatKind, unknown: ErrorCode, why: str) -> None:
        if not await self.service.room_exists(code, kind):
            self.send_error(unknown, why)
        elif kind == "tournament" and not await self._sits_in(code):
            # A tournament's link seats nobody new (its seats come from the queue): anybody
            # else watches it, wherever they sit meanwhile. Its entrants are seated by the room.
            if await self.watch(code, kind) == "gone":
                self.send_error(unknown, why)
        elif await self._admitted(kind, code) and await self.enter(code, kind) == "gone":
            self.send_error(unknown, why)  # it was there a moment ago: dropped (over) meanwhile

    async def _sits_in(self, code: str) -> bool:
        seat = await self.service.seats.where(self._me().id)
        return seat is not None and seat.code == code

    async def _create(self, lang: str | None) -> None:
        if lang is not None and lang not in rules.LANGUAGES:
            self.send_error(ErrorCode.BAD_MESSAGE, f"Duel de Mots is played in {' '.join(rules.LANGUAGES)}")
            return
        if not await self._admitted("duel", None):
            return
        room = await self.service.create_room(lang or rules.default_language(self.ui))
        if await self.enter(room.code, "duel") == "in":
            self.send(messages.Created(room.code))  # before the view: the room sends it once it seated us
        else:  # held elsewhere since the admission: nobody will ever sit in it
            await self.service.drop_unused(room)

    async def _quick(self, lang: str) -> None:
        if lang not in rules.LANGUAGES:
            self.send_error(ErrorCode.BAD_MESSAGE, f"quick games are in {' '.join(rules.LANGUAGES)}")
            return
        if not await self._admitted("duel", None):
            return
        fresh = await asyncio.to_thread(
            self.service.players.get, self._me().id
        )  # games since the hello count
        first_game = (fresh or self._me()).quick_games_played == 0
        self._desk("quick", lang=lang, first_game=first_game)

    async def _leave_seat_at(self, code: str) -> None:
        """The player's seat at ``code`` (held by another tab, or by nobody), left as from its own tab."""
        player = self._me().id
        seat = await self.service.seats.where(player)
        if seat is None or seat.code != code:
            return  # nothing there to leave: already left, or never seated
        await self.service.seats.release(player, code)
        if seat.kind == "queue":
            self._desk("unqueue")
        else:
            await self.service.post(code, seat.kind, Envelope("event", None, event=PlayerLeft(player)))

    async def _admitted(self, kind: SeatKind, code: str | None) -> bool:
        """One seat per player: leave a free seat first, or refuse when a game in progress holds them."""
        player = self._me().id
        current = await self.service.seats.where(player)
        decision = admit(current, kind, code)
        if decision is Admission.REFUSE:
            self.send_error(ErrorCode.ALREADY_PLAYING, "you are playing a game: leave it first", current)
            return False
        if decision is Admission.LEAVE_THEN_TAKE and current is not None:
            await self.service.leave_seat(player, current)
        return True

    async def _to_room(self, message: protocol.ClientMessage) -> None:
        if self.room is None or self.player is None:
            self.send_error(ErrorCode.NO_ROOM, "join a room first")
            return
        event = ROOM_CLASSES[self.room_kind].event_for(self.player.id, message)
        if event is None:
            self.send_error(
                ErrorCode.BAD_MESSAGE, f"{type(message).__name__.lower()} does not apply to this game"
            )
            return
        if isinstance(event, PlayerLeft):
            self.service.spawn(self.service.seats.release(self.player.id, self.room), "release-left")
        if not await self.service.post(self.room, self.room_kind, self._envelope("event", event)):
            self.room = None
            self.send_error(ErrorCode.NO_ROOM, "this game is over: join a room first")

    async def _resync(self) -> None:
        """The whole view again (a delta did not follow the one this tab holds)."""
        if self.room is None or self.player is None:
            self.send_error(ErrorCode.NO_ROOM, "join a room first")
        elif not await self.service.post(self.room, self.room_kind, self._envelope("resync")):
            self.room = None
            self.send_error(ErrorCode.NO_ROOM, "this game is over: join a room first")

    async def enter(self, code: str, kind: str, event: Any = None) -> Entry:
        """Attach this tab to a room (owned by any process); ``event``: how to sit down, if not by joining.

        "gone": the room no longer exists. "held": a game in progress elsewhere holds the
        player (they were told ``already_playing``). Where the player sits is checked again
        here, whatever was checked before: since then (an await: storing a new room, say)
        the desk may have queued them from another tab, or started their tournament.
        """
        player = self._me().id
        current = await self.service.seats.where(player)
        if current is not None and current.code != code:
            if current.committed:
                self.send_error(ErrorCode.ALREADY_PLAYING, "you are playing a game: leave it first", current)
                return "held"
            await self.service.leave_seat(player, current)  # a queue, a lobby, final standings: free
        if self.room is not None and self.room != code:
            await self.service.post(self.room, self.room_kind, self._envelope("detach"))
        if current is None or current.code != code:
            await self.service.seats.take(
                player, Seat("tournament" if kind == "tournament" else "duel", code, "waiting")
            )
        self.ref = ConnRef(self.ref.node, self.ref.id, self.ref.attach + 1)  # a new attachment
        self.room, self.room_kind, self.watching = code, kind, False
        envelope = self._envelope("attach", event)
        if not await self.service.post(code, kind, envelope):
            self.room = None
            await self.service.seats.release(player, code)
            return "gone"
        return "in"

    async def watch(self, code: str, kind: str) -> Entry:
        """Attach this tab to a room as a watcher: no seat is taken, and none is left.

        The room seats the player after all when the game is theirs (a registry that lost
        track of them: a restart); everybody else gets the watchers' view.
        """
        if self.room is not None and self.room != code:
            await self.service.post(self.room, self.room_kind, self._envelope("detach"))
        self.ref = ConnRef(self.ref.node, self.ref.id, self.ref.attach + 1)
        self.room, self.room_kind, self.watching = code, kind, True
        if not await self.service.post(code, kind, self._envelope("watch")):
            self.room, self.watching = None, False
            return "gone"
        return "in"

    async def attach_again(self) -> None:
        """The room moved, or the bus was cut: the same tab goes back to it, the same way."""
        if self.room is not None and self.player is not None:
            if self.watching:
                await self.watch(self.room, self.room_kind)
            else:
                await self.enter(self.room, self.room_kind)

    async def arrive(self, code: str, kind: str, event: Any = None) -> None:
        """Sent into a room by the desk (a quick room chosen for this tab, a tournament starting).

        The desk decided a moment ago: the player may have taken a seat elsewhere since
        (another tab: `enter` checks), and this tab may have closed.
        """
        player = self._me().id
        if self.gone:  # closed meanwhile: another tab of the player goes, else they are away
            tab = max(self.service.tabs_of(player), key=lambda t: t.number, default=None)
            if tab is not None:
                await tab.arrive(code, kind, event)
            elif kind == "tournament" and event is None:  # seated by the desk, with no tab to attach
                envelope = Envelope("event", None, event=PlayerDisconnected(player))
                await self.service.post(code, kind, envelope)
            return
        async with self.service.seat_lock(player):
            if await self.enter(code, kind, event) == "gone":
                unknown = ErrorCode.UNKNOWN_TOURNAMENT if kind == "tournament" else ErrorCode.UNKNOWN_ROOM
                self.send_error(unknown, "this game is over and no longer exists")

    def _envelope(self, kind: str, event: Any = None) -> Envelope:
        return Envelope(kind, self.ref, self._me().id, event, self.who())

    def who(self) -> Who:
        player = self._me()
        return Who(player.id, player.nickname, player.rating, player.quick_games_played, self.deltas)

    # ---------------------------------------------------------------- identity

    async def _hello(self, message: protocol.Hello) -> None:
        if self.player is not None:
            self.send_error(ErrorCode.BAD_MESSAGE, "hello was already said")
            return
        players = self.service.players
        token = message.token
        if token:
            player = await asyncio.to_thread(players.by_token, token)
            if player is None:
                self.send_error(
                    ErrorCode.BAD_TOKEN, "this identity is unknown here: say hello without a token"
                )
                return
        else:
            if not self.service.guards.new_identity(self.ip):
                self.send_error(
                    ErrorCode.IDENTITY_LIMIT, "too many new identities from your address: wait a minute"
                )
                self.close_after_sending(CloseCode.POLICY, b"too many new identities")
                return
            token, created = await asyncio.to_thread(players.create, generated_nickname(message.ui))
            player = created
        assert player is not None
        self._hello_timer.cancel()
        self.player, self.ui, self.deltas = player, message.ui, message.deltas
        self.service.connected(self)
        current = await self.service.seats.where(player.id)
        self.send(messages.Welcome(token, _player_info(player), _current(current)))

    async def _rename(self, raw: str) -> None:
        player = self._me()
        try:
            name = clean_nickname(raw)
        except BadName as bad:
            self.send_error(ErrorCode.BAD_NAME, str(bad), reason=bad.reason)
            return
        await asyncio.to_thread(self.service.players.rename, player.id, name)
        renamed = Player(player.id, name, player.games_played, player.quick_games_played, player.rating)
        seat = await self.service.seats.where(player.id)
        for tab in self.service.tabs_of(player.id):
            tab.player = renamed
            tab.send(messages.Welcome(None, _player_info(renamed), _current(seat)))
        self._desk("renamed")
        if seat is not None and seat.kind != "queue":
            await self.service.post(
                seat.code, seat.kind, Envelope("event", None, event=NicknameChanged(player.id, name))
            )

    def refreshed(self, player: Player, seat: Seat | None) -> None:
        """The player as the store has them now (a rating after a tournament): this tab shows it."""
        if self.player is not None and self.player.id == player.id:
            self.player = player
            self.send(messages.Welcome(None, _player_info(player), _current(seat)))

    def _me(self) -> Player:
        assert self.player is not None
        return self.player

    async def closed(self) -> None:
        self.gone = True
        self._hello_timer.cancel()
        self.service.disconnected(self)
        if self.room is not None and self.player is not None:
            await self.service.post(self.room, self.room_kind, self._envelope("detach"))
            self.room = None
        self.outbox.drop()
        await self.outbox.wait_closed()


#: The messages that may change where a player sits (core.seating): one at a time per player.
_SEAT_CHANGES = (
    protocol.Create,
    protocol.Join,
    protocol.Quick,
    protocol.TournamentJoin,
    protocol.Queue,
    protocol.Leave,
)


def _player_info(player: Player) -> messages.PlayerInfo:
    return messages.PlayerInfo(player.id, player.nickname, player.games_played, player.rating)


def _current(seat: Seat | None) -> messages.Current | None:
    return None if seat is None else messages.Current(seat.kind, seat.code, seat.stage)


def client_ip(request: web.Request, trust_proxy: bool) -> str:
    """The peer's address; behind a trusted proxy, the address it saw (the last X-Forwarded-For hop)."""
    forwarded = request.headers.get("X-Forwarded-For") if trust_proxy else None
    if forwarded:
        return forwarded.split(",")[-1].strip()
    return request.remote or "?"


async def websocket(request: web.Request) -> web.StreamResponse:
    """``GET /ws``: one connection for one tab (docs/protocol.md)."""
    service: Service = request.app[SERVICE]
    ip = client_ip(request, service.config.trust_proxy)
    if not service.guards.open_socket(ip):
        service.metrics.errors.labels("sockets_per_ip").inc()
        raise web.HTTPTooManyRequests(text="too many connections from your address")
    try:
        # aiohttp refuses a frame of max_msg_size bytes: one more lets exactly 4 KiB through
        ws = web.WebSocketResponse(max_msg_size=limits.MAX_FRAME_BYTES + 1, heartbeat=limits.HEARTBEAT_S)
        await ws.prepare(request)
        transport = request.transport
        if transport is not None:  # a client that stops reading cannot make the kernel hold megabytes
            sock = transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, limits.SOCKET_SEND_BUFFER)
        service.metrics.connections.inc()
        service.sockets.add(ws)
        conn = Connection(ws, service, ip, transport)
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await conn.receive(msg.data)
                elif msg.type is WSMsgType.BINARY:
                    conn.send_error(ErrorCode.BAD_MESSAGE, "binary frames are not accepted: send JSON text")
                elif msg.type is WSMsgType.ERROR:  # aiohttp has already closed the socket (1009 if too big)
                    too_big = getattr(msg.data, "code", None) == CloseCode.TOO_BIG
                    service.metrics.errors.labels("frame_too_big" if too_big else "ws_error").inc()
                if conn.outbox.cutting is not None and conn.outbox.flooding:  # read nothing more
                    await conn.outbox.cutting
                    break
        finally:
            service.sockets.discard(ws)
            service.metrics.connections.dec()
            await conn.closed()
        return ws
    finally:
        service.guards.close_socket(ip)
