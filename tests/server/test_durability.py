"""The server survives ``kill -9``: nothing lost, rolled back, replayable or doubled.

A short run of the durability harness (testkit/durability/harness.py) per store:
a real ``python -m wordarena serve`` child process, game time 25 times faster,
two Duel de Mots rooms of people and a bot, a rated tournament of 8 people and a
practice tournament (one person, seven bots),
killed with SIGKILL three times at seeded random moments, restarted on the same
store, every client reconnected, then the store audited. The long run is
``python -m bench.durability --kills 20 --store both``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from pathlib import Path
from typing import Any

import pytest

from testkit.durability.harness import CHECKS, HarnessError, Options, run
from tests.server.conftest import Arena, FakeClock
from tests.server.test_rooms import start_playing, two_players
from wordarena.server.app import make_app
from wordarena.server.config import Config
from wordarena.server.desk.actor import TournamentDesk
from wordarena.store.writes import RoomDropped, Write


@pytest.mark.timeout(240)
@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
async def test_kill_9_loses_nothing(store: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    lines: list[str] = []
    options = Options(
        store=store,
        postgres_url=request.getfixturevalue("postgres_url") if store == "postgresql" else None,
        kills=3,
        seed=20261201,
        tables=2,
        people=2,
        bots=1,
        teams=1,
        practice=1,
        late=0.15,
        time_scale=25.0,
        play_s=(0.5, 2.5),
        trigger_wait_s=6.0,
        wild=0.15,
        finish_s=60.0,
        tmp=tmp_path,
        say=lines.append,
    )
    try:  # within the test's own timeout, so that a hang fails with the server's stacks and its log
        async with asyncio.timeout(150):
            report = await run(options)
    except (TimeoutError, HarnessError) as error:
        pytest.fail(f"{error!r}\n" + "\n".join(lines) + _tails(tmp_path, store))
    summary = report.summary() + "\n" + "\n".join(lines)
    assert {check: report.count(check) for check in CHECKS} == dict.fromkeys(CHECKS, 0), summary
    assert not report.server_errors, summary
    assert report.stats["stalls"] == 0, summary  # no game stuck after a restart
    # the run did what it is for: kills, restarts with rooms to come back to, games and a tournament
    assert len(report.kills) == 3, summary
    assert report.stats["rejoined"] > 0 and report.stats["views_after_restart"] > 0, summary
    assert report.games >= 1 and report.stats["tournaments_started"] >= 1, summary


def _tails(tmp: Path, store: str) -> str:
    """The end of the server's log (its threads' stacks after the post-mortem) and of the harness's trace."""
    parts = []
    for name in (f"server-{store}.log", f"trace-{store}.log"):
        path = tmp / name
        if path.exists():
            parts.append(f"\n---- {name}, its end:\n" + path.read_text(errors="replace")[-8000:])
    return "".join(parts)


async def test_a_join_while_a_finished_room_is_being_dropped_is_answered(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the harness (PostgreSQL, seed 3): after a restart, a finished room with nobody
    in it is dropped; a player who rejoined it meanwhile never got any answer (no view, no error)."""
    journal = arena.node.journal
    write = journal.write
    dropping, gate = asyncio.Event(), asyncio.Event()

    def held(writes: Sequence[Write]) -> Awaitable[None]:
        done = write(writes)
        if not any(isinstance(w, RoomDropped) for w in writes):
            return done
        dropping.set()

        async def after_the_gate() -> None:  # stored at once; the room hears of it later
            await gate.wait()
            await done

        return asyncio.ensure_future(after_the_gate())

    monkeypatch.setattr(journal, "write", held)
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        arena.advance(90_000)
        await alice.view_where(lambda v: v["phase"] == "reveal")
        arena.advance(6_500)
        await alice.view_where(lambda v: v["phase"] == "finished")
        token = bob.token
    await asyncio.wait_for(dropping.wait(), 5)  # both tabs closed: the finished room is being dropped
    async with arena.client() as bob_again:
        await bob_again.hello(token=token)
        await bob_again.send({"type": "join", "room": code})
        await bob_again.send({"type": "ping"})
        await bob_again.expect("pong")  # the join was handled by the connection: it is in the room's inbox
        gate.set()
        answer = await bob_again.until(lambda m: m["type"] in ("room", "error", "refused"))
        assert answer["type"] == "error" and answer["code"] == "unknown_room"
        await bob_again.send({"type": "create"})  # and no seat in the dropped room holds the player
        await bob_again.expect("created")


async def test_a_tournament_killed_before_its_start_starts_after_the_restart(
    tmp_path: Path, aiohttp_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the harness (practice, seed 6): the desk opens the tournament (stored, the players
    see its lobby) and starts it a moment later. Killed in between, it came back as a lobby that
    nothing ever starts."""

    def killed_before_the_start(desk: TournamentDesk, room: Any) -> None:
        return  # the process died here: StartRequested never reached the room

    monkeypatch.setattr(TournamentDesk, "_start_play", killed_before_the_start)
    clock = FakeClock()
    first = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    async with first.client() as alice:
        await alice.hello()
        token = alice.token
        await alice.send({"type": "queue", "lang": "it", "practice": True})
        await alice.latest_where("queue", lambda m: m["queued"])
        await first.settle(10_000)
        lobby = await alice.latest_where("tournament", lambda v: v["phase"] == "lobby")
        await first.server.close()
    monkeypatch.undo()

    second = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    async with second.client() as alice:
        await alice.hello(token=token)
        await alice.send({"type": "tournament_join", "tournament": lobby["code"]})
        # the restored lobby starts by itself
        started = await alice.latest_where("tournament", lambda v: v["phase"] != "lobby", timeout=10)
        assert started["phase"] == "intro" and len(started["players"]) == 8


async def test_a_join_of_a_room_dropped_after_the_check_is_answered(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same race one step later (found by the harness on SQLite): the room existed when the
    join looked, and was dropped before the tab was attached: no answer either."""
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        arena.advance(90_000)
        await alice.view_where(lambda v: v["phase"] == "reveal")
        arena.advance(6_500)
        await alice.view_where(lambda v: v["phase"] == "finished")
        token = bob.token
        node = arena.node
        room = node.registry.rooms[code]
    assert room._task is not None
    await asyncio.wait_for(room._task, 5)  # both tabs closed: the finished room is dropped, its task ends
    assert code not in node.registry.rooms and not await node.router.room_exists(code, "duel")

    async def existed_when_looked_at(code: str, kind: str) -> bool:
        return True

    monkeypatch.setattr(node.router, "room_exists", existed_when_looked_at)
    async with arena.client() as bob_again:
        await bob_again.hello(token=token)
        await bob_again.send({"type": "join", "room": code})
        answer = await bob_again.until(lambda m: m["type"] in ("room", "error", "refused"))
        assert answer["type"] == "error" and answer["code"] == "unknown_room"
