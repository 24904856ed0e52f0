"""One WebSocket: rate limit, parse, identify, then hand the player's action to their room."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMsgType, web

from wordarena.core.duel import rules
from wordarena.server import limits, protocol
from wordarena.server.identity import BadName, clean_nickname, generated_nickname
from wordarena.server.rooms import Envelope, Room
from wordarena.server.service import SERVICE, Service
from wordarena.server.tournament_desk import DeskError, Group
from wordarena.server.tournament_room import TournamentRoom
from wordarena.store.players import Player

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Close:
    code: int
    reason: bytes


class TokenBucket:
    """``rate`` tokens per second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Connection:
    def __init__(self, ws: web.WebSocketResponse, service: Service) -> None:
        self.ws = ws
        self.service = service
        self.player: Player | None = None
        self.room: Room | None = None
        self.group: Group | None = None
        self.bucket = TokenBucket(limits.RATE_PER_SECOND, limits.RATE_BURST)
        self.strikes = 0
        self.outbox: asyncio.Queue[str | _Close | None] = asyncio.Queue(limits.OUTBOX_LIMIT)
        self.writer = asyncio.get_running_loop().create_task(self._write())

    # ---------------------------------------------------------------- sending

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client that stops reading is dropped, never waited for."""
        try:
            self.outbox.put_nowait(protocol.encode(message))
        except asyncio.QueueFull:
            self.service.metrics.errors.labels("slow_client").inc()
            asyncio.get_running_loop().create_task(
                self.ws.close(code=limits.CLOSE_POLICY, message=b"too slow")
            )
            # (not close_after_sending: the queue is full precisely because nothing goes out)

    def send_error(self, code: str, message: str) -> None:
        self.service.metrics.errors.labels(code).inc()
        self.send(protocol.error(code, message))

    def close_after_sending(self, code: int, reason: bytes) -> None:
        """Close once what is queued has gone out, so the client learns why."""
        try:
            self.outbox.put_nowait(_Close(code, reason))
        except asyncio.QueueFull:
            asyncio.get_running_loop().create_task(self.ws.close(code=code, message=reason))

    async def _write(self) -> None:
        while (item := await self.outbox.get()) is not None:
            if isinstance(item, _Close):
                await self.ws.close(code=item.code, message=item.reason)
                return
            try:
                await self.ws.send_str(item)
            except (ConnectionError, RuntimeError):
                return
            self.service.metrics.messages_out.inc()

    # ---------------------------------------------------------------- receiving

    async def receive(self, text: str) -> None:
        self.service.metrics.messages_in.inc()
        if not self.bucket.take():
            self.strikes += 1
            if self.strikes == limits.MAX_STRIKES:
                self.service.metrics.errors.labels("flood").inc()
                self.close_after_sending(limits.CLOSE_POLICY, b"too many messages")
            elif self.strikes < limits.MAX_STRIKES:
                self.send_error("rate_limited", "too many messages: slow down")
            return
        self.strikes = 0
        try:
            message = protocol.parse(text)
        except protocol.BadMessage as bad:
            self.send_error(bad.code, bad.message)
            return
        if self.player is None and not isinstance(message, protocol.Hello):
            self.send_error("not_hello", "say hello first")
            return
        try:
            await self._dispatch(message)
        except Exception:  # a bug or a storage failure: tell the client, keep the socket
            log.exception("failed to handle %s", type(message).__name__)
            self.send_error("internal", "the server could not handle that message; try again")

    async def _dispatch(self, message: protocol.ClientMessage) -> None:
        match message:
            case protocol.Hello():
                await self._hello(message)
            case protocol.Ping():
                self.send({"type": "pong", "t": message.t})
            case protocol.Rename():
                await self._rename(message.name)
            case protocol.Create():
                lang = rules.default_language(message.lang)
                created = self.service.create_room(lang)
                self.send({"type": "created", "room": created.code})
                self._enter(created)
            case protocol.Join():
                room = self.service.rooms.get(message.room)
                if room is None or room.closed:
                    self.send_error("unknown_room", "this room does not exist (or no longer exists)")
                else:
                    self._enter(room)
            case protocol.Quick():
                if message.lang not in rules.LANGUAGES:
                    self.send_error("bad_message", f"quick games are in {' '.join(rules.LANGUAGES)}")
                    return
                assert self.player is not None
                self._enter(self.service.quick_room(message.lang, self.player.quick_games_played == 0))
            case protocol.TournamentJoin():
                room = self.service.rooms.get(message.tournament)
                if not isinstance(room, TournamentRoom) or room.closed:
                    self.send_error("unknown_tournament", "this tournament does not exist (or is over)")
                else:
                    self._enter(room)
            case (
                protocol.Queue() | protocol.Unqueue() | protocol.GroupCreate() | protocol.GroupJoin()
                | protocol.GroupLeave() | protocol.GroupLaunch()
            ):  # fmt: skip
                await self._desk(message)
            case _:
                self._to_room(message)

    async def _desk(self, message: protocol.ClientMessage) -> None:
        """Tournament queue and groups; a `DeskError` becomes an error message."""
        desk = self.service.desk
        try:
            match message:
                case protocol.Queue():
                    self.release_finished_room()
                    await desk.queue([self], message.lang, message.practice)
                case protocol.Unqueue():
                    if not desk.unqueue(self):
                        self.send_error("not_queued", "you are not in a queue")
                case protocol.GroupCreate():
                    desk.create_group(self)
                case protocol.GroupJoin():
                    desk.join_group(self, message.group)
                case protocol.GroupLeave():
                    desk.leave_group(self)
                case protocol.GroupLaunch():
                    if self.group is not None:
                        for member in self.group.members.values():
                            member.release_finished_room()
                    await desk.launch(self, message.lang, message.practice)
        except DeskError as error:
            self.send_error(error.code, error.message)

    def release_finished_room(self) -> None:
        """Queueing again after a game: let go of a room whose game this player is done with."""
        room = self.room
        if room is None or self.player is None:
            return
        if isinstance(room, TournamentRoom) and room.busy(self.player.id):
            return  # still playing: the desk refuses
        room.post(Envelope("detach", self))
        self.room = None

    def _to_room(self, message: protocol.ClientMessage) -> None:
        if self.room is None or self.player is None:
            self.send_error("no_room", "join a room first")
            return
        event = self.room.event_for(self.player.id, message)
        if event is None:
            self.send_error("bad_message", f"{type(message).__name__.lower()} does not apply to this game")
        else:
            self.room.post(Envelope("event", self, event))

    async def _hello(self, message: protocol.Hello) -> None:
        if self.player is not None:
            self.send_error("bad_message", "hello was already said")
            return
        players = self.service.players
        token = message.token
        player = await asyncio.to_thread(players.by_token, token) if token else None
        if player is None:  # first visit, or a token this server does not know: a new identity
            token, created = await asyncio.to_thread(players.create, generated_nickname())
            player = created
        self.player = player
        self.send({"type": "welcome", "token": token, "player": _player_view(player)})

    async def _rename(self, raw: str) -> None:
        assert self.player is not None
        try:
            name = clean_nickname(raw)
        except BadName as bad:
            self.send_error("bad_name", str(bad))
            return
        await asyncio.to_thread(self.service.players.rename, self.player.id, name)
        self.player = Player(
            self.player.id, name, self.player.games_played, self.player.quick_games_played, self.player.rating
        )
        self.send({"type": "welcome", "token": None, "player": _player_view(self.player)})
        if self.room is not None:
            event = self.room.event_for(self.player.id, protocol.Rename(name))
            self.room.post(Envelope("event", self, event))

    def _enter(self, room: Room) -> None:
        if self.room is not None and self.room is not room:
            self.room.post(Envelope("detach", self))
        self.room = room
        room.post(Envelope("attach", self))

    async def closed(self) -> None:
        self.service.desk.disconnected(self)
        if self.room is not None:
            self.room.post(Envelope("detach", self))
            self.room = None
        self.outbox.put_nowait(None) if not self.outbox.full() else self.writer.cancel()
        await asyncio.gather(self.writer, return_exceptions=True)


def _player_view(player: Player) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.nickname,
        "games_played": player.games_played,
        "rating": player.rating,
    }


async def websocket(request: web.Request) -> web.WebSocketResponse:
    """``GET /ws``: one connection for one tab (docs/protocol.md)."""
    service: Service = request.app[SERVICE]
    ws = web.WebSocketResponse(max_msg_size=limits.MAX_FRAME_BYTES, heartbeat=limits.HEARTBEAT_S)
    await ws.prepare(request)
    service.metrics.connections.inc()
    service.sockets.add(ws)
    conn = Connection(ws, service)
    try:
        async for msg in ws:
            if msg.type is WSMsgType.TEXT:
                await conn.receive(msg.data)
            elif msg.type is WSMsgType.BINARY:
                conn.send_error("bad_message", "binary frames are not accepted: send JSON text")
            elif msg.type is WSMsgType.ERROR:  # aiohttp has already closed the socket (1009 if too big)
                too_big = getattr(msg.data, "code", None) == limits.CLOSE_TOO_BIG
                service.metrics.errors.labels("frame_too_big" if too_big else "ws_error").inc()
    finally:
        service.sockets.discard(ws)
        service.metrics.connections.dec()
        await conn.closed()
    return ws
