"""One asyncio task per room: it owns its game, its timer, its members' sockets and its log.

Everything that touches a game goes through the room's inbox, so a game is
never touched by two coroutines at once. The room takes what its inbox holds
(a batch), feeds it to the game, hands the accepted events and the results they
produced to the journal, and only once they are durable sends the refusals and
every member their own view. Then it arms one timer for the game's next deadline.

Restoring a room is its last snapshot plus the logged events after it, replayed
by the core (`restore`): the same events at the same instants give the same game.

`Room` is the mechanism; `DuelRoom` (duel_room.py) and `TournamentRoom`
(tournament_room.py) say which events, views, seats and results their game has.
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
from wordarena.core.seating import Seat
from wordarena.server import limits, messages, protocol
from wordarena.server.event_codec import decode_event, encode_event
from wordarena.server.journal import StaleOwner
from wordarena.server.messages import ErrorCode
from wordarena.store.rooms import StoredRoom
from wordarena.store.writes import EventAppended, RoomDropped, RoomOpened, SnapshotTaken, Write

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
    def state(self) -> Any: ...  # has code, version and phase

    def handle(self, event: Any, now: int) -> list[Any]: ...

    def advance(self, now: int) -> list[Any]: ...

    def next_deadline(self) -> int | None: ...

    def seat_of(self, player: str) -> Seat | None: ...


@dataclass
class Envelope:
    """Something for a room to do, in arrival order."""

    kind: str  # "attach" | "detach" | "event" | "tick"
    conn: Connection | None = None  # None: the shell's own decision (start a tournament, a restore)
    event: Any = None  # a core event of the room's game (for "attach": how the player sits down)
    received: float = field(default_factory=time.perf_counter)
    done: asyncio.Future[None] | None = None  # resolved once processed (see `Room.settled`)


@dataclass
class _Batch:
    """What one batch of inputs produced, to act on once its writes are durable."""

    writes: list[Write] = field(default_factory=list)
    notices: list[tuple[Connection, msgspec.Struct]] = field(default_factory=list)
    reactions: list[Any] = field(default_factory=list)  # effects to act on (close, tell the desk)
    fresh: list[Connection] = field(default_factory=list)  # attached now: they need the full screen
    guesses: list[float] = field(default_factory=list)  # arrival times of the guesses in it


class Room(ABC):
    kind: str  # "duel" | "tournament": the snapshot says which game to restore

    def __init__(self, game: Game, service: Service) -> None:
        self.game = game
        self.service = service
        self.code: str = game.state.code
        self.members: dict[str, Connection] = {}  # player id -> the one tab attached
        self.inbox: asyncio.Queue[Envelope] = asyncio.Queue()
        self.closed = False
        self.seq = 0  # the last event logged
        self._snapshot_seq = 0
        self._snapshot_phase = game.state.phase
        self._last_now = 0
        self.pending_writes: list[Write] = []  # results of replayed events, written again (a no-op if stored)
        self._reported: dict[str, Seat | None] = {}
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
        return None

    @abstractmethod
    def joined(self, conn: Connection) -> Any:
        """The event of a new member (who has no seat yet)."""

    @abstractmethod
    def seated(self, player: str) -> bool: ...

    @abstractmethod
    def gone(self, player: str) -> bool:
        """Seated once, and left (or away too long): they may come back to watch, not to play."""

    @abstractmethod
    def view(self, player: str, now: int) -> Any: ...

    @abstractmethod
    def in_progress(self) -> bool: ...

    @abstractmethod
    def finished(self) -> bool: ...

    @abstractmethod
    def people(self) -> list[str]:
        """Player ids of the people (not bots) who have sat in this game."""

    @abstractmethod
    def writes_for(self, effect: Any) -> list[Write]:
        """What the store must hold of an effect (a result, a place), before anyone is told."""

    @abstractmethod
    def react(self, effect: Any) -> None:
        """Act on an effect once it is durable (close the room, tell the desk)."""

    # ------------------------------------------------------------------ life cycle

    def opening_writes(self) -> list[Write]:
        return [RoomOpened(self.code, self.snapshot(), self.people())]

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
        """End the task (server shutdown): what was accepted is already in the log."""
        self.closed = True
        if self._timer:
            self._timer.cancel()
        if self._task:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def close(self) -> None:
        self.closed = True
        if self._timer:
            self._timer.cancel()
        self.service.forget(self)
        for player in self._reported:
            self.service.seats.release(player, self.code)

    # ------------------------------------------------------------------ the mechanism

    async def _run(self) -> None:
        self._arm_timer()
        while not self.closed:
            batch = [await self.inbox.get()]
            while len(batch) < limits.ROOM_BATCH_MAX and not self.inbox.empty():
                batch.append(self.inbox.get_nowait())
            try:
                await self._process(batch)
            except StaleOwner:  # another process owns this room now: let go of it
                log.warning("room %s is owned elsewhere now; dropping it here", self.code)
                self.close()
            except Exception:  # a bug must not kill the room: log it, keep serving
                log.exception("room %s failed on a batch of %d", self.code, len(batch))
                self.service.metrics.errors.labels("internal").inc()
            finally:
                for envelope in batch:
                    if envelope.done is not None and not envelope.done.done():
                        envelope.done.set_result(None)
            self._arm_timer()

    async def _process(self, inputs: list[Envelope]) -> None:
        batch = _Batch(writes=self.pending_writes)  # a restore's results come first
        self.pending_writes = []
        version = self.game.state.version
        for envelope in inputs:
            self._take(envelope, batch)
        self._snapshot_if_due(batch)
        if batch.writes:
            await self.service.journal.write(batch.writes)  # durable before anyone is told
        for conn, message in batch.notices:
            conn.send(message)
        for effect in batch.reactions:
            self.react(effect)
        self._report_seats(batch.fresh)
        now = self._now()
        if self.game.state.version != version:
            self._broadcast(now)  # time left as of sending, storage included
        else:
            for conn in batch.fresh:
                if conn.player is not None and self.members.get(conn.player.id) is conn:
                    conn.send(self.view(conn.player.id, now))
        for received in batch.guesses:
            self.service.metrics.guess_latency.observe(time.perf_counter() - received)
        if not self.closed and not self.members and self.finished():
            await self.service.journal.write([RoomDropped(self.code)])
            self.close()

    def _take(self, envelope: Envelope, batch: _Batch) -> None:
        now = self._now()
        effects = self.game.advance(now)
        event = self._input(envelope, batch)
        if event is not None:
            before = self.game.state.version
            effects += self.game.handle(event, now)
            if self.game.state.version != before:  # accepted: it goes in the log
                self.seq += 1
                batch.writes.append(EventAppended(self.code, self.seq, encode_event(event, now)))
            if isinstance(event, pe.GuessSubmitted):
                batch.guesses.append(envelope.received)
        for effect in effects:
            self._effect(effect, envelope, batch)

    def _input(self, envelope: Envelope, batch: _Batch) -> Any | None:
        """The core event of one input, keeping the room's members up to date."""
        conn = envelope.conn
        if envelope.kind == "tick":
            return None
        if conn is None:  # the shell's own event
            if isinstance(envelope.event, pe.PlayerLeft):  # the player went elsewhere (another tab)
                self._detach(envelope.event.player, batch, ErrorCode.REPLACED, "you went to another game")
            return envelope.event
        if conn.player is None:
            return None
        player = conn.player.id
        if envelope.kind == "attach":
            self._detach(player, batch, ErrorCode.REPLACED, "this game was opened in another tab", keep=conn)
            self.members[player] = conn
            batch.fresh.append(conn)
            if envelope.event is not None:
                return envelope.event
            if self.gone(player):
                return None  # back to watch: the whole view, nothing to play
            return pe.PlayerReconnected(player) if self.seated(player) else self.joined(conn)
        if self.members.get(player) is not conn:  # a stale tab: it was replaced or left
            return None
        if envelope.kind == "detach":
            del self.members[player]
            return pe.PlayerDisconnected(player) if self.seated(player) else None
        if isinstance(envelope.event, pe.PlayerLeft):
            del self.members[player]
            if conn.room is self:
                conn.room = None
        return envelope.event

    def _detach(
        self, player: str, batch: _Batch, code: ErrorCode, why: str, keep: Connection | None = None
    ) -> None:
        previous = self.members.get(player)
        if previous is None or previous is keep:
            return
        del self.members[player]
        batch.notices.append((previous, messages.Error(code, why)))
        if previous.room is self:
            previous.room = None

    def _effect(self, effect: Any, envelope: Envelope, batch: _Batch) -> None:
        if not isinstance(effect, pe.Refused):
            batch.writes += self.writes_for(effect)
            batch.reactions.append(effect)
            return
        self.service.metrics.errors.labels(effect.code).inc()
        conn = envelope.conn
        if conn is not None and conn.player is not None and conn.player.id == effect.player:
            if envelope.kind == "attach":  # could not sit down (full, started, left): not a member
                self.members.pop(effect.player, None)
                if conn.room is self:
                    conn.room = None
                batch.fresh = [c for c in batch.fresh if c is not conn]
                self.service.seats.release(effect.player, self.code)
        else:
            conn = self.members.get(effect.player) if effect.player is not None else None
        if conn is not None:
            batch.notices.append((conn, messages.Refused(effect.code, effect.message)))

    def _snapshot_if_due(self, batch: _Batch) -> None:
        """Snapshots only shorten a restore: at phase changes, and every so many events."""
        if self.seq == self._snapshot_seq:
            return
        phase = self.game.state.phase
        if phase == self._snapshot_phase and self.seq - self._snapshot_seq < limits.SNAPSHOT_EVERY_EVENTS:
            return
        batch.writes.append(SnapshotTaken(self.code, self.seq, self.snapshot(), self.people()))
        self._snapshot_seq, self._snapshot_phase = self.seq, phase

    def _report_seats(self, fresh: list[Connection]) -> None:
        """Tell the registry where people stand here: every change, and every tab attached just now."""
        attached = {conn.player.id for conn in fresh if conn.player is not None}
        for player in {*self._reported, *self.people(), *attached}:
            seat = self.game.seat_of(player)
            if player in attached or player not in self._reported or self._reported[player] != seat:
                self._reported[player] = seat
                self.service.seats.report(player, self.code, seat)

    def _broadcast(self, now: int) -> None:
        for player, conn in self.members.items():
            conn.send(self.view(player, now))

    def _now(self) -> int:
        """The shell's clock, never going back: the log's instants are in order."""
        self._last_now = max(self._last_now, self.service.clock())
        return self._last_now

    # ------------------------------------------------------------------ time

    def _arm_timer(self) -> None:
        if self._timer:
            self._timer.cancel()
            self._timer = None
        deadline = self.game.next_deadline()
        if deadline is None or self.closed:
            return
        delay = self.service.seconds_until(deadline)
        self._timer = asyncio.get_running_loop().call_later(delay, self.tick)

    # ------------------------------------------------------------------ snapshot and restore

    def snapshot(self) -> str:
        """The game as JSON text, with the kind of game to restore it as.

        msgspec encodes the state's dataclasses directly, in the shape their
        ``from_snapshot`` reads (checked by the restore tests).
        """
        return _encode({"kind": self.kind, "state": self.game.state}).decode()

    def replay(self, stored: StoredRoom) -> None:
        """Bring the game from its snapshot to its last logged event (a restore)."""
        self.seq = self._snapshot_seq = stored.snapshot_seq
        for seq, text in stored.events:
            event, now = decode_event(self.kind, text)
            for effect in self.game.handle(event, now):
                if not isinstance(effect, pe.Refused):
                    self.pending_writes += self.writes_for(
                        effect
                    )  # results: stored once, whatever the replay
            self.seq, self._last_now = seq, max(self._last_now, now)
        self._snapshot_phase = self.game.state.phase
