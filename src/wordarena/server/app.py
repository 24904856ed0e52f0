"""The aiohttp application: routes, static client, start-up and shut-down."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

from wordarena.core import bot, lexicon
from wordarena.core.alphabets import ALPHABETS, DUEL_LANGUAGES
from wordarena.core.letters import alphabet
from wordarena.server import connection, limits, protocol
from wordarena.server.service import SERVICE, Config, Service
from wordarena.store.database import Database, sqlite_url

log = logging.getLogger(__name__)
CONFIG = web.AppKey("config", Config)
ALPHABETS_KEY = web.AppKey("alphabets", dict)
WEB = Path(str(resources.files("wordarena").joinpath("web")))


def alphabets_payload() -> dict[str, Any]:
    """Each word language's letters (as views spell them), labels and keyboard rows."""
    payload = {}
    for code in ALPHABETS:
        abc = alphabet(code)
        payload[code] = {
            "name": abc.name,
            "letters": [{"key": abc.spelling_of(c), "label": abc.display_letter(c)} for c in abc.letters],
            "keyboard": [[abc.spelling_of(c) for c in row] for row in abc.keyboard],
        }
    return payload


@web.middleware
async def check_origin(request: web.Request, handler: Any) -> web.StreamResponse:
    """A WebSocket from another site's page is refused (cross-site WebSocket hijacking)."""
    origin = request.headers.get("Origin")
    if request.path == "/ws" and origin is not None:
        service: Service = request.app[SERVICE]
        own = f"{request.scheme}://{request.host}"
        if origin != own and origin not in service.config.allowed_origins:
            service.metrics.errors.labels("bad_origin").inc()
            raise web.HTTPForbidden(text=f"origin {origin} is not allowed")
    response: web.StreamResponse = await handler(request)
    return response


async def index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


async def healthz(request: web.Request) -> web.Response:
    return web.json_response({"status": "ok", "rooms": len(request.app[SERVICE].rooms)})


async def metrics(request: web.Request) -> web.Response:
    body = request.app[SERVICE].metrics.render()
    return web.Response(body=body, content_type="text/plain", charset="utf-8")


async def alphabets(request: web.Request) -> web.Response:
    return web.json_response(request.app[ALPHABETS_KEY], dumps=protocol.encode)


def make_app(config: Config, clock: Callable[[], int] | None = None) -> web.Application:
    app = web.Application(middlewares=[check_origin])
    app[CONFIG] = config
    app[ALPHABETS_KEY] = alphabets_payload()
    app.router.add_get("/", index)
    app.router.add_get("/r/{code}", index)
    app.router.add_get("/g/{code}", index)
    app.router.add_get("/ws", connection.websocket)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
    app.router.add_get("/api/alphabets", alphabets)
    if WEB.is_dir():
        app.router.add_static("/static", WEB, append_version=False)
    app.on_startup.append(functools.partial(_start, clock=clock))
    app.on_shutdown.append(_close_sockets)
    app.on_cleanup.append(_stop)
    return app


async def _start(app: web.Application, clock: Callable[[], int] | None) -> None:
    config: Config = app[CONFIG]
    config.data_dir.mkdir(parents=True, exist_ok=True)
    db = Database(config.database_url or sqlite_url(config.data_dir))
    await asyncio.to_thread(db.migrate)
    service = Service(config, db)
    if clock is not None:  # tests drive time by hand
        service.clock = clock
    app[SERVICE] = service
    await service.restore_rooms()
    service.snapshots.start()
    # Bots decide inside their room's task: compute each list's opener and second moves
    # in a thread now, so the first hard bot of a language does not stall its room.
    service.warm_up = asyncio.get_running_loop().create_task(asyncio.to_thread(_warm_up_bots))


def _warm_up_bots() -> None:
    for lang in DUEL_LANGUAGES:
        bot.warm_up(lexicon.word_list(lang, 5))


async def _close_sockets(app: web.Application) -> None:
    """Save every game in progress, then close the sockets: "going away", clients reconnect."""
    service: Service = app[SERVICE]
    await service.stop()
    await asyncio.gather(
        *(ws.close(code=limits.CLOSE_GOING_AWAY, message=b"server restart") for ws in list(service.sockets)),
        return_exceptions=True,
    )


async def _stop(app: web.Application) -> None:
    app[SERVICE].db.close()


def serve(config: Config) -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    web.run_app(make_app(config), host=config.host, port=config.port, print=lambda text: log.info(text))
