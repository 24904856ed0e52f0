"""The server's event loop stalls while many Duel de Mots rooms play with bots; people-only baseline.

    python -m bench.bot_stall                       # 500 rooms, 60 s window per run, ~5 min
    python -m bench.bot_stall --rooms 50 --seconds 20   # a quick look

Bots decide inside their room's game, on the server's event loop: a decision that
computes for long holds every room of the process. Two runs, each against a fresh
real server (``python -m wordarena serve``, free loopback port, temporary data
directory) started by this module in a child process with instruments (below):

1. **bots**: ``--rooms`` rooms; in each, one person (a socket of this process, who
   watches and never guesses) creates the room (word languages in turn: tr en fr
   es ru ko), adds 5 bots (levels in turn: easy, medium, hard, expert) and starts 5
   rounds of 60 s.
2. **baseline, people only**: the same rooms with people in the bots' seats (6
   sockets a room), each guessing a random answer after a bot-like delay (the
   think times of a hard bot, B1), so the server runs the same games, views and
   commits, without a single bot decision.

Instruments in the server (``--serve``, this module): every callback the loop runs
is timed (``asyncio.Handle._run``): its longest is the **longest stall**; a probe
task sleeps 5 ms again and again and records how late it wakes (**loop lag**, the
wait of a ready callback); every bot decision is timed (``BotBrain`` made + its
``next_guess``), per level. A window of ``--seconds`` opens once every room has
started; the set-up (sockets, rooms, bots added, word lists loaded, the first
decisions) is reported apart. Memory: the server's RSS idle, after set-up, at the
end. One JSON line at the end. Aims (bench/README.md, Aims): a bot decision < 2 ms, the longest
stall < 10 ms while bots play.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import itertools
import json
import math
import os
import random
import re
import resource
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
SEATS = 6
BOTS = SEATS - 1
LANGS = ("tr", "en", "fr", "es", "ru", "ko")
LEVELS = ("easy", "medium", "hard", "expert")
ROUNDS, CLOCK_S = 5, 60
PROBE_S = 0.005
CONNECT_PARALLEL = 16
SLOW_S = 0.005  # callbacks longer than this are named in the report


# ---------------------------------------------------------------- inside the server


class Histogram:
    """Durations in 10 µs buckets, with the exact maximum and the longest ones named."""

    def __init__(self) -> None:
        self.counts: dict[int, int] = {}
        self.total = 0
        self.max = 0.0
        self.over_2ms = 0
        self.over_10ms = 0
        self.slowest: list[tuple[float, str]] = []

    def add(self, seconds: float, what: Callable[[], str] | None = None) -> None:
        bucket = min(100_000, math.ceil(seconds * 1e5))
        self.counts[bucket] = self.counts.get(bucket, 0) + 1
        self.total += 1
        if seconds > self.max:
            self.max = seconds
        if seconds > 0.002:
            self.over_2ms += 1
            if seconds > 0.010:
                self.over_10ms += 1
            if what is not None and seconds > SLOW_S:
                self.slowest.append((seconds, what()))
                self.slowest = sorted(self.slowest, reverse=True)[:8]

    def summary(self) -> dict[str, Any]:
        def pct(share: float) -> float:
            goal, seen = share * self.total, 0
            for bucket in sorted(self.counts):
                seen += self.counts[bucket]
                if seen >= goal:
                    return bucket / 100  # ms
            return 0.0

        return {
            "count": self.total,
            "p50_ms": pct(0.5),
            "p99_ms": pct(0.99),
            "p999_ms": pct(0.999),
            "max_ms": round(self.max * 1e3, 3),
            "over_2ms": self.over_2ms,
            "over_10ms": self.over_10ms,
            "slowest": [(round(s * 1e3, 2), w) for s, w in self.slowest],
        }


class Instruments:
    def __init__(self) -> None:
        # Bot decisions are never reset: the first uses of each list are included.
        self.decisions: dict[str, Histogram] = {}
        self.decisions_cpu: dict[str, Histogram] = {}
        self.decisions_no_gc: dict[str, Histogram] = {}
        self.gc_total = 0.0  # seconds spent collecting, read before and after a decision
        self.reset()

    def reset(self) -> None:
        self.callbacks = Histogram()
        self.callbacks_cpu = Histogram()
        self.lag = Histogram()
        self.gc = Histogram()
        self.gc_by_generation = [Histogram(), Histogram(), Histogram()]

    def decided(self, level: str, seconds: float, cpu: float, gc_s: float, what: Callable[[], str]) -> None:
        self.decisions.setdefault(level, Histogram()).add(seconds, what)
        self.decisions_cpu.setdefault(level, Histogram()).add(cpu, what)
        self.decisions_no_gc.setdefault(level, Histogram()).add(max(0.0, cpu - gc_s), what)

    def snapshot(self) -> dict[str, Any]:
        def levels(table: dict[str, Histogram]) -> dict[str, Any]:
            return {level: h.summary() for level, h in sorted(table.items())}

        return {
            "callbacks": self.callbacks.summary(),
            "callbacks_cpu": self.callbacks_cpu.summary(),
            "lag": self.lag.summary(),
            "gc": self.gc.summary(),
            "gc_by_generation": [h.summary() for h in self.gc_by_generation],
            "decisions": levels(self.decisions),
            "decisions_cpu": levels(self.decisions_cpu),
            "decisions_cpu_without_gc": levels(self.decisions_no_gc),
        }


def instrumented_server(stats_file: Path, serve_args: list[str]) -> int:
    """Run ``wordarena serve`` with the loop and the bots timed; SIGUSR1 writes the figures, then resets."""
    from wordarena import cli
    from wordarena.core import bot

    gauges = Instruments()
    handle_run = asyncio.events.Handle._run
    loops: list[asyncio.AbstractEventLoop] = []

    def dump() -> None:
        stats_file.write_text(json.dumps(gauges.snapshot()))
        gauges.reset()

    def timed_run(handle: asyncio.events.Handle) -> None:
        start, cpu = time.perf_counter(), time.thread_time()
        handle_run(handle)
        if getattr(handle, "_callback", None) is dump:
            return
        gauges.callbacks.add(time.perf_counter() - start, functools.partial(repr, handle))
        gauges.callbacks_cpu.add(time.thread_time() - cpu, functools.partial(repr, handle))
        if not loops:
            loops.append(asyncio.get_running_loop())
            loops[0].create_task(lag_probe())

    async def lag_probe() -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + PROBE_S
            await asyncio.sleep(PROBE_S)
            gauges.lag.add(max(0.0, loop.time() - due))

    asyncio.events.Handle._run = timed_run  # type: ignore[method-assign]

    brain_init, brain_next = bot.BotBrain.__init__, bot.BotBrain.next_guess

    def init(self: bot.BotBrain, *args: Any, **kwargs: Any) -> None:
        start, cpu, collected = time.perf_counter(), time.thread_time(), gauges.gc_total
        brain_init(self, *args, **kwargs)
        made = (time.perf_counter() - start, time.thread_time() - cpu, gauges.gc_total - collected)
        self._made_in = made  # type: ignore[attr-defined]

    def next_guess(self: bot.BotBrain, history: Sequence[tuple[str, str]]) -> str:
        start, cpu, collected = time.perf_counter(), time.thread_time(), gauges.gc_total
        guess = brain_next(self, history)
        made, made_cpu, made_gc = getattr(self, "_made_in", (0.0, 0.0, 0.0))
        gauges.decided(
            self.level.value,
            time.perf_counter() - start + made,
            time.thread_time() - cpu + made_cpu,
            gauges.gc_total - collected + made_gc,
            functools.partial(str, f"{self.words.lang} row {len(history) + 1}"),
        )
        return guess

    bot.BotBrain.__init__ = init  # type: ignore[method-assign]
    bot.BotBrain.next_guess = next_guess  # type: ignore[method-assign]

    def on_signal(*_: object) -> None:  # runs inside whatever callback the loop is in: dump after it
        loops[0].call_soon_threadsafe(dump)

    collecting: list[float] = []

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collecting[:] = [time.perf_counter()]
        elif collecting:
            pause = time.perf_counter() - collecting[0]
            gauges.gc_total += pause
            gauges.gc_by_generation[info["generation"]].add(pause)
            what = f"generation {info['generation']}, {info['collected']} objects freed"
            gauges.gc.add(pause, functools.partial(str, what))

    gc.callbacks.append(on_gc)
    signal.signal(signal.SIGUSR1, on_signal)
    return cli.main(["serve", *serve_args])


# ---------------------------------------------------------------- the clients


@dataclass
class Tally:
    guesses: int = 0  # rows seen added (bots run) or guesses sent (baseline)
    refused: int = 0
    frames: int = 0


class Person:
    """One socket: a player who watches (bots run) or plays like a hard bot thinks (baseline)."""

    def __init__(self, ws: Any, tally: Tally, words: list[str], seed: int) -> None:
        self.ws, self.tally = ws, tally
        self.words = itertools.cycle(words)  # shuffled: six in a row are all different
        self.rng = random.Random(seed)
        self.phase, self.rows, self.done, self.seen_rows = "lobby", 0, True, 0
        self.changed = asyncio.Event()
        self.reader: asyncio.Task[None] | None = None

    async def request(self, message: dict[str, Any], kind: str) -> dict[str, Any]:
        await self.ws.send_str(json.dumps(message))
        async with asyncio.timeout(30):
            while True:
                msg = await self.ws.receive()
                data = json.loads(msg.data)
                if data.get("type") == kind:
                    return dict(data)
                if data.get("type") in ("error", "refused"):
                    raise RuntimeError(f"set-up refused: {msg.data}")

    def listen(self) -> None:
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        import aiohttp

        with contextlib.suppress(aiohttp.ClientError, ConnectionError):
            async for msg in self.ws:
                if msg.type is not aiohttp.WSMsgType.TEXT:
                    continue
                self.tally.frames += 1
                data = json.loads(msg.data)
                if data.get("type") == "refused":
                    self.tally.refused += 1
                if data.get("type") != "room":
                    continue
                self.phase = data.get("phase") or "lobby"
                seats = data.get("seats") or []
                me = data.get("you")
                if self.phase in ("card", "playing"):
                    rows = sum(len(s.get("rows") or []) for s in seats)
                    if rows > self.seen_rows:
                        self.tally.guesses += rows - self.seen_rows if self.watching else 0
                    self.seen_rows = rows
                    if isinstance(me, int) and 0 <= me < len(seats):
                        self.rows, self.done = len(seats[me].get("rows") or []), bool(seats[me].get("done"))
                else:
                    self.seen_rows, self.done = 0, True
                self.changed.set()

    watching = True

    async def wait(self, check: Callable[[], bool], stop: float) -> bool:
        while not check():
            self.changed.clear()
            if time.monotonic() >= stop:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), max(0.01, stop - time.monotonic()))
        return True

    async def play(self, stop: float) -> None:
        """Guess like a hard bot thinks: a delay of 3 to 8 s (first row quicker), then a word."""
        from wordarena.core.bot import THINK_MS, BotLevel

        low, mode, high = THINK_MS[BotLevel.HARD]
        while time.monotonic() < stop:
            if not await self.wait(lambda: self.phase == "playing" and not self.done, stop):
                return
            rows = self.rows
            delay = self.rng.triangular(low, high, mode) / 1000 * (0.6 if rows == 0 else 1.0)
            await asyncio.sleep(delay)
            if self.phase != "playing" or self.done or self.rows != rows or time.monotonic() >= stop:
                continue
            await self.ws.send_str(json.dumps({"type": "guess", "word": next(self.words)}))
            self.tally.guesses += 1
            await self.wait(functools.partial(self._moved_on, rows), stop)

    def _moved_on(self, rows: int) -> bool:
        return self.rows > rows or self.phase != "playing"

    async def close(self) -> None:
        await self.ws.close()
        if self.reader:
            await asyncio.gather(self.reader, return_exceptions=True)


async def bounded(jobs: Sequence[Callable[[], Awaitable[Any]]], parallel: int) -> list[Any]:
    gate = asyncio.Semaphore(parallel)

    async def run(job: Callable[[], Awaitable[Any]]) -> Any:
        async with gate:
            return await job()

    return await asyncio.gather(*(run(job) for job in jobs))


async def seat_room(session: Any, url: str, number: int, bots: bool, tally: Tally) -> list[Person]:
    from wordarena.core.lexicon import word_list

    lang = LANGS[number % len(LANGS)]
    words = word_list(lang, 5)
    answers = [words.spelling(key) for key in words.answers]
    people = []
    for seat in range(1 if bots else SEATS):
        ws = await session.ws_connect(f"{url}/ws", max_msg_size=0, autoclose=False)
        seed = number * SEATS + seat
        person = Person(ws, tally, random.Random(seed).sample(answers, len(answers)), seed)
        person.watching = bots and seat == 0
        await person.request({"type": "hello"}, "welcome")
        people.append(person)
    host = people[0]
    code = (await host.request({"type": "create", "lang": lang}, "created"))["room"]
    await host.request({"type": "options", "rounds": ROUNDS, "clock_s": CLOCK_S}, "room")
    for person in people[1:]:
        await person.request({"type": "join", "room": code}, "room")
    if bots:
        for b in range(BOTS):
            level = LEVELS[(number + b) % len(LEVELS)]
            await host.request({"type": "add_bot", "level": level}, "room")
    for person in people:
        person.listen()
    await host.ws.send_str('{"type":"start"}')
    return people


# ---------------------------------------------------------------- one run


def rss_kib(pid: int) -> int:
    match = re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
    return int(match.group(1)) if match else 0


def read_stats(pid: int, stats: Path) -> dict[str, Any]:
    """Ask the server for its figures since the last ask (SIGUSR1) and read them."""
    stats.unlink(missing_ok=True)
    os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(FileNotFoundError, json.JSONDecodeError):
            found: dict[str, Any] = json.loads(stats.read_text())
            return found
        time.sleep(0.05)
    raise RuntimeError("the server did not write its figures")


@dataclass
class RunResult:
    kind: str
    rooms: int
    sockets: int
    setup_s: float
    window_s: float
    guesses: int
    refused: int
    rss_kib: dict[str, int] = field(default_factory=dict)
    setup: dict[str, Any] = field(default_factory=dict)
    window: dict[str, Any] = field(default_factory=dict)


async def drive(url: str, pid: int, stats: Path, bots: bool, rooms: int, seconds: float) -> RunResult:
    import aiohttp

    tally = Tally()
    read_stats(pid, stats)  # start-up: not counted
    rss = {"idle": rss_kib(pid)}
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        began = time.perf_counter()
        jobs = [functools.partial(seat_room, session, url, n, bots, tally) for n in range(rooms)]
        seated: list[list[Person]] = await bounded(jobs, CONNECT_PARALLEL)
        people = [p for room in seated for p in room]
        setup_s = time.perf_counter() - began
        setup = await asyncio.to_thread(read_stats, pid, stats)
        rss["after_setup"] = rss_kib(pid)
        tally.guesses = tally.refused = 0
        start = time.monotonic()
        stop = start + seconds
        players = [] if bots else [asyncio.create_task(p.play(stop)) for p in people]
        await asyncio.sleep(max(0.0, stop - time.monotonic()))
        window = await asyncio.to_thread(read_stats, pid, stats)
        window_s = time.monotonic() - start
        guesses, refused = tally.guesses, tally.refused
        rss["end"] = rss_kib(pid)
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        await asyncio.gather(*(p.close() for p in people), return_exceptions=True)
    kind = "bots" if bots else "people"
    return RunResult(kind, rooms, len(people), setup_s, window_s, guesses, refused, rss, setup, window)


def run(bots: bool, rooms: int, seconds: float) -> RunResult:
    from testkit.processes import child, free_port, wait_ready

    with tempfile.TemporaryDirectory(prefix="bot_stall-") as folder:
        tmp = Path(folder)
        port = free_port()
        stats = tmp / "stats.json"
        serve = ["--host", HOST, "--port", str(port), "--data-dir", str(tmp / "data")]
        serve += ["--max-sockets-per-ip", "100000", "--new-identities-per-minute", "100000"]
        command = [sys.executable, "-m", "bench.bot_stall", "--serve", str(stats), *serve]
        with child(command, tmp / "server.log") as server:
            url = f"http://{HOST}:{port}"
            wait_ready(f"{url}/healthz", server, tmp / "server.log")
            result = asyncio.run(drive(url, server.pid, stats, bots, rooms, seconds))
            errors = [line for line in (tmp / "server.log").read_text().splitlines() if " ERROR " in line]
            if errors:
                print(f"server errors ({len(errors)}), first: {errors[0]}", file=sys.stderr)
        return result


# ---------------------------------------------------------------- report


def line(name: str, h: dict[str, Any]) -> str:
    return (
        f"  {name:<26} p50 {h['p50_ms']:7.2f}  p99 {h['p99_ms']:7.2f}  p99.9 {h['p999_ms']:7.2f}  "
        f"max {h['max_ms']:7.2f} ms   >2 ms {h['over_2ms']:>6}  >10 ms {h['over_10ms']:>4}  (n {h['count']})"
    )


def report(results: list[RunResult]) -> None:
    for r in results:
        w = r.window
        print(
            f"\n{r.kind}: {r.rooms} rooms, {r.sockets} sockets; set-up {r.setup_s:.0f} s; "
            f"window {r.window_s:.0f} s: {r.guesses} guesses ({r.guesses / r.window_s:.0f}/s), "
            f"{r.refused} refused"
        )
        print(
            f"  server RSS: idle {r.rss_kib['idle'] / 1024:.0f} MiB, after set-up "
            f"{r.rss_kib['after_setup'] / 1024:.0f} MiB, end {r.rss_kib['end'] / 1024:.0f} MiB"
        )
        print(line("loop callbacks (window)", w["callbacks"]))
        print(line("  the same, CPU time", w["callbacks_cpu"]))
        print(line("loop lag, 5 ms probe", w["lag"]))
        print(line("GC pauses", w["gc"]))
        for generation, h in enumerate(w["gc_by_generation"]):
            if h["count"]:
                print(line(f"  generation {generation}", h))
        for ms, what in w["gc"]["slowest"][:3]:
            print(f"    slow collection {ms:.1f} ms: {what}")
        print(line("loop callbacks (set-up)", r.setup["callbacks"]))
        print(line("  the same, CPU time", r.setup["callbacks_cpu"]))
        for level, h in w["decisions"].items():
            print(line(f"bot decisions, {level}", h))
            print(line("  the same, CPU time", w["decisions_cpu"][level]))
            print(line("  CPU time without GC", w["decisions_cpu_without_gc"][level]))
            for ms, what in w["decisions_cpu_without_gc"][level]["slowest"][:2]:
                print(f"    slowest without GC {ms:.1f} ms: {what}")
        for ms, what in w["callbacks"]["slowest"][:3]:
            print(f"    slow callback {ms:.1f} ms: {what[:150]}")
        for ms, what in w["callbacks_cpu"]["slowest"][:3]:
            print(f"    slow callback, CPU {ms:.1f} ms: {what[:150]}")
    bots = next((r for r in results if r.kind == "bots"), None)
    base = next((r for r in results if r.kind == "people"), None)
    if bots and base:
        b, p = bots.window["callbacks"], base.window["callbacks"]
        print(
            f"\nbots / people: longest stall x{b['max_ms'] / max(p['max_ms'], 1e-3):.2f} "
            f"({b['max_ms']:.2f} / {p['max_ms']:.2f} ms), "
            f"p99 callback x{b['p99_ms'] / max(p['p99_ms'], 0.01):.2f}, "
            f"guesses/s x{(bots.guesses / bots.window_s) / max(base.guesses / base.window_s, 1e-9):.2f}, "
            f"RSS at the end x{bots.rss_kib['end'] / max(base.rss_kib['end'], 1):.2f}"
        )
    if bots:
        worst = max((h["max_ms"] for h in bots.window["decisions"].values()), default=0.0)
        worst_cpu = max((h["max_ms"] for h in bots.window["decisions_cpu_without_gc"].values()), default=0.0)
        stall = bots.window["callbacks"]["max_ms"]
        print(
            f"aims: every bot decision < 2 ms: {worst:.2f} ms, CPU without GC {worst_cpu:.2f} ms "
            f"({'met' if worst_cpu < 2 else 'NOT met'}); longest stall while bots play < 10 ms: "
            f"{stall:.2f} ms ({'met' if stall < 10 else 'NOT met'})"
        )
    print(json.dumps([r.__dict__ for r in results], default=str))


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--serve"]:
        return instrumented_server(Path(argv[1]), argv[2:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0, help="measured window per run")
    parser.add_argument("--no-baseline", action="store_true", help="the bots run only")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # children inherit it
    results = [run(True, args.rooms, args.seconds)]
    if not args.no_baseline:
        results.append(run(False, args.rooms, args.seconds))
    report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
