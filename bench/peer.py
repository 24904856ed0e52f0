"""Side by side, same run: wordarena, a Node.js socket.io word-race relay (the peer) and an echo, rooms of 6.

    python -m bench.peer [--rooms N] [--seconds S] [--interval I] [--runs wordarena,peer,echo]
    python -m bench.peer --quick    # smoke run: 10 rooms, 5 s, a guess every 0.5 s

The peer (``bench/peer/relay``, see its README) is built the way the small
open-source multiplayer word games are: Node.js, socket.io rooms, and clients that
score their own guesses; the server keeps the board it is sent and broadcasts it to
the room. It is the least a real-time word game server can do for a guess, so the
table shows what wordarena's own scoring and per-player views cost beyond it. Its
npm dependencies are installed on the first run (``npm ci`` from the committed
lock file, into ``bench/peer/relay/node_modules``, which git ignores).

One run, one after the other on the same machine (each server alone while it is
measured), the same players, rooms and pace:

1. **wordarena**: ``bench.load_duel``'s server run as it is (the real server,
   started with load_duel's flags): closed loop on round 1, then open loop.
2. **peer**: ``node bench/peer/relay/server.js`` on a free loopback port, driven by
   a minimal Engine.IO 4 / Socket.IO client over aiohttp (no socket.io package on
   the Python side). Each room: 6 sockets ``joinRoom``; a guess is a
   ``wrongGuess(room, board)`` with the 6×5 board the player scored, and its latency
   runs to the room's ``gameBoardsUpdated`` broadcast of that player's board.
   Closed loop first (every player fills its 6 rows back to back), then open loop:
   a guess every I seconds, 6 to a board, then the 9.1 s wordarena's reveal and
   round card leave without guessing, rooms spread over that cycle, so the offered
   load is the one load_duel offers wordarena (≈ players × 6 / (6·I + 9.1 s)).
3. **echo**: ``bench.load_duel``'s plain echo run (a guess-sized frame and its
   echo), open loop at the rate wordarena sustained, then closed loop.

Server CPU comes from /proc/PID/stat (node's threads included), memory per
connection from VmRSS after the first room and after every socket.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import itertools
import json
import math
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import msgspec

from bench import load_duel
from bench.load_duel import (
    CONNECT_PARALLEL,
    DEAD_TIME_S,
    FEEDBACK_TIMEOUT_S,
    HOST,
    ROWS,
    SEATS,
    Options,
    Probe,
    Samples,
    Tally,
    add_load_options,
    bounded,
    load_options,
    raise_file_limit,
    rss_kib,
    summary,
    wait_idle,
)
from testkit.processes import child, free_port, wait_ready
from wordarena.core.feedback import pattern
from wordarena.core.lexicon import word_list
from wordarena.server import heap

RELAY = Path(__file__).resolve().parent / "peer" / "relay"
PEER = "peer (socket.io relay)"
RUNS = ("wordarena", "peer", "echo")
LETTERS = 5
_encode = msgspec.json.Encoder().encode


# ---------------------------------------------------------------- the peer's process


def ensure_relay() -> None:
    """node and the relay's npm packages, installed from the lock file when missing or out of date."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: sh tools/ensure-node.sh installs the system's Node.js")
    stamp = RELAY / "node_modules" / ".package-lock.json"  # npm writes it after a complete install
    if stamp.is_file() and stamp.stat().st_mtime >= (RELAY / "package-lock.json").stat().st_mtime:
        return
    print("installing the relay's npm packages (npm ci, first run only)...", file=sys.stderr)
    subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=RELAY,
        check=True,
        timeout=300,
        stdout=sys.stderr,  # stdout is the report's
    )


# ---------------------------------------------------------------- a Socket.IO client, the few bits needed


class Sio:
    """One Socket.IO (protocol 5, Engine.IO 4) connection over a bare WebSocket.

    The packets a player needs: the server's open packet ``0{...}``, the namespace's
    connect ``40`` (answered ``40{"sid": ...}``, the socket's id in the room's
    broadcasts), events ``42[name, ...args]``, and the server's ping ``2``, which
    must be answered ``3`` or the server closes the socket after its ping timeout.
    """

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, sid: str) -> None:
        self.ws, self.sid = ws, sid

    @classmethod
    async def connect(cls, session: aiohttp.ClientSession, url: str) -> Sio:
        ws = await session.ws_connect(
            f"{url}/socket.io/?EIO=4&transport=websocket", max_msg_size=0, autoclose=False
        )
        if not (await ws.receive_str(timeout=FEEDBACK_TIMEOUT_S)).startswith("0"):
            raise ConnectionError("no Engine.IO open packet")
        await ws.send_str("40")
        while True:
            text = await ws.receive_str(timeout=FEEDBACK_TIMEOUT_S)
            if text == "2":
                await ws.send_str("3")
            elif text.startswith("40"):
                return cls(ws, json.loads(text[2:])["sid"])
            elif text.startswith("44"):
                raise ConnectionError(f"namespace refused: {text}")

    async def emit(self, event: str, *args: Any) -> None:
        await self.ws.send_str("42" + _encode([event, *args]).decode())

    async def event(self, name: str) -> list[Any]:
        """The args of the next event ``name`` (set-up only, before a reader task takes the socket)."""
        while True:
            text = await self.ws.receive_str(timeout=FEEDBACK_TIMEOUT_S)
            if text == "2":
                await self.ws.send_str("3")
            elif text.startswith("42"):
                message = json.loads(text[2:])
                if message[0] == name:
                    return list(message[1:])


# ---------------------------------------------------------------- one player of the peer


COLOURS = {"G": "correct", "Y": "present", "-": "absent"}


def score(guess: str, answer: str) -> list[dict[str, str]]:
    """The colours of a guess as the peer's players send them: the core's two-pass hints (A1)."""
    return [{"letter": g, "color": COLOURS[m]} for g, m in zip(guess, pattern(answer, guess), strict=True)]


EMPTY_ROW = [{"letter": "", "color": ""}] * LETTERS


class PeerPlayer:
    def __init__(self, sio: Sio, room: str, words: list[str], answers: list[str]) -> None:
        self.sio, self.room = sio, room
        self._words, self._answers = words, answers  # shuffled for this player
        self._n = 0
        self.rows: list[list[dict[str, str]]] = []
        self.answer = answers[0]
        self._mine = f'42["gameBoardsUpdated","{sio.sid}",'
        self._pending: asyncio.Future[float] | None = None
        self._reader: asyncio.Task[None] | None = None

    def listen(self) -> None:
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def close(self) -> None:
        await self.sio.ws.close()
        if self._reader:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def _read(self) -> None:
        ws = self.sio.ws
        with contextlib.suppress(aiohttp.ClientError, ConnectionError):
            async for msg in ws:
                if msg.type is not aiohttp.WSMsgType.TEXT:
                    continue
                if msg.data == "2":
                    await ws.send_str("3")
                    continue
                Tally.frames += 1
                # Every broadcast of this player's board answers its one guess in flight
                # (a player never has two); the others' boards are only counted.
                if msg.data.startswith(self._mine) and self._pending and not self._pending.done():
                    self._pending.set_result(time.perf_counter())

    def new_board(self, number: int) -> None:
        self.rows, self.answer = [], self._answers[number % len(self._answers)]

    async def guess(self, samples: Samples) -> None:
        word = self._words[self._n % len(self._words)]
        self._n += 1
        self.rows.append(score(word, self.answer))
        board = self.rows + [EMPTY_ROW] * (ROWS - len(self.rows))
        self._pending = asyncio.get_running_loop().create_future()
        sent = time.perf_counter()
        await self.sio.emit("wrongGuess", self.room, board)
        try:
            answered = await asyncio.wait_for(self._pending, FEEDBACK_TIMEOUT_S)
        except TimeoutError:
            samples.lost += 1
            return
        finally:
            self._pending = None
        samples.add(sent, answered - sent)

    async def fill_board(self, samples: Samples) -> None:
        """Closed loop: each guess once the last one's broadcast came back, until the 6 rows are full."""
        while len(self.rows) < ROWS:
            await self.guess(samples)

    async def play_steady(self, samples: Samples, interval: float, start: float, stop: float) -> None:
        """Open loop on a fixed timeline: board k's guesses at start + k·cycle + i·interval, i < 6."""
        cycle = ROWS * interval + DEAD_TIME_S
        for board in itertools.count():
            self.new_board(board + 1)
            for row in range(ROWS):
                at = start + board * cycle + row * interval
                if at >= stop:
                    return
                await asyncio.sleep(max(0.0, at - time.monotonic()))
                await self.guess(samples)


async def seat_peer_room(
    session: aiohttp.ClientSession, url: str, number: int, answers: list[str]
) -> list[PeerPlayer]:
    """Six sockets join room ``r<number>``; the room's answers are one shuffled list, the same for its 6."""
    room = f"r{number}"
    solutions = random.Random(f"answers {number}").sample(answers, len(answers))
    players = []
    for seat in range(SEATS):
        sio = await Sio.connect(session, url)
        words = random.Random(number * SEATS + seat).sample(answers, len(answers))
        player = PeerPlayer(sio, room, words, solutions)
        await sio.emit("joinRoom", room, f"player {seat + 1}")
        await sio.event("roomJoined")
        players.append(player)
    for player in players:  # from now on someone reads each socket, and answers the server's pings
        player.listen()
    return players


async def peer_run(url: str, pid: int, opts: Options) -> dict[str, Any]:
    """load_duel's server run, against the peer: set-up, closed loop, open loop, memory."""
    answers = list(word_list("en", 5).answers)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        began = time.perf_counter()
        rooms = [await seat_peer_room(session, url, 0, answers)]
        await asyncio.sleep(1.0)  # let the server settle before reading RSS
        rss_before = rss_kib(pid)
        jobs = [functools.partial(seat_peer_room, session, url, n, answers) for n in range(1, opts.rooms)]
        rooms += await bounded(jobs, CONNECT_PARALLEL // SEATS)
        players = [p for room in rooms for p in room]
        setup_s = time.perf_counter() - began
        heap.freeze_long_lived()  # the collector settings of load_duel's client
        await asyncio.sleep(1.0)
        rss_after = rss_kib(pid)
        try:
            burst = Samples()
            with Probe(pid) as closed:
                await asyncio.gather(*(p.fill_board(burst) for p in players))
            cycle = ROWS * opts.interval + DEAD_TIME_S
            start = time.monotonic() + 1.0
            window = (start + cycle, start + cycle + opts.seconds)  # every room at its steady pace
            steady = Samples()
            # room k of N starts k/N into the cycle, each player at its own phase within a guess's interval
            starts = [
                start + cycle * (n // SEATS) / len(rooms) + random.Random(n).uniform(0, opts.interval)
                for n in range(len(players))
            ]
            tasks = [
                asyncio.create_task(p.play_steady(steady, opts.interval, at, window[1]))
                for p, at in zip(players, starts)
            ]
            await asyncio.sleep(window[0] - time.monotonic())
            with Probe(pid) as probe:
                t0 = time.perf_counter()
                await asyncio.sleep(window[1] - time.monotonic())
            await asyncio.wait_for(asyncio.gather(*tasks), FEEDBACK_TIMEOUT_S + 5)
        finally:
            await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
    return {
        "players": len(players),
        "rooms": len(rooms),
        "open": summary(steady.within(t0, t0 + probe.wall), probe) | load_duel._lost(steady),
        "closed": summary(burst.latency, closed) | load_duel._lost(burst),
        "memory": load_duel._memory(rss_before, rss_after, len(players) - SEATS),
        "setup_s": setup_s,
    }


# ---------------------------------------------------------------- the three runs


def offered_rate(opts: Options) -> float:
    """Guesses/s the open loop offers: players × 6 per cycle of 6 guesses and the dead time."""
    return opts.rooms * SEATS * ROWS / (ROWS * opts.interval + DEAD_TIME_S)


@contextlib.contextmanager
def started(command: list[str], log: Path, ready: str) -> Iterator[int]:
    """A server as a child process (ended whatever happens), once ``ready`` answers; yields its pid."""
    with child(command, log) as proc:
        wait_ready(ready, proc, log)
        yield proc.pid


def run_wordarena(tmp: Path, opts: Options) -> dict[str, Any]:
    port = free_port()
    serve = [sys.executable, "-m", "wordarena", "serve", "--host", HOST, "--port", str(port)]
    # load_duel's raised limits: every socket comes from one address
    serve += ["--max-sockets-per-ip", "100000", "--new-identities-per-minute", "100000"]
    url = f"http://{HOST}:{port}"
    with started([*serve, "--data-dir", str(tmp / "data")], tmp / "server.log", f"{url}/healthz") as pid:
        print(f"wordarena up; its start-up work done after {wait_idle(pid):.0f} s", file=sys.stderr)
        result: dict[str, Any] = asyncio.run(load_duel.server_run(url, pid, opts))
    return result


def run_peer(tmp: Path, opts: Options) -> dict[str, Any]:
    ensure_relay()
    port = free_port()
    command = ["node", str(RELAY / "server.js"), str(port), HOST]
    with started(command, tmp / "peer.log", f"http://{HOST}:{port}/") as pid:
        wait_idle(pid, 10)
        result: dict[str, Any] = asyncio.run(peer_run(f"http://{HOST}:{port}", pid, opts))
    return result


def run_echo(tmp: Path, opts: Options, sockets: int, rate: float) -> dict[str, Any]:
    port = free_port()
    command = [sys.executable, "-m", "bench.load_duel", "--echo-server", str(port)]
    with started(command, tmp / "echo.log", f"http://{HOST}:{port}/") as pid:
        result: dict[str, Any] = asyncio.run(
            load_duel.echo_run(f"http://{HOST}:{port}", pid, sockets, rate, opts)
        )
    return result


# ---------------------------------------------------------------- report


#: label, value, format, and whether a ratio of it means anything
ROWS_SHOWN: list[tuple[str, Callable[[dict[str, Any]], float], str, bool]] = [
    ("steady: ops/s (offered the same)", lambda r: r["open"]["per_s"], "{:.0f}", True),
    ("steady: p50 ms", lambda r: r["open"]["p50_ms"], "{:.2f}", True),
    ("steady: p99 ms", lambda r: r["open"]["p99_ms"], "{:.2f}", True),
    ("steady: max ms", lambda r: r["open"]["max_ms"], "{:.1f}", True),
    ("steady: server CPU ms per op", lambda r: r["open"]["server_cpu_ms_per_op"], "{:.3f}", True),
    ("saturated: ops/s", lambda r: r["closed"]["per_s"], "{:.0f}", True),
    ("saturated: server CPU ms per op", lambda r: r["closed"]["server_cpu_ms_per_op"], "{:.3f}", True),
    ("saturated: client CPU %", lambda r: r["closed"]["client_cpu_pct"], "{:.0f}", False),
    # the rest of the machine during the steady window: its noise, in % of one core
    ("steady: others' CPU % (noise)", lambda r: r["open"]["others_cpu_pct"], "{:.0f}", False),
    ("memory per connection, KiB", lambda r: r["memory"]["kib_per_conn"], "{:.1f}", True),
]


def report(results: dict[str, dict[str, Any]], opts: Options) -> dict[str, Any]:
    def value(run: str, get: Callable[[dict[str, Any]], float]) -> float:
        return get(results[run]) if run in results else math.nan

    def ratio(a: float, b: float) -> float:
        return a / b if b and not math.isnan(a) and not math.isnan(b) else math.nan

    heads = ("wordarena", PEER, "echo", "peer/echo", "wordarena/echo", "wordarena/peer")
    lines, ratios = [], {}
    for label, get, fmt, ratios_mean in ROWS_SHOWN:
        w, p, e = (value(run, get) for run in RUNS)
        row = (ratio(p, e), ratio(w, e), ratio(w, p)) if ratios_mean else (math.nan,) * 3
        ratios[label] = {h: None if math.isnan(v) else v for h, v in zip(heads[3:], row)}  # strict JSON
        lines.append((label, *(_show(fmt, v) for v in (w, p, e)), *(_show("{:.2f}", v) for v in row)))
    players = opts.rooms * SEATS
    print(
        f"\nRooms of {SEATS}: {opts.rooms} rooms ({players} sockets), a guess every {opts.interval:g} s "
        f"(6 to a board, then {DEAD_TIME_S:g} s without), window {opts.seconds:g} s, loopback, "
        f"{os.cpu_count()} cores shared with the client. op = a guess (echo: a round trip); latency = "
        "guess sent → the frame that shows it (wordarena: the player's view; peer: the room's broadcast)."
    )
    width = max(len(line[0]) for line in lines)
    sizes = [max(len(h), 9) for h in heads]
    print(f"{'':<{width}}  " + "  ".join(f"{h:>{s}}" for h, s in zip(heads, sizes)))
    for line in lines:
        print(f"{line[0]:<{width}}  " + "  ".join(f"{c:>{s}}" for c, s in zip(line[1:], sizes)))
    lost = {
        run: {k: r["open"][k] + r["closed"][k] for k in ("refused", "timed_out")}
        for run, r in results.items()
        if run != "echo"
    }
    print(f"guesses refused / timed out: {json.dumps(lost)}")
    return {"results": results, "ratios": ratios}


def _show(fmt: str, v: float) -> str:
    return "-" if math.isnan(v) else fmt.format(v)


# ---------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    add_load_options(parser)
    parser.add_argument("--runs", default=",".join(RUNS), help="which of wordarena,peer,echo to run")
    args = parser.parse_args()
    runs = [r for r in args.runs.split(",") if r]
    if not runs or set(runs) - set(RUNS):
        parser.error(f"--runs takes some of {','.join(RUNS)}")
    opts = load_options(args)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    raise_file_limit()
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-peer-") as name:
        tmp = Path(name)
        if "wordarena" in runs:
            results["wordarena"] = run_wordarena(tmp, opts)
            print(f"wordarena done ({results['wordarena']['open']['per_s']:.0f} guesses/s)", file=sys.stderr)
        if "peer" in runs:
            results["peer"] = run_peer(tmp, opts)
            print(f"peer done ({results['peer']['open']['per_s']:.0f} guesses/s)", file=sys.stderr)
        if "echo" in runs:
            # load_duel's convention: the echo is offered the rate wordarena sustained
            rate = results["wordarena"]["open"]["per_s"] if "wordarena" in results else offered_rate(opts)
            results["echo"] = run_echo(tmp, opts, opts.rooms * SEATS, rate)
            print("echo done", file=sys.stderr)
    print(json.dumps(report(results, opts), separators=(",", ":")))


if __name__ == "__main__":
    main()
