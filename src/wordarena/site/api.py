"""The HTTP APIs of the game client (issue 9 §5, §7): constants, the player's history, finished games.

The client proves who it is with its secret token in ``Authorization: Bearer …``
(the token never travels in a URL, so it stays out of logs and histories).
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from wordarena.server.service import SERVICE
from wordarena.site.constants import constants
from wordarena.store.history import HistoryRepository
from wordarena.store.players import Player

MAX_TOKEN_LENGTH = 200


async def player_of(request: web.Request) -> Player | None:
    """The identity whose token the request carries, or None."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    return await asyncio.to_thread(request.app[SERVICE].players.by_token, token)


async def get_constants(request: web.Request) -> web.Response:
    return web.json_response(constants(), headers={"Cache-Control": "no-cache"})


async def get_me(request: web.Request) -> web.Response:
    """The player's name, rating, statistics and last games."""
    player = await player_of(request)
    if player is None:
        return web.json_response({"error": "unknown_player"}, status=401)
    history = HistoryRepository(request.app[SERVICE].db)
    stats: dict[str, Any] = await asyncio.to_thread(history.statistics, player.id)
    stats["player"] = {"name": player.nickname, "rating": player.rating, "games_played": player.games_played}
    return web.json_response(stats, headers={"Cache-Control": "no-store"})


async def get_room_game(request: web.Request) -> web.Response:
    """The last finished game of a Duel de Mots room, every round with every seat's words.

    Only a finished game is stored, so no answer in play can leak; the room code
    is the unguessable secret that the players of that room already hold.
    """
    games = request.app[SERVICE].games
    stored = await asyncio.to_thread(games.stored_games, request.match_info["code"])
    if not stored:
        raise web.HTTPNotFound(text="no finished game in this room")
    game = stored[-1]
    for seat in game["seats"]:
        seat.pop("player_id", None)  # identities stay private
    return web.json_response(game, headers={"Cache-Control": "no-store"})


def add_routes(app: web.Application) -> None:
    app.router.add_get("/api/constants", get_constants)
    app.router.add_get("/api/me", get_me)
    app.router.add_get("/api/rooms/{code}/game", get_room_game)
