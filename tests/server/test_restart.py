"""A game in progress survives a server restart (players have 60 s to come back)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import Arena, FakeClock
from tests.server.test_rooms import start_playing, two_players, wrong_words
from wordarena.server.app import make_app
from wordarena.server.service import Config


async def test_a_restart_keeps_the_game(tmp_path: Path, aiohttp_server: Any) -> None:
    clock = FakeClock()
    first = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    async with first.client() as alice, first.client() as bob:
        code = await two_players(first, alice, bob, rounds=3)
        await start_playing(first, alice, bob)
        word = wrong_words(first, code, 1)[0]
        await alice.guess(word)
        before = await alice.view_where(lambda v: len(v["seats"][0]["rows"]) == 1)
        tokens = alice.token, bob.token
        answer = first.service.rooms[code].state.answer
        await first.server.close()  # saves the game in progress, closes the sockets ("going away")
        assert alice.ws.closed or await alice._reader is None

    clock.now += 5_000
    second = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    assert second.service.rooms[code].state.answer == answer
    async with second.client() as alice:
        await alice.hello(token=tokens[0])
        view = await alice.join(code)
        assert view["seats"][0]["rows"] == before["seats"][0]["rows"]
        assert view["round"]["clock_ms"] == before["round"]["clock_ms"] - 5_000
        assert view["seats"][1]["away"]  # bob has not come back yet
        second.advance(60_000)  # ...and never does: his seat stops holding the round
        await alice.view_where(lambda v: v["seats"][1]["gone"])


async def test_a_restart_keeps_a_tournament(tmp_path: Path, aiohttp_server: Any) -> None:
    clock = FakeClock()
    first = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    async with first.client() as alice:
        await alice.hello()
        token = alice.token
        await alice.send({"type": "queue", "lang": "it", "practice": True})
        await alice.latest_where("queue", lambda m: m["queued"])
        await first.settle(10_000)
        view = await alice.latest_where("tournament", lambda v: v["phase"] == "intro")
        code = view["code"]
        await first.server.close()

    second = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    assert second.service.rooms[code].kind == "tournament"
    async with second.client() as alice:
        await alice.hello(token=token)
        await alice.send({"type": "tournament_join", "tournament": code})
        back = await alice.latest_where("tournament", lambda v: v["code"] == code)
        assert back["you"] == view["you"] and len(back["players"]) == 8
        await alice.send({"type": "tournament_join", "tournament": "nope"})
        assert (await alice.expect("error"))["code"] == "unknown_tournament"
