"""/live and /api/live over a real server: public games in play only, each with its watch link (D5)."""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.server.conftest import Arena
from tests.server.test_rooms import start_playing, two_players
from wordarena.server.live import FRESH_MS


async def fetch(arena: Arena, path: str, accept: str = "text/html") -> tuple[int, Any]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(arena.url + path, headers={"Accept": accept}) as response,
    ):
        body = await (response.json() if accept == "application/json" else response.text())
        return response.status, body


async def test_a_quick_game_in_play_is_live_and_a_private_room_is_not(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob, arena.client() as carol, arena.client() as dan:
        status, page = await fetch(arena, "/live")
        assert status == 200 and 'data-testid="live-none"' in page
        private = await two_players(arena, carol, dan)
        await start_playing(arena, carol, dan)
        await alice.hello()
        await bob.hello()
        await alice.send({"type": "quick", "lang": "es"})
        quick = (await alice.view_where(lambda v: v["quick"]))["code"]
        await bob.send({"type": "quick", "lang": "es"})
        assert (await bob.view_where(lambda v: v["quick"] and len(v["seats"]) == 2))["code"] == quick
        _, listed = await fetch(arena, "/api/live", "application/json")
        assert listed == {"games": [], "featured": None}  # still a lobby: nothing to watch yet
        arena.advance(15_000)
        await alice.view_where(lambda v: v["phase"] == "card")
        _, listed = await fetch(arena, "/api/live", "application/json")
        [game] = listed["games"]
        assert listed["featured"] == game and private not in str(listed)
        assert (game["kind"], game["path"], game["lang"], game["people"]) == ("duel", f"/r/{quick}", "es", 2)
        status, page = await fetch(arena, "/live?ui=fr")
        assert status == 200 and f'href="/r/{quick}"' in page and "Regarder" in page and private not in page
        async with arena.client() as eve:  # the watch link makes a watcher, counted on the page
            await eve.hello()
            await eve.send({"type": "join", "room": quick})
            await eve.view_where(lambda v: v["you"] is None)
            _, listed = await fetch(arena, "/api/live", "application/json")
            assert listed["featured"]["watchers"] == 0  # the list is kept a moment for every page asking
            arena.advance(FRESH_MS)
            _, listed = await fetch(arena, "/api/live", "application/json")
            assert listed["featured"]["watchers"] == 1
        await alice.send({"type": "watchers", "open": False})  # closed to watchers: off the page
        await alice.view_where(lambda v: not v["watchers_open"])
        arena.advance(FRESH_MS)
        _, listed = await fetch(arena, "/api/live", "application/json")
        assert listed["games"] == []
