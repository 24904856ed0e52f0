"""One asyncio task per room: it owns its game, its timer and its members' sockets.

Everything that touches a game goes through the room's inbox, so a game is
never touched by two coroutines at once. After each input the room sends every
member their own view and arms one timer for the game's next deadline.

`Room` is the mechanism; `DuelRoom` (duel_room.py) and `TournamentRoom`
(tournament_room.py) say which events, views and records their game has.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

from wordarena.core import player_events as pe
from wordarena.server import limits, protocol

if TYPE_CHECKING:
    from wordarena.server.connection import Connection
    from wordarena.server.service import Service

log = logging.getLogger(__name__)


_encode = msgspec.json.Encoder().encode


def now_ms() -> int:
    """Wall-clock milliseconds: deadlines stay meaningful across a restart."""
    return int(time.time() * 1000)


def new_room_code() -> str:
    return secrets.token_urlsafe(limits.ROOM_CODE_BYTES)


class Game(Protocol):
    """What a room needs of a core game (DuelGame, TournamentGame)."""

    @property
    def state(self) -> Any: ...  # has code, version, phase and to_snapshot()

    def handle(self, event: Any, now: int) -> list[Any]: ...

    def advance(self, now: int) -> list[Any]: ...

    def next_deadline(self) -> int | None: ...


@dataclass
class Envelope:
    """Something for a room to do, in arrival order."""

    kind: str  # "attach" | "detach" | "event" | "tick"
    conn: Connection | None = None
    event: Any = None  # a core event of the room's game
    received: float = field(default_factory=time.perf_counter)
    done: asyncio.Future[None] | None = None  # resolved once processed (see `Room.settled`)


class Room(ABC):
    kind: str  # "duel" | "tournament": the live snapshot says which game to restore

    def __init__(self, game: Game, service: Service) -> None:
        self.game = game
        self.service = service
        self.code: str = game.state.code
        self.members: dict[str, Connection] = {}  # player id -> the one tab attached
        self.inbox: asyncio.Queue[Envelope] = asyncio.Queue()
        self.closed = False
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ what each game says

    def event_for(self, player: str, message: protocol.ClientMessage) -> Any | None:
        """The core event a client message means in this game (None: not for this game)."""
        match message:
            case protocol.Leave():
                return pe.PlayerLeft(player)
            case protocol.Guess():
                return pe.GuessSubmitted(player, message.word)
            case protocol.Rename():
                return pe.NicknameChanged(player, message.name)
        return None

    @abstractmethod
    def joined(self, conn: Connection) -> Any:
        """The event of a new member (who has no seat yet)."""

    @abstractmethod
    def seated(self, player: str) -> bool: ...

    @abstractmethod
    def view(self, player: str, now: int) -> dict[str, Any]: ...

    @abstractmethod
    def in_progress(self) -> bool: ...

    @abstractmethod
    def finished(self) -> bool: ...

    @abstractmethod
    def people(self) -> list[str]:
        """Player ids of the people (not bots) playing, for the live snapshot."""

    @abstractmethod
    async def apply(self, effect: Any) -> None:
        """Act on one effect that is not a refusal (store a result, close...)."""

    # ------------------------------------------------------------------ the mechanism

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"room-{self.code}")

    def post(self, envelope: Envelope) -> None:
        if not self.closed:
            self.inbox.put_nowait(envelope)

    def tick(self) -> None:
        """Let the room look at the clock now (its timer does this by itself)."""
        self.post(Envelope("tick"))

    async def settled(self) -> None:
        """Wait until the room has processed everything posted so far (tests, shutdown)."""
        if self.closed:
            return
        done = asyncio.get_running_loop().create_future()
        self.post(Envelope("tick", done=done))
        await done

    async def stop(self) -> None:
        """End the task (server shutdown; the service saves the games in progress)."""
        self.closed = True
        if self._timer:
            self._timer.cancel()
        if self._task:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        self._arm_timer()
        while not self.closed:
            envelope = await self.inbox.get()
            try:
                await self._process(envelope)
            except Exception:  # a bug must not kill the room: log it, keep serving
                log.exception("room %s failed on %s", self.code, envelope.kind)
                self.service.metrics.errors.labels("internal").inc()
            if envelope.done is not None and not envelope.done.done():
                envelope.done.set_result(None)
            self._arm_timer()

    async def _process(self, envelope: Envelope) -> None:
        now = self.service.clock()
        version = self.game.state.version
        effects = self.game.advance(now)
        effects += self._receive(envelope, now)
        await self._apply_effects(effects)  # results are stored before anyone is told
        if self.game.state.version != version:
            self._broadcast(self.service.clock())  # time left as of sending, storage included
            if self.in_progress():
                self.service.snapshots.mark(self)
        if envelope.kind == "event" and isinstance(envelope.event, pe.GuessSubmitted):
            self.service.metrics.guess_latency.observe(time.perf_counter() - envelope.received)
        if not self.closed and not self.members and self.finished():
            self.close()

    def _receive(self, envelope: Envelope, now: int) -> list[Any]:
        conn = envelope.conn
        if envelope.kind == "event" and conn is None:  # the shell's own decision (start a tournament)
            return self.game.handle(envelope.event, now)
        if envelope.kind == "tick" or conn is None or conn.player is None:
            return []
        player = conn.player.id
        if envelope.kind == "attach":
            return self._attach(conn, now)
        if self.members.get(player) is not conn:  # a stale tab: it was replaced or left
            return []
        if envelope.kind == "detach":
            del self.members[player]
            return self.game.handle(pe.PlayerDisconnected(player), now) if self.seated(player) else []
        if isinstance(envelope.event, pe.PlayerLeft):
            del self.members[player]
            conn.room = None
        return self.game.handle(envelope.event, now)

    def _attach(self, conn: Connection, now: int) -> list[Any]:
        assert conn.player is not None
        player = conn.player.id
        previous = self.members.get(player)
        if previous is not None and previous is not conn:
            previous.send_error("replaced", "this game was opened in another tab")
            previous.room = None
        self.members[player] = conn
        event = pe.PlayerReconnected(player) if self.seated(player) else self.joined(conn)
        effects = self.game.handle(event, now)
        mine = [e for e in effects if isinstance(e, pe.Refused) and e.player == player]
        if mine:  # could not sit down (full, started, left): not a member, told why
            for effect in mine:
                self._send_refusal(effect)
            del self.members[player]
            conn.room = None
            return [e for e in effects if e not in mine]
        conn.send(self.view(player, now))  # the full screen, whatever changed
        return effects

    def _broadcast(self, now: int) -> None:
        for player, conn in self.members.items():
            conn.send(self.view(player, now))

    def _send_refusal(self, refusal: pe.Refused) -> None:
        self.service.metrics.errors.labels(refusal.code).inc()
        conn = self.members.get(refusal.player) if refusal.player is not None else None
        if conn is not None:
            conn.send({"type": "refused", "code": refusal.code, "message": refusal.message})

    async def _apply_effects(self, effects: list[Any]) -> None:
        for effect in effects:
            if isinstance(effect, pe.Refused):
                self._send_refusal(effect)
            else:
                await self.apply(effect)

    # ------------------------------------------------------------------ time

    def _arm_timer(self) -> None:
        if self._timer:
            self._timer.cancel()
            self._timer = None
        deadline = self.game.next_deadline()
        if deadline is None or self.closed:
            return
        delay = max(0.0, (deadline - self.service.clock()) / 1000)
        self._timer = asyncio.get_running_loop().call_later(delay, self.tick)

    def snapshot(self) -> str:
        """The game in progress as JSON text, with the kind of game to restore it as.

        msgspec encodes the state's dataclasses directly, in the shape their
        ``from_snapshot`` reads (checked by the restart tests): some 40 times
        faster than ``to_snapshot`` + ``json.dumps``, and it runs on the loop.
        """
        return _encode({"kind": self.kind, "state": self.game.state}).decode()

    def close(self) -> None:
        self.closed = True
        if self._timer:
            self._timer.cancel()
        self.service.forget(self)
