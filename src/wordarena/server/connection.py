"""One browser tab's conversation: hello, rate limit, parse, identify, one seat per player, hand on.

The connection decides nothing about the games: rooms and the tournament desk do,
through the core. It checks who is talking and that a player takes one seat at a
time (core.seating), before any side effect, then hands a typed input to a room
(room_inputs, through the router) or a typed request to the desk (desk_requests).
The socket itself is read and written elsewhere (server.sockets, server.outbox).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import msgspec
from aiohttp import web
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

from wordarena.core.duel import rules
from wordarena.core.nicknames import BadName, NameRule, clean_nickname, generated_nickname
from wordarena.core.player_events import NicknameChanged, PlayerDisconnected, PlayerLeft
from wordarena.core.seating import Admission, Seat, SeatKind, admit
from wordarena.server import desk_requests as rq
from wordarena.server import limits, messages, protocol
from wordarena.server.cluster.seats import Seats
from wordarena.server.delivery import Delivery
from wordarena.server.guards import Guards
from wordarena.server.messages import CloseCode, ErrorCode
from wordarena.server.metrics import Metrics
from wordarena.server.outbox import Outbox
from wordarena.server.ports import DeskPoster, RoomPoster
from wordarena.server.rate_limit import FloodWatch, TokenBucket
from wordarena.server.refs import ConnRef, Who
from wordarena.server.room_inputs import Act, Attach, Decide, Detach, Resync, RoomInput, Watch
from wordarena.server.rooms.registry import ROOM_CLASSES, RoomRegistry
from wordarena.server.seating import Seating
from wordarena.server.tasks import Tasks
from wordarena.store.players import Player, PlayerRepository

log = logging.getLogger(__name__)


Entry = Literal["in", "gone", "held"]  # Connection.enter: attached; no such room; a game holds the player


@dataclass(frozen=True)
class ConnectionContext:
    """What a tab needs of its process (wired by server.app)."""

    delivery: Delivery
    rooms: RoomPoster
    room_maker: RoomRegistry  # new rooms (a room made for nothing is dropped)
    desk: DeskPoster
    seats: Seats
    seating: Seating
    players: PlayerRepository
    guards: Guards
    metrics: Metrics
    tasks: Tasks
    rate_clock: Callable[[], float]


class Connection:
    def __init__(
        self,
        ws: web.WebSocketResponse,
        context: ConnectionContext,
        ip: str,
        transport: asyncio.Transport | None = None,
    ) -> None:
        self.ws = ws
        self.context = context
        self.ip = ip
        delivery = context.delivery
        self.number = delivery.next_number()
        self.ref = ConnRef(delivery.node, self.number)
        self.player: Player | None = None
        self.ui: str | None = None  # the interface language, from hello
        self.room: str | None = None  # the room or tournament this tab shows (owned by any process)
        self.room_kind = "duel"
        self.watching = False  # in that room as a watcher (no seat taken)
        self.deltas = False  # views as deltas after the first (hello)
        self.gone = False  # the socket closed: nothing more may attach this tab anywhere
        self.bucket = TokenBucket(limits.RATE_PER_SECOND, limits.RATE_BURST, context.rate_clock)
        self.flood = FloodWatch(context.rate_clock)
        self.outbox = Outbox(ws, delivery.flush_soon, context.tasks.spawn, self._too_slow, transport)
        self._hello_timer = asyncio.get_running_loop().call_later(limits.HELLO_TIMEOUT_S, self._no_hello)
        delivery.add(self)

    # ---------------------------------------------------------------- sending

    def send(self, message: msgspec.Struct | Any) -> None:
        """Send a message at the end of this tick (server.outbox)."""
        self.send_frame(messages.encode(message))

    def send_frame(self, frame: bytes, view: bool = False) -> None:
        """Send an encoded message (a view built once for the room, a frame from another process)."""
        self.outbox.put(frame, view)

    def send_error(
        self,
        code: ErrorCode,
        message: str,
        current: Seat | None = None,
        reason: NameRule | None = None,
        game: str | None = None,
    ) -> None:
        """Tell the tab the server did nothing, and why (``game``: the game it concerns, if any)."""
        self.context.metrics.errors.labels(code).inc()
        where = messages.current_of(current)
        self.send(messages.Error(code, message, where, reason, messages.game_kind(game)))

    def close_after_sending(self, code: CloseCode, reason: bytes) -> None:
        """Close once what is queued has gone out, so the client learns why."""
        self.outbox.close_after(code, reason)

    def _too_slow(self) -> None:
        """The client stopped reading: drop it, never wait for it."""
        self.context.metrics.errors.labels("slow_client").inc()
        self.outbox.cut(CloseCode.POLICY, b"too slow")

    def _no_hello(self) -> None:
        if self.player is None:
            self.context.metrics.errors.labels("no_hello").inc()
            self.close_after_sending(CloseCode.NO_HELLO, b"say hello first")

    # ---------------------------------------------------------------- receiving

    async def receive(self, text: str) -> None:
        self.context.metrics.messages_in.inc()
        if self.outbox.cutting is not None:  # being closed (too slow): what it says changes nothing
            return
        if not self.bucket.take():
            self._over_rate()
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

    def _over_rate(self) -> None:
        """Past the rate: told once in a while, cut when it goes on at full speed."""
        if self.flood.refused():
            if not self.outbox.done:
                self.context.metrics.errors.labels("flood").inc()
                self.outbox.cut(CloseCode.POLICY, b"too many messages", flooding=True)
        elif self.flood.should_tell():
            self.send_error(ErrorCode.RATE_LIMITED, "too many messages: slow down")

    async def _dispatch(self, message: protocol.ClientMessage) -> None:
        if isinstance(message, _SEAT_CHANGES):  # two tabs of one player: one seat change at a time
            async with self.context.seating.lock(self._me().id):
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
                await self._join(message.room, "duel")
            case protocol.Quick():
                await self._quick(message.lang)
            case protocol.TournamentJoin():
                await self._join(message.tournament, "tournament")
            case protocol.Queue():
                if await self._admitted("queue", message.lang):
                    self._desk(
                        rq.Queue(conn=self.ref, who=self.who(), lang=message.lang, practice=message.practice)
                    )
            case protocol.Leave(code=str() as code) if code != self.room:
                await self._leave_seat_at(code)
            case protocol.Unqueue():
                self._desk(rq.Unqueue(self._me().id, self.ref))
            case protocol.GroupCreate():
                self._desk(rq.GroupCreate(conn=self.ref, who=self.who()))
            case protocol.GroupJoin():
                self._desk(rq.GroupJoin(conn=self.ref, who=self.who(), group=message.group))
            case protocol.GroupLeave():
                self._desk(rq.GroupLeave(conn=self.ref, who=self.who()))
            case protocol.GroupLaunch():
                launch = rq.GroupLaunch(
                    conn=self.ref, who=self.who(), lang=message.lang, practice=message.practice
                )
                self._desk(launch)
            case _:
                await self._to_room(message)

    def _desk(self, request: rq.DeskRequest) -> None:
        """The desk answers (or refuses) by itself, wherever it runs."""
        self.context.desk.to_desk(request)

    async def _post(self, code: str, kind: str, item: RoomInput) -> bool:
        return await self.context.rooms.post(code, kind, item)

    # ---------------------------------------------------------------- rooms

    async def _join(self, code: str, kind: SeatKind) -> None:
        unknown, why = _UNKNOWN[kind]
        if not await self.context.rooms.room_exists(code, kind):
            self.send_error(unknown, why, game=kind)
        elif kind == "tournament" and not await self._sits_in(code):
            # A tournament's link seats nobody new (its seats come from the queue): anybody
            # else watches it, wherever they sit meanwhile. Its entrants are seated by the room.
            if await self.watch(code, kind) == "gone":
                self.send_error(unknown, why, game=kind)
        elif await self._admitted(kind, code) and await self.enter(code, kind) == "gone":
            self.send_error(unknown, why, game=kind)  # it was there a moment ago: dropped (over) meanwhile

    async def _sits_in(self, code: str) -> bool:
        seat = await self.context.seats.where(self._me().id)
        return seat is not None and seat.code == code

    async def _create(self, lang: str | None) -> None:
        if not await self._admitted("duel", None):
            return
        room = await self.context.room_maker.create_room(lang or rules.default_language(self.ui))
        # The room itself sends `created`, once the seat is durable; "held": held elsewhere since
        # the admission, so nobody will ever sit in it.
        if await self.enter(room.code, "duel", created=True) != "in":
            await self.context.room_maker.drop_unused(room)

    async def _quick(self, lang: str) -> None:
        if not await self._admitted("duel", None):
            return
        fresh = await asyncio.to_thread(
            self.context.players.get, self._me().id
        )  # games since the hello count
        first_game = (fresh or self._me()).quick_games_played == 0
        self._desk(rq.QuickGame(conn=self.ref, who=self.who(), lang=lang, first_game=first_game))

    async def _leave_seat_at(self, code: str) -> None:
        """The player's seat at ``code`` (held by another tab, or by nobody), left as from its own tab."""
        seat = await self.context.seats.where(self._me().id)
        if seat is not None and seat.code == code:  # else nothing there to leave: already left, never seated
            await self.context.seating.leave(self._me().id, seat)

    async def _admitted(self, kind: SeatKind, code: str | None) -> bool:
        """One seat per player: leave a free seat first, or refuse when a game in progress holds them."""
        player = self._me().id
        current = await self.context.seats.where(player)
        decision = admit(current, kind, code)
        if decision is Admission.REFUSE:
            self.send_error(ErrorCode.ALREADY_PLAYING, "you are playing a game: leave it first", current)
            return False
        if decision is Admission.LEAVE_THEN_TAKE and current is not None:
            await self.context.seating.leave(player, current)
        return True

    async def _to_room(self, message: protocol.ClientMessage) -> None:
        if self.room is None or self.player is None:
            self.send_error(ErrorCode.NO_ROOM, "join a room first")
            return
        event = ROOM_CLASSES[self.room_kind].event_for(self.player.id, message)
        if event is None:
            self.send_error(
                ErrorCode.BAD_MESSAGE,
                f"{type(message).__name__.lower()} does not apply to this game",
                game=self.room_kind,
            )
            return
        if isinstance(event, PlayerLeft):
            self.context.tasks.spawn(self.context.seats.release(self.player.id, self.room), "release-left")
        if not await self._post(
            self.room, self.room_kind, Act(conn=self.ref, player=self.player.id, event=event)
        ):
            self._room_gone()

    async def _resync(self) -> None:
        """The whole view again (a delta did not follow the one this tab holds)."""
        if self.room is None or self.player is None:
            self.send_error(ErrorCode.NO_ROOM, "join a room first")
        elif not await self._post(self.room, self.room_kind, Resync(conn=self.ref, player=self.player.id)):
            self._room_gone()

    def _room_gone(self) -> None:
        self.room = None
        self.send_error(ErrorCode.NO_ROOM, "this game is over: join a room first", game=self.room_kind)

    async def enter(self, code: str, kind: str, event: Any = None, created: bool = False) -> Entry:
        """Attach this tab to a room (owned by any process); ``event``: how to sit down, if not by joining.

        "gone": the room no longer exists. "held": a game in progress elsewhere holds the
        player (they were told ``already_playing``). Where the player sits is asked again
        here, whatever was asked before: since then (an await: storing a new room, say)
        the desk may have queued them from another tab, or started their tournament.
        """
        player = self._me().id
        seat_kind: SeatKind = "tournament" if kind == "tournament" else "duel"
        current = await self.context.seats.where(player)
        decision = admit(current, seat_kind, code)
        if decision is Admission.REFUSE:
            self.send_error(ErrorCode.ALREADY_PLAYING, "you are playing a game: leave it first", current)
            return "held"
        if decision is Admission.LEAVE_THEN_TAKE and current is not None:
            await self.context.seating.leave(player, current)  # a queue, a lobby, final standings: free
        await self._leave_shown_room(code)
        if decision is not Admission.TAKE or current is None:
            await self.context.seats.take(player, Seat(seat_kind, code, "waiting"))
        self._attachment(code, kind, watching=False)
        if not await self._post(
            code, kind, Attach(conn=self.ref, player=player, who=self.who(), event=event, created=created)
        ):
            self.room = None
            await self.context.seats.release(player, code)
            return "gone"
        return "in"

    async def watch(self, code: str, kind: str) -> Entry:
        """Attach this tab to a room as a watcher: no seat is taken, and none is left.

        The room seats the player after all when the game is theirs (a registry that lost
        track of them: a restart); everybody else gets the watchers' view.
        """
        await self._leave_shown_room(code)
        self._attachment(code, kind, watching=True)
        if not await self._post(code, kind, Watch(conn=self.ref, player=self._me().id, who=self.who())):
            self.room, self.watching = None, False
            return "gone"
        return "in"

    async def _leave_shown_room(self, code: str) -> None:
        """This tab stops showing the room it showed, if it is another one."""
        if self.room is not None and self.room != code:
            await self._post(self.room, self.room_kind, Detach(conn=self.ref, player=self._me().id))

    def _attachment(self, code: str, kind: str, watching: bool) -> None:
        """A new attachment of this tab: a room letting go of an older one leaves this one alone."""
        self.ref = ConnRef(self.ref.node, self.ref.id, self.ref.attach + 1)
        self.room, self.room_kind, self.watching = code, kind, watching

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
        (another tab: `enter` asks), and this tab may have closed.
        """
        player = self._me().id
        if self.gone:  # closed meanwhile: another tab of the player goes, else they are away
            tab = max(self.context.delivery.tabs_of(player), key=lambda t: t.number, default=None)
            if tab is not None:
                await tab.arrive(code, kind, event)
            elif kind == "tournament" and event is None:  # seated by the desk, with no tab to attach
                await self._post(code, kind, Decide(event=PlayerDisconnected(player)))
            return
        async with self.context.seating.lock(player):
            if await self.enter(code, kind, event) == "gone":
                unknown = ErrorCode.UNKNOWN_TOURNAMENT if kind == "tournament" else ErrorCode.UNKNOWN_ROOM
                self.send_error(unknown, "this game is over and no longer exists", game=kind)

    def who(self) -> Who:
        player = self._me()
        return Who(player.id, player.nickname, player.rating, player.quick_games_played, self.deltas)

    # ---------------------------------------------------------------- identity

    async def _hello(self, message: protocol.Hello) -> None:
        if self.player is not None:
            self.send_error(ErrorCode.BAD_MESSAGE, "hello was already said")
            return
        player, token = await self._identify(message)
        if player is None:
            return
        self._hello_timer.cancel()
        self.player, self.ui, self.deltas = player, message.ui, message.deltas
        self.context.delivery.connected(self)
        current = await self.context.seats.where(player.id)
        self.send(messages.Welcome(token, _player_info(player), messages.current_of(current)))

    async def _identify(self, message: protocol.Hello) -> tuple[Player | None, str]:
        """The player of a known token, or a new identity (a few a minute per address)."""
        players = self.context.players
        if message.token:
            player = await asyncio.to_thread(players.by_token, message.token)
            if player is None:
                self.send_error(
                    ErrorCode.BAD_TOKEN, "this identity is unknown here: say hello without a token"
                )
            return player, message.token
        if not self.context.guards.new_identity(self.ip):
            self.send_error(
                ErrorCode.IDENTITY_LIMIT, "too many new identities from your address: wait a minute"
            )
            self.close_after_sending(CloseCode.POLICY, b"too many new identities")
            return None, ""
        token, created = await asyncio.to_thread(players.create, generated_nickname(message.ui))
        return created, token

    async def _rename(self, raw: str) -> None:
        player = self._me()
        try:
            name = clean_nickname(raw)
        except BadName as bad:
            self.send_error(ErrorCode.BAD_NAME, str(bad), reason=bad.reason)
            return
        await asyncio.to_thread(self.context.players.rename, player.id, name)
        renamed = Player(player.id, name, player.games_played, player.quick_games_played, player.rating)
        seat = await self.context.seats.where(player.id)
        for tab in self.context.delivery.tabs_of(player.id):
            tab.refreshed(renamed, seat)
        self._desk(rq.Renamed(conn=self.ref, who=self.who()))
        if seat is not None and seat.kind != "queue":
            await self._post(seat.code, seat.kind, Decide(event=NicknameChanged(player.id, name)))

    def refreshed(self, player: Player, seat: Seat | None) -> None:
        """The player as the store has them now (a new name, a new rating): this tab shows it."""
        if self.player is not None and self.player.id == player.id:
            self.player = player
            self.send(messages.Welcome(None, _player_info(player), messages.current_of(seat)))

    def _me(self) -> Player:
        assert self.player is not None
        return self.player

    async def closed(self) -> None:
        self.gone = True
        self._hello_timer.cancel()
        self.context.delivery.disconnected(self)
        if self.room is not None and self.player is not None:
            await self._post(self.room, self.room_kind, Detach(conn=self.ref, player=self.player.id))
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

_UNKNOWN: dict[str, tuple[ErrorCode, str]] = {
    "duel": (ErrorCode.UNKNOWN_ROOM, "this room does not exist (or no longer exists)"),
    "tournament": (ErrorCode.UNKNOWN_TOURNAMENT, "this tournament does not exist (or is over)"),
}


def _player_info(player: Player) -> messages.PlayerInfo:
    return messages.PlayerInfo(player.id, player.nickname, player.games_played, player.rating)
