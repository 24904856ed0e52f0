"""Every finished game has its replay: a link in its final view, its JSON at /api/games/{id}, analysed."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import aiohttp

from tests.server.conftest import Arena
from tests.server.test_rooms import answer_of, start_playing, two_players, wrong_words
from wordarena.core.feedback import pattern
from wordarena.core.replay_ids import replay_id
from wordarena.store.writes import ReplayStored


async def _get(arena: Arena, path: str) -> tuple[int, dict[str, object]]:
    async with aiohttp.ClientSession() as http, http.get(f"{arena.url}{path}") as response:
        return response.status, await response.json()


async def test_a_finished_game_has_its_replay_and_a_game_in_play_has_none(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        room = arena.node.registry.rooms[code]
        in_play = replay_id(room.game.state.seed, room.game.state.game_number)  # what it will be
        status, body = await _get(arena, f"/api/games/{in_play}")
        assert (status, body) == (404, {"error": "unknown_game"})  # nothing of a game in play leaves early
        wrong = wrong_words(arena, code, 1)[0]
        answer = answer_of(arena, code)
        await alice.guess(wrong)
        await alice.guess(answer)
        for word in wrong_words(arena, code, 6):
            await bob.guess(word)
        await alice.view_where(lambda v: v["phase"] == "reveal")
        arena.advance(6_500)
        final = await alice.view_where(lambda v: v["phase"] == "finished")
        assert final["replay"] == f"/games/{in_play}"
        await arena.node.journal.drain()
        status, document = await _get(arena, f"/api/{final['replay'].lstrip('/')}")
        assert status == 200 and document["id"] == in_play and document["mode"] == "duel"
        [played] = document["rounds"]  # type: ignore[index]
        guesses = [(g["player"], g["word"], g["pattern"]) for g in played["guesses"]]
        assert [g for g in guesses if g[0] == 0] == [(0, wrong, pattern(answer, wrong)), (0, answer, "GGGGG")]
        assert len([g for g in guesses if g[0] == 1]) == 6
        assert played["answer"] == answer


async def test_the_analysis_is_written_over_the_replay_once_computed(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        await alice.guess(answer_of(arena, code))
        for word in wrong_words(arena, code, 6):
            await bob.guess(word)
        await alice.view_where(lambda v: v["phase"] == "reveal")
        arena.advance(6_500)
        final = await alice.view_where(lambda v: v["phase"] == "finished")
        path = f"/api/{final['replay'].lstrip('/')}"
        async with asyncio.timeout(30):  # a deadline for the analysis thread, not a timing
            while True:
                await arena.node.journal.drain()
                status, document = await _get(arena, path)
                if status == 200 and "summary" in document:
                    break
                await asyncio.sleep(0.05)
        first = document["rounds"][0]["guesses"][0]  # type: ignore[index]
        analysis = first["analysis"]
        assert analysis["left_before"] >= analysis["left_after"] >= 1
        assert 0 <= analysis["skill"] <= 100
        await a_replay_left_unanalysed_is_analysed_at_the_next_start(arena, code, document)


async def a_replay_left_unanalysed_is_analysed_at_the_next_start(
    arena: Arena, code: str, analysed: dict[str, Any]
) -> None:
    """As if the process had stopped between the game's end and its analysis: the bare replay stays."""
    bare = copy.deepcopy(analysed) | {"id": "left-bare"}
    del bare["summary"]
    for guess in bare["rounds"][0]["guesses"]:
        del guess["analysis"]
    fence = arena.node.registry.rooms[code].fence  # written by the room's owner, with the game's result
    await arena.node.journal.write([ReplayStored(code, "left-bare", "duel", bare, fence=fence)])
    assert "summary" not in (await _get(arena, "/api/games/left-bare"))[1]
    await arena.node.analyst.catch_up()  # what every start does
    status, caught_up = await _get(arena, "/api/games/left-bare")
    assert status == 200 and caught_up == analysed | {"id": "left-bare"}
    assert arena.node.analyst.replays.unanalysed() == []


async def test_an_unknown_game_is_the_sites_404(arena: Arena) -> None:
    status, body = await _get(arena, "/api/games/not-a-game")
    assert (status, body) == (404, {"error": "unknown_game"})
