"""A game in progress survives a server restart (players have 60 s to come back)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import Arena, FakeClock
from tests.server.test_rooms import start_playing, two_players, wrong_words
from wordarena.server.app import make_app
from wordarena.server.config import Config
from wordarena.server.messages import CloseCode


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
        answer = first.node.registry.rooms[code].state.answer
        await first.server.close()  # stops the rooms, closes the sockets ("going away")
        await alice._reader
        assert alice.ws.close_code == CloseCode.GOING_AWAY

    clock.now += 5_000
    second = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    assert second.node.registry.rooms[code].state.answer == answer
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
    assert second.node.registry.rooms[code].kind == "tournament"
    async with second.client() as alice:
        await alice.hello(token=token)
        await alice.send({"type": "tournament_join", "tournament": code})
        back = await alice.latest_where("tournament", lambda v: v["code"] == code)
        assert back["you"] == view["you"] and len(back["players"]) == 8
        await alice.send({"type": "tournament_join", "tournament": "nope"})
        assert (await alice.expect("error"))["code"] == "unknown_tournament"


async def test_a_room_created_just_before_a_stop_is_still_there(tmp_path: Path, aiohttp_server: Any) -> None:
    clock = FakeClock()
    first = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    async with first.client() as alice:
        await alice.hello()
        token = alice.token
        code = await alice.create(lang="fr")  # told the code: it is stored already
        await first.server.close()
    second = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    async with second.client() as alice:
        await alice.hello(token=token)
        view = await alice.join(code)
        assert view["options"]["lang"] == "fr" and view["seats"][0]["name"] == alice.player["name"]  # type: ignore[index]


async def test_a_revealed_answer_never_comes_back_into_play(tmp_path: Path, aiohttp_server: Any) -> None:
    clock = FakeClock()
    first = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    async with first.client() as alice, first.client() as bob:
        code = await two_players(first, alice, bob, rounds=3)
        await start_playing(first, alice, bob)
        await first.settle(90_000)  # the clock runs out: revealed by time alone, no event logged
        revealed = await alice.view_where(lambda v: v["phase"] == "reveal")
        answer = revealed["reveal"]["answer"]
        tokens = alice.token, bob.token
        await first.server.close()
    clock.now += 200  # back 0.2 s later
    second = Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path), clock=clock)), clock)
    async with second.client() as alice:
        await alice.hello(token=tokens[0])
        back = await alice.join(code)
        assert back["phase"] == "reveal" and back["reveal"]["answer"] == answer
        assert back["version"] >= revealed["version"]
        await second.settle(6_500)
        playing = await alice.view_where(lambda v: v["phase"] in ("card", "playing"))
        assert playing["round"]["number"] == 2
        await second.settle(2_600)
        await alice.view_where(lambda v: v["phase"] == "playing")
        await alice.guess(answer)  # the old answer is just a word now (no word repeats in a game)
        await alice.until(lambda m: m["type"] in ("room", "refused"))
        assert not alice.view["seats"][0]["solved"]  # type: ignore[index]
