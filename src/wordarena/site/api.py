"""The HTTP APIs of the game client (issue 9 §5, §7): constants, the player's history, finished games,
word reports, and the one-time codes that carry an identity to another device.

The client proves who it is with its secret token in ``Authorization: Bearer …``
(the token never travels in a URL, so it stays out of logs and histories).
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
from collections import deque
from typing import Any, Final

from aiohttp import web

from wordarena.core.alphabets import ALPHABETS
from wordarena.server.connection import client_ip
from wordarena.server.service import SERVICE
from wordarena.site.constants import constants
from wordarena.store.history import HistoryRepository
from wordarena.store.players import Player
from wordarena.store.reports import KINDS, MAX_REASON, MAX_WORD, ReportRepository, TooManyReports
from wordarena.store.transfers import TransferRepository

MAX_TOKEN_LENGTH: Final = 200
MAX_BODY_BYTES: Final = 2_048
#: Wrong transfer codes one address may try per minute (a code has about 49 bits: guessing is hopeless).
CLAIMS_PER_MINUTE: Final = 10
FAILED_CLAIMS = web.AppKey("failed_claims", dict)


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


async def json_body(request: web.Request) -> dict[str, Any]:
    if request.content_length is not None and request.content_length > MAX_BODY_BYTES:
        raise web.HTTPRequestEntityTooLarge(max_size=MAX_BODY_BYTES, actual_size=request.content_length)
    try:
        body = await request.json()
    except ValueError:
        raise web.HTTPBadRequest(text="send a JSON object") from None
    if not isinstance(body, dict):
        raise web.HTTPBadRequest(text="send a JSON object")
    return body


def _text(body: dict[str, Any], name: str, limit: int) -> str:
    value = body.get(name, "")
    if not isinstance(value, str):
        raise web.HTTPBadRequest(text=f"{name} must be text")
    value = unicodedata.normalize("NFC", value).strip()
    if len(value) > limit or any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co") for c in value):
        raise web.HTTPBadRequest(text=f"{name} is too long or holds invisible characters")
    return value


async def post_report(request: web.Request) -> web.Response:
    """A word report from the reveal card: kept for review (`wordarena reports`), never applied by itself."""
    player = await player_of(request)
    if player is None:
        return web.json_response({"error": "unknown_player"}, status=401)
    body = await json_body(request)
    lang, kind = body.get("lang"), body.get("kind")
    word = _text(body, "word", MAX_WORD)
    reason = _text(body, "reason", MAX_REASON)
    if lang not in ALPHABETS or kind not in KINDS or not word:
        raise web.HTTPBadRequest(
            text=f"lang must be a word language, kind one of {', '.join(KINDS)}, word set"
        )
    reports = ReportRepository(request.app[SERVICE].db)
    try:
        await asyncio.to_thread(reports.add, lang, word, kind, reason, player.id)
    except TooManyReports:
        return web.json_response({"error": "too_many_reports"}, status=429)
    return web.json_response({"stored": True}, status=201)


async def post_transfer(request: web.Request) -> web.Response:
    """A one-time code (and its lifetime) that lets another device take this identity."""
    header = request.headers.get("Authorization", "")
    player = await player_of(request)
    if player is None:
        return web.json_response({"error": "unknown_player"}, status=401)
    token = header.partition(" ")[2].strip()
    transfers = TransferRepository(request.app[SERVICE].db)
    code, valid = await asyncio.to_thread(transfers.create, player.id, token)
    return web.json_response(
        {"code": code, "expires_s": int(valid.total_seconds())}, headers={"Cache-Control": "no-store"}
    )


def _claims_left(request: web.Request) -> bool:
    """A sliding minute of failed claims per address."""
    ip = client_ip(request, request.app[SERVICE].config.trust_proxy)
    failures: deque[float] = request.app[FAILED_CLAIMS].setdefault(ip, deque())
    now = time.monotonic()
    while failures and now - failures[0] > 60:
        failures.popleft()
    return len(failures) < CLAIMS_PER_MINUTE


def _failed_claim(request: web.Request) -> None:
    ip = client_ip(request, request.app[SERVICE].config.trust_proxy)
    request.app[FAILED_CLAIMS].setdefault(ip, deque()).append(time.monotonic())


async def post_transfer_claim(request: web.Request) -> web.Response:
    """The identity behind a one-time code: its token, for this device to keep. The code is used up."""
    if not _claims_left(request):
        return web.json_response({"error": "too_many_tries"}, status=429)
    code = _text(await json_body(request), "code", 32)
    transfers = TransferRepository(request.app[SERVICE].db)
    claimed = await asyncio.to_thread(transfers.claim, code)
    if claimed is None:
        _failed_claim(request)
        return web.json_response({"error": "bad_code"}, status=404)
    player_id, token = claimed
    player = await asyncio.to_thread(request.app[SERVICE].players.get, player_id)
    name = player.nickname if player is not None else ""
    return web.json_response({"token": token, "name": name}, headers={"Cache-Control": "no-store"})


def add_routes(app: web.Application) -> None:
    app[FAILED_CLAIMS] = {}
    app.router.add_get("/api/constants", get_constants)
    app.router.add_get("/api/me", get_me)
    app.router.add_get("/api/rooms/{code}/game", get_room_game)
    app.router.add_post("/api/reports", post_report)
    app.router.add_post("/api/transfer", post_transfer)
    app.router.add_post("/api/transfer/claim", post_transfer_claim)
