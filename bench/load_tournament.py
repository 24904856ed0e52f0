"""Load benchmark of Tournament: many concurrent tournaments of socket players, and an echo baseline.

    python -m bench.load_tournament [--tournaments N] [--seconds S] [--afk F] [--quick] [--profile FILE]

The real server runs as its own process (``python -m wordarena serve`` on a free
loopback port, temporary data dir; the load starts once its bot warm-up is over);
this process is the load client (one asyncio loop, 8·N WebSockets). Each socket says
``hello`` then ``queue`` (rated, en; every new player is rated 1000). Lobbies are
queued one after the other, spread over the first seconds, so matchmaking makes
tournaments of exactly those 8 and they do not all tick in step; the share F of
players who never play fill the first lobbies (a tournament waits for its slowest
duel, so grouping them stalls as few tournaments as possible).

What is measured, over the S seconds that follow the first ``queue``:

- **Move latency**: a player whose turn it is in its own duel (``duel.turn == you``,
  phase ``playing``) thinks 0.5–2 s, then sends a ``guess``: a random word of the
  duel's length from the English guess list, not already on the board (it does not
  know the answer). Latency = from sending it to receiving the first view whose duel
  has that new row (the feedback). Moves/s counts the feedbacks of guesses sent in the
  window. A finished tournament's players queue again, so the load stays steady.
- **Timer accuracy**: players who never play let their 30 s turns run out. Lateness =
  (arrival of the view with the passed row) − (turn start as seen by the client +
  ``turn_ms`` then), using the earliest such estimate of the turn (the view that
  travelled fastest): how late the deadline fired, as seen over loopback. The round
  intros (6 s, ``intro_ms``) are timers too and give many more samples: from the
  earliest ``round.intro_ms`` estimate to the first ``playing`` view of that round.
- **Server cost**: CPU from /proc/PID/stat, RSS (VmRSS, VmHWM) from /proc/PID/status;
  the client's own CPU and the rest of the machine ("others") over the same window.

Baseline (same run, after the server run): the same number of sockets against a bare
aiohttp WebSocket echo server in a separate process (this file, ``--echo-server``):
each socket sends a guess-sized frame at the rate the tournaments sustained (open
loop), and the echo server answers it with a frame of the mean size of a tournament
view to each of the 8 sockets of its group, as a move's views go to the 8 players of
a tournament. The ratios wordarena ÷ echo of p50 and p99 are what the game costs
above bare aiohttp on the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import math
import os
import random
import re
import resource
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import msgspec
from aiohttp import web

from testkit.processes import child, cpu_seconds, free_port, machine_busy, wait_ready
from wordarena.core.lexicon import word_list

HOST = "127.0.0.1"
LOBBY = 8
LANG = "en"
THINK_S = (0.5, 2.0)
REQUEUE_S = (1.0, 3.0)  # a finished player looks at the results, then queues again
FEEDBACK_TIMEOUT_S = 10.0
SETUP_TIMEOUT_S = 120.0
CONNECT_PARALLEL = 32
CLK_TCK = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------- frames the client reads


class RowFrame(msgspec.Struct):
    player: str = ""
    passed: bool = False
    letters: list[str] | None = None


class DuelFrame(msgspec.Struct):
    length: int = 5
    rows: list[RowFrame] = []
    turn: str | None = None
    turn_ms: int | None = None
    over: bool = False


class RoundFrame(msgspec.Struct):
    number: int = 0
    intro_ms: int | None = None


class Frame(msgspec.Struct):
    """The fields a player reads; the other duels (``duels``) are skipped undecoded."""

    type: str
    code: str | None = None  # the tournament, or the code of a refusal
    phase: str | None = None
    you: str | None = None
    round: RoundFrame | None = None
    duel: DuelFrame | None = None


_decode = msgspec.json.Decoder(Frame).decode


# ---------------------------------------------------------------- processes


def wait_idle(pid: int, timeout: float = 90.0) -> float:
    """Wait until the server stops burning CPU (its bots' warm-up thread); returns the seconds waited."""
    start = time.monotonic()
    last = cpu_seconds(pid)
    while time.monotonic() - start < timeout:
        time.sleep(1.0)
        now = cpu_seconds(pid)
        if now - last < 0.05:
            return time.monotonic() - start
        last = now
    return time.monotonic() - start


def memory_kib(pid: int) -> dict[str, int]:
    """VmRSS (now) and VmHWM (peak) of a process."""
    text = Path(f"/proc/{pid}/status").read_text()
    found = dict(re.findall(r"^(VmRSS|VmHWM):\s+(\d+)", text, re.M))
    return {"rss": int(found.get("VmRSS", 0)), "hwm": int(found.get("VmHWM", 0))}


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Probe:
    """CPU of the server, of this client and of everything else over one window."""

    pid: int
    wall: float = 0.0
    server: float = 0.0
    client: float = 0.0
    others: float = 0.0

    def __enter__(self) -> Probe:
        self.wall, self.server, self.client = time.perf_counter(), cpu_seconds(self.pid), own_cpu()
        self.others = machine_busy()
        return self

    def __exit__(self, *_: object) -> None:
        self.wall = time.perf_counter() - self.wall
        self.server = cpu_seconds(self.pid) - self.server
        self.client = own_cpu() - self.client
        self.others = machine_busy() - self.others - self.server - self.client

    def percents(self) -> dict[str, float]:
        return {
            "server_cpu_pct": 100 * self.server / self.wall,
            "client_cpu_pct": 100 * self.client / self.wall,
            "others_cpu_pct": 100 * self.others / self.wall,
        }


@contextlib.contextmanager
def profiled(pid: int, out: str | None, seconds: float) -> Iterator[None]:
    """py-spy on the server for ``seconds`` (collapsed stacks in ``out``), when asked for."""
    if out is None:
        yield
        return
    beside = Path(sys.executable).with_name("py-spy")  # installed in the venv, or else on PATH
    command = [
        str(beside) if beside.exists() else "py-spy",
        "record",
        "--pid",
        str(pid),
        "--format",
        "raw",
        "--rate",
        "200",
        "--nonblocking",
    ]
    with open(f"{out}.log", "wb") as log:
        spy = subprocess.Popen(
            [*command, "--threads", "--duration", str(math.ceil(seconds)), "-o", out],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        yield
    finally:
        try:
            spy.wait(15)
        except subprocess.TimeoutExpired:
            spy.kill()
            spy.wait(5)
        print(f"py-spy: {out} (exit {spy.returncode}, its output in {out}.log)", file=sys.stderr)


# ---------------------------------------------------------------- the echo server


def serve_echo(port: int, reply_bytes: int) -> None:
    """Bare aiohttp: every text frame is answered, padded to ``reply_bytes``, to each socket of its group."""
    groups: dict[str, set[web.WebSocketResponse]] = {}

    async def echo(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        group = groups.setdefault(request.query.get("group", ""), set())
        group.add(ws)
        try:
            async for msg in ws:
                if msg.type is aiohttp.WSMsgType.TEXT:
                    reply = msg.data.ljust(reply_bytes)
                    for member in list(group):
                        with contextlib.suppress(ConnectionError, RuntimeError):
                            await member.send_str(reply)
        finally:
            group.discard(ws)
        return ws

    async def ok(request: web.Request) -> web.Response:
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_get("/ws", echo)
    app.router.add_get("/", ok)
    web.run_app(app, host=HOST, port=port, print=None, access_log=None)


# ---------------------------------------------------------------- measurements


@dataclass
class Stats:
    """Everything the players of one run observed (seconds, perf_counter clock)."""

    sent: list[float] = field(default_factory=list)  # when each answered guess was sent
    latency: list[float] = field(default_factory=list)
    turn_late: list[float] = field(default_factory=list)
    intro_late: list[float] = field(default_factory=list)  # round 1: the tournament's start
    intro_late_next: list[float] = field(default_factory=list)  # later rounds: after a round ended
    refused: Counter[str] = field(default_factory=Counter)
    lost: int = 0
    frames: int = 0
    view_bytes: int = 0
    views: int = 0
    tournaments: set[str] = field(default_factory=set)
    finished: set[str] = field(default_factory=set)

    def add(self, sent: float, latency: float) -> None:
        self.sent.append(sent)
        self.latency.append(latency)

    def within(self, start: float, end: float) -> list[float]:
        return [lat for t, lat in zip(self.sent, self.latency) if start <= t < end]


def spread_ms(values: list[float]) -> dict[str, float]:
    """n, p50, p99, max and mean in milliseconds (NaN when empty)."""
    ordered = sorted(values)
    if not ordered:
        return {"n": 0, "min": math.nan, "p50": math.nan, "p99": math.nan, "max": math.nan, "mean": math.nan}

    def pct(q: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {
        "n": len(ordered),
        "min": 1000 * ordered[0],
        "p50": pct(0.5),
        "p99": pct(0.99),
        "max": 1000 * ordered[-1],
        "mean": 1000 * statistics.fmean(ordered),
    }


async def until(check: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def bounded(jobs: Sequence[Callable[[], Awaitable[Any]]], parallel: int) -> list[Any]:
    gate = asyncio.Semaphore(parallel)

    async def run(job: Callable[[], Awaitable[Any]]) -> Any:
        async with gate:
            return await job()

    return await asyncio.wait_for(asyncio.gather(*(run(j) for j in jobs)), SETUP_TIMEOUT_S)


# ---------------------------------------------------------------- one player of the real server


@dataclass
class Pending:
    """A guess waiting for its feedback: the row it must add to the board."""

    code: str
    round: int
    row: int
    answered: asyncio.Future[float]


class Player:
    """One socket: reads every view, plays its turns (or never), measures feedback and deadlines."""

    def __init__(
        self, ws: aiohttp.ClientWebSocketResponse, afk: bool, stats: Stats, words: dict[int, list[str]]
    ) -> None:
        self.ws, self.afk, self.stats, self.words = ws, afk, stats, words
        self.rng = random.Random()
        self.stop_at = math.inf  # perf_counter: no guess nor queue after this
        self.code: str | None = None
        self.you: str | None = None
        self.pending: Pending | None = None
        self._thinking: tuple[str, int, int] | None = None  # the turn a guess is being prepared for
        self._turns: dict[tuple[str, int, int], float] = {}  # my turn (afk) -> earliest deadline seen
        self._intros: dict[tuple[str, int], float] = {}  # a round's intro -> earliest end seen
        self._done: set[str] = set()  # tournaments this player saw finished
        self._tasks: set[asyncio.Task[None]] = set()
        self._reader: asyncio.Task[None] | None = None

    async def hello(self) -> None:
        """Set-up only, before `listen`: hello, and the welcome."""
        await self.ws.send_str('{"type":"hello"}')
        async with asyncio.timeout(FEEDBACK_TIMEOUT_S):
            while True:
                msg = await self.ws.receive()
                if msg.type is not aiohttp.WSMsgType.TEXT:
                    raise ConnectionError(f"socket closed during set-up: {msg}")
                if _decode(msg.data).type == "welcome":
                    return

    def listen(self) -> None:
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def queue(self) -> None:
        self.code = None
        await self.ws.send_str(f'{{"type":"queue","lang":"{LANG}"}}')

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.ws.close()
        if self._reader:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def _read(self) -> None:
        with contextlib.suppress(aiohttp.ClientError, ConnectionError):
            async for msg in self.ws:
                if msg.type is aiohttp.WSMsgType.TEXT:
                    now = time.perf_counter()
                    self.stats.frames += 1
                    frame = _decode(msg.data)
                    if frame.type == "tournament":
                        self.stats.views += 1
                        self.stats.view_bytes += len(msg.data)
                        self._on_view(frame, now)
                    elif frame.type in ("refused", "error"):
                        self._on_refused(frame.code or "?")

    def _on_refused(self, code: str) -> None:
        self.stats.refused[code] += 1
        if self.pending is not None and not self.pending.answered.done():
            self.pending.answered.set_result(math.nan)

    def _on_view(self, frame: Frame, now: float) -> None:
        self.code, self.you = frame.code, frame.you
        if frame.code is None or frame.round is None:
            return
        self.stats.tournaments.add(frame.code)
        self._feedback(frame, now)
        self._deadlines(frame, frame.round, now)
        if frame.phase == "finished":
            self._finished(frame.code)
        elif self._my_turn(frame) and not self.afk:
            self._think(frame)

    def _my_turn(self, frame: Frame) -> bool:
        duel = frame.duel
        return frame.phase == "playing" and duel is not None and not duel.over and duel.turn == self.you

    # -- measuring

    def _feedback(self, frame: Frame, now: float) -> None:
        """The guess waiting for feedback is answered by the first view with its row.

        The move that ends a round's last duel is answered by the next round's intro.
        """
        p, duel, rnd = self.pending, frame.duel, frame.round
        if p is None or p.answered.done() or p.code != frame.code or duel is None or rnd is None:
            return
        if rnd.number > p.round:
            p.answered.set_result(now)
        elif rnd.number == p.round and len(duel.rows) > p.row:
            row = duel.rows[p.row]
            if row.player == self.you and not row.passed:
                p.answered.set_result(now)

    def _deadlines(self, frame: Frame, rnd: RoundFrame, now: float) -> None:
        code = frame.code or ""
        key = (code, rnd.number)
        if frame.phase == "intro" and rnd.intro_ms is not None:
            self._intros[key] = min(self._intros.get(key, math.inf), now + rnd.intro_ms / 1000)
        elif frame.phase == "playing" and (end := self._intros.pop(key, None)) is not None:
            (self.stats.intro_late if rnd.number == 1 else self.stats.intro_late_next).append(now - end)
        self._passed(frame, rnd, now)
        duel = frame.duel
        if self.afk and self._my_turn(frame) and duel is not None and duel.turn_ms is not None:
            turn = (code, rnd.number, len(duel.rows))
            self._turns[turn] = min(self._turns.get(turn, math.inf), now + duel.turn_ms / 1000)

    def _passed(self, frame: Frame, rnd: RoundFrame, now: float) -> None:
        """Turns of a player who never plays end by their deadline: a passed row, or the next round."""
        rows = frame.duel.rows if frame.duel is not None else []
        for turn in list(self._turns):
            code, number, index = turn
            if code != frame.code:
                del self._turns[turn]
            elif number < rnd.number:  # the timeout ended the round: the new round's view shows it
                self.stats.turn_late.append(now - self._turns.pop(turn))
            elif number == rnd.number and len(rows) > index:
                deadline = self._turns.pop(turn)
                if rows[index].passed and rows[index].player == self.you:
                    self.stats.turn_late.append(now - deadline)

    # -- playing

    def _think(self, frame: Frame) -> None:
        assert frame.duel is not None and frame.round is not None and frame.code is not None
        turn = (frame.code, frame.round.number, len(frame.duel.rows))
        if self._thinking == turn or time.perf_counter() >= self.stop_at:
            return
        self._thinking = turn
        board = {"".join(row.letters) for row in frame.duel.rows if row.letters}
        word = self.rng.choice(self.words[frame.duel.length])
        while word in board:
            word = self.rng.choice(self.words[frame.duel.length])
        self._spawn(self._guess(turn, word, self.rng.uniform(*THINK_S)))

    async def _guess(self, turn: tuple[str, int, int], word: str, think: float) -> None:
        await asyncio.sleep(think)
        if time.perf_counter() >= self.stop_at or self._thinking != turn:
            return
        answered = asyncio.get_running_loop().create_future()
        self.pending = Pending(*turn, answered)
        sent = time.perf_counter()
        await self.ws.send_str(f'{{"type":"guess","word":"{word}"}}')
        try:
            at = await asyncio.wait_for(answered, FEEDBACK_TIMEOUT_S)
        except TimeoutError:
            self.stats.lost += 1
            return
        finally:
            self.pending = None
        if not math.isnan(at):
            self.stats.add(sent, at - sent)

    def _finished(self, code: str) -> None:
        """Once per tournament: look at the results a moment, then queue again (steady load)."""
        if code in self._done:
            return
        self._done.add(code)
        self.stats.finished.add(code)
        if time.perf_counter() < self.stop_at:
            self._spawn(self._requeue(self.rng.uniform(*REQUEUE_S)))

    async def _requeue(self, delay: float) -> None:
        await asyncio.sleep(delay)
        if time.perf_counter() < self.stop_at:
            await self.queue()

    def _spawn(self, job: Awaitable[None]) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


# ---------------------------------------------------------------- the server run


@dataclass(frozen=True)
class Options:
    tournaments: int
    seconds: float
    afk: float
    ramp: float  # lobbies are queued one after the other over this many seconds
    profile: str | None
    server_command: tuple[str, ...] = ()  # instead of `python -m wordarena serve` (experiments)

    @property
    def players(self) -> int:
        return LOBBY * self.tournaments

    @property
    def idle_players(self) -> int:
        return round(self.afk * self.players)


async def connect(session: aiohttp.ClientSession, url: str, opts: Options, stats: Stats) -> list[Player]:
    """8·N sockets, each past its ``hello``; the first ``idle_players`` never play."""
    words = {n: sorted(word_list(LANG, n).guesses) for n in (4, 5, 6)}

    async def one(number: int) -> Player:
        ws = await session.ws_connect(f"{url}/ws", max_msg_size=0, autoclose=False)
        player = Player(ws, number < opts.idle_players, stats, words)
        await player.hello()
        return player

    jobs = [functools.partial(one, n) for n in range(opts.players)]
    players: list[Player] = await bounded(jobs, CONNECT_PARALLEL)
    for player in players:
        player.listen()  # from now on someone reads: the server's heartbeat pings get their pong
    return players


async def form_tournaments(players: list[Player], ramp: float) -> float:
    """Queue lobby after lobby, each once the previous one started; returns the seconds it took.

    With no ramp (``--together``), everybody queues at once: the desk forms every lobby
    from one queue, and every tournament's round intros end in the same instants.
    """
    start = time.perf_counter()
    lobbies = [players[i : i + LOBBY] for i in range(0, len(players), LOBBY)]
    if ramp <= 0:
        await asyncio.gather(*(p.queue() for p in players))
        await until(functools.partial(_started, players), 60, "every tournament to start")
        return time.perf_counter() - start
    for number, lobby in enumerate(lobbies):
        await asyncio.gather(*(p.queue() for p in lobby))
        await until(functools.partial(_started, lobby), 30, f"tournament {number} to start")
        await asyncio.sleep(max(0.0, start + (number + 1) * ramp / len(lobbies) - time.perf_counter()))
    return time.perf_counter() - start


def _started(lobby: list[Player]) -> bool:
    return all(p.code for p in lobby)


async def server_run(url: str, pid: int, opts: Options) -> dict[str, Any]:
    stats = Stats()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        before = memory_kib(pid)
        players = await connect(session, url, opts, stats)
        await asyncio.sleep(1.0)
        connected = memory_kib(pid)
        began = time.perf_counter()
        for player in players:
            player.stop_at = began + opts.seconds
        try:
            with profiled(pid, opts.profile, opts.seconds), Probe(pid) as probe:
                formed = await form_tournaments(players, opts.ramp)
                await asyncio.sleep(max(0.0, began + opts.seconds - time.perf_counter()))
            await until(lambda: all(p.pending is None for p in players), FEEDBACK_TIMEOUT_S + 1, "feedback")
            after = memory_kib(pid)
            metrics = await server_metrics(session, url)
        finally:
            await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
    moves = stats.within(began, began + opts.seconds)
    return {
        "players": len(players),
        "idle_players": opts.idle_players,
        "formed_s": formed,
        "moves_per_s": len(moves) / probe.wall,
        "move_ms": spread_ms(moves),
        "turn_late_ms": spread_ms(stats.turn_late),
        "intro_late_ms": spread_ms(stats.intro_late),
        "intro_next_late_ms": spread_ms(stats.intro_late_next),
        "server_cpu_ms_per_move": 1000 * probe.server / max(1, len(moves)),
        **probe.percents(),
        "frames_per_move": stats.frames / max(1, len(stats.latency)),
        "view_bytes": stats.view_bytes / max(1, stats.views),
        "refused": dict(stats.refused),
        "lost": stats.lost,
        "tournaments": len(stats.tournaments),
        "finished": len(stats.finished),
        "memory_kib": {"before": before, "connected": connected, "after": after},
        "metrics": metrics,
    }


async def server_metrics(session: aiohttp.ClientSession, url: str) -> dict[str, float]:
    """The server's own time of a guess (room queue + game + views queued): mean, share over 10/25/100 ms."""
    async with session.get(f"{url}/metrics") as response:
        text = await response.text()
    name = "wordarena_guess_latency_seconds"
    total = re.search(rf"^{name}_sum (\S+)", text, re.M)
    count = re.search(rf"^{name}_count (\S+)", text, re.M)
    if not total or not count or float(count.group(1)) == 0:
        return {}
    n = float(count.group(1))
    found = {"guesses": n, "mean_ms": 1000 * float(total.group(1)) / n}
    for bound in ("0.01", "0.025", "0.1"):
        bucket = re.search(rf'^{name}_bucket{{le="{bound}"}} (\S+)', text, re.M)
        if bucket:
            found[f"over_{float(bound) * 1000:g}ms_pct"] = 100 * (n - float(bucket.group(1))) / n
    return found


# ---------------------------------------------------------------- the echo run


class EchoSocket:
    """One socket of the baseline: a guess-sized request, answered when its own reply comes back."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, number: int) -> None:
        self.ws, self.number = ws, number
        self.expect = ""
        self.answered: asyncio.Future[float] | None = None
        self.frames = 0
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(aiohttp.ClientError, ConnectionError):
            async for msg in self.ws:
                if msg.type is aiohttp.WSMsgType.TEXT:
                    self.frames += 1
                    done = self.answered is None or self.answered.done()
                    if not done and msg.data.startswith(self.expect):
                        self.answered.set_result(time.perf_counter())  # type: ignore[union-attr]

    async def loop(self, stats: Stats, every: float, stop: float) -> None:
        """Open loop: a request every ``every`` seconds (random phase), each awaited."""
        await asyncio.sleep(random.uniform(0, every))
        next_at, count = time.perf_counter(), 0
        while time.perf_counter() < stop:
            count += 1
            self.expect = f'{{"type":"guess","word":"{self.number % LOBBY}{count % 10_000:04d}"}}'
            self.answered = asyncio.get_running_loop().create_future()
            sent = time.perf_counter()
            await self.ws.send_str(self.expect)
            try:
                stats.add(sent, await asyncio.wait_for(self.answered, FEEDBACK_TIMEOUT_S) - sent)
            except TimeoutError:
                stats.lost += 1
            next_at += every
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.gather(self._reader, return_exceptions=True)


async def echo_run(url: str, pid: int, sockets: int, rate: float, seconds: float) -> dict[str, Any]:
    """The same sockets, grouped by 8, at the tournaments' rate of moves."""
    stats = Stats()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:

        async def one(number: int) -> EchoSocket:
            ws = await session.ws_connect(f"{url}/ws?group={number // LOBBY}", max_msg_size=0)
            return EchoSocket(ws, number)

        jobs = [functools.partial(one, n) for n in range(sockets)]
        conns: list[EchoSocket] = await bounded(jobs, CONNECT_PARALLEL)
        await asyncio.sleep(1.0)
        every = sockets / max(rate, 0.1)
        began = time.perf_counter()
        try:
            with Probe(pid) as probe:
                await asyncio.gather(*(c.loop(stats, every, began + seconds) for c in conns))
        finally:
            await asyncio.gather(*(c.close() for c in conns), return_exceptions=True)
    done = stats.within(began, began + seconds)
    return {
        "sockets": sockets,
        "moves_per_s": len(done) / seconds,
        "move_ms": spread_ms(done),
        "server_cpu_ms_per_move": 1000 * probe.server / max(1, len(done)),
        **probe.percents(),
        "frames_per_move": sum(c.frames for c in conns) / max(1, len(stats.latency)),
        "lost": stats.lost,
    }


# ---------------------------------------------------------------- report


def _ms(d: dict[str, float]) -> str:
    return f"{d['p50']:.1f} / {d['p99']:.1f} / {d['max']:.0f}"


def _cpu(r: dict[str, Any]) -> str:
    return f"{r['server_cpu_pct']:.0f} / {r['client_cpu_pct']:.0f} / {r['others_cpu_pct']:.0f}"


def report(server: dict[str, Any], echo: dict[str, Any], opts: Options, server_log_errors: int) -> None:
    """The tables and the ratios."""
    print(
        f"\nTournament load: {server['players']} players ({server['idle_players']} never play) in "
        f"{opts.tournaments} tournaments at first, {opts.seconds:g} s, "
        f"think {THINK_S[0]:g}–{THINK_S[1]:g} s, "
        f"loopback. The load client, the server (and, in its run, the echo server) share this machine's "
        f'{os.cpu_count()} cores with whatever else runs ("others": 100 % = one core).'
    )
    rows = [
        ("connected sockets", str(server["players"]), str(echo["sockets"])),
        ("moves (requests) per s", f"{server['moves_per_s']:.1f}", f"{echo['moves_per_s']:.1f}"),
        ("latency p50 / p99 / max, ms", _ms(server["move_ms"]), _ms(echo["move_ms"])),
        ("latency samples", str(server["move_ms"]["n"]), str(echo["move_ms"]["n"])),
        ("frames received per move", f"{server['frames_per_move']:.1f}", f"{echo['frames_per_move']:.1f}"),
        (
            "server CPU ms per move",
            f"{server['server_cpu_ms_per_move']:.2f}",
            _f(echo, "server_cpu_ms_per_move"),
        ),
        ("CPU % server / client / others", _cpu(server), _cpu(echo)),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'':<{width}}  {'wordarena guess→feedback':>26}  {'echo, fan-out 8':>18}")
    print("\n".join(f"{a:<{width}}  {b:>26}  {c:>18}" for a, b, c in rows))
    _report_timers(server)
    _report_server(server, server_log_errors)
    p50 = server["move_ms"]["p50"] / echo["move_ms"]["p50"]
    p99 = server["move_ms"]["p99"] / echo["move_ms"]["p99"]
    cpu = server["server_cpu_ms_per_move"] / echo["server_cpu_ms_per_move"]
    print(
        f"ratio of latencies wordarena ÷ echo: p50 {p50:.2f}, p99 {p99:.2f}; of server CPU per move "
        f"{cpu:.1f} (steadier than latencies when the machine is busy)"
    )
    ratios = {"p50": p50, "p99": p99, "cpu": cpu}
    print(json.dumps({"server": server, "echo": echo, "ratios": ratios}, default=str))


def _f(r: dict[str, Any], key: str) -> str:
    return f"{r[key]:.2f}"


def _report_timers(server: dict[str, Any]) -> None:
    """Lateness of the deadlines as the clients saw them (negative: the view was older than it said)."""
    print("\ntimer lateness as seen by the clients, ms      n   min / p50 / p99 / max")
    for name, key in (
        ("30 s turn deadlines (passed turns)", "turn_late_ms"),
        ("6 s intro of round 1", "intro_late_ms"),
        ("6 s intro of later rounds", "intro_next_late_ms"),
    ):
        d = server[key]
        print(f"  {name:<40} {d['n']:>5}   {d['min']:.1f} / {_ms(d)}")
    if server["turn_late_ms"]["n"] < 100:
        print("  (fewer than 100 passed turns: their p99 is their maximum; --afk or --seconds give more)")


def _report_server(server: dict[str, Any], errors: int) -> None:
    mem = server["memory_kib"]
    print(
        f"\nserver RSS MiB: idle {mem['before']['rss'] / 1024:.1f}, {server['players']} sockets connected "
        f"{mem['connected']['rss'] / 1024:.1f}, after the run {mem['after']['rss'] / 1024:.1f} "
        f"(peak {mem['after']['hwm'] / 1024:.1f})"
    )
    print(
        f"tournaments seen {server['tournaments']}, finished {server['finished']} (players queue again); "
        f"lobbies formed in {server['formed_s']:.1f} s; view {server['view_bytes']:.0f} bytes on average"
    )
    refused = ", ".join(f"{k} {v}" for k, v in server["refused"].items()) or "none"
    print(
        f"refused/errors: {refused}; guesses without feedback in {FEEDBACK_TIMEOUT_S:g} s: "
        f"{server['lost']}; server log errors: {errors}"
    )
    m = server["metrics"]
    over = " / ".join(f"{m.get(f'over_{b}ms_pct', math.nan):.2f} %" for b in (10, 25, 100))
    print(
        f"server-side time of a guess (room queue + game + views queued, /metrics): mean "
        f"{m.get('mean_ms', math.nan):.2f} ms; over 10 / 25 / 100 ms: {over}"
    )


# ---------------------------------------------------------------- main


def log_errors(log: Path) -> int:
    return sum(1 for line in log.read_text(errors="replace").splitlines() if " ERROR " in line)


def run(opts: Options, tmp: Path) -> None:
    """The server run, then the echo run, each with its own child process."""
    command = list(opts.server_command) or [sys.executable, "-m", "wordarena", "serve"]
    command += [
        "--max-sockets-per-ip",
        "100000",
        "--new-identities-per-minute",
        "100000",
    ]  # one client address
    serve = [*command, "--host", HOST, "--port", str(free_port())]
    with child([*serve, "--data-dir", str(tmp / "data")], tmp / "server.log") as server:
        url = f"http://{HOST}:{serve[-1]}"
        wait_ready(f"{url}/healthz", server, tmp / "server.log")
        waited = wait_idle(server.pid)
        print(f"server up; its start-up work (bots' warm-up) done after {waited:.0f} s", file=sys.stderr)
        result = asyncio.run(server_run(url, server.pid, opts))
    errors = log_errors(tmp / "server.log")
    port = free_port()
    echo_cmd = [sys.executable, "-m", "bench.load_tournament", "--echo-server", str(port)]
    with child([*echo_cmd, "--reply-bytes", str(round(result["view_bytes"]))], tmp / "echo.log") as echo:
        url = f"http://{HOST}:{port}"
        wait_ready(f"{url}/", echo, tmp / "echo.log")
        seconds = min(opts.seconds, 30.0)
        baseline = asyncio.run(echo_run(url, echo.pid, result["players"], result["moves_per_s"], seconds))
    report(result, baseline, opts, errors)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tournaments", type=int, default=25, help="tournaments of 8 at first (default 25)")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured window from the first queue")
    parser.add_argument("--afk", type=float, default=0.1, help="share of players who never play")
    parser.add_argument("--quick", action="store_true", help="smoke run: 3 tournaments, 45 s")
    parser.add_argument(
        "--together", action="store_true", help="everybody queues at once: the tournaments start together"
    )
    parser.add_argument("--profile", metavar="FILE", help="py-spy the server over the window (raw stacks)")
    parser.add_argument("--server-command", help=argparse.SUPPRESS)  # e.g. a patched server, to test a fix
    parser.add_argument("--echo-server", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--reply-bytes", type=int, default=2000, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        serve_echo(args.echo_server, args.reply_bytes)
        return
    if args.quick:
        args.tournaments, args.seconds = 3, 45.0
    ramp = 0.0 if args.together else min(15.0, args.seconds / 4)
    command = tuple(shlex.split(args.server_command or ""))
    afk = min(max(args.afk, 0.0), 1.0)
    opts = Options(max(1, args.tournaments), args.seconds, afk, ramp, args.profile, command)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # unwinds: the children are ended
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with tempfile.TemporaryDirectory(prefix="load_tournament-") as tmp:
        run(opts, Path(tmp))


if __name__ == "__main__":
    main()
