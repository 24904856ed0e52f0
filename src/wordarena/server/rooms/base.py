"""One asyncio task per room: it owns its game, its timer, its tabs and its log.

Everything that touches a game goes through the room's inbox, so a game is
never touched by two coroutines at once. The room takes what its inbox holds
(a batch), feeds it to the game, hands the accepted events and the results they
produced to the journal, and only once they are durable sends the refusals and
every member their own view (watchers one view for all). Then it arms one timer
for the game's next deadline.

Restoring a room is its last snapshot plus the logged events after it, replayed
by the core (`replay`): the same events at the same instants give the same game.

`Room` is the mechanism; `rooms.duel.DuelRoom` and `rooms.tournament.TournamentRoom`
say which events, views, seats and results their game has.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from abc import ABC, abstractmethod
from typing import Any

import msgspec

from wordarena.core import player_events as pe
from wordarena.core.live import LiveGame
from wordarena.core.refusal import Refusal
from wordarena.core.sharing import Share, build_now
from wordarena.server import limits, messages, protocol
from wordarena.server.broadcast import Broadcast
from wordarena.server.event_codec import decode_event, encode_event
from wordarena.server.journal import StaleOwner
from wordarena.server.messages import ErrorCode
from wordarena.server.refs import ConnRef, Who
from wordarena.server.room_inputs import Act, Attach, Decide, Detach, Resync, RoomInput, Tick, Watch
from wordarena.server.rooms import watching
from wordarena.server.rooms.batch import Batch
from wordarena.server.rooms.codes import room_key
from wordarena.server.rooms.context import Game, RoomContext
from wordarena.server.rooms.membership import Tabs
from wordarena.server.rooms.screens import Screens
from wordarena.server.rooms.seat_reports import SeatReports
from wordarena.server.rooms.timer import DeadlineTimer
from wordarena.store.rooms import StoredRoom
from wordarena.store.writes import EventAppended, RoomDropped, RoomOpened, SnapshotTaken, Write

log = logging.getLogger(__name__)

_encode = msgspec.json.Encoder().encode


def _fenced(write: Write, fence: int) -> Write:
    """The write with this owner's fencing number (most are made with it: no copy then)."""
    return write if write.fence == fence else dataclasses.replace(write, fence=fence)


class Room(ABC):
    kind: messages.GameKind  # the snapshot says which game to restore
    #: Refusals of a seat that make the tab a watcher instead (a room's link opened when it is full).
    watch_instead: frozenset[str] = frozenset()

    def __init__(self, game: Game, context: RoomContext) -> None:
        self.game = game
        self.context = context
        self.code: str = game.state.code
        self.tabs = Tabs()
        self.fence = 0  # this owner's fencing number: the store refuses older ones
        self.inbox: asyncio.Queue[RoomInput] = asyncio.Queue()
        self.closed = False
        self.seq = 0  # the last event logged
        self._snapshot_seq = 0
        self._snapshot_phase = game.state.phase
        self._last_now = 0
        self.pending_writes: list[Write] = []  # results of replayed events, written again (a no-op if stored)
        self.reports = SeatReports(self.code, context.seats)
        self.screens = Screens(self.code, self.tabs, context.delivery, self.view)
        self.timer = DeadlineTimer(context.clock, self.tick)
        self._task: asyncio.Task[None] | None = None

    @property
    def key(self) -> str:
        """The room's name in the directory of owners."""
        return room_key(self.code)

    @property
    def members(self) -> dict[str, ConnRef]:
        return self.tabs.members

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

    def live_listing(self) -> LiveGame | None:
        """This game on the Live page (core.live), if it is public and in play."""
        return None

    def open_to_watchers(self) -> bool:
        """Whether the room's link may make watchers now (a host may close a Duel de Mots room)."""
        return True

    #: Whether the players' screens show how many watch: a watcher coming or going changes them.
    counts_watchers = False

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

    def post(self, item: RoomInput) -> None:
        if self.closed:
            self._refuse_closed(item)
        else:
            self.inbox.put_nowait(item)

    def tick(self) -> None:
        """Let the room look at the clock now (its timer does this by itself)."""
        self.post(Tick())

    async def settled(self) -> None:
        """Wait until the room has processed everything posted so far (tests, shutdown)."""
        if self.closed:
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.post(Tick(done=done))
        await done

    async def stop(self) -> None:
        """End the task (server shutdown): what was accepted is already in the log."""
        self.closed = True
        self.timer.cancel()
        if self._task:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        # Inputs still queued will never be processed here: whoever waits on one (`settled`,
        # a shutdown) must not wait for ever. They stay queued, so a `close` that follows (a lost
        # lease) still tells their tabs; a shutdown closes the sockets anyway.
        for item in self._queued():
            _resolve(item)

    def _coming(self) -> set[str]:
        """Players whose tab is queued here to sit down."""
        return {item.player for item in self._queued() if isinstance(item, Attach)}

    def _queued(self) -> list[RoomInput]:
        """What the inbox holds now, left in it."""
        queued = []
        while not self.inbox.empty():
            queued.append(self.inbox.get_nowait())
        for item in queued:
            self.inbox.put_nowait(item)
        return queued

    def close(self) -> None:
        """Forget the room here: it is over (or owned elsewhere now)."""
        self.closed = True
        self.timer.cancel()
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()  # closed from outside: its task would wait on the inbox for ever
        self.context.forget(self)
        for ref in self.tabs.everyone():
            self.context.delivery.detached(ref, self.code)
        self.tabs.clear()
        for player in self.reports.told:
            self.context.tasks.spawn(self.context.seats.release(player, self.code), f"release-{self.code}")
        self._turn_away()

    def dropped(self) -> None:
        """The game closed itself (an empty lobby): forget it here, and let go of its lease at once.

        (`close` alone keeps the lease: a room owned elsewhere now is closed here too.)
        """
        self.close()
        self.context.tasks.spawn(self.context.directory.drop(self.key), f"drop-{self.code}")

    def _turn_away(self) -> None:
        """What came in while the room was closing is never processed: every tab that sent it is told."""
        while not self.inbox.empty():
            self._refuse_closed(self.inbox.get_nowait())

    def _refuse_closed(self, item: RoomInput) -> None:
        """An input this closed room will never process: its tab is told, never left waiting in silence."""
        if isinstance(item, Attach | Watch | Act | Resync):
            self.context.delivery.detached(item.conn, self.code)
            if isinstance(item, Attach | Watch):
                if isinstance(item, Attach):
                    release = self.context.seats.release(item.player, self.code)
                    self.context.tasks.spawn(release, f"release-{self.code}")
                code = ErrorCode.UNKNOWN_TOURNAMENT if self.kind == "tournament" else ErrorCode.UNKNOWN_ROOM
                why = "this game is over and no longer exists"
            else:  # the same answer as an action sent once the room is gone (the connection's)
                code, why = ErrorCode.NO_ROOM, "this game is over: join a room first"
            self.context.metrics.errors.labels(code).inc()
            self.context.delivery.deliver(item.conn, messages.Error(code, why, game=self.kind))
        _resolve(item)

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
                self.context.metrics.errors.labels("internal").inc()
            finally:
                for item in batch:
                    _resolve(item)
            self._arm_timer()

    async def _process(self, inputs: list[RoomInput]) -> None:
        batch = Batch(writes=self.pending_writes)  # a restore's results come first
        self.pending_writes = []
        version = self.game.state.version
        for item in inputs:
            self._take(item, batch)
        self._snapshot_if_due(batch)
        if batch.writes:
            writes = [_fenced(write, self.fence) for write in batch.writes]
            await self.context.journal.write(writes)  # durable before anyone is told
        for ref, message in batch.notices:
            self.context.delivery.deliver(ref, message)
        for effect in batch.reactions:
            self.react(effect)
        self.after_batch()
        await self.reports.report(self.people(), [p for p, _ in batch.fresh], self.game.seat_of, self._coming)
        if not self.open_to_watchers():
            watching.send_away(self.context.delivery, self.code, self.kind, self.tabs.unwatch_all())
        counted = self.tabs.watchers_moved() and self.counts_watchers  # their number is on screen
        self._show(batch, changed=self.game.state.version != version or counted)
        if batch.guesses:
            self.context.delivery.guesses_shown(batch.guesses)
        if not self.closed and not self.members and self.finished():
            await self.context.journal.write([RoomDropped(self.code, fence=self.fence)])
            await self.context.directory.drop(self.key)
            self.close()

    def _show(self, batch: Batch, changed: bool) -> None:
        """Views after the batch: everybody's if the game changed, else the tabs that need one."""
        now = self._now()
        if changed:
            self.screens.everybody(now)  # time left as of sending, storage included
            return
        share = Broadcast()
        for player, ref in batch.fresh:
            if self.members.get(player) == ref:
                self.screens.member(ref, player, now, share)
        if batch.fresh_watchers:
            self.screens.watchers(batch.fresh_watchers, now, share)

    def _take(self, item: RoomInput, batch: Batch) -> None:
        now = self._now()
        effects = self.game.advance(now)
        event = self._input(item, batch)
        if event is not None:
            before = self.game.state.version
            effects += self.game.handle(event, now)
            if self.game.state.version != before:  # accepted: it goes in the log
                self.seq += 1
                batch.writes.append(EventAppended(self.code, self.seq, encode_event(event, now), self.fence))
            if isinstance(event, pe.GuessSubmitted):
                batch.guesses.append(item.received)
        for effect in effects:
            self._effect(effect, item, batch)

    # ------------------------------------------------------------------ inputs and tabs

    def _input(self, item: RoomInput, batch: Batch) -> Any | None:
        """The core event of one input, keeping the room's tabs up to date."""
        match item:
            case Tick():
                return None
            case Decide(event=pe.PlayerLeft(player=player)):  # the player went elsewhere (another tab)
                self._let_go(player, batch, "you went to another game")
                return item.event
            case Decide():
                return item.event
            case Watch() if not self.seated(item.player):
                self._start_watching(item.conn, item.who.deltas, Refusal.NO_WATCHERS, batch)
                return None
            case Attach() | Watch():  # a player watching their own game: their seat
                return self._attach(item, batch)
        return self._from_tab(item, batch)

    def _attach(self, item: Attach | Watch, batch: Batch) -> Any | None:
        player, ref = item.player, item.conn
        replaced = self.tabs.seat(player, ref)
        if replaced is not None:
            told = messages.Error(ErrorCode.REPLACED, "this game is open in another tab", game=self.kind)
            batch.notices.append((replaced, told))
        batch.fresh.append((player, ref))
        self.screens.new_tab(player, item.who.deltas)
        if isinstance(item, Attach) and item.created:  # sent after the batch's commit, before the view
            batch.notices.append((ref, messages.Created(self.code)))
        if isinstance(item, Attach) and item.event is not None:
            return item.event
        if self.gone(player):
            return None  # back to watch: the whole view, nothing to play
        if self.seated(player):
            return pe.PlayerReconnected(player)
        return self.joined(item.who)

    def _from_tab(self, item: Detach | Act | Resync, batch: Batch) -> Any | None:
        player, ref = item.player, item.conn
        if isinstance(item, Detach) and self.tabs.unlist(player, ref):
            return None  # a tab in standby closed: the seat is held elsewhere
        if self.tabs.watcher(ref) is not None and self.members.get(player) != ref:
            if isinstance(item, Detach):
                self.tabs.unwatch(ref)
            elif isinstance(item, Resync):
                self.screens.watcher_lost_track(ref)
                batch.fresh_watchers.append(ref)
            else:  # a watcher acts on nothing, and is told so
                batch.notices.append((ref, watching.no_seat(self.kind, self.code)))
            return None
        if self.members.get(player) != ref and not self._adopt(item, batch):
            if isinstance(item, Act):  # a stale tab (replaced, or left) is told why nothing happened
                batch.notices.append((ref, messages.Error(ErrorCode.REPLACED, "another tab", game=self.kind)))
            return None
        match item:
            case Resync():  # the tab lost track: a whole view
                self.screens.start_again(player)
                batch.fresh.append((player, ref))
                return None
            case Detach():
                del self.members[player]
                if (promoted := self.tabs.promote(player)) is not None:
                    self.screens.start_again(player)
                    batch.fresh.append((player, promoted))
                    return None  # another tab of theirs holds the seat now: never away
                return pe.PlayerDisconnected(player) if self.seated(player) else None
            case Act(event=pe.PlayerLeft()):
                del self.members[player]  # this tab leaves: its player's other tabs are told
                self.context.delivery.detached(ref, self.code)
                self._let_go(player, batch, "you left this game in another tab")
        return item.event

    def _adopt(self, item: Detach | Act | Resync, batch: Batch) -> bool:
        """An action from a tab that is not the member: the player's, if the room just changed owner.

        Its tab has not attached again yet (it will): it is the player's tab all the same.
        """
        player = item.player
        if (
            not isinstance(item, Act)
            or player in self.members
            or not self.seated(player)
            or self.gone(player)
        ):
            return False
        self.members[player] = item.conn
        batch.fresh.append((player, item.conn))
        return True

    def _let_go(self, player: str, batch: Batch, why: str) -> None:
        """The player left the game: their tabs in standby leave it too, told why."""
        previous = self.members.get(player)
        for ref in self.tabs.let_go(player):
            batch.notices.append((ref, messages.Error(ErrorCode.REPLACED, why, game=self.kind)))
            self.context.delivery.detached(ref, self.code)
        if previous is not None:
            batch.notices.append((previous, messages.Error(ErrorCode.REPLACED, why, game=self.kind)))
            self.context.delivery.detached(previous, self.code)

    def _effect(self, effect: Any, item: RoomInput, batch: Batch) -> None:
        if not isinstance(effect, pe.Refused):
            batch.writes += self.writes_for(effect)
            batch.reactions.append(effect)
            return
        self.context.metrics.errors.labels(effect.code).inc()
        ref: ConnRef | None = None
        if isinstance(item, Attach | Watch | Act | Resync) and item.player == effect.player:
            ref = item.conn
            if isinstance(item, Attach | Watch):  # could not sit down (full, started, left): not a member
                self.members.pop(effect.player, None)
                batch.fresh = [(p, r) for p, r in batch.fresh if r != ref]
                batch.notices = [
                    (r, m) for r, m in batch.notices if r != ref or not isinstance(m, messages.Created)
                ]  # not seated: the room is not theirs to be told about
                self.context.tasks.spawn(self.context.seats.release(effect.player, self.code), "release")
                if effect.code in self.watch_instead:  # a full or started room's link: watch it
                    self._start_watching(ref, item.who.deltas, effect.code, batch)
                    return
                self.context.delivery.detached(ref, self.code)
        elif effect.player is not None:
            ref = self.members.get(effect.player)
        if ref is not None:
            batch.notices.append((ref, messages.Refused(effect.code, effect.message, self.kind, self.code)))

    def _start_watching(self, ref: ConnRef, deltas: bool, refusal: Refusal, batch: Batch) -> None:
        """The tab watches, unless the host closed the room to watchers: then it is told ``refusal``."""
        if self.open_to_watchers():
            self.tabs.watch(ref)
            self.screens.new_watcher(ref, deltas)
            batch.fresh_watchers.append(ref)
            return
        self.context.delivery.detached(ref, self.code)
        batch.notices.append((ref, messages.Refused(refusal, watching.CLOSED, self.kind, self.code)))

    def _snapshot_if_due(self, batch: Batch) -> None:
        """Snapshots only shorten a restore: at phase changes, and every so many events."""
        if self.seq == self._snapshot_seq:
            return
        phase = self.game.state.phase
        if phase == self._snapshot_phase and self.seq - self._snapshot_seq < limits.SNAPSHOT_EVERY_EVENTS:
            return
        batch.writes.append(SnapshotTaken(self.code, self.seq, self.snapshot(), self.people(), self.fence))
        self._snapshot_seq, self._snapshot_phase = self.seq, phase

    # ------------------------------------------------------------------ views

    def _now(self) -> int:
        """The shell's clock, never going back: the log's instants are in order."""
        self._last_now = max(self._last_now, self.context.clock.now())
        return self._last_now

    # ------------------------------------------------------------------ time

    def _arm_timer(self) -> None:
        self.timer.arm(None if self.closed else self.game.next_deadline())

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
                if not isinstance(effect, pe.Refused):  # results: stored once, whatever the replay
                    self.pending_writes += self.writes_for(effect)
            self.seq, self._last_now = seq, max(self._last_now, now)
        self._snapshot_phase = self.game.state.phase


def _resolve(item: RoomInput) -> None:
    done = item.done
    if done is not None and not done.done():
        done.set_result(None)
