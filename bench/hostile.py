"""Attacks on a live server while players keep playing: what they cost the players, and what they leave.

    python -m bench.hostile [--attack NAME ...] [--seconds S] [--rooms R]

A real server (``python -m wordarena serve``, its defaults, a limit of 1,024 open
files as systemd gives by default) on loopback. Its players come from 127.0.0.1:
R rooms of six, each player guessing once a second (bench.load_duel's players),
and a probe that says ``hello`` with a known identity four times a second from a
new address each time (127.0.1.x, as a new player would). Each attack then runs
for S seconds from addresses of its own (127.0.0.2 and up), in a process of its
own, and the report gives, per attack:

- the players' hello and guess round trips (p50, p99, max) during the attack,
  beside the same figures measured quietly before the attacks (the baseline);
- what the server wrote to its log meanwhile (lines, tracebacks);
- what the attack met: HTTP statuses, close codes, what got through.

The attacks: ``claims`` (wrong transfer codes, 300 at once then at full speed, and
transfer codes asked with a valid token ten times a second), ``idle`` (idle TCP
connections from many addresses, past the descriptor limit), ``names`` (look-alikes
of the bot mark, stacked accents, invisible letters), ``deep`` (JSON nested 1,000
deep, before and after hello), ``http`` (malformed requests), ``readers`` (sockets
that ask for views and never read them), ``flood`` (frames at full speed).
Not a timed test: the machine is shared; run it alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp

from bench.load_duel import Player, Samples, seat_room
from testkit.processes import HOST, child, free_port, wait_ready
from wordarena.core import lexicon
from wordarena.probes import CLOSE, RawSocket, text_frame

FILE_LIMIT = 1_024  # the usual systemd default for a service
PROBES_PER_S = 4
#: Attacks that need longer: a non-reader first fills what the kernels take, then a write waits 10 s.
MIN_SECONDS = {"readers": 40.0}
ATTACKS: dict[str, Callable[[str, float], Awaitable[dict[str, Any]]]] = {}


def attack(name: str) -> Callable[[Any], Any]:
    def register(run: Any) -> Any:
        ATTACKS[name] = run
        return run

    return register


def session_from(address: str, limit: int = 100) -> aiohttp.ClientSession:
    connector = aiohttp.TCPConnector(local_addr=(address, 0), limit=limit, force_close=True)
    return aiohttp.ClientSession(connector=connector)


# ---------------------------------------------------------------- the attacks


@attack("claims")
async def claims(url: str, seconds: float) -> dict[str, Any]:
    statuses: Counter[str] = Counter()
    async with session_from("127.0.0.2", limit=400) as session:

        async def claim() -> None:
            try:
                async with session.post(f"{url}/api/transfer/claim", json={"code": "AAAAA-AAAAA"}) as r:
                    statuses[f"claim {r.status}"] += 1
            except aiohttp.ClientError as error:
                statuses[f"claim {type(error).__name__}"] += 1

        await asyncio.gather(*(claim() for _ in range(300)))  # all at once
        async with session.ws_connect(f"{url}/ws") as ws:  # a valid token, for transfer codes
            await ws.send_str('{"type":"hello","ui":"en"}')
            token = (await ws.receive_json())["token"]
        stop = time.monotonic() + seconds
        next_transfer = time.monotonic()
        while time.monotonic() < stop:
            await asyncio.gather(*(claim() for _ in range(20)))
            if time.monotonic() >= next_transfer:  # ten a second with the token
                next_transfer += 0.1
                headers = {"Authorization": f"Bearer {token}"}
                async with session.post(f"{url}/api/transfer", json={}, headers=headers) as r:
                    statuses[f"transfer {r.status}"] += 1
    return dict(statuses)


@attack("idle")
async def idle(url: str, seconds: float) -> dict[str, Any]:
    host, port = HOST, int(url.rsplit(":", 1)[1])
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    outcome: Counter[str] = Counter()
    for n in range(12):  # 12 addresses x 200: past the 1,024 descriptors
        for _ in range(200):
            try:
                reader, writer = await asyncio.open_connection(host, port, local_addr=(f"127.0.0.{2 + n}", 0))
                held.append((reader, writer))
                outcome["opened"] += 1
            except OSError as error:
                outcome[f"refused {type(error).__name__}"] += 1
    await asyncio.sleep(seconds)

    async def closed(reader: asyncio.StreamReader) -> bool:
        with contextlib.suppress(TimeoutError, ConnectionError):
            await asyncio.wait_for(reader.read(), 0.5)
            return True
        return False

    ends = await asyncio.gather(*(closed(r) for r, _ in held))
    outcome["closed by the server"] = sum(ends)
    outcome["still open after the attack"] = len(ends) - sum(ends)
    for _, writer in held:
        writer.close()
    return dict(outcome)


@attack("names")
async def names(url: str, seconds: float) -> dict[str, Any]:
    tries = [
        "Hana (b\u043et)",
        "Hana (\u042cot)",
        "Hana (\u0299\u1d0f\u1d1b)",
        "\u00e0\u0301\u0302",
        "\u1ec7\u0300\u0301" * 20,
        "\u17b4",
        "Hana\u17b5",
    ]
    answers: Counter[str] = Counter()
    async with session_from("127.0.0.2") as session, session.ws_connect(f"{url}/ws") as ws:
        await ws.send_str('{"type":"hello","ui":"en"}')
        await ws.receive_json()
        for name in tries:
            await ws.send_json({"type": "rename", "name": name})
            reply = await ws.receive_json()
            answers["refused" if reply.get("code") == "bad_name" else f"ACCEPTED {name!r}"] += 1
    return dict(answers)


@attack("deep")
async def deep(url: str, seconds: float) -> dict[str, Any]:
    frame = '{"type":"ping","x":' + "[" * 1_000 + "]" * 1_000 + "}"
    outcome: Counter[str] = Counter()
    stop = time.monotonic() + seconds
    token = None
    async with session_from("127.0.0.2") as session:
        while time.monotonic() < stop:
            async with session.ws_connect(f"{url}/ws") as ws:
                await ws.send_str(frame)  # before hello
                outcome[(await ws.receive_json()).get("code", "?")] += 1
                await ws.send_json({"type": "hello", "ui": "en", "token": token})
                token = (await ws.receive_json())["token"] or token
                await ws.send_str(frame)
                outcome[(await ws.receive_json()).get("code", "?")] += 1
            outcome[f"close {ws.close_code}"] += 1
            await asyncio.sleep(0.1)
    return dict(outcome)


@attack("http")
async def http(url: str, seconds: float) -> dict[str, Any]:
    host, port = HOST, int(url.rsplit(":", 1)[1])
    malformed = [
        b"GET /" + b"a" * 9_000 + b" HTTP/1.1\r\nHost: h\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: h\r\nX-Long: " + b"b" * 9_000 + b"\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: h\r\n" + b"".join(b"X-%d: 1\r\n" % n for n in range(200)) + b"\r\n",
        b"GET / HTTP/1.1\r\nHost: h\r\nHost: i\r\n\r\n",
        b"\x16\x03\x01garbage\r\n\r\n",
    ]
    heads: Counter[str] = Counter()
    for n in range(1_000):
        reader, writer = await asyncio.open_connection(host, port, local_addr=(f"127.0.0.{2 + n % 50}", 0))
        writer.write(malformed[n % len(malformed)])
        answer = await reader.read()
        head = answer.split(b"\r\n\r\n")[0].decode(errors="replace")
        heads[head.split("\r\n")[0][9:12]] += 1
        if "aiohttp" in head or "Python" in head:
            heads["VERSION LEAKED"] += 1
        writer.close()
    return dict(heads)


@attack("readers")
async def readers(url: str, seconds: float) -> dict[str, Any]:
    """Twenty sockets in rooms of their own ask for whole views and never read them."""
    host, port = HOST, int(url.rsplit(":", 1)[1])
    sockets = []
    for n in range(20):
        raw = await RawSocket.connect(host, port, receive_buffer=4_096, source=f"127.0.0.{2 + n}")
        await raw.upgrade(host, port)
        raw.send('{"type":"hello","ui":"en"}')
        await raw.read_frame()
        raw.send('{"type":"create","lang":"en"}')
        for _ in range(5):  # a game goes on for them, bots playing: views keep coming
            raw.send('{"type":"add_bot","level":"easy"}')
        raw.send('{"type":"start"}')
        sockets.append(raw)
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        for raw in sockets:
            with contextlib.suppress(ConnectionError, RuntimeError):
                raw.send('{"type":"resync"}')  # a whole view each time, within the rate
                raw.send('{"type":"ping","t":1}')
        await asyncio.sleep(1 / 8)
    outcome: Counter[str] = Counter()
    for raw in sockets:
        try:  # read again: whatever was sent, then (if it was closed) why
            frames, clean = await asyncio.wait_for(raw.until_closed(), 5)
        except TimeoutError:
            outcome["still open"] += 1
            continue
        closes = [f.close_code for f in frames if f.opcode == CLOSE]
        outcome[f"close {closes[-1] if closes else None}{'' if clean else ' (reset)'}"] += 1
    return dict(outcome)


@attack("flood")
async def flood(url: str, seconds: float) -> dict[str, Any]:
    host, port = HOST, int(url.rsplit(":", 1)[1])
    chunk = text_frame('{"type":"ping","t":1}') * 2_000
    outcome: Counter[str] = Counter()
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        raw = await RawSocket.connect(host, port, source="127.0.0.2")
        await raw.upgrade(host, port)
        raw.send('{"type":"hello","ui":"en"}')
        with contextlib.suppress(ConnectionError, TimeoutError):
            for _ in range(100):
                raw.writer.write(chunk)
                await asyncio.wait_for(raw.writer.drain(), 0.3)
        frames, clean = await asyncio.wait_for(raw.until_closed(), 30)
        closes = [f.close_code for f in frames if f.opcode == CLOSE]
        outcome[f"close {closes[-1] if closes else None}{'' if clean else ' (reset)'}"] += 1
    return dict(outcome)


def _attack_process(name: str, url: str, seconds: float, out: Any) -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (8_192, 8_192))
    out.send(asyncio.run(ATTACKS[name](url, seconds)))


def _outcome(pipe: Any) -> dict[str, Any]:
    answer: dict[str, Any] = pipe.recv() if pipe.poll(60) else {"attack": "no answer"}
    return answer


# ---------------------------------------------------------------- the players


class Probes:
    """A known player says hello from a new address, four times a second: the round trip to its welcome."""

    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url, token
        self.samples = Samples()
        self.failed: Counter[str] = Counter()
        self._n = 0

    async def run(self, stop: float) -> None:
        while time.monotonic() < stop:
            self._n += 1
            address = f"127.0.1.{1 + self._n % 250}"
            sent = time.perf_counter()
            try:
                async with session_from(address) as session, session.ws_connect(f"{self.url}/ws") as ws:
                    await ws.send_json({"type": "hello", "token": self.token, "ui": "en"})
                    reply = await asyncio.wait_for(ws.receive_json(), 10)
                    if reply.get("type") == "welcome":
                        self.samples.add(sent, time.perf_counter() - sent)
                    else:
                        self.failed[str(reply.get("code"))] += 1
            except (aiohttp.ClientError, OSError, TimeoutError) as error:
                self.failed[type(error).__name__] += 1
            await asyncio.sleep(max(0.0, 1 / PROBES_PER_S - (time.perf_counter() - sent)))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def figures(values: list[float]) -> str:
    p50, p99, top = pct(values, 0.5), pct(values, 0.99), pct(values, 1.0)
    return f"p50 {p50:6.1f}  p99 {p99:6.1f}  max {top:6.1f} ms (n={len(values)})"


def log_since(log: Path, offset: int) -> tuple[int, int]:
    text = log.read_bytes()[offset:].decode(errors="replace")
    return text.count("\n"), text.count("Traceback")


async def measure(url: str, log: Path, names: list[str], seconds: float, rooms: int) -> int:
    answers = lexicon.word_list("en", 5).answers
    players_session = session_from("127.0.0.1", limit=0)
    seated: list[list[Player]] = [
        await seat_room(players_session, url, n, sorted(answers)) for n in range(rooms)
    ]
    players = [p for room in seated for p in room]
    for room in seated:
        await room[0].ws.send_str('{"type":"start"}')
    async with session_from("127.0.0.1") as s, s.ws_connect(f"{url}/ws") as ws:
        await ws.send_str('{"type":"hello","ui":"en"}')
        token = (await ws.receive_json())["token"]

    async def window(run_for: float) -> tuple[Samples, Probes]:
        guesses, probes = Samples(), Probes(url, token)
        stop = time.monotonic() + run_for
        await asyncio.gather(
            probes.run(stop),
            *(p.play_steady(guesses, 1.0, random.uniform(0, 1), stop) for p in players),
        )
        return guesses, probes

    quiet_guesses, quiet_probes = await window(seconds)
    print(f"{'quiet':8} hello {figures(quiet_probes.samples.latency)}")
    print(f"{'':8} guess {figures(quiet_guesses.latency)}")
    worst = 0.0
    for name in names:
        offset = log.stat().st_size
        spawn = multiprocessing.get_context("spawn")
        parent, end = spawn.Pipe()
        duration = max(seconds, MIN_SECONDS.get(name, 0.0))
        attacker = spawn.Process(target=_attack_process, args=(name, url, duration, end))
        attacker.start()
        guesses, probes = await window(duration + 2)
        outcome = await asyncio.to_thread(_outcome, parent)
        attacker.join(10)
        await asyncio.sleep(2)  # what the attack makes the server log later (a summary line)
        lines, tracebacks = log_since(log, offset)
        worst = max(worst, pct(probes.samples.latency, 0.99), pct(guesses.latency, 0.99))
        print(f"{name:8} hello {figures(probes.samples.latency)}  failed {dict(probes.failed)}")
        print(f"{'':8} guess {figures(guesses.latency)}  lost {guesses.lost}")
        print(f"{'':8} log: {lines} lines, {tracebacks} tracebacks; the attack met: {outcome}")
    for p in players:
        await p.close()
    await players_session.close()
    print(f"worst p99 during an attack: {worst:.1f} ms (aim: under 100)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--attack", action="append", choices=sorted(ATTACKS), help="default: all")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rooms", type=int, default=2)
    args = parser.parse_args()
    port = free_port()
    url = f"http://{HOST}:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        command = [sys.executable, "-m", "wordarena", "serve", "--port", str(port), "--data-dir", tmp]
        limits = ["prlimit", f"--nofile={FILE_LIMIT}:{FILE_LIMIT}", "--"]
        with child(limits + command, log) as server:
            wait_ready(f"{url}/healthz", server, log, timeout=60)
            return asyncio.run(measure(url, log, args.attack or list(ATTACKS), args.seconds, args.rooms))


if __name__ == "__main__":
    raise SystemExit(main())
