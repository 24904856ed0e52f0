"""Load benchmark of Duel de Mots: rooms of 6 WebSocket players against one server, and an echo baseline.

    python -m bench.load_duel [--rooms N] [--seconds S] [--interval I] [--clients K] [--profile PREFIX]
    python -m bench.load_duel --quick    # 10 rooms, 5 s, a guess every 0.5 s

The processes share the machine (2 cores here, with whatever else runs: the
report shows that as "others"): the real server (``python -m wordarena serve`` on
a free loopback port, temporary data dir), a bare aiohttp WebSocket echo server
(this file, ``--echo-server PORT``), and this load client: one asyncio loop for the
server run, plus ``--clients`` processes (default 2) for the echo runs. The run
starts once the server is idle (its bots' warm-up is over).

Server run, all rooms created at once (``create`` en, 5 ``join``, options
``rounds`` 5 and ``clock_s`` 120, ``start``):

1. **Closed loop** (saturation) on round 1: every player sends its next guess as
   soon as the feedback of the last one arrives, until its 6 rows are full. All
   rooms play this round together, so about 1,000 guesses are in flight; the
   rate is guesses ÷ time from the first send to the last feedback.
2. **Open loop** (steady offered load) from round 2 on: each player guesses once
   every I seconds (first at a random phase) while its grid has room; a full grid
   waits for the next round. A round then lasts about 6·I plus 9.1 s of reveal
   and round card during which nobody can guess, so room *k* of N delays its
   first round-2 guess by k/N of that cycle: the rooms are spread evenly over the
   cycle and the offered load is steady at ≈ players × 6 / (6·I + 9.1 s). The
   window of S seconds opens once every room has started; a game that ends is
   restarted by its host (``play_again``, ``start``).

Feedback of a guess = the first ``room`` view in which the player's own row count
grew (``reveal.seats`` for the guess that ends a round). Then the echo runs, with
as many sockets: a guess-sized JSON and its echo, open loop at the rate the server
sustained, then closed loop for S/2; then the same with a fan-out to 6 sockets of
frames the size of a room view. Server CPU comes from /proc/PID/stat, memory from
VmRSS after the first room and after all the sockets (see bench/README.md).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import functools
import itertools
import json
import math
import multiprocessing
import os
import random
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import aiohttp
import msgspec
from aiohttp import web

from testkit.processes import child, cpu_seconds, free_port, machine_busy, wait_ready
from wordarena.client import apply_delta
from wordarena.core.duel import rules
from wordarena.core.lexicon import word_list
from wordarena.server import heap

HOST = "127.0.0.1"
SEATS = rules.MAX_SEATS
ROWS = rules.ROWS
DEAD_TIME_S = (rules.ROUND_CARD_MS + rules.REVEAL_MS) / 1000  # nobody can guess
FEEDBACK_TIMEOUT_S = 10.0
IDLE_S = 3.0  # the window of the idle probe
SETUP_TIMEOUT_S = 120.0
CONNECT_PARALLEL = 32
CLK_TCK = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------- frames the client reads


class SeatFrame(msgspec.Struct):
    rows: list[msgspec.Raw] = []
    done: bool = False


class RevealSeat(msgspec.Struct):
    seat: int
    guesses: int


class RevealFrame(msgspec.Struct):
    seats: list[RevealSeat] = []


class Frame(msgspec.Struct):
    type: str
    room: str | None = None
    phase: str | None = None
    you: int | None = None
    seats: list[SeatFrame] = []
    reveal: RevealFrame | None = None


_decode = msgspec.json.Decoder(Frame).decode
_encode = msgspec.json.Encoder().encode
_decode_any = msgspec.json.Decoder().decode


class Deltas:
    """Whether the players take their views as deltas, as the web client does (``--full-views``: not)."""

    on = True


# ---------------------------------------------------------------- processes


def wait_idle(pid: int, timeout: float = 90.0) -> float:
    """Wait until the server stops burning CPU (its bots' warm-up thread); returns the seconds waited."""
    start, last = time.monotonic(), cpu_seconds(pid)
    while time.monotonic() - start < timeout:
        time.sleep(1.0)
        now = cpu_seconds(pid)
        if now - last < 0.05:
            break
        last = now
    return time.monotonic() - start


def rss_kib(pid: int) -> int:
    match = re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
    return int(match.group(1)) if match else 0


class Tally:
    frames = 0  # frames this client received from a server
    chars = 0  # ... and their length (the wordarena server's only)
    watched = 0  # frames the watchers received (not in ``frames``: a guess's feedback is the players')


@dataclass
class Probe:
    """CPU of the server and of the client processes over one measured window."""

    pid: int
    clients: Sequence[int] = (os.getpid(),)
    wall: float = 0.0
    server: float = 0.0
    client: float = 0.0
    others: float = 0.0  # everything else on the machine (other users' jobs included)
    frames: int = 0  # frames the clients received
    watched: int = 0  # frames the watchers received

    def _client_cpu(self) -> float:
        return sum(cpu_seconds(pid) for pid in self.clients)

    def __enter__(self) -> Probe:
        self.wall, self.server, self.client = time.perf_counter(), cpu_seconds(self.pid), self._client_cpu()
        self.others, self.frames, self.watched = machine_busy(), Tally.frames, Tally.watched
        return self

    def __exit__(self, *_: object) -> None:
        self.wall = time.perf_counter() - self.wall
        self.server = cpu_seconds(self.pid) - self.server
        self.client = self._client_cpu() - self.client
        self.others = max(0.0, machine_busy() - self.others - self.server - self.client)
        self.frames = Tally.frames - self.frames
        self.watched = Tally.watched - self.watched


@contextlib.contextmanager
def profiled(pid: int, out: str | None, seconds: float) -> Iterator[None]:
    """py-spy on the server during a window (collapsed stacks), when asked for."""
    if out is None:
        yield
        return
    command = ["py-spy", "record", "--pid", str(pid), "--duration", str(math.ceil(seconds)), "-o", out]
    options = ["--format", "raw", "--rate", "250", "--nonblocking", "--threads", "--idle"]
    spy = subprocess.Popen([*command, *options], stdout=subprocess.DEVNULL)
    try:
        yield
    finally:
        try:
            spy.wait(10)
        except subprocess.TimeoutExpired:
            spy.kill()


# ---------------------------------------------------------------- the echo server


def serve_echo(port: int) -> None:
    """Plain echo; with ``?group=G&pad=B``, each frame goes back (padded to B) to every socket of G."""
    groups: dict[str, list[web.WebSocketResponse]] = {}

    async def echo(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        group = groups.setdefault(request.query.get("group", str(id(ws))), [])
        group.append(ws)
        pad = "x" * int(request.query.get("pad", 0))
        try:
            async for msg in ws:
                if msg.type is aiohttp.WSMsgType.TEXT:
                    reply = f'{{"echo":{msg.data},"pad":"{pad}"}}' if pad else msg.data
                    for member in group:
                        with contextlib.suppress(ConnectionError):
                            await member.send_str(reply)
        finally:
            group.remove(ws)
            if not group:
                groups.pop(request.query.get("group", str(id(ws))), None)
        return ws

    async def ok(request: web.Request) -> web.Response:
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_get("/ws", echo)
    app.router.add_get("/", ok)
    web.run_app(app, host=HOST, port=port, print=None, access_log=None)


# ---------------------------------------------------------------- measurements


@dataclass
class Samples:
    sent: list[float] = field(default_factory=list)  # perf_counter at send
    latency: list[float] = field(default_factory=list)  # seconds
    refused: int = 0
    lost: int = 0

    def add(self, sent: float, latency: float) -> None:
        self.sent.append(sent)
        self.latency.append(latency)

    def within(self, start: float, end: float) -> list[float]:
        return [lat for t, lat in zip(self.sent, self.latency) if start <= t < end]


def summary(latencies: list[float], probe: Probe, seconds: float | None = None) -> dict[str, float]:
    """Rate, latency percentiles (ms), CPU per operation (ms) and CPU use (%) of one window."""
    ordered = sorted(latencies) or [math.nan]
    count = len(latencies)
    wall = seconds or probe.wall

    def pct(q: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {
        "count": count,
        "per_s": count / wall,
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "max_ms": 1000 * ordered[-1],
        "mean_ms": 1000 * statistics.fmean(ordered),
        "server_cpu_ms_per_op": 1000 * probe.server / max(count, 1),
        "server_cpu_pct": 100 * probe.server / probe.wall,
        "client_cpu_pct": 100 * probe.client / probe.wall,
        "others_cpu_pct": 100 * probe.others / probe.wall,
        "frames_per_op": probe.frames / max(count, 1),
        "watcher_frames_per_op": probe.watched / max(count, 1),
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


class Player:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse, words: list[str], host: bool) -> None:
        self.ws, self.host = ws, host
        self._words = itertools.cycle(words)  # shuffled, no repeat: six in a row are all different
        self.phase = "lobby"
        self.seq = 0  # how many `playing` phases this player has seen
        self.rows = 0
        self.done = True
        self.changed = asyncio.Event()
        self._pending: asyncio.Future[float] | None = None
        self._pending_rows = 0
        self._reader: asyncio.Task[None] | None = None
        self._view: dict[str, Any] | None = None  # with deltas: the view the deltas build on
        self.watchers: list[Watcher] = []  # the room's watchers (kept by its host's player)

    def _frame(self, text: str) -> Frame:
        """A frame as read; with deltas a delta gives the whole view it makes (type room)."""
        if not Deltas.on:
            return _decode(text)
        message = _decode_any(text)
        if message.get("type") == "delta":
            view = apply_delta(self._view, message)
            if view is None:  # a gap: ask for the whole view, as a real client does
                asyncio.get_running_loop().create_task(self.ws.send_str('{"type":"resync"}'))
                return Frame(type="gap")
            message = view
        if message.get("type") == "room":
            self._view = message
        # The client pays a re-encoding here; only the server's CPU is compared.
        return _decode(_encode(message))

    async def request(self, message: dict[str, Any], kind: str) -> Frame:
        """Send, then read frames until one of ``kind`` (set-up only, before `listen`)."""
        await self.ws.send_str(_encode(message).decode())
        async with asyncio.timeout(FEEDBACK_TIMEOUT_S):
            while True:
                msg = await self.ws.receive()
                if msg.type is not aiohttp.WSMsgType.TEXT:
                    raise ConnectionError(f"socket closed during set-up: {msg}")
                frame = self._frame(msg.data)
                if frame.type == kind:
                    return frame
                if frame.type in ("error", "refused"):
                    raise RuntimeError(f"set-up refused: {msg.data}")

    def listen(self) -> None:
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def close(self) -> None:
        await asyncio.gather(*(w.close() for w in self.watchers), return_exceptions=True)
        await self.ws.close()
        if self._reader:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def _read(self) -> None:
        with contextlib.suppress(aiohttp.ClientError, ConnectionError):  # a pong after our close
            async for msg in self.ws:
                if msg.type is aiohttp.WSMsgType.TEXT:
                    Tally.frames += 1
                    Tally.chars += len(msg.data)
                    frame = self._frame(msg.data)
                    if frame.type == "room":
                        self._on_view(frame)
                    elif frame.type in ("refused", "error"):
                        self._answer(math.nan)

    def _on_view(self, frame: Frame) -> None:
        phase = frame.phase or "lobby"
        if phase == "playing" and self.phase != "playing":
            self.seq += 1
        self.phase = phase
        me = frame.you if frame.you is not None else -1
        if phase in ("card", "playing") and 0 <= me < len(frame.seats):
            self.rows, self.done = len(frame.seats[me].rows), frame.seats[me].done
        else:
            seats = frame.reveal.seats if frame.reveal else []  # in seat order
            self.rows = seats[me].guesses if 0 <= me < len(seats) else 0
            self.done = True
        if self.rows > self._pending_rows:
            self._answer(time.perf_counter())
        if phase == "finished" and self.host:  # keep the load going: same room, new game
            asyncio.get_running_loop().create_task(self._restart())
        self.changed.set()

    async def _restart(self) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.send_str('{"type":"play_again"}')
            await self.ws.send_str('{"type":"start"}')

    def _answer(self, at: float) -> None:
        if self._pending is not None and not self._pending.done():
            self._pending.set_result(at)

    async def wait(self, check: Callable[[], bool], deadline: float) -> bool:
        while not check():
            self.changed.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        return True

    def can_guess(self) -> bool:
        return self.phase == "playing" and not self.done

    async def guess(self, samples: Samples) -> None:
        self._pending = asyncio.get_running_loop().create_future()
        self._pending_rows = self.rows
        sent = time.perf_counter()
        await self.ws.send_str(f'{{"type":"guess","word":"{next(self._words)}"}}')
        try:
            answered = await asyncio.wait_for(self._pending, FEEDBACK_TIMEOUT_S)
        except TimeoutError:
            samples.lost += 1
            return
        finally:
            self._pending, self._pending_rows = None, ROWS + 1
        if math.isnan(answered):
            samples.refused += 1
        else:
            samples.add(sent, answered - sent)

    async def play_round(self, samples: Samples, interval: float, delay: float, stop: float) -> None:
        """Guess until the grid is full or the round ends; ``interval`` 0 is closed loop."""
        await asyncio.sleep(delay)
        next_at = time.monotonic()
        while self.can_guess() and time.monotonic() < stop:
            await self.guess(samples)
            next_at += interval
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))

    async def play_steady(self, samples: Samples, interval: float, offset: float, stop: float) -> None:
        rng = random.Random(id(self))
        delay = offset
        while time.monotonic() < stop:
            seq = self.seq
            await self.play_round(samples, interval, delay + rng.uniform(0, interval), stop)
            if not await self.wait(functools.partial(self._new_round, seq), stop):
                return
            delay = 0.0

    def _new_round(self, seq: int) -> bool:
        return self.seq > seq and self.can_guess()


async def seat_room(
    session: aiohttp.ClientSession, url: str, number: int, answers: list[str], watchers: int = 0
) -> list[Player]:
    """Six sockets: hello each, the first creates the room and sets the options, five join.

    Then ``watchers`` more open the room's link: it is full, so each becomes a watcher.
    """
    players = []
    for seat in range(SEATS):
        ws = await session.ws_connect(f"{url}/ws", max_msg_size=0, autoclose=False)
        words = random.Random(number * SEATS + seat).sample(answers, len(answers))
        player = Player(ws, words, host=seat == 0)
        await player.request({"type": "hello", "deltas": Deltas.on}, "welcome")
        players.append(player)
    code = (await players[0].request({"type": "create", "lang": "en"}, "created")).room
    assert code is not None
    for player in players[1:]:
        await player.request({"type": "join", "room": code}, "room")
    await players[0].request({"type": "options", "rounds": 5, "clock_s": 120}, "room")
    for player in players:  # from now on someone reads: the server's heartbeat pings get their pong
        player.listen()
    for _ in range(watchers):
        players[0].watchers.append(await Watcher.open(session, url, code))
    return players


class Watcher:
    """A tab that watches a full room: it reads every view (or delta), and sends nothing."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, url: str, code: str) -> Watcher:
        ws = await session.ws_connect(f"{url}/ws", max_msg_size=0, autoclose=False)
        await ws.send_str(_encode({"type": "hello", "deltas": Deltas.on}).decode())  # as a browser's tab
        await ws.send_str(_encode({"type": "join", "room": code}).decode())
        async with asyncio.timeout(FEEDBACK_TIMEOUT_S):
            while True:  # the welcome, then the watchers' first view
                msg = await ws.receive()
                if msg.type is not aiohttp.WSMsgType.TEXT:
                    raise ConnectionError(f"a watcher's socket closed: {msg}")
                if '"type":"room"' in msg.data and '"you":null' in msg.data:
                    return cls(ws)
                if '"type":"refused"' in msg.data or '"type":"error"' in msg.data:
                    raise RuntimeError(f"watching refused: {msg.data}")

    async def _read(self) -> None:
        with contextlib.suppress(aiohttp.ClientError, ConnectionError):
            async for msg in self.ws:
                if msg.type is aiohttp.WSMsgType.TEXT:
                    Tally.watched += 1

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.gather(self._reader, return_exceptions=True)


# ---------------------------------------------------------------- the runs


@dataclass
class Options:
    rooms: int
    seconds: float
    interval: float
    profile: str | None
    clients: int = 2  # client processes of the echo runs
    watchers: int = 0  # watchers per room (each a socket that only reads)


async def server_run(url: str, pid: int, opts: Options) -> dict[str, Any]:
    answers = list(word_list("en", 5).answers)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        began = time.perf_counter()
        rooms = [await seat_room(session, url, 0, answers, opts.watchers)]  # loads the lists, starts threads
        await asyncio.sleep(1.0)  # let the server settle before reading RSS
        rss_before = rss_kib(pid)
        jobs = [
            functools.partial(seat_room, session, url, n, answers, opts.watchers)
            for n in range(1, opts.rooms)
        ]
        rooms += await bounded(jobs, CONNECT_PARALLEL // SEATS)
        players = [p for room in rooms for p in room]
        setup_s = time.perf_counter() - began
        heap.freeze_long_lived()  # as the server does: this client's own pauses would count as latency
        await asyncio.sleep(1.0)
        rss_after = rss_kib(pid)
        await asyncio.gather(*(room[0].ws.send_str('{"type":"start"}') for room in rooms))
        try:
            result = await _play(rooms, players, pid, opts, functools.partial(_scrape, session, url))
        finally:
            await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
        per_room = SEATS + opts.watchers  # the first room's are in the "before"
        result["memory"] = _memory(rss_before, rss_after, (len(rooms) - 1) * per_room)
        result["watchers"] = opts.watchers * len(rooms)
        result["setup_s"] = setup_s
        result["metrics"] = await _server_metrics(session, url)
    return result


async def _play(
    rooms: list[list[Player]],
    players: list[Player],
    pid: int,
    opts: Options,
    scrape: Callable[[], Awaitable[str]],
) -> dict[str, Any]:
    await until(lambda: all(p.seq == 1 for p in players), 30, "round 1 to open in every room")
    burst = Samples()
    far = time.monotonic() + 120
    with profiled(pid, opts.profile and f"{opts.profile}-closed.txt", 8), Probe(pid) as closed:
        await asyncio.gather(*(p.play_round(burst, 0.0, 0.0, far) for p in players))
    await until(lambda: all(p.seq == 2 and p.can_guess() for p in players), 60, "round 2 in every room")
    # What the server spends with every room open and nobody guessing (clocks, heartbeats,
    # leases, metrics): at a steady pace it is shared by few guesses.
    with Probe(pid) as idle:
        await asyncio.sleep(IDLE_S)
    cycle = ROWS * opts.interval + DEAD_TIME_S
    start = time.monotonic()
    window = (start + cycle, start + cycle + opts.seconds)
    steady = Samples()
    tasks = [
        asyncio.create_task(
            p.play_steady(steady, opts.interval, cycle * (n // SEATS) / len(rooms), window[1])
        )
        for n, p in enumerate(players)
    ]
    await asyncio.sleep(window[0] - time.monotonic())
    before = await scrape()
    with profiled(pid, opts.profile and f"{opts.profile}-open.txt", opts.seconds), Probe(pid) as probe:
        began = time.perf_counter()
        await asyncio.sleep(window[1] - time.monotonic())
    pauses = _pauses(before, await scrape())
    await asyncio.wait_for(asyncio.gather(*tasks), FEEDBACK_TIMEOUT_S + 5)
    return {
        "players": len(players),
        "rooms": len(rooms),
        "open": summary(steady.within(began, began + probe.wall), probe) | _lost(steady) | pauses,
        "closed": summary(burst.latency, closed) | _lost(burst),
        "idle_cpu_pct": 100 * idle.server / idle.wall,
    }


def _lost(samples: Samples) -> dict[str, int]:
    return {"refused": samples.refused, "timed_out": samples.lost}


def _memory(before: int, after: int, connections: int) -> dict[str, float]:
    return {"rss_before_kib": before, "rss_after_kib": after, "kib_per_conn": (after - before) / connections}


async def _scrape(session: aiohttp.ClientSession, url: str) -> str:
    async with session.get(f"{url}/metrics") as response:
        return await response.text()


def _pauses(before: str, after: str) -> dict[str, float]:
    """Between two scrapes of the server: its collector's passes, and how late its loop woke.

    The loop's lateness is a histogram (server.loop_watch); the longest stall of the
    window is given as the smallest bucket bound it stayed under.
    """
    found: dict[str, float] = {}
    for generation in ("0", "1", "2"):
        pattern = rf'^python_gc_collections_total{{generation="{generation}"}} (\S+)'
        counts = [re.search(pattern, text, re.M) for text in (before, after)]
        if counts[0] and counts[1]:
            found[f"gc{generation}"] = float(counts[1].group(1)) - float(counts[0].group(1))
    delta = _window("wordarena_loop_lag_seconds", before, after)
    total = delta.get(math.inf, 0.0)
    found["stall_max_ms"] = _bound_under(delta, total)
    found["stalls_over_20ms"] = total - delta.get(0.02, total)
    # The server's own time of a guess (arrival to its views written): a tail the clients
    # add (one process reading thousands of sockets) is not in it.
    delta = _window("wordarena_guess_latency_seconds", before, after)
    found["server_p99_ms"] = _bound_under(delta, 0.99 * delta.get(math.inf, 0.0))
    delta = _window("wordarena_store_commit_seconds", before, after)
    found["commits"] = delta.get(math.inf, 0.0)
    found["commit_max_ms"] = _bound_under(delta, found["commits"])
    busy = [re.search(r"^wordarena_store_commits_busy_total (\S+)", text, re.M) for text in (before, after)]
    if busy[0] and busy[1]:  # commits sent to a thread: another writer (a checkpoint, a page) held SQLite
        found["commits_busy"] = float(busy[1].group(1)) - float(busy[0].group(1))
    return found


def _window(histogram: str, before: str, after: str) -> dict[float, float]:
    """A histogram's cumulative buckets between two scrapes."""
    pattern = rf'^{histogram}_bucket{{le="([^"]+)"}} (\S+)'
    counts = [{float(le): float(n) for le, n in re.findall(pattern, text, re.M)} for text in (before, after)]
    return {bound: counts[1].get(bound, 0.0) - counts[0].get(bound, 0.0) for bound in counts[1]}


def _bound_under(delta: dict[float, float], count: float) -> float:
    """The smallest bucket bound (ms) with at least ``count`` observations under it."""
    under = [bound for bound, n in sorted(delta.items()) if n >= count]
    return 1000 * under[0] if under else math.nan


async def _server_metrics(session: aiohttp.ClientSession, url: str) -> dict[str, float]:
    """The server's own view of a guess: from its arrival in the room queue to its views queued."""
    async with session.get(f"{url}/metrics") as response:
        text = await response.text()
    total = re.search(r"^wordarena_guess_latency_seconds_sum (\S+)", text, re.M)
    count = re.search(r"^wordarena_guess_latency_seconds_count (\S+)", text, re.M)
    if not total or not count or float(count.group(1)) == 0:
        return {}
    return {"guesses": float(count.group(1)), "mean_ms": 1000 * float(total.group(1)) / float(count.group(1))}


@dataclass(frozen=True)
class Run:
    every: float  # seconds between a socket's requests; 0: closed loop
    stop: float  # time.monotonic(), the same clock in every process


async def echo_client(
    ws: aiohttp.ClientWebSocketResponse, n: int, pad: int, run: Run, samples: Samples
) -> None:
    """One socket's requests: open loop every ``run.every`` s (closed loop if 0) until ``run.stop``."""
    message = f'{{"type":"guess","word":"crane","n":{n}}}'
    mine = f'{{"echo":{message}' if pad else message
    await asyncio.sleep(random.uniform(0, run.every))
    next_at = time.monotonic()
    while time.monotonic() < run.stop:
        sent = time.perf_counter()
        await ws.send_str(message)
        while True:  # with a fan-out, the frames the others of the group caused come too
            reply = await asyncio.wait_for(ws.receive(), FEEDBACK_TIMEOUT_S)
            if reply.type is not aiohttp.WSMsgType.TEXT:
                return
            Tally.frames += 1
            if reply.data.startswith(mine):
                break
        samples.add(sent, time.perf_counter() - sent)
        next_at += run.every
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))


def echo_worker(url: str, numbers: range, pad: int, listeners: int, pipe: Connection) -> None:
    """A client process of the echo run: its sockets, then each `Run` the pipe sends, until None.

    With ``listeners``, each group of the fan-out has that many more sockets that only read
    (a room's watchers).
    """

    async def work() -> None:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            urls = [f"{url}/ws?group={n // SEATS}&pad={pad}" if pad else f"{url}/ws" for n in numbers]
            conns = await bounded(
                [functools.partial(session.ws_connect, u, max_msg_size=0) for u in urls], 16
            )
            groups = sorted({n // SEATS for n in numbers}) if pad else []
            extra = [f"{url}/ws?group={g}&pad={pad}" for g in groups for _ in range(listeners)]
            ears = await bounded(
                [functools.partial(session.ws_connect, u, max_msg_size=0) for u in extra], 16
            )
            readers = [asyncio.create_task(_drain(ws)) for ws in ears]
            heap.freeze_long_lived()  # the same collector settings as the server run's client
            pipe.send("ready")
            while (run := await asyncio.to_thread(pipe.recv)) is not None:
                samples, frames = Samples(), Tally.frames
                clients = asyncio.gather(
                    *(echo_client(ws, n, pad, run, samples) for ws, n in zip(conns, numbers))
                )
                await asyncio.wait_for(clients, run.stop - time.monotonic() + FEEDBACK_TIMEOUT_S + run.every)
                pipe.send((samples.sent, samples.latency, Tally.frames - frames))
            await asyncio.gather(*(ws.close() for ws in [*conns, *ears]), return_exceptions=True)
            await asyncio.gather(*readers, return_exceptions=True)

    asyncio.run(work())


async def _drain(ws: aiohttp.ClientWebSocketResponse) -> None:
    with contextlib.suppress(aiohttp.ClientError, ConnectionError):
        async for _ in ws:
            pass


async def echo_run(
    url: str, pid: int, sockets: int, rate: float, opts: Options, pad: int = 0, listeners: int = 0
) -> dict[str, Any]:
    """The same request → response pattern against the echo server: open loop at ``rate``/s, then closed.

    ``opts.clients`` processes share the sockets (one cannot saturate the echo server).
    With ``pad``, sockets go in groups of 6 and every frame comes back, padded to ``pad``
    characters, to the 6 of them: the fan-out of a guess's views, without the game.
    """
    groups = -(-sockets // SEATS)  # a group never spans two processes
    bounds = [SEATS * (groups * k // opts.clients) for k in range(opts.clients)] + [sockets]
    spawn = multiprocessing.get_context("spawn")
    pipes, workers = [], []
    async with aiohttp.ClientSession() as session, session.ws_connect(f"{url}/ws"):
        await asyncio.sleep(1.0)  # one socket open: the first connection's costs are paid
        rss_before = rss_kib(pid)
        try:
            for first, end in itertools.pairwise(bounds):
                pipes.append((ends := spawn.Pipe())[0])
                numbers = range(first, end)
                workers.append(
                    spawn.Process(target=echo_worker, args=(url, numbers, pad, listeners, ends[1]))
                )
                workers[-1].start()
            await asyncio.gather(*(asyncio.to_thread(_answer, p, SETUP_TIMEOUT_S) for p in pipes))
            await asyncio.sleep(1.0)
            rss_after = rss_kib(pid)
            pids = [os.getpid(), *(w.pid or 0 for w in workers)]
            results = {
                name: await _echo_phase(pipes, Probe(pid, pids), every, seconds)
                for name, every, seconds in (
                    ("open", sockets / rate, opts.seconds),
                    ("closed", 0.0, opts.seconds / 2),
                )
            }
            for pipe in pipes:
                pipe.send(None)
            for worker in workers:
                worker.join(10)
        finally:
            for worker in workers:
                if worker.is_alive():
                    worker.kill()
    return {"sockets": sockets, **results, "memory": _memory(rss_before, rss_after, sockets)}


async def _echo_phase(
    pipes: list[Connection], probe: Probe, every: float, seconds: float
) -> dict[str, float]:
    began, run, samples = time.perf_counter(), Run(every, time.monotonic() + seconds), Samples()
    with probe:
        for pipe in pipes:
            pipe.send(run)
        for sent, latency, frames in await asyncio.gather(
            *(asyncio.to_thread(_answer, p, seconds + 2 * FEEDBACK_TIMEOUT_S) for p in pipes)
        ):
            samples.sent += sent
            samples.latency += latency
            Tally.frames += frames
    return summary(samples.within(began, began + seconds), probe, seconds)


def _answer(pipe: Connection, timeout: float) -> Any:
    if not pipe.poll(timeout):
        raise TimeoutError("an echo client process did not answer in time")
    return pipe.recv()


# ---------------------------------------------------------------- report


TABLE: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
    ("ops/s", lambda s: f"{s['per_s']:.0f}"),
    ("p50 / p99 / max ms", lambda s: f"{s['p50_ms']:.1f} / {s['p99_ms']:.1f} / {s['max_ms']:.0f}"),
    ("server CPU ms per op", lambda s: f"{s['server_cpu_ms_per_op']:.3f}"),
    ("frames sent per op", lambda s: f"{s['frames_per_op']:.1f}"),
    ("CPU % server / client / others", lambda s: _cpu(s)),
]


def report(
    server: dict[str, Any], echo: dict[str, Any], fan: dict[str, Any], opts: Options
) -> dict[str, Any]:
    """The table, the ratios and the aims; returns everything for the JSON line."""
    runs = (server, echo, fan)
    lines = [
        (
            "connected sockets",
            f"{server['players']} in {server['rooms']} rooms",
            *[str(r["sockets"]) for r in runs[1:]],
        )
    ]
    for loop, what in (("open", "open loop (same offered load)"), ("closed", "closed loop (saturation)")):
        lines.append((what, "", "", ""))
        lines += [(f"  {name}", *[show(r[loop]) for r in runs]) for name, show in TABLE]
    lines += [  # not for the fan-out echo: its process reuses what the plain run's sockets freed
        ("RSS after the 1st room → all, MiB", *[_rss(r["memory"]) for r in runs[:2]], "-"),
        ("memory per connection, KiB", *[f"{r['memory']['kib_per_conn']:.1f}" for r in runs[:2]], "-"),
    ]
    print(
        f"\nDuel de Mots load: {server['players']} players, a guess every {opts.interval:g} s, "
        f"window {opts.seconds:g} s, loopback. Client, server and echo server share the "
        f'{os.cpu_count()} cores with whatever else runs ("others": 100 % = one core).'
    )
    width = max(len(line[0]) for line in lines)
    heads = (
        "wordarena guess→feedback",
        "echo round trip",
        f"echo, fan-out {SEATS}×{server['mean_frame_chars']} B",
    )
    print(f"{'':<{width}}  {heads[0]:>26}  {heads[1]:>18}  {heads[2]:>24}")
    print("\n".join(f"{a:<{width}}  {b:>26}  {c:>18}  {d:>24}" for a, b, c, d in lines))
    so, sc = server["open"], server["closed"]
    print(f"set-up (connect, hello, create or join, options): {server['setup_s']:.1f} s")
    print(
        f"guesses refused {so['refused'] + sc['refused']}, timed out {so['timed_out'] + sc['timed_out']}; "
        f"server-side time of a guess (room queue + game + views), mean "
        f"{server['metrics'].get('mean_ms', math.nan):.2f} ms"
    )
    ratios = {
        "open": so["per_s"] / echo["open"]["per_s"],
        "closed": sc["per_s"] / echo["closed"]["per_s"],
        "cpu": echo["closed"]["server_cpu_ms_per_op"] / sc["server_cpu_ms_per_op"],
        "closed_fan": sc["per_s"] / fan["closed"]["per_s"],
        "cpu_fan": fan["closed"]["server_cpu_ms_per_op"] / sc["server_cpu_ms_per_op"],
    }
    print(
        f"ratio guesses/s ÷ echo round trips/s: open loop {ratios['open']:.2f}, "
        f"closed loop {ratios['closed']:.2f}"
    )
    print(
        f"ratio server CPU per op, echo ÷ wordarena (closed loop): {ratios['cpu']:.2f}; "
        f"on one core of its own the server would do ≈ {1000 / sc['server_cpu_ms_per_op']:.0f} guesses/s"
    )
    # The aims (bench/README.md, Aims): the fan-out echo does what a guess's views need of the sockets.
    print(
        f"against the fan-out echo (closed loop): guesses/s ratio {ratios['closed_fan']:.2f} "
        f"[aim ≥ 0.90: {_verdict(ratios['closed_fan'] >= 0.9)}], CPU per op ratio {ratios['cpu_fan']:.2f} "
        f"[aim ≥ 0.50, i.e. at most twice the echo's: {_verdict(ratios['cpu_fan'] >= 0.5)}]"
    )
    print(f"p99 at steady load {so['p99_ms']:.1f} ms [aim < 20 ms: {_verdict(so['p99_ms'] < 20)}]")
    if "idle_cpu_pct" in server:
        idle_ms = 10 * server["idle_cpu_pct"]  # CPU ms per second
        print(
            f"server CPU with every room open and nobody guessing: {idle_ms:.0f} ms a second, "
            f"{idle_ms / max(so['per_s'], 1e-9):.3f} ms of each steady guess"
        )
    if "gc0" in so:
        print(
            f"steady window: collector passes gen0/1/2 {so['gc0']:.0f}/{so['gc1']:.0f}/{so['gc2']:.0f}; "
            f"the loop's longest stall ≤ {so['stall_max_ms']:.0f} ms, stalls over 20 ms: "
            f"{so['stalls_over_20ms']:.0f}; the server's own p99 (arrival to views written) "
            f"≤ {so['server_p99_ms']:.0f} ms; {so['commits']:.0f} commits, the longest ≤ "
            f"{so['commit_max_ms']:.0f} ms, {so.get('commits_busy', 0):.0f} of them sent to a thread (busy)"
        )
    return {"server": server, "echo": echo, "echo_fan_out": fan, "ratios": ratios}


def _cpu(s: dict[str, float]) -> str:
    return f"{s['server_cpu_pct']:.0f} / {s['client_cpu_pct']:.0f} / {s['others_cpu_pct']:.0f}"


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def _rss(m: dict[str, float]) -> str:
    return f"{m['rss_before_kib'] / 1024:.1f} → {m['rss_after_kib'] / 1024:.1f}"


# ---------------------------------------------------------------- main


def measure(stack: contextlib.ExitStack, tmp: Path, opts: Options) -> None:
    eport = free_port()
    echo = stack.enter_context(
        child([sys.executable, "-m", "bench.load_duel", "--echo-server", str(eport)], tmp / "echo.log")
    )
    echo_url = f"http://{HOST}:{eport}"
    wait_ready(f"{echo_url}/", echo, tmp / "echo.log")
    server = run_server(tmp / "alone", dataclasses.replace(opts, watchers=0))
    players, rate = server["players"], server["open"]["per_s"]
    server["mean_frame_chars"] = pad = round(Tally.chars / Tally.frames)
    echo_result = asyncio.run(echo_run(echo_url, echo.pid, players, rate, opts))
    print(f"plain echo done; echo with fan-out to {SEATS}...", file=sys.stderr)
    fan = asyncio.run(echo_run(echo_url, echo.pid, players, rate, opts, pad))
    result = report(server, echo_result, fan, opts)
    if opts.watchers:
        print(
            f"with {opts.watchers} watchers per room: the server, then the fan-out echo...", file=sys.stderr
        )
        watched = run_server(tmp / "watched", opts)
        fan_w = asyncio.run(echo_run(echo_url, echo.pid, players, rate, opts, pad, opts.watchers))
        result["watchers"] = report_watchers(server, watched, fan, fan_w, opts)
    print(json.dumps(result, separators=(",", ":")))


def run_server(tmp: Path, opts: Options) -> dict[str, Any]:
    """A fresh server process (its own data folder), loaded by `server_run`, then stopped."""
    port = free_port()
    serve = [sys.executable, "-m", "wordarena", "serve", "--host", HOST, "--port", str(port)]
    serve += ["--max-sockets-per-ip", "1000000", "--new-identities-per-minute", "1000000"]  # one address
    tmp.mkdir(parents=True, exist_ok=True)
    with child([*serve, "--data-dir", str(tmp / "data")], tmp / "server.log") as server:
        url = f"http://{HOST}:{port}"
        wait_ready(f"{url}/healthz", server, tmp / "server.log")
        print(f"server up; its start-up work done after {wait_idle(server.pid):.0f} s", file=sys.stderr)
        result: dict[str, Any] = asyncio.run(server_run(url, server.pid, opts))
        os.kill(server.pid, signal.SIGTERM)
    print(f"server run done ({result['open']['per_s']:.0f} guesses/s)", file=sys.stderr)
    return result


def report_watchers(
    alone: dict[str, Any], watched: dict[str, Any], fan: dict[str, Any], fan_w: dict[str, Any], opts: Options
) -> dict[str, Any]:
    """What the watchers cost a guess, against what as many more sockets cost the fan-out echo."""
    out: dict[str, Any] = {"per_room": opts.watchers, "sockets": watched.get("watchers", 0)}
    print(
        f"\nwith {opts.watchers} watchers per room ({out['sockets']} more sockets, a view each per change):"
    )
    for loop in ("open", "closed"):
        wa = watched[loop]["server_cpu_ms_per_op"] - alone[loop]["server_cpu_ms_per_op"]
        echo = fan_w[loop]["server_cpu_ms_per_op"] - fan[loop]["server_cpu_ms_per_op"]
        out[loop] = {
            "wordarena_extra_ms": wa,
            "echo_extra_ms": echo,
            "ratio": wa / echo if echo > 0 else math.inf,
        }
        print(
            f"  {loop:6} CPU per guess: wordarena {alone[loop]['server_cpu_ms_per_op']:.3f} → "
            f"{watched[loop]['server_cpu_ms_per_op']:.3f} ms (+{wa:.3f}); fan-out echo {SEATS} → "
            f"{SEATS}+{opts.watchers}: {fan[loop]['server_cpu_ms_per_op']:.3f} → "
            f"{fan_w[loop]['server_cpu_ms_per_op']:.3f} ms (+{echo:.3f}) "
            f"[aim: wordarena's extra ≤ the echo's: {_verdict(wa <= echo)}]"
        )
    so = watched["open"]
    idle = 10 * (watched["idle_cpu_pct"] - alone["idle_cpu_pct"]) / max(so["per_s"], 1e-9)
    out["idle_extra_ms_per_guess"] = idle
    print(
        f"  steady p50 / p99 / max with watchers {so['p50_ms']:.1f} / {so['p99_ms']:.1f} / "
        f"{so['max_ms']:.0f} ms; frames to a watcher per guess of its room "
        f"{so['watcher_frames_per_op'] / max(opts.watchers, 1):.2f}; "
        f"memory per socket {watched['memory']['kib_per_conn']:.1f} KiB\n"
        f"  of the open loop's extra, {idle:.3f} ms a guess is what the watchers' sockets cost with "
        f"nobody guessing (heartbeats: the echo sends none)"
    )
    return out


def add_load_options(parser: argparse.ArgumentParser) -> None:
    """The load's flags, shared with the peer benchmark (bench.peer): the same load on both."""
    parser.add_argument("--rooms", type=int, default=167, help="rooms of 6 players (default 167 ≈ 1,000)")
    parser.add_argument("--seconds", type=float, default=20.0, help="open-loop measured window")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between a player's guesses")
    parser.add_argument("--quick", action="store_true", help="smoke run: 10 rooms, 5 s, a guess every 0.5 s")
    parser.add_argument("--clients", type=int, default=2, help="client processes of the echo runs")


def load_options(args: argparse.Namespace, profile: str | None = None, watchers: int = 0) -> Options:
    if args.quick:
        args.rooms, args.seconds, args.interval = 10, 5.0, 0.5
    return Options(
        args.rooms, args.seconds, max(args.interval, 0.05), profile, max(1, args.clients), watchers
    )


def raise_file_limit() -> None:
    """Thousands of sockets: the descriptor limit up to its hard limit (the children inherit it)."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    add_load_options(parser)
    parser.add_argument("--profile", metavar="PREFIX", help="py-spy the server: PREFIX-open.txt, -closed.txt")
    parser.add_argument(
        "--full-views",
        action="store_true",
        help="players take whole views (the default: deltas, as the browser)",
    )
    parser.add_argument(
        "--watchers", type=int, default=0, help="watchers per room: a second server run with them"
    )
    parser.add_argument("--echo-server", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        serve_echo(args.echo_server)
        return
    Deltas.on = not args.full_views
    opts = load_options(args, args.profile, args.watchers)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    raise_file_limit()
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="load_duel-")))
        measure(stack, tmp, opts)


if __name__ == "__main__":
    main()
