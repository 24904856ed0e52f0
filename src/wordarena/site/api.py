"""The HTTP APIs of the game client: constants, the player's history, finished games,
word reports, and the one-time codes that carry an identity to another device.

The client proves who it is with its secret token in ``Authorization: Bearer …``
(the token never travels in a URL, so it stays out of logs and histories).
Every store call runs on the site's own threads (site/work.py), never the games'.
"""

from __future__ import annotations

import asyncio
import json
import unicodedata
from collections import OrderedDict
from typing import Any, Final

from aiohttp import web

from wordarena.core.alphabets import ALPHABETS
from wordarena.server import limits
from wordarena.site import preview
from wordarena.site.constants import constants
from wordarena.site.context import SITE
from wordarena.site.work import SITE_WORK, address, hashed, in_store
from wordarena.store.history import HistoryRepository
from wordarena.store.players import Player
from wordarena.store.reports import KINDS, MAX_REASON, MAX_WORD, ReportRepository, TooManyReports
from wordarena.store.transfers import TransferRepository

MAX_TOKEN_LENGTH: Final = 200
PREVIEWS_KEPT: Final = 512  # link pictures kept in memory (each a few KiB)


class Previews:
    """The last link pictures drawn: a game's picture never changes, so it is drawn once while kept."""

    def __init__(self) -> None:
        self._images: OrderedDict[str, bytes] = OrderedDict()

    def get(self, replay_id: str) -> bytes | None:
        image = self._images.get(replay_id)
        if image is not None:
            self._images.move_to_end(replay_id)
        return image

    def put(self, replay_id: str, image: bytes) -> None:
        self._images[replay_id] = image
        while len(self._images) > PREVIEWS_KEPT:
            self._images.popitem(last=False)


PREVIEWS = web.AppKey("previews", Previews)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


async def player_of(request: web.Request) -> Player | None:
    """The identity whose token the request carries, or None."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    return await in_store(request, request.app[SITE].players.by_token, token)


async def get_constants(request: web.Request) -> web.Response:
    return web.json_response(constants(), headers={"Cache-Control": "no-cache"})


async def get_me(request: web.Request) -> web.Response:
    """The player's name, rating, statistics and last games."""
    player = await player_of(request)
    if player is None:
        return web.json_response({"error": "unknown_player"}, status=401)
    history = HistoryRepository(request.app[SITE].db)
    stats: dict[str, Any] = await in_store(request, history.statistics, player.id)
    stats["player"] = {"name": player.nickname, "rating": player.rating, "games_played": player.games_played}
    return web.json_response(stats, headers={"Cache-Control": "no-store"})


async def get_room_game(request: web.Request) -> web.Response:
    """The last finished game of a Duel de Mots room, every round with every seat's words.

    Only a finished game is stored, so no answer in play can leak; the room code
    is the unguessable secret that the players of that room already hold.
    """
    games = request.app[SITE].games
    stored = await in_store(request, games.stored_games, request.match_info["code"])
    if not stored:
        raise web.HTTPNotFound(text="no finished game in this room")
    game = stored[-1]
    for seat in game["seats"]:
        seat.pop("player_id", None)  # identities stay private
    return web.json_response(game, headers={"Cache-Control": "no-store"})


async def get_tournament(request: web.Request) -> web.Response:
    """A finished tournament: everybody's place and rating change, and every duel's board.

    Only a finished tournament is stored, so no answer in play can leak; a tournament
    still running answers 404 (its link shows it live instead).
    """
    record = await in_store(request, request.app[SITE].tournaments.record, request.match_info["code"])
    if record is None:
        return web.json_response({"error": "unknown_tournament"}, status=404)
    return web.json_response(record, headers={"Cache-Control": "no-store"})


async def json_body(request: web.Request) -> dict[str, Any]:
    """The request's JSON object: small, and in time (a body dribbled byte by byte holds a connection)."""
    if request.content_length is None:
        raise web.HTTPLengthRequired(text="say the body's length (Content-Length)")
    if request.content_length > limits.REQUEST_BODY_MAX:
        raise web.HTTPRequestEntityTooLarge(
            max_size=limits.REQUEST_BODY_MAX, actual_size=request.content_length
        )
    try:
        async with asyncio.timeout(limits.BODY_TIMEOUT_S):
            body = await request.json()
    except TimeoutError:
        raise web.HTTPRequestTimeout(text="the request body did not arrive in time") from None
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
    reports = ReportRepository(request.app[SITE].db)
    try:
        await in_store(request, reports.add, lang, word, kind, reason, player.id)
    except TooManyReports:
        return web.json_response({"error": "too_many_reports"}, status=429)
    return web.json_response({"stored": True}, status=201)


async def post_transfer(request: web.Request) -> web.Response:
    """A one-time code (and its lifetime) that lets another device take this identity."""
    header = request.headers.get("Authorization", "")
    player = await player_of(request)
    if player is None:
        return web.json_response({"error": "unknown_player"}, status=401)
    if not request.app[SITE_WORK].codes.take(player.id):
        return web.json_response({"error": "too_many_codes"}, status=429, headers={"Retry-After": "60"})
    token = header.partition(" ")[2].strip()
    transfers = TransferRepository(request.app[SITE].db)
    code, valid = await hashed(request, transfers.create, player.id, token)
    return web.json_response(
        {"code": code, "expires_s": int(valid.total_seconds())}, headers={"Cache-Control": "no-store"}
    )


async def post_transfer_claim(request: web.Request) -> web.Response:
    """The identity behind a one-time code: its token, for this device to keep. The code is used up.

    Every try counts against the address at once, right or wrong, before anything is
    awaited: tries sent together are counted like tries sent one after the other.
    (A code has about 49 bits: guessing is hopeless anyway; the limit keeps it so.)
    """
    if not request.app[SITE_WORK].claims.take(address(request)):
        return web.json_response({"error": "too_many_tries"}, status=429, headers={"Retry-After": "60"})
    code = _text(await json_body(request), "code", 32)
    transfers = TransferRepository(request.app[SITE].db)
    claimed = await hashed(request, transfers.claim, code)
    if claimed is None:
        return web.json_response({"error": "bad_code"}, status=404)
    player_id, token = claimed
    player = await in_store(request, request.app[SITE].players.get, player_id)
    name = player.nickname if player is not None else ""
    return web.json_response({"token": token, "name": name}, headers={"Cache-Control": "no-store"})


async def get_replay(request: web.Request) -> web.Response:
    """A finished game's replay: every guess in order, its colours and time, the expert's analysis.

    Stored only once the game (or, for a duel, its tournament) is over: an id of a game
    in play answers 404 like any unknown id, and nothing of it leaves the server early.
    """
    document = await in_store(request, request.app[SITE].replays.get, request.match_info["id"])
    if document is None:
        return web.json_response({"error": "unknown_game"}, status=404)
    headers = {"Cache-Control": "public, max-age=60"}  # the analysis may replace it once, soon after
    return web.json_response(document, headers=headers, dumps=_dumps)


async def get_preview(request: web.Request) -> web.Response:
    """The picture a chat shows for a game's link: its grids' colours, no letters (site/preview.py)."""
    replay_id = request.match_info["id"]
    cache = request.app[PREVIEWS]
    image = cache.get(replay_id)
    if image is None:
        document = await in_store(request, request.app[SITE].replays.get, replay_id)
        if document is None:
            raise web.HTTPNotFound(text="no such game")
        image = await request.app[SITE_WORK].store.run(address(request), preview.replay_preview, document)
        cache.put(replay_id, image)
    return web.Response(
        body=image, content_type="image/png", headers={"Cache-Control": "public, max-age=86400"}
    )


def add_routes(app: web.Application) -> None:
    app[PREVIEWS] = Previews()
    app.router.add_get("/api/constants", get_constants)
    app.router.add_get("/api/me", get_me)
    app.router.add_get("/api/rooms/{code}/game", get_room_game)
    app.router.add_get("/api/tournaments/{code}", get_tournament)
    app.router.add_get("/api/games/{id}", get_replay)
    app.router.add_get("/games/{id}/preview.png", get_preview)
    app.router.add_post("/api/reports", post_report)
    app.router.add_post("/api/transfer", post_transfer)
    app.router.add_post("/api/transfer/claim", post_transfer_claim)
