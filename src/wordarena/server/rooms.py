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
import dataclasses
import logging
import secrets
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

from wordarena.core import player_events as pe
from wordarena.core.seating import Seat
from wordarena.core.sharing import Share, build_now
from wordarena.server import limits, messages, protocol
from wordarena.server.broadcast import Broadcast
from wordarena.server.cluster.wire import ConnRef, Who
from wordarena.server.deltas import Parts, delta, parts_of, whole
from wordarena.server.event_codec import decode_event, encode_event
from wordarena.server.journal import StaleOwner
from wordarena.server.messages import ErrorCode
from wordarena.store.rooms import StoredRoom
from wordarena.store.writes import EventAppended, RoomDropped, RoomOpened, SnapshotTaken, Write

if TYPE_CHECKING:
    from wordarena.server.service import Service

log = logging.getLogger(__name__)

_encode = msgspec.json.Encoder().encode


def now_ms() -> int:
    """Wall-clock milliseconds: deadlines stay meaningful across a restart."""
    return int(time.time() * 1000)


def new_room_code() -> str:
    return secrets.token_urlsafe(limits.ROOM_CODE_BYTES)


def room_key(code: str) -> str:
    return f"room:{code}"


def _fenced(write: Write, fence: int) -> Write:
    """The write with this owner's fencing number (most are made with it: no copy then)."""
    return write if write.fence == fence else dataclasses.replace(write, fence=fence)


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
    """Something for a room to do, in arrival order.

    A tab (``conn``) may be on any process: the room answers it through the service.
    """

    kind: str  # "attach" | "watch" | "detach" | "event" | "tick" | "resync"
    conn: ConnRef | None = None  # None: the shell's own decision (start a tournament, a restore)
    player: str | None = None  # the tab's player
    event: Any = None  # a core event of the room's game (for "attach": how the player sits down)
    who: Who | None = None  # attach: what the room needs to seat the player
    received: float = field(default_factory=time.perf_counter)
    done: asyncio.Future[None] | None = None  # resolved once processed (see `Room.settled`)


@dataclass
class _Batch:
    """What one batch of inputs produced, to act on once its writes are durable."""

    writes: list[Write] = field(default_factory=list)
    notices: list[tuple[ConnRef, msgspec.Struct]] = field(default_factory=list)
    reactions: list[Any] = field(default_factory=list)  # effects to act on (close, tell the desk)
    fresh: list[tuple[str, ConnRef]] = field(default_factory=list)  # attached now: they need the full screen
    fresh_watchers: list[ConnRef] = field(default_factory=list)  # watching now: the watchers' screen
    guesses: list[float] = field(default_factory=list)  # arrival times of the guesses in it


class Room(ABC):
    kind: str  # "duel" | "tournament": the snapshot says which game to restore

    @property
    def key(self) -> str:
        """The room's name in the directory of owners."""
        return room_key(self.code)

    def __init__(self, game: Game, service: Service) -> None:
        self.game = game
        self.service = service
        self.code: str = game.state.code
        self.members: dict[str, ConnRef] = {}  # player id -> the one tab attached (on any process)
        #: player id -> their other tabs open on this game (newest last): when the member tab
        #: closes, the newest takes the seat back by itself, and the player never looks away.
        self.standby: dict[str, list[ConnRef]] = {}
        #: Tabs that watch without a seat (by process and number): they all get the same view,
        #: encoded once per broadcast (`view` of nobody).
        self.watchers: dict[tuple[str, int], ConnRef] = {}
        self.fence = 0  # this owner's fencing number: the store refuses older ones
        self.inbox: asyncio.Queue[Envelope] = asyncio.Queue()
        self.closed = False
        self.seq = 0  # the last event logged
        self._snapshot_seq = 0
        self._snapshot_phase = game.state.phase
        self._last_now = 0
        self.pending_writes: list[Write] = []  # results of replayed events, written again (a no-op if stored)
        self._reported: dict[str, Seat | None] = {}
        self._deltas: set[str] = set()  # members whose tab takes views as deltas (server.deltas)
        self._sent: dict[str, tuple[int, Parts]] = {}  # their last view: its version and parts
        self._timer: asyncio.TimerHandle | None = None
        self._deadline: int | None = None  # what the timer is armed for
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ what each game says

    @classmethod
    def event_for(cls, player: str, message: protocol.ClientMessage) -> Any | None:
        """The core event a client message means in this game (None: not for this game)."""
        match message:
            case protocol.Leave():
                return pe.PlayerLeft(player)
            case protocol.Guess():
                return pe.GuessSubmitted(player, message.word)
        return None

    @abstractmethod
    def joined(self, who: Who) -> Any:
        """The event of a new member (who has no seat yet)."""

    @abstractmethod
    def seated(self, player: str) -> bool: ...

    @abstractmethod
    def gone(self, player: str) -> bool:
        """Seated once, and left (or away too long): they may come back to watch, not to play."""

    @abstractmethod
    def view(self, player: str | None, now: int, share: Share = build_now) -> Any:
        """The player's whole screen (None: a watcher's); shared parts through ``share`` (core.sharing)."""

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

    def after_batch(self) -> None:  # noqa: B027 - most games have nothing more to say
        """Once a batch is durable and acted on: tell others what changed (the desk, say)."""

    # ------------------------------------------------------------------ life cycle

    def opening_writes(self) -> list[Write]:
        return [RoomOpened(self.code, self.snapshot(), self.people(), fence=self.fence)]

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"room-{self.code}")

    def post(self, envelope: Envelope) -> None:
        if self.closed:
            self._refuse_closed(envelope)
        else:
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
        # Inputs still queued will never be processed here: whoever waits on one (`settled`,
        # a shutdown) must not wait for ever. They stay queued, so a `close` that follows (a lost
        # lease) still tells their tabs; a shutdown closes the sockets anyway.
        for envelope in self._queued():
            if envelope.done is not None and not envelope.done.done():
                envelope.done.set_result(None)

    def _queued(self) -> list[Envelope]:
        """What the inbox holds now, left in it."""
        queued = []
        while not self.inbox.empty():
            queued.append(self.inbox.get_nowait())
        for envelope in queued:
            self.inbox.put_nowait(envelope)
        return queued

    def close(self) -> None:
        """Forget the room here: it is over (or owned elsewhere now)."""
        self.closed = True
        if self._timer:
            self._timer.cancel()
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()  # closed from outside: its task would wait on the inbox for ever
        self.service.forget(self)
        waiting = (r for refs in self.standby.values() for r in refs)
        for ref in [*self.members.values(), *waiting, *self.watchers.values()]:
            self.service.detached(ref, self.code)
        self.standby.clear()
        self.watchers.clear()
        for player in self._reported:
            self.service.spawn(self.service.seats.release(player, self.code), f"release-{self.code}")
        self._turn_away()

    def dropped(self) -> None:
        """The game closed itself (an empty lobby): forget it here, and let go of its lease at once.

        (`close` alone keeps the lease: a room owned elsewhere now is closed here too.)
        """
        self.close()
        self.service.spawn(self.service.the_directory.drop(self.key), f"drop-{self.code}")

    def _turn_away(self) -> None:
        """What came in while the room was closing is never processed: every tab that sent it is told."""
        while not self.inbox.empty():
            self._refuse_closed(self.inbox.get_nowait())

    def _refuse_closed(self, envelope: Envelope) -> None:
        """An input this closed room will never process: its tab is told, never left waiting in silence."""
        ref, player = envelope.conn, envelope.player
        if ref is not None and player is not None and envelope.kind in ("attach", "event", "resync"):
            self.service.detached(ref, self.code)
            if envelope.kind == "attach":
                self.service.spawn(self.service.seats.release(player, self.code), f"release-{self.code}")
                code = ErrorCode.UNKNOWN_TOURNAMENT if self.kind == "tournament" else ErrorCode.UNKNOWN_ROOM
                why = "this game is over and no longer exists"
            else:  # the same answer as an action sent once the room is gone (connection._to_room)
                code, why = ErrorCode.NO_ROOM, "this game is over: join a room first"
            self.service.metrics.errors.labels(code).inc()
            self.service.deliver(ref, messages.Error(code, why))
        if envelope.done is not None and not envelope.done.done():
            envelope.done.set_result(None)

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
            writes = [_fenced(write, self.fence) for write in batch.writes]
            await self.service.journal.write(writes)  # durable before anyone is told
        for ref, message in batch.notices:
            self.service.deliver(ref, message)
        for effect in batch.reactions:
            self.react(effect)
        self.after_batch()
        await self._report_seats([player for player, _ in batch.fresh])
        now = self._now()
        if self.game.state.version != version:
            self._broadcast(now)  # time left as of sending, storage included
        else:
            share = Broadcast()
            for player, ref in batch.fresh:
                if self.members.get(player) == ref:
                    self._send_view(ref, player, now, share)
            if batch.fresh_watchers:
                self._send_watchers(batch.fresh_watchers, now, share)
        if batch.guesses:
            self.service.guesses_shown(batch.guesses)
        if not self.closed and not self.members and self.finished():
            await self.service.journal.write([RoomDropped(self.code, fence=self.fence)])
            await self.service.the_directory.drop(self.key)
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
                batch.writes.append(EventAppended(self.code, self.seq, encode_event(event, now), self.fence))
            if isinstance(event, pe.GuessSubmitted):
                batch.guesses.append(envelope.received)
        for effect in effects:
            self._effect(effect, envelope, batch)

    def _input(self, envelope: Envelope, batch: _Batch) -> Any | None:
        """The core event of one input, keeping the room's members up to date."""
        ref, player = envelope.conn, envelope.player
        if envelope.kind == "tick":
            return None
        if ref is None:  # the shell's own event
            if isinstance(envelope.event, pe.PlayerLeft):  # the player went elsewhere (another tab)
                self._detach(envelope.event.player, batch, ErrorCode.REPLACED, "you went to another game")
                self._let_go_standby(envelope.event.player, batch, "you went to another game")
            return envelope.event
        if player is None:
            return None
        if envelope.kind == "watch" and not self.seated(player):
            self.watchers[(ref.node, ref.id)] = ref
            batch.fresh_watchers.append(ref)
            return None
        if envelope.kind in ("attach", "watch"):  # a player watching their own game: their seat
            self._unlist(player, ref)
            self._to_standby(player, batch, keep=ref)
            self.members[player] = ref
            batch.fresh.append((player, ref))
            self._sent.pop(player, None)  # a new tab starts from a whole view
            if envelope.who is not None and envelope.who.deltas:
                self._deltas.add(player)
            else:
                self._deltas.discard(player)
            if envelope.event is not None:
                return envelope.event
            if self.gone(player):
                return None  # back to watch: the whole view, nothing to play
            if self.seated(player):
                return pe.PlayerReconnected(player)
            return self.joined(envelope.who) if envelope.who is not None else None
        if envelope.kind == "detach" and self._unlist(player, ref):
            return None  # a tab in standby closed: the seat is held elsewhere
        watcher = self.watchers.get((ref.node, ref.id))
        if watcher is not None and self.members.get(player) != ref:
            if envelope.kind == "detach":
                del self.watchers[(ref.node, ref.id)]
            elif envelope.kind == "resync":
                batch.fresh_watchers.append(watcher)
            return None  # a watcher acts on nothing
        if self.members.get(player) != ref:
            if (
                envelope.kind != "event"
                or player in self.members
                or not self.seated(player)
                or self.gone(player)
            ):
                return None  # a stale tab: it was replaced or left
            # The room just changed owner and this tab has not attached again yet: it is the player's tab.
            self.members[player] = ref
            batch.fresh.append((player, ref))
        if envelope.kind == "resync":  # the tab lost track: a whole view
            self._sent.pop(player, None)
            batch.fresh.append((player, ref))
            return None
        if envelope.kind == "detach":
            del self.members[player]
            if self._promote(player, batch):
                return None  # another tab of theirs holds the seat now: never away
            return pe.PlayerDisconnected(player) if self.seated(player) else None
        if isinstance(envelope.event, pe.PlayerLeft):
            del self.members[player]
            self.service.detached(ref, self.code)
            self._let_go_standby(player, batch, "you left this game in another tab")
        return envelope.event

    def _to_standby(self, player: str, batch: _Batch, keep: ConnRef) -> None:
        """A tab of the player takes the seat: the one that held it waits in standby, told why."""
        previous = self.members.get(player)
        if previous is None or previous.same_tab(keep):  # the same tab again: not replaced
            return
        del self.members[player]
        told = messages.Error(ErrorCode.REPLACED, "this game is open in another tab")
        batch.notices.append((previous, told))
        self.standby.setdefault(player, []).append(previous)

    def _unlist(self, player: str, ref: ConnRef) -> bool:
        """Take a tab out of the player's standby; True if it was there."""
        waiting = self.standby.get(player, [])
        kept = [r for r in waiting if not r.same_tab(ref)]
        if len(kept) == len(waiting):
            return False
        if kept:
            self.standby[player] = kept
        else:
            del self.standby[player]
        return True

    def _promote(self, player: str, batch: _Batch) -> bool:
        """The seat's tab closed: the player's newest tab in standby takes it, with a whole view."""
        waiting = self.standby.get(player)
        if not waiting:
            return False
        ref = waiting.pop()
        if not waiting:
            del self.standby[player]
        self.members[player] = ref
        self._sent.pop(player, None)
        batch.fresh.append((player, ref))
        return True

    def _let_go_standby(self, player: str, batch: _Batch, why: str) -> None:
        """The player left the game: their tabs in standby leave it too."""
        for ref in self.standby.pop(player, []):
            batch.notices.append((ref, messages.Error(ErrorCode.REPLACED, why)))
            self.service.detached(ref, self.code)

    def _detach(
        self, player: str, batch: _Batch, code: ErrorCode, why: str, keep: ConnRef | None = None
    ) -> None:
        previous = self.members.get(player)
        if previous is None or previous.same_tab(keep):  # the same tab again: not replaced
            return
        del self.members[player]
        batch.notices.append((previous, messages.Error(code, why)))
        self.service.detached(previous, self.code)

    def _effect(self, effect: Any, envelope: Envelope, batch: _Batch) -> None:
        if not isinstance(effect, pe.Refused):
            batch.writes += self.writes_for(effect)
            batch.reactions.append(effect)
            return
        self.service.metrics.errors.labels(effect.code).inc()
        ref: ConnRef | None = None
        if envelope.conn is not None and envelope.player is not None and envelope.player == effect.player:
            ref = envelope.conn
            if envelope.kind == "attach":  # could not sit down (full, started, left): not a member
                self.members.pop(effect.player, None)
                self.service.detached(ref, self.code)
                batch.fresh = [(p, r) for p, r in batch.fresh if r != ref]
                self.service.spawn(self.service.seats.release(effect.player, self.code), "release")
        elif effect.player is not None:
            ref = self.members.get(effect.player)
        if ref is not None:
            batch.notices.append((ref, messages.Refused(effect.code, effect.message)))

    def _snapshot_if_due(self, batch: _Batch) -> None:
        """Snapshots only shorten a restore: at phase changes, and every so many events."""
        if self.seq == self._snapshot_seq:
            return
        phase = self.game.state.phase
        if phase == self._snapshot_phase and self.seq - self._snapshot_seq < limits.SNAPSHOT_EVERY_EVENTS:
            return
        batch.writes.append(SnapshotTaken(self.code, self.seq, self.snapshot(), self.people(), self.fence))
        self._snapshot_seq, self._snapshot_phase = self.seq, phase

    async def _report_seats(self, attached: list[str]) -> None:
        """Tell the registry where people stand here: every change, and every tab attached just now.

        A player whose tab is already queued here to sit down again gets no "no seat here":
        this batch was stored (an await) while their tab took this seat again, and the
        report would erase it (the next batch reports them seated).
        """
        coming: set[str] | None = None  # read from the inbox only for a "no seat" to report (rare)
        for player in {*self._reported, *self.people(), *attached}:
            seat = self.game.seat_of(player)
            if player not in attached and player in self._reported and self._reported[player] == seat:
                continue  # nothing new to say
            if seat is None:
                if coming is None:
                    coming = {e.player for e in self._queued() if e.kind == "attach" and e.player}
                if player in coming:
                    continue
            self._reported[player] = seat
            await self.service.seats.report(player, self.code, seat)

    def _broadcast(self, now: int) -> None:
        share = Broadcast()  # what every member sees alike is encoded once (server.broadcast)
        for player, ref in self.members.items():
            self._send_view(ref, player, now, share)
        if self.watchers:
            self._send_watchers(list(self.watchers.values()), now, share)

    def _send_watchers(self, refs: list[ConnRef], now: int, share: Share) -> None:
        """Every watcher sees the same screen: one view of nobody, encoded once for all of them."""
        frame = messages.encode(self.view(None, now, share))
        for ref in refs:
            if (ref.node, ref.id) in self.watchers:
                self.service.deliver_frame(ref, frame, view=True)

    def _send_view(self, ref: ConnRef, player: str, now: int, share: Share) -> None:
        view = self.view(player, now, share)
        if player not in self._deltas:
            self.service.deliver_frame(ref, messages.encode(view), view=True)
            return
        parts, sent = parts_of(view), self._sent.get(player)
        self._sent[player] = (view["version"], parts)
        if sent is None:
            frame = whole(parts)
        else:
            frame = delta(self.code, view["type"], view["version"], sent[0], sent[1], parts)
        # Never dropped as superseded: each delta builds on the frame before it.
        self.service.deliver_frame(ref, frame)

    def _now(self) -> int:
        """The shell's clock, never going back: the log's instants are in order."""
        self._last_now = max(self._last_now, self.service.clock())
        return self._last_now

    # ------------------------------------------------------------------ time

    def _arm_timer(self) -> None:
        """One timer for the game's next deadline, kept while that deadline stays the same.

        Most inputs leave it unchanged (a guess in a round with a clock): re-arming after
        every batch would leave a cancelled timer in the loop's heap per input, garbage the
        collector then has to walk.
        """
        deadline = None if self.closed else self.game.next_deadline()
        if deadline == self._deadline and self._timer is not None:
            return
        if self._timer:
            self._timer.cancel()
            self._timer = None
        self._deadline = deadline
        if deadline is None:
            return
        delay = self.service.seconds_until(deadline)
        self._timer = asyncio.get_running_loop().call_later(delay, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None  # fired: the next batch arms the next one
        self.tick()

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
