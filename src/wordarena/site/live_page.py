"""/live: the public games in progress (core.live), with a watch link each; the first is featured.

The page is drawn on the server (readable without JavaScript); web/live.js draws it
again every few seconds from the same page, so the list has one rendering only.
`/api/live` gives the same list as JSON, for bots and tools.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from aiohttp import web

from wordarena.core.live import LiveGame
from wordarena.site.context import SITE
from wordarena.site.render import render

SHOWN_NAMES = 4  # a card names this many players, then "+n"


def game_json(game: LiveGame) -> dict[str, Any]:
    return {**dataclasses.asdict(game), "path": game.path}


async def live_page(request: web.Request) -> web.Response:
    games = await request.app[SITE].live.games()
    return render(
        request,
        "live.html",
        page="live",
        featured=games[0] if games else None,
        others=games[1:],
        shown=SHOWN_NAMES,
    )


async def get_live(request: web.Request) -> web.Response:
    games = [game_json(game) for game in await request.app[SITE].live.games()]
    return web.json_response(
        {"games": games, "featured": games[0] if games else None}, headers={"Cache-Control": "no-cache"}
    )


def add_routes(app: web.Application) -> None:
    app.router.add_get("/live", live_page)
    app.router.add_get("/api/live", get_live)
