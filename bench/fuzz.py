"""Fuzz the real server: many clients send fuzzed frames; what came back, tracebacks, memory.

    .venv/bin/python -m bench.fuzz --frames 100000              # 200 clients, a few minutes
    .venv/bin/python -m bench.fuzz --frames 5000 --clients 40   # a smoke run
    .venv/bin/python -m bench.fuzz --frames 20000 --trace       # tracemalloc in the server: what grew

The server is the real application in a child process on a free loopback port
(``python -m bench.fuzz --serve``: ``wordarena serve`` plus the bench-only route
``/bench/memory`` of bench/memory.py; ``--trace`` also starts tracemalloc in it),
game time ``--time-scale`` times faster (the 60 s grace periods pass in seconds),
per-address limits raised (every client is 127.0.0.1). The frames come from the
generator of the fuzz test (testkit/fuzzing.py), drawn by a seeded
random.Random: malformed frames (bad JSON, wrong types, unknown types, frames over
4 KiB, binary) and valid messages in any state, aimed at the rooms, tournaments
and groups the clients have seen, practice tournaments in every language; now and
then a client floods (45 frames/s for 9 s: closed with 1008). A closed client comes
back with a new socket (its identity, or a new one).

Printed: frames sent (by kind), answers (errors and refusals by code), close codes,
frames that are not typed protocol messages, server tracebacks and ERROR lines
(0 expected), rooms left open once every client has gone and the grace periods
have passed (0 expected), and the server's memory at four moments: before the
fuzz (after start-up), at its end, once every room has closed, and after glibc's
``malloc_trim(0)``; with what the node still holds and the allocators' figures
(see bench/README.md, "fuzz", for how to read them).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bench.load_duel import wait_idle
from testkit.fuzzing import (
    TOURNAMENT_LANGUAGES,
    Frame,
    RandomSource,
    Tab,
    World,
    flood_frames,
    frame,
    typed,
)
from testkit.processes import HOST, child, free_port, wait_ready

ANSWER_WAIT_S = 0.3  # a client waits this long for an answer before its next frame (a leave has none)
FLOOD_RATE = 45.0  # frames a second while flooding (the limit is 20)
FLOOD_S = 9.0  # ...for this long (closed once refused for 5 s, after the 40-frame burst allowance)


@dataclass
class Options:
    frames: int
    clients: int
    seed: int
    rate: float  # frames a second per client, at most
    floods: float  # share of frames that start a flood
    rounds: int  # the frames are sent in this many rounds (memory measured once every room closed)
    time_scale: float
    trace: bool


@dataclass
class Stats:
    sent: Counter[str] = field(default_factory=Counter)  # by generator
    answers: Counter[str] = field(default_factory=Counter)  # by message type
    errors: Counter[str] = field(default_factory=Counter)  # error and refused codes
    closes: Counter[str] = field(default_factory=Counter)
    untyped: int = 0
    sockets: int = 0
    floods: int = 0
    budget: int = 0

    def harvest(self, tab: Tab) -> None:
        """Count what a tab received (and forget it: 100,000 frames of views would be a lot to keep)."""
        for raw, message in zip(tab.frames, tab.messages, strict=True):
            try:
                typed(raw)
            except Exception:
                self.untyped += 1
            kind = message.get("type", "?")
            self.answers[kind] += 1
            if kind in ("error", "refused"):
                self.errors[f"{kind}:{message.get('code')}"] += 1
        tab.frames.clear()
        tab.messages.clear()
        tab.checked = 0


async def client(number: int, opts: Options, world: World, stats: Stats, url: str) -> None:
    rng = random.Random(f"{opts.seed}:{number}")
    src = RandomSource(rng)
    async with aiohttp.ClientSession() as session:
        tab: Tab | None = None
        token: str | None = None
        while stats.budget > 0:
            if tab is None or tab.closed:
                if tab is not None:
                    stats.harvest(tab)
                    stats.closes[str(tab.close_code)] += 1
                    token = tab.token or token
                tab = await _connect(session, url, f"c{number}", world, stats)
                if tab is None:
                    return
                hello = {
                    "type": "hello",
                    "token": token if rng.random() < 0.8 else None,
                    "deltas": rng.random() < 0.5,
                }
                await _exchange(tab, Frame(json.dumps(hello), "hello", frame(src, tab).expect), stats)
                continue
            if rng.random() < opts.floods:
                await _flood(tab, stats)
                continue
            started = time.monotonic()
            await _exchange(tab, frame(src, tab), stats)
            await asyncio.sleep(max(0.0, 1 / opts.rate - (time.monotonic() - started)))
        if tab is not None:
            await tab.close()
            stats.harvest(tab)


async def _connect(
    session: aiohttp.ClientSession, url: str, name: str, world: World, stats: Stats
) -> Tab | None:
    for _ in range(5):
        try:
            tab = await Tab.open(session, url, name, world)
        except (aiohttp.ClientError, OSError):
            await asyncio.sleep(0.5)
            continue
        stats.sockets += 1
        return tab
    return None


async def _exchange(tab: Tab, sent: Frame, stats: Stats) -> None:
    mark = len(tab.messages)
    if not await tab.send(sent):
        return
    stats.budget -= 1
    stats.sent[sent.kind] += 1
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(ANSWER_WAIT_S):
            while len(tab.messages) == mark and not tab.closed:
                tab.arrived.clear()
                await tab.arrived.wait()
    stats.harvest(tab)


async def _flood(tab: Tab, stats: Stats) -> None:
    stats.floods += 1
    frames, started = flood_frames(int(FLOOD_RATE * FLOOD_S)), time.monotonic()
    for sent, f in enumerate(frames):
        if tab.closed or not await tab.send(f):
            break
        stats.budget -= 1
        stats.sent[f.kind] += 1
        ahead = started + (sent + 1) / FLOOD_RATE - time.monotonic()  # the rate, whatever the loop's delays
        if ahead > 0:
            await asyncio.sleep(ahead)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(tab.reader), 2.0)  # the close, if it comes
    stats.harvest(tab)


async def _memory(session: aiohttp.ClientSession, url: str, query: str = "") -> dict[str, Any]:
    async with session.get(f"{url}/bench/memory?{query}") as response:
        result: dict[str, Any] = await response.json()
        return result


async def _rooms(session: aiohttp.ClientSession, url: str) -> int:
    async with session.get(f"{url}/healthz") as response:
        rooms: int = (await response.json())["rooms"]
        return rooms


async def measure(url: str, pid: int, log: Path, opts: Options) -> dict[str, Any]:
    """The fuzz in ``opts.rounds`` rounds on one server: a cache fills once, a leak grows every round."""
    world = World(practice_languages=TOURNAMENT_LANGUAGES)
    stats = Stats()
    result: dict[str, Any] = {"options": opts.__dict__, "rounds": []}
    started = time.monotonic()
    async with aiohttp.ClientSession() as session:
        result["before"] = await _memory(session, url, "snapshot=before")
        for number in range(1, opts.rounds + 1):
            stats.budget = opts.frames // opts.rounds
            tasks = [asyncio.create_task(client(n, opts, world, stats, url)) for n in range(opts.clients)]
            last = time.monotonic()
            while not all(t.done() for t in tasks):
                await asyncio.wait(tasks, timeout=5.0)
                if time.monotonic() - last > 15:
                    last = time.monotonic()
                    sent = sum(stats.sent.values())
                    print(f"  {sent} frames sent, {time.monotonic() - started:.0f} s", file=sys.stderr)
            for task in tasks:
                task.result()  # a client's own bug is the benchmark's, say so
            one: dict[str, Any] = {"seconds": time.monotonic() - started}
            one["end"] = await _memory(session, url, f"snapshot=end{number}&against=before")
            one["rooms_at_end"] = await _rooms(session, url)
            waited = time.monotonic()  # every client has gone: the grace periods run out, bots finish
            while (rooms := await _rooms(session, url)) > 0 and time.monotonic() - waited < 300:
                await asyncio.sleep(1.0)
            one["rooms_left"] = rooms
            one["close_wait_s"] = time.monotonic() - waited
            await asyncio.sleep(2.0)  # the last writes and background tasks
            against = "before" if number == 1 else f"closed{number - 1}"
            one["closed"] = await _memory(session, url, f"snapshot=closed{number}&against={against}&types")
            result["rounds"].append(one)
        result["trimmed"] = await _memory(session, url, "trim")
    result["seconds"] = time.monotonic() - started
    text = log.read_text(errors="replace")
    result["tracebacks"] = text.count("Traceback (most recent call last)")
    result["error_lines"] = [line for line in text.splitlines() if " ERROR " in line][:20]
    result["stats"] = {
        "frames": sum(stats.sent.values()),
        "sockets": stats.sockets,
        "floods": stats.floods,
        "sent": dict(stats.sent.most_common()),
        "answers": dict(stats.answers.most_common()),
        "errors": dict(stats.errors.most_common()),
        "closes": dict(stats.closes.most_common()),
        "untyped": stats.untyped,
    }
    return result


def report(result: dict[str, Any]) -> None:
    s = result["stats"]
    print(f"frames sent: {s['frames']:,} from {s['sockets']:,} sockets in {result['seconds']:.0f} s")
    print("  by kind:", ", ".join(f"{k} {v:,}" for k, v in s["sent"].items()))
    print("answers:", ", ".join(f"{k} {v:,}" for k, v in s["answers"].items()))
    print("errors and refusals by code:")
    for code, count in s["errors"].items():
        print(f"  {code:<30}{count:>9,}")
    print("close codes:", ", ".join(f"{k}: {v:,}" for k, v in s["closes"].items()) or "none")
    print(f"frames that are not typed protocol messages: {s['untyped']}")
    print(f"server tracebacks: {result['tracebacks']}; ERROR lines: {len(result['error_lines'])}")
    for line in result["error_lines"]:
        print("   ", line)
    for number, one in enumerate(result["rounds"], 1):
        print(
            f"round {number}: rooms open when its last frame was sent: {one['rooms_at_end']}; left open "
            f"with no connection {one['close_wait_s']:.0f} s later: {one['rooms_left']}"
        )
    print()
    print(f"{'server memory (MiB)':<30}{'RSS':>8}{'malloc heap':>13}{'in use':>8}{'free kept':>10}", end="")
    print(f"{'pymalloc arenas':>17}{'live':>7}")
    rows = [("before the fuzz", result["before"], False)]
    for number, one in enumerate(result["rounds"], 1):
        rows += [(f"round {number}: at its end", one["end"], False)]
        rows += [(f"round {number}: every room closed", one["closed"], False)]
    rows += [("then after malloc_trim(0)", result["trimmed"], True)]
    for label, m, trimmed in rows:
        rss = m["rss_after_trim_kib"] if trimmed else m["rss_kib"]
        heap = m["malloc_after_trim"] if trimmed else m["malloc"]
        py = m["pymalloc"]
        figures = [rss, heap["heap_kib"], heap["in_use_kib"], heap["free_kept_kib"]]
        figures += [py["arena_kib"], py["live_kib"]]
        widths = [8, 13, 8, 10, 17, 7]
        print(f"{label:<30}" + "".join(f"{f / 1024:>{w}.1f}" for f, w in zip(figures, widths, strict=True)))
    previous = result["before"]
    for number, one in enumerate(result["rounds"], 1):
        held = one["closed"]["held"]
        changed = {k: (previous["held"].get(k), v) for k, v in held.items() if previous["held"].get(k) != v}
        print(f"held by the node, {'before' if number == 1 else f'round {number - 1}'} → round {number}:")
        print(f"  {changed or 'the same'}")
        for key, columns in (
            ("grew_by_file", "KiB grown, KiB now"),
            ("grew_by_line", "KiB grown, blocks grown"),
        ):
            if key in one["closed"]:
                print(f"  tracemalloc, what grew ({key}: {columns}):")
                for where, grew, other in one["closed"][key][:12]:
                    print(f"    {grew:>8,}  {other:>8,}  {where}")
        previous = one["closed"]
    print("commonest objects at the end:", result["rounds"][-1]["closed"].get("types", [])[:10])


# ---------------------------------------------------------------- the server, instrumented


def serve(port: int, data_dir: Path, time_scale: float, trace: bool) -> None:
    """The real application (as ``wordarena serve``) plus the bench-only route ``/bench/memory``."""
    if trace:
        tracemalloc.start(1)
    from bench.memory import memory
    from wordarena.server.app import make_app, run
    from wordarena.server.config import Config
    from wordarena.store.database import Database, sqlite_url

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = Config(
        host=HOST,
        port=port,
        data_dir=data_dir,
        max_sockets_per_ip=100_000,
        new_identities_per_minute=100_000,
        time_scale=time_scale,
    )
    data_dir.mkdir(parents=True, exist_ok=True)
    app = make_app(config, db=Database.open(sqlite_url(data_dir)))
    app.router.add_get("/bench/memory", memory)
    run(app, config)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--frames", type=int, default=100_000)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=10.0, help="frames a second per client, at most")
    parser.add_argument("--floods", type=float, default=0.0003, help="share of frames that start a flood")
    parser.add_argument("--rounds", type=int, default=2, help="the frames in this many rounds, one server")
    parser.add_argument("--time-scale", type=float, default=20.0, help="game time / real time")
    parser.add_argument("--trace", action="store_true", help="tracemalloc in the server (slower)")
    parser.add_argument("--keep", type=Path, help="keep the server's log and data here (emptied first)")
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.data_dir, args.time_scale, args.trace)
        return
    opts = Options(
        args.frames, args.clients, args.seed, args.rate, args.floods, args.rounds, args.time_scale, args.trace
    )
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # children inherit it
    with contextlib.ExitStack() as stack:
        tmp = args.keep or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="fuzz-")))
        tmp.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(tmp / "data", ignore_errors=True)  # an empty store: a kept one would be restored
        port, log = free_port(), tmp / "server.log"
        command = [sys.executable, "-m", "bench.fuzz", "--serve", str(port), "--data-dir", str(tmp / "data")]
        command += ["--time-scale", str(args.time_scale)] + (["--trace"] if args.trace else [])
        server = stack.enter_context(child(command, log))
        url = f"http://{HOST}:{port}"
        wait_ready(f"{url}/healthz", server, log)
        print(f"server up; its start-up work done after {wait_idle(server.pid):.0f} s", file=sys.stderr)
        result = asyncio.run(measure(url, server.pid, log, opts))
    report(result)
    print(json.dumps(result, separators=(",", ":"), default=str))


if __name__ == "__main__":
    main()
