"""A real cluster: `wordarena serve` processes sharing the tests' PostgreSQL and a Redis of this test.

Game time runs `SCALE` times faster (hidden --time-scale, one origin for every
process, restarted ones included); leases are real time (5 s). Waits are on
conditions with deadlines, never fixed sleeps.
"""

from __future__ import annotations

import asyncio
import secrets
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
import redis.asyncio as aioredis
from sqlalchemy import create_engine, text

from testkit.processes import free_port, wait_ready
from tests.store.conftest import fresh_postgres_url
from wordarena.client import Client
from wordarena.core import lexicon
from wordarena.server.clock import now_ms

SCALE = 10.0
TAKEOVER_S = 10.0  # the aim: play goes on within 10 s of a SIGKILL


class Member:
    def __init__(self, name: str, port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
        self.name, self.port, self.proc, self.log = name, port, proc, log

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


class Cluster:
    def __init__(
        self, tmp: Path, database_url: str, redis_url: str, scale: float = SCALE, prefix: str = "wa:"
    ) -> None:
        self.tmp, self.database_url, self.redis_url, self.prefix = tmp, database_url, redis_url, prefix
        self.scale = scale
        self.origin = now_ms()
        self.members: dict[str, Member] = {}

    def start(self, name: str) -> Member:
        port = free_port()
        log = self.tmp / f"{name}-{port}.log"
        command = [
            sys.executable, "-m", "wordarena", "serve", "--port", str(port),
            "--data-dir", str(self.tmp / name), "--database-url", self.database_url,
            "--redis-url", self.redis_url, "--redis-prefix", self.prefix,
            "--time-scale", str(self.scale), "--time-origin-ms", str(self.origin),
            "--max-sockets-per-ip", "1000", "--new-identities-per-minute", "1000",
        ]  # fmt: skip
        with log.open("wb") as out:
            proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        member = Member(name, port, proc, log)
        wait_ready(f"{member.url}/healthz", proc, log, timeout=60)
        self.members[name] = member
        return member

    def kill(self, name: str) -> None:
        member = self.members.pop(name)
        member.proc.kill()
        member.proc.wait(10)

    def stop(self, name: str) -> int:
        member = self.members.pop(name)
        member.proc.send_signal(signal.SIGTERM)
        return member.proc.wait(30)

    def close(self) -> None:
        for member in self.members.values():
            member.proc.kill()
            member.proc.wait(10)

    def errors(self) -> list[str]:
        lines = []
        for log in self.tmp.glob("*.log"):
            lines += [line for line in log.read_text(errors="replace").splitlines() if " ERROR " in line]
        return lines


@pytest.fixture
def cluster(tmp_path: Path, postgres_url: str, redis_url: str) -> Iterator[Cluster]:
    with fresh_postgres_url(postgres_url) as url, _redis_prefix(redis_url) as prefix:
        cluster = Cluster(tmp_path, url, redis_url, prefix=prefix)
        try:
            yield cluster
        finally:
            cluster.close()
        assert cluster.errors() == []


@contextmanager
def _redis_prefix(url: str) -> Iterator[str]:
    """A key prefix of this test's own: only its keys are removed afterwards, whatever Redis it is."""
    prefix = f"wa-test-{secrets.token_hex(4)}:"
    yield prefix

    async def remove() -> None:
        client = aioredis.Redis.from_url(url)
        keys = [key async for key in client.scan_iter(match=f"{prefix}*")]
        if keys:
            await client.delete(*keys)
        await client.aclose()

    asyncio.run(remove())


async def connected(stack: AsyncExitStack, member: Member, token: str | None = None) -> Client:
    client = await stack.enter_async_context(Client.connect(member.url))
    await client.hello(token=token)
    return client


def answers(lang: str, count: int) -> list[str]:
    words = lexicon.word_list(lang, 5)
    return [words.spelling(k) for k in words.answers[:count]]


async def within(seconds: float, condition: Any) -> float:
    """Seconds until ``await condition()`` is true, failing after ``seconds``."""
    started = time.monotonic()
    async with asyncio.timeout(seconds):
        while not await condition():
            await asyncio.sleep(0.05)
    return time.monotonic() - started


async def start_round(alice: Client, bob: Client, rounds: int = 1) -> str:
    code = await alice.create(lang="en")
    await bob.join(code)
    await alice.send({"type": "options", "rounds": rounds})
    await alice.view_where(lambda v: v["options"]["rounds"] == rounds)
    await alice.send({"type": "start"})
    await bob.view_where(lambda v: v["phase"] == "playing", timeout=10)
    return code


async def test_a_room_made_on_one_process_is_joined_and_played_to_the_end_from_the_other(
    cluster: Cluster,
) -> None:
    a, b = cluster.start("a"), cluster.start("b")
    async with AsyncExitStack() as stack:
        alice, bob = await connected(stack, a), await connected(stack, b)
        await start_round(alice, bob)
        for word in answers("en", 6):
            await bob.guess(word)
            await alice.guess(word)
        final = await bob.view_where(lambda v: v["phase"] == "finished", timeout=20)
        assert len(final["standings"]["order"]) == 2
        shown = [r["answer"] for r in final["standings"]["rounds"]]
        assert len(shown) == 1


async def test_a_game_goes_on_after_sigkill_of_its_owner(cluster: Cluster) -> None:
    a, b = cluster.start("a"), cluster.start("b")
    async with AsyncExitStack() as stack:
        alice, bob = await connected(stack, a), await connected(stack, b)
        code = await start_round(alice, bob, rounds=3)
        await bob.guess("crane")
        await bob.view_where(lambda v: len(v["seats"][1]["rows"]) == 1)
        token = alice.token
        cluster.kill("a")  # the owner of the room, and alice's process

        async def bob_plays_again() -> bool:
            await bob.guess("slate")
            try:
                await bob.view_where(lambda v: len(v["seats"][1]["rows"]) == 2, timeout=0.5)
                return True
            except TimeoutError:
                return False

        await within(TAKEOVER_S + 5, bob_plays_again)  # a deadline for the takeover, not a timing
        back = await connected(stack, b, token)  # alice reconnects to the survivor and gets her seat
        view = await back.join(code)
        assert view["you"] == 0 and len(view["seats"]) == 2


async def test_eight_players_four_on_each_process_land_in_one_tournament(cluster: Cluster) -> None:
    a, b = cluster.start("a"), cluster.start("b")
    async with AsyncExitStack() as stack:
        players = [await connected(stack, a if i % 2 else b) for i in range(8)]
        for client in players:
            await client.send({"type": "queue", "lang": "de"})
        views = [
            await c.latest_where("tournament", lambda v: v["phase"] == "intro", timeout=15) for c in players
        ]
        assert len({v["code"] for v in views}) == 1 and len(views[0]["players"]) == 8


async def test_a_group_across_processes_launches_together(cluster: Cluster) -> None:
    a, b = cluster.start("a"), cluster.start("b")
    async with AsyncExitStack() as stack:
        ann, bob = await connected(stack, a), await connected(stack, b)
        await ann.send({"type": "group_create"})
        group = await ann.expect("group", timeout=15)  # the first request builds the desk
        await bob.send({"type": "group_join", "group": group["code"]})
        await ann.latest_where("group", lambda m: len(m["members"]) == 2)
        await ann.send({"type": "group_launch", "lang": "it", "practice": True})
        first = await ann.latest_where("tournament", lambda v: v["phase"] != "lobby", timeout=15)
        second = await bob.latest_where("tournament", lambda v: v["phase"] != "lobby", timeout=15)
        assert first["code"] == second["code"]


async def rated_tournament(stack: AsyncExitStack, cluster: Cluster) -> tuple[list[Client], str]:
    members = list(cluster.members.values())
    players = [await connected(stack, members[i % len(members)]) for i in range(8)]
    for client in players:
        await client.send({"type": "queue", "lang": "en"})
    view = await players[0].latest_where("tournament", lambda v: v["phase"] == "intro", timeout=15)
    return players, view["code"]


async def test_a_tournament_keeps_its_turn_deadline_after_sigkill_of_its_owner(cluster: Cluster) -> None:
    cluster.start("a")
    async with AsyncExitStack() as stack:
        players, code = await rated_tournament(stack, cluster)  # owned by a: everybody plays on a
        cluster.start("b")
        watcher = players[0]
        before = await watcher.latest_where("tournament", lambda v: v["phase"] == "playing", timeout=10)
        turn_ends = time.monotonic() + before["duel"]["turn_ms"] / 1000 / SCALE
        tokens = [p.token for p in players]
        cluster.kill("a")
        b = cluster.members["b"]
        back = [await connected(stack, b, token) for token in tokens]
        for client in back:
            await client.send({"type": "tournament_join", "tournament": code})
        after = await back[0].latest_where("tournament", lambda v: v["code"] == code, timeout=TAKEOVER_S + 5)
        assert after["version"] >= before["version"]
        expected = (turn_ends - time.monotonic()) * 1000 * SCALE  # the turn's end, in game time
        slack = 1_000 * SCALE / 2  # half a second of real time for the transport
        same_turn = after["duel"] is not None and (after["duel"]["rows"], after["duel"]["turn"]) == (
            before["duel"]["rows"],
            before["duel"]["turn"],
        )
        if same_turn:  # the restored turn ends when it would have ended
            assert after["duel"]["turn_ms"] is not None and abs(after["duel"]["turn_ms"] - expected) < slack
        else:  # the turn is over: only because its time ran out during the takeover
            assert expected < slack, (before["duel"], after["duel"])


async def test_a_settled_place_is_stored_once_after_sigkill_of_its_owner(cluster: Cluster) -> None:
    cluster.start("a")
    async with AsyncExitStack() as stack:
        players, code = await rated_tournament(stack, cluster)
        cluster.start("b")
        leaver = players[3]
        await leaver.send({"type": "leave"})  # a walk-out: placed when the round ends
        await players[0].latest_where("tournament", lambda v: v["round"] and v["round"]["over"], timeout=60)
        cluster.kill("a")  # right after the settlement
        tokens = [p.token for p in players if p is not leaver]
        back = [await connected(stack, cluster.members["b"], token) for token in tokens]
        for client in back:
            await client.send({"type": "tournament_join", "tournament": code})
        await back[0].latest_where("tournament", lambda v: v["code"] == code, timeout=TAKEOVER_S + 5)
    engine = create_engine(cluster.database_url)
    with engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT player_id, count(*) FROM tournament_places"
                " WHERE tournament_code = :c GROUP BY player_id"
            ),
            {"c": code},
        ).all()
        ratings = dict(connection.execute(text("SELECT id, rating FROM players")).all())
        changes = connection.execute(
            text("SELECT player_id, rating_after - rating_before FROM tournament_places WHERE rated")
        ).all()
    engine.dispose()
    assert rows and all(count == 1 for _, count in rows)  # each place (and its rating change) once
    for player, change in changes:
        assert ratings[player] == 1000 + change


async def test_games_go_on_when_redis_restarts(tmp_path: Path, postgres_url: str) -> None:
    server = shutil.which("redis-server")
    assert server is not None
    port = free_port()
    command = [
        server,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(tmp_path),
    ]
    redis = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True)
    try:
        with fresh_postgres_url(postgres_url) as url:
            # At scale 2 the round lasts 45 s: longer than the 20 s bob is given to play again
            # (at the usual 10 a slow restart let the round run out, and its reveal shows no rows).
            cluster = Cluster(tmp_path, url, f"redis://127.0.0.1:{port}/0", scale=2.0)
            try:
                await _play_through_a_redis_restart(cluster, redis, command)
            finally:
                cluster.close()
    finally:
        redis.kill()
        redis.wait(10)


async def _play_through_a_redis_restart(
    cluster: Cluster, redis: subprocess.Popen[bytes], command: list[str]
) -> None:
    a, b = cluster.start("a"), cluster.start("b")
    async with AsyncExitStack() as stack:
        alice, bob = await connected(stack, a), await connected(stack, b)
        await start_round(alice, bob, rounds=3)
        await bob.guess("crane")
        await bob.view_where(lambda v: len(v["seats"][1]["rows"]) == 1)
        redis.kill()
        redis.wait(10)
        restarted = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True)
        try:

            async def bob_plays_again() -> bool:
                await bob.guess("slate")
                try:
                    await bob.view_where(lambda v: len(v["seats"][1]["rows"]) == 2, timeout=0.5)
                    return True
                except TimeoutError:
                    return False

            await within(20, bob_plays_again)
        finally:
            restarted.kill()
            restarted.wait(10)
