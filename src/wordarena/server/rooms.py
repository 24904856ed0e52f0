"""One asyncio task per room: it owns its game, its timer and its members' sockets.

Everything that touches a game goes through the room's inbox, so a game is
never touched by two coroutines at once. After each input the room sends every
member their own view (core/duel/view.py) and arms one timer for the game's
next deadline.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wordarena.core.duel import events as ev
from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.record import game_record
from wordarena.core.duel.state import DuelState, Phase
from wordarena.core.duel.view import view_for
from wordarena.server import limits

if TYPE_CHECKING:
    from wordarena.server.connection import Connection
    from wordarena.server.service import Service

log = logging.getLogger(__name__)


def now_ms() -> int:
    """Wall-clock milliseconds: deadlines stay meaningful across a restart."""
    return int(time.time() * 1000)


def new_room_code() -> str:
    return secrets.token_urlsafe(limits.ROOM_CODE_BYTES)


@dataclass
class Envelope:
    """Something for a room to do, in arrival order."""

    kind: str  # "attach" | "detach" | "event" | "tick"
    conn: Connection | None = None
    event: ev.Event | None = None
    received: float = field(default_factory=time.perf_counter)


class Room:
    def __init__(self, game: DuelGame, service: Service) -> None:
        self.game = game
        self.service = service
        self.code = game.state.code
        self.members: dict[str, Connection] = {}  # player id -> the one tab attached
        self.inbox: asyncio.Queue[Envelope] = asyncio.Queue()
        self.closed = False
        self._timer: asyncio.TimerHandle | None = None
        self._last_phase = game.state.phase
        self._last_saved = 0.0
        self._task: asyncio.Task[None] | None = None

    @property
    def state(self) -> DuelState:
        return self.game.state

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"room-{self.code}")

    def post(self, envelope: Envelope) -> None:
        if not self.closed:
            self.inbox.put_nowait(envelope)

    def tick(self) -> None:
        """Let the room look at the clock now (its timer does this by itself)."""
        self.post(Envelope("tick"))

    async def stop(self) -> None:
        """Save the game in progress and end the task (server shutdown)."""
        self.closed = True
        if self._timer:
            self._timer.cancel()
        if self._task:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        if self._in_progress():
            await self._save_live()

    # ------------------------------------------------------------------ the loop

    async def _run(self) -> None:
        self._arm_timer()
        while not self.closed:
            envelope = await self.inbox.get()
            try:
                await self._process(envelope)
            except Exception:  # a bug must not kill the room: log it, keep serving
                log.exception("room %s failed on %s", self.code, envelope.kind)
                self.service.metrics.errors.labels("internal").inc()
            self._arm_timer()

    async def _process(self, envelope: Envelope) -> None:
        now = self.service.clock()
        version = self.state.version
        effects = self.game.advance(now)
        effects += self._receive(envelope, now)
        await self._apply_effects(effects)  # a finished game is stored before anyone is told
        if self.state.version != version:
            self._broadcast(now)
        if envelope.kind == "event" and isinstance(envelope.event, ev.GuessSubmitted):
            self.service.metrics.guess_latency.observe(time.perf_counter() - envelope.received)
        await self._save_if_due()
        if not self.closed and not self.members and self.state.phase is Phase.FINISHED:
            self._close()

    def _receive(self, envelope: Envelope, now: int) -> list[ev.Effect]:
        conn = envelope.conn
        if envelope.kind == "tick" or conn is None or conn.player is None:
            return []
        player = conn.player.id
        if envelope.kind == "attach":
            return self._attach(conn, now)
        if self.members.get(player) is not conn:  # a stale tab: it was replaced or left
            return []
        if envelope.kind == "detach":
            del self.members[player]
            return self._handle(ev.PlayerDisconnected(player), now) if self._seated(player) else []
        assert envelope.event is not None
        if isinstance(envelope.event, ev.PlayerLeft):
            del self.members[player]
            conn.room = None
        return self._handle(envelope.event, now)

    def _attach(self, conn: Connection, now: int) -> list[ev.Effect]:
        assert conn.player is not None
        player = conn.player.id
        previous = self.members.get(player)
        if previous is not None and previous is not conn:
            previous.send_error("replaced", "this room was opened in another tab")
            previous.room = None
        self.members[player] = conn
        if self._seated(player):
            effects = self._handle(ev.PlayerReconnected(player), now)
        else:
            first = conn.player.quick_games_played == 0
            effects = self._handle(ev.PlayerJoined(player, conn.player.nickname, first_game=first), now)
        refusals = [e for e in effects if isinstance(e, ev.Refused) and e.player == player]
        if refusals:  # could not sit down (full, started, left): not a member, told why
            del self.members[player]
            conn.room = None
            for refusal in refusals:
                self.service.metrics.errors.labels(refusal.code).inc()
                conn.send({"type": "refused", "code": refusal.code, "message": refusal.message})
            return [e for e in effects if e not in refusals]
        conn.send(view_for(self.state, player, now))  # the full screen, whatever changed
        return effects

    def _handle(self, event: ev.Event, now: int) -> list[ev.Effect]:
        return self.game.handle(event, now)

    def _seated(self, player: str) -> bool:
        return self.game.seat_index(player) is not None

    def _broadcast(self, now: int) -> None:
        for player, conn in self.members.items():
            conn.send(view_for(self.state, player, now))

    async def _apply_effects(self, effects: list[ev.Effect]) -> None:
        for effect in effects:
            if isinstance(effect, ev.Refused):
                self.service.metrics.errors.labels(effect.code).inc()
                conn = self.members.get(effect.player)
                if conn is not None:
                    conn.send({"type": "refused", "code": effect.code, "message": effect.message})
            elif isinstance(effect, ev.GameEnded):
                await self._save_game(effect.reason)
            elif isinstance(effect, ev.RoomClosed):
                self._close()

    # ------------------------------------------------------------------ time

    def _arm_timer(self) -> None:
        if self._timer:
            self._timer.cancel()
            self._timer = None
        deadline = self.game.next_deadline()
        if deadline is None or self.closed:
            return
        delay = max(0.0, (deadline - self.service.clock()) / 1000)
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(delay, self.post, Envelope("tick"))

    # ------------------------------------------------------------------ storage

    def _in_progress(self) -> bool:
        return self.state.phase in (Phase.CARD, Phase.PLAYING, Phase.REVEAL)

    async def _save_if_due(self) -> None:
        phase_changed = self.state.phase is not self._last_phase
        self._last_phase = self.state.phase
        stale = time.monotonic() - self._last_saved >= limits.SNAPSHOT_EVERY_S
        if self._in_progress() and (phase_changed or stale):
            await self._save_live()

    async def _save_live(self) -> None:
        self._last_saved = time.monotonic()
        snapshot = self.state.to_snapshot()
        people = [s.player for s in self.state.seats if s.bot_level is None]
        try:
            await asyncio.to_thread(self.service.games.save_live, self.code, snapshot, people)
        except Exception:
            log.exception("room %s: could not save the game in progress", self.code)

    async def _save_game(self, reason: str) -> None:
        state = self.state
        self.service.metrics.games.labels(reason).inc()
        record = game_record(state)
        ids = [None if s.bot_level is not None else s.player for s in state.seats]
        levels = [s.bot_level for s in state.seats]
        try:
            await asyncio.to_thread(
                self.service.games.save_duel,
                record,
                self.code,
                state.options.rounds,
                reason,
                ids,
                levels,
                state.quick,
            )
        except Exception:  # the live snapshot stays: nothing is lost, the next start retries
            log.exception("room %s: could not store the finished game", self.code)

    def _close(self) -> None:
        self.closed = True
        if self._timer:
            self._timer.cancel()
        self.service.forget(self)


def restored_game(snapshot: dict[str, Any], now: int) -> DuelGame:
    """A game from its live snapshot: every person is marked away from ``now``.

    They have the usual 60 s to come back (RULES.md B3); deadlines that passed
    while the server was down are processed in order on the room's first tick.
    """
    state = DuelState.from_snapshot(snapshot)
    for seat in state.seats:
        if seat.bot_level is None and not seat.gone and seat.away_since is None:
            seat.away_since = now
    return DuelGame(state)
