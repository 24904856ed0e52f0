"""Scale-out benchmark: the same load against one process, then two processes and Redis; then takeovers.

    python -m bench.scale [--rooms 24] [--tournaments 2] [--seconds 15] [--kills 20]
                          [--database-url URL] [--redis-url URL]

Both runs use the same PostgreSQL (``--database-url``, else WORDARENA_TEST_POSTGRES_URL,
else the loopback server's ``test`` database; a fresh schema each run) so the only
difference is the second process and the Redis hop. Game time runs 20 times faster
(hidden ``--time-scale``) so round cards and reveals do not dominate.

Load (in ``--generators`` processes of their own, 2 by default): rooms of 6 players and
rated tournaments of 8, real WebSockets. In the cluster run, players connect to the two
processes in turn, so about half of every room's players sit on the process that does
not own it: their guesses and views cross Redis. Every player guesses as soon as its
previous guess is shown (closed loop). Printed:

- guesses/s of each run and their ratio (the aim: ≥ 1.7× on two processes);
- p50/p99 of a guess's round trip, with and without the cross-process hop;
- Redis commands and bytes per guess (INFO before and after);
- takeover after SIGKILL of a room's owner, over ``--kills`` kills: from the kill to
  the first guess of a player on the other process shown again (p50, max);
- server CPU and RSS per process.

A benchmark, not a timed test: the machine is shared; compare the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis as sync_redis
from sqlalchemy import create_engine, text

from testkit.processes import HOST, child, cpu_seconds, free_port, wait_ready
from wordarena.client import Client
from wordarena.core import lexicon

SCALE = 20.0
GUESSES = [lexicon.word_list("en", 5).spelling(k) for k in lexicon.word_list("en", 5).answers[:600]]


# ---------------------------------------------------------------- the servers


@dataclass
class Servers:
    database_url: str
    redis_url: str | None
    tmp: Path
    origin: int = field(default_factory=lambda: int(time.time() * 1000))
    procs: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    ports: dict[str, int] = field(default_factory=dict)
    _stack: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)

    def start(self, name: str) -> str:
        port = free_port()
        command = [
            sys.executable, "-m", "wordarena", "serve", "--host", HOST, "--port", str(port),
            "--data-dir", str(self.tmp / name), "--database-url", self.database_url,
            "--time-scale", str(SCALE), "--time-origin-ms", str(self.origin),
            "--max-sockets-per-ip", "100000", "--new-identities-per-minute", "100000",
        ]  # fmt: skip
        if self.redis_url:
            command += ["--redis-url", self.redis_url]
        log = self.tmp / f"{name}-{port}.log"
        proc = self._stack.enter_context(child(command, log))
        wait_ready(f"http://{HOST}:{port}/healthz", proc, log, timeout=90)
        self.procs[name], self.ports[name] = proc, port
        return f"http://{HOST}:{port}"

    def kill(self, name: str) -> None:
        proc = self.procs.pop(name)
        proc.kill()
        proc.wait(10)

    def close(self) -> None:
        self._stack.close()

    def log_problems(self) -> list[str]:
        """The WARNING and ERROR lines of every server's log, each with the exception that followed it."""
        found = []
        for log in sorted(self.tmp.glob("*.log")):
            lines = log.read_text(errors="replace").splitlines()
            for i, line in enumerate(lines):
                if " WARNING " in line or " ERROR " in line:
                    tail = lines[i + 1 : i + 30]
                    # The exception's own line: the first unindented line after the traceback's.
                    cause = next((t for t in tail[1:] if t and not t.startswith(" ")), "")
                    found.append(f"{log.name}: {line[24:]} | {cause}"[:400])
        return found

    def cpu(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.procs.values() if p.poll() is None)

    def rss_mib(self) -> list[float]:
        out = []
        for proc in self.procs.values():
            for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    out.append(int(line.split()[1]) / 1024)
        return out


@contextlib.contextmanager
def fresh_schema(server_url: str) -> Iterator[str]:
    schema = f"scale_{secrets.token_hex(4)}"
    admin = create_engine(server_url)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in server_url else "?"
    try:
        yield f"{server_url}{separator}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


# ---------------------------------------------------------------- the load (in generator processes)


@dataclass
class Sample:
    ms: float
    hop: bool  # the player's process does not own the room
    at: float = field(default_factory=time.monotonic)  # when it was shown (one clock for every process)


async def _room(urls: list[str], index: int, seconds: float, out: list[Sample]) -> None:
    """Six players; the host on urls[index % n]; guesses in a closed loop until the time is up."""
    async with contextlib.AsyncExitStack() as stack:
        players = []
        for seat in range(6):
            url = urls[(index + seat) % len(urls)]
            client = await stack.enter_async_context(Client.connect(url))
            await client.hello()
            players.append((client, url))
        host, owner = players[0]
        code = await host.create(lang="en")
        for client, _ in players[1:]:
            await client.join(code)
        await host.send({"type": "options", "rounds": 5, "clock_s": 120})
        await host.view_where(lambda v: v["options"]["rounds"] == 5)
        await host.send({"type": "start"})
        deadline = time.monotonic() + seconds
        await asyncio.gather(
            *(_guesser(c, i, index, url != owner, deadline, out) for i, (c, url) in enumerate(players))
        )


async def _guesser(
    client: Client, seat: int, room: int, hop: bool, deadline: float, out: list[Sample]
) -> None:
    words = iter(GUESSES[(room * 7 + seat * 97) % 500 :] + GUESSES)
    while time.monotonic() < deadline:
        view = await client.view_where(lambda v: v["phase"] in ("playing", "finished"), timeout=30)
        if view["phase"] == "finished":
            return
        mine = view["seats"][seat]
        if mine["done"]:
            number = view["round"]["number"]
            await client.view_where(
                lambda v, n=number: (v["round"] or {}).get("number", 0) > n or v["phase"] == "finished",
                timeout=30,
            )
            continue
        rows = len(mine["rows"])
        sent = time.perf_counter()
        await client.guess(next(words))
        try:
            await client.until(
                lambda m, rows=rows: (
                    m.get("type") == "refused"
                    or (
                        m.get("type") == "room"
                        and (m["phase"] != "playing" or len(m["seats"][seat].get("rows", [])) > rows)
                    )
                ),
                timeout=30,
            )
        except TimeoutError:
            return
        out.append(Sample((time.perf_counter() - sent) * 1000, hop))


async def _tournament(urls: list[str], index: int, seconds: float, out: list[Sample]) -> None:
    async with contextlib.AsyncExitStack() as stack:
        players = []
        for seat in range(8):
            client = await stack.enter_async_context(Client.connect(urls[(index + seat) % len(urls)]))
            await client.hello()
            players.append(client)
        lang = ("de", "fr", "es", "it", "nl", "pl", "pt", "id")[index % 8]
        for client in players:
            await client.send({"type": "queue", "lang": lang})
        deadline = time.monotonic() + seconds
        await asyncio.gather(*(_mover(c, deadline, out) for c in players))


async def _mover(client: Client, deadline: float, out: list[Sample]) -> None:
    """Plays its turns at once with list words; counts its moves as guesses (hop unknown: not split)."""
    while time.monotonic() < deadline:
        try:
            view = await client.latest_where(
                "tournament", lambda v: v["phase"] in ("playing", "finished"), timeout=30
            )
        except TimeoutError:
            return
        if view["phase"] == "finished":
            return
        duel = view["duel"]
        if not duel or duel["over"] or duel["turn"] != view["you"]:
            with contextlib.suppress(TimeoutError):
                await client.until(lambda m: m.get("type") == "tournament", timeout=5)
            continue
        words = lexicon.word_list(view["lang"], duel["length"])
        word = words.spelling(words.answers[secrets.randbelow(len(words.answers))])
        sent = time.perf_counter()
        await client.guess(word)
        with contextlib.suppress(TimeoutError):
            await client.until(lambda m: m.get("type") in ("tournament", "refused"), timeout=10)
            out.append(Sample((time.perf_counter() - sent) * 1000, False))


def _generator(urls: list[str], rooms: list[int], tournaments: list[int], seconds: float, pipe: Any) -> None:
    async def run() -> tuple[list[Sample], list[str]]:
        out: list[Sample] = []
        jobs = [_room(urls, i, seconds, out) for i in rooms] + [
            _tournament(urls, i, seconds, out) for i in tournaments
        ]
        ended = await asyncio.gather(*jobs, return_exceptions=True)
        return out, [repr(e) for e in ended if isinstance(e, BaseException)]

    samples, failures = asyncio.run(run())
    pipe.send(([(s.ms, s.hop, s.at) for s in samples], failures))


def load(urls: list[str], opts: argparse.Namespace) -> tuple[list[Sample], float, list[str]]:
    """Run the load from generator processes: every sample, the wall time, the rooms that failed."""
    context = multiprocessing.get_context("spawn")
    n = opts.generators
    pipes, procs = [], []
    started = time.monotonic()
    for g in range(n):
        parent, child_end = context.Pipe()
        rooms = list(range(g, opts.rooms, n))
        tournaments = list(range(g, opts.tournaments, n))
        proc = context.Process(target=_generator, args=(urls, rooms, tournaments, opts.seconds, child_end))
        proc.start()
        pipes.append(parent)
        procs.append(proc)
    samples: list[Sample] = []
    failures: list[str] = []
    for pipe in pipes:
        sent, failed = pipe.recv()
        samples += [Sample(ms, hop, at) for ms, hop, at in sent]
        failures += failed
    for proc in procs:
        proc.join(30)
    return samples, time.monotonic() - started, failures


# ---------------------------------------------------------------- runs


def _percentiles(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0], values[0]) if values else (float("nan"), float("nan"))
    cuts = statistics.quantiles(values, n=100)
    return statistics.median(values), cuts[98]


def one_run(
    opts: argparse.Namespace, members: int, database_url: str, redis_url: str | None
) -> dict[str, Any]:
    with fresh_schema(database_url) as url, tempfile.TemporaryDirectory() as tmp:
        servers = Servers(url, redis_url, Path(tmp))
        try:
            urls = [servers.start(f"m{i}") for i in range(members)]
            redis_before = _redis_stats(redis_url)
            cpu_before = servers.cpu()
            samples, wall, failures = load(urls, opts)
            cpu = servers.cpu() - cpu_before
            redis_after = _redis_stats(redis_url)
            rss = servers.rss_mib()
        finally:
            servers.close()
            problems = servers.log_problems()
    count = len(samples)
    # Games end (5 rounds at 20x): the rate is over the time guesses were shown, not the whole window.
    active = max(s.at for s in samples) - min(s.at for s in samples) if len(samples) > 1 else opts.seconds
    direct = [s.ms for s in samples if not s.hop]
    hop = [s.ms for s in samples if s.hop]
    return {
        "members": members,
        "guesses": count,
        "per_s": count / max(active, 1e-3),
        "active_s": active,
        "wall_s": wall,
        "failed_rooms": failures,
        "log_problems": problems,
        "direct": _percentiles(direct),
        "hop": _percentiles(hop),
        "cpu_ms_per_guess": 1000 * cpu / max(1, count),
        "rss_mib": rss,
        "redis_commands_per_guess": (redis_after[0] - redis_before[0]) / max(1, count) if redis_url else None,
        "redis_bytes_per_guess": (redis_after[1] - redis_before[1]) / max(1, count) if redis_url else None,
    }


def _redis_stats(url: str | None) -> tuple[int, int]:
    if url is None:
        return 0, 0
    client = sync_redis.Redis.from_url(url)
    stats = client.info("stats")
    client.close()
    return int(stats["total_commands_processed"]), int(stats["total_net_input_bytes"]) + int(
        stats["total_net_output_bytes"]
    )


def takeovers(opts: argparse.Namespace, database_url: str, redis_url: str) -> list[float]:
    """SIGKILL of a room's owner, ``opts.kills`` times: seconds until a player on the survivor plays again."""
    times: list[float] = []
    with fresh_schema(database_url) as url, tempfile.TemporaryDirectory() as tmp:
        servers = Servers(url, redis_url, Path(tmp))
        try:
            servers.start("a")
            servers.start("b")
            for kill in range(opts.kills):
                owner, survivor = ("a", "b") if kill % 2 == 0 else ("b", "a")
                times.append(asyncio.run(_one_takeover(servers, owner, survivor)))
                servers.start(owner)
                print(f"  kill {kill + 1}: play resumed after {times[-1]:.2f} s", file=sys.stderr)
        finally:
            servers.close()
    return times


async def _one_takeover(servers: Servers, owner: str, survivor: str) -> float:
    async with (
        Client.connect(f"http://{HOST}:{servers.ports[owner]}") as host,
        Client.connect(f"http://{HOST}:{servers.ports[survivor]}") as guest,
    ):
        await host.hello()
        await guest.hello()
        code = await host.create(lang="en")
        await guest.join(code)
        await host.send({"type": "options", "rounds": 5, "clock_s": 120})
        await host.send({"type": "start"})
        await guest.view_where(lambda v: v["phase"] == "playing", timeout=20)
        servers.kill(owner)
        killed = time.monotonic()
        words = iter(GUESSES)
        while time.monotonic() - killed < 60:
            await guest.guess(next(words))
            with contextlib.suppress(TimeoutError):
                await guest.view_where(lambda v: v["seats"][1].get("rows"), timeout=0.25)
                return time.monotonic() - killed
        return float("inf")


def report(single: dict[str, Any], cluster: dict[str, Any], kills: list[float]) -> None:
    def ms(pair: tuple[float, float]) -> str:
        return f"{pair[0]:.1f} / {pair[1]:.1f}"

    print("\nScale-out: the same load on 1 process, then 2 processes + Redis (PostgreSQL for both).")
    print(f"{'':34}{'1 process':>18}{'2 processes':>18}")
    print(f"{'guesses and moves / s':34}{single['per_s']:>18.0f}{cluster['per_s']:>18.0f}")
    print(f"{'guesses and moves':34}{single['guesses']:>18}{cluster['guesses']:>18}")
    print(f"{'seconds with guesses shown':34}{single['active_s']:>18.1f}{cluster['active_s']:>18.1f}")
    failed_1, failed_2 = len(single["failed_rooms"]), len(cluster["failed_rooms"])
    print(f"{'rooms and tournaments that failed':34}{failed_1:>18}{failed_2:>18}")
    logged_1, logged_2 = len(single["log_problems"]), len(cluster["log_problems"])
    print(f"{'server log warnings and errors':34}{logged_1:>18}{logged_2:>18}")
    print(f"{'p50 / p99 ms, same process':34}{ms(single['direct']):>18}{ms(cluster['direct']):>18}")
    print(f"{'p50 / p99 ms, across processes':34}{'-':>18}{ms(cluster['hop']):>18}")
    cpu_1, cpu_2 = single["cpu_ms_per_guess"], cluster["cpu_ms_per_guess"]
    print(f"{'server CPU ms per guess':34}{cpu_1:>18.3f}{cpu_2:>18.3f}")
    rss_1, rss_2 = [round(r) for r in single["rss_mib"]], [round(r) for r in cluster["rss_mib"]]
    print(f"{'RSS MiB per process':34}{rss_1!s:>18}{rss_2!s:>18}")
    for run in (single, cluster):
        for failure in run["failed_rooms"][:3]:
            print(f"  failed ({run['members']} process(es)): {failure}")
        for problem in run["log_problems"][:3]:
            print(f"  server log ({run['members']} process(es)): {problem}")
    ratio = cluster["per_s"] / max(1e-9, single["per_s"])
    print(f"throughput ratio 2 ÷ 1: {ratio:.2f} [aim ≥ 1.7: {'met' if ratio >= 1.7 else 'MISSED'}]")
    extra = cluster["hop"][1] - cluster["direct"][1]
    print(f"the hop adds {extra:.1f} ms at p99 [aim ≤ 2 ms: {'met' if extra <= 2 else 'MISSED'}]")
    print(
        f"Redis per guess: {cluster['redis_commands_per_guess']:.1f} commands, "
        f"{cluster['redis_bytes_per_guess']:.0f} bytes in+out"
    )
    if kills:
        finite = [k for k in kills if k != float("inf")]
        print(
            f"takeover after SIGKILL over {len(kills)} kills: p50 {statistics.median(finite):.2f} s, "
            f"max {max(kills):.2f} s [aim ≤ 10 s: {'met' if max(kills) <= 10 else 'MISSED'}]"
        )
    print(json.dumps({"single": single, "cluster": cluster, "takeovers_s": kills}, default=str))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rooms", type=int, default=24)
    parser.add_argument("--tournaments", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--generators", type=int, default=2)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument(
        "--database-url",
        default=os.environ.get(
            "WORDARENA_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
        ),
    )
    parser.add_argument(
        "--redis-url", default=os.environ.get("WORDARENA_TEST_REDIS_URL", "redis://127.0.0.1:6379/9")
    )
    opts = parser.parse_args()
    flush = sync_redis.Redis.from_url(opts.redis_url)
    flush.flushdb()
    flush.close()
    print("one process...", file=sys.stderr)
    single = one_run(opts, 1, opts.database_url, None)
    print("two processes and Redis...", file=sys.stderr)
    cluster = one_run(opts, 2, opts.database_url, opts.redis_url)
    print(f"{opts.kills} takeovers...", file=sys.stderr)
    kills = takeovers(opts, opts.database_url, opts.redis_url) if opts.kills else []
    report(single, cluster, kills)


if __name__ == "__main__":
    main()
