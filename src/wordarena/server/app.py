"""The aiohttp application: routes, static client, the HTTP guards, start-up and shut-down."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import logging
import secrets
import sys
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from wordarena import site
from wordarena.core.alphabets import ALPHABETS
from wordarena.core.letters import alphabet
from wordarena.server import connection, heap, limits, protocol_doc
from wordarena.server.cluster import engines
from wordarena.server.listener import SECURITY_HEADERS, Runner
from wordarena.server.messages import CloseCode, encode
from wordarena.server.service import SERVICE, Config, Service
from wordarena.store.database import Database, StoreUnavailable, sqlite_url

log = logging.getLogger(__name__)
CONFIG = web.AppKey("config", Config)
DATABASE = web.AppKey("database", Database)
SHARED = web.AppKey("shared", engines.Shared)
ALPHABETS_KEY = web.AppKey("alphabets", bytes)
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


# ---------------------------------------------------------------- the guards of every request


@web.middleware
async def behind_proxy(request: web.Request, handler: Any) -> web.StreamResponse:
    """With --trust-proxy, the scheme, host and client the TLS proxy saw (X-Forwarded-*)."""
    config: Config = request.app[CONFIG]
    if config.trust_proxy:
        changes: dict[str, Any] = {}
        if proto := request.headers.get("X-Forwarded-Proto"):
            changes["scheme"] = proto.split(",")[0].strip()
        if host := request.headers.get("X-Forwarded-Host"):
            changes["host"] = host.split(",")[0].strip()
        if changes:
            request = request.clone(**changes)
    response: web.StreamResponse = await handler(request)
    return response


@web.middleware
async def known_host_and_origin(request: web.Request, handler: Any) -> web.StreamResponse:
    """DNS rebinding and cross-site WebSockets: the Host, and a socket's Origin, must be ours.

    Ours: the configured public origins (--allow-origin) and the address the server listens on.
    """
    config: Config = request.app[CONFIG]
    service: Service | None = request.app.get(SERVICE)
    origins = _own_origins(request, config)
    if request.host.lower() not in {urlsplit(o).netloc for o in origins}:
        if service is not None:
            service.metrics.errors.labels("unknown_host").inc()
        raise web.HTTPMisdirectedRequest(text=f"unknown host {request.host}: see --allow-origin")
    origin = request.headers.get("Origin")
    if request.path == "/ws" and origin is not None and origin.lower() not in origins:
        if service is not None:
            service.metrics.errors.labels("bad_origin").inc()
        raise web.HTTPForbidden(text=f"origin {origin} is not allowed")
    response: web.StreamResponse = await handler(request)
    return response


def _own_origins(request: web.Request, config: Config) -> set[str]:
    origins = {o.rstrip("/").lower() for o in config.allowed_origins}
    sockname = request.transport.get_extra_info("sockname") if request.transport else None
    if sockname:
        address, port = sockname[0], sockname[1]
        names = [f"[{address}]" if ":" in address else address]
        if ipaddress.ip_address(address.split("%")[0]).is_loopback:
            names.append("localhost")
        for name in names:
            for scheme in ("http", "https") if config.trust_proxy else (request.scheme,):
                origins.add(f"{scheme}://{name}:{port}")
                if (scheme, port) in (("http", 80), ("https", 443)):
                    origins.add(f"{scheme}://{name}")
    return origins


async def _security_headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(SECURITY_HEADERS)


# ---------------------------------------------------------------- routes


async def healthz(request: web.Request) -> web.Response:
    return web.json_response({"status": "ok", "rooms": len(request.app[SERVICE].rooms)})


async def metrics(request: web.Request) -> web.Response:
    body = request.app[SERVICE].metrics.render()
    return web.Response(body=body, content_type="text/plain", charset="utf-8")


async def alphabets(request: web.Request) -> web.Response:
    return web.Response(body=request.app[ALPHABETS_KEY], content_type="application/json")


async def protocol_schema(request: web.Request) -> web.Response:
    return web.Response(body=protocol_doc.schema_json(), content_type="application/json")


def make_app(
    config: Config,
    clock: Callable[[], int] | None = None,
    db: Database | None = None,
    shared: engines.Shared | None = None,
) -> web.Application:
    """The application; ``shared``: engines shared with other members in this Python process (tests)."""
    app = web.Application(middlewares=[behind_proxy, known_host_and_origin])
    app[CONFIG] = config
    app[ALPHABETS_KEY] = encode(alphabets_payload())
    if db is not None:
        app[DATABASE] = db
    if shared is not None:
        app[SHARED] = shared
    app.router.add_get("/ws", connection.websocket)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
    app.router.add_get("/api/alphabets", alphabets)
    app.router.add_get("/api/protocol.json", protocol_schema)
    site.add_routes(app)  # the pages, the game page, and the client's HTTP APIs (site/)
    if WEB.is_dir():
        app.router.add_static("/static", WEB, append_version=False)
    app.on_response_prepare.append(_security_headers)
    app.on_startup.append(functools.partial(_start, clock=clock))
    app.on_shutdown.append(_close_sockets)
    app.on_cleanup.append(_stop)
    return app


async def _start(app: web.Application, clock: Callable[[], int] | None) -> None:
    config: Config = app[CONFIG]
    if DATABASE not in app:
        config.data_dir.mkdir(parents=True, exist_ok=True)
        app[DATABASE] = await asyncio.to_thread(
            Database.open, config.database_url or sqlite_url(config.data_dir)
        )
    if SHARED in app:
        shared = app[SHARED]
        node = shared.bus.node
    else:
        node = f"n-{secrets.token_hex(4)}"
        shared = (
            await engines.with_redis(node, config.redis_url) if config.redis_url else engines.in_memory(node)
        )
    service = Service(config, app[DATABASE], node=node, shared=shared)
    if clock is not None:  # tests drive time by hand
        service.clock = clock
    app[SERVICE] = service
    await service.start()
    # No bot warm-up: bots decide from the guess trees shipped with the lists (core.bot_tables).


async def _settle_heap(_: web.Application) -> None:
    heap.settle()


async def _close_sockets(app: web.Application) -> None:
    """Hand the rooms over (what they accepted is already stored), then close the sockets: clients reconnect.

    Alone, the server is going away (1001: reconnect with backoff); in a cluster the
    others take its rooms at once (1012: reconnect now, to any process).
    """
    service: Service = app[SERVICE]
    await service.stop()
    for conn in list(service.conns.values()):
        conn.outbox.end_cut()  # a client being cut gets no more time
    code = CloseCode.SERVICE_RESTART if service.config.redis_url else CloseCode.GOING_AWAY
    await asyncio.gather(
        *(_close_in_time(ws, code) for ws in list(service.sockets)),
        return_exceptions=True,
    )


async def _close_in_time(ws: web.WebSocketResponse, code: CloseCode) -> None:
    """A client that reads nothing cannot hold the shut-down: its close frame waits so long, no longer."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(limits.CLOSE_LINGER_S):
            await ws.close(code=code, message=b"server restart")


async def _stop(app: web.Application) -> None:
    app[DATABASE].close()


async def _check_redis(url: str) -> None:
    shared = await engines.with_redis("check", url)
    if shared.redis is not None:
        await shared.redis.aclose()


def serve(config: Config) -> int:
    """Run the server until SIGINT/SIGTERM; a database that cannot be used is one line and status 2."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config.data_dir.mkdir(parents=True, exist_ok=True)
    if config.redis_url and not config.database_url:
        print(
            "wordarena: a cluster member (--redis-url) needs the shared database too (--database-url)",
            file=sys.stderr,
        )
        return 2
    try:
        db = Database.open(config.database_url or sqlite_url(config.data_dir))
        if config.redis_url:
            asyncio.run(_check_redis(config.redis_url))
    except (StoreUnavailable, engines.RedisUnavailable) as error:
        print(f"wordarena: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    lists = heap.load_word_lists()  # before any room is restored: a restored room's clock is running
    log.info("%d word lists loaded in %.2f s", lists, time.perf_counter() - started)
    app = make_app(config, db=db)
    app.on_startup.append(_settle_heap)  # after the service's start: nothing is served before it
    run(app, config)
    return 0


def run(app: web.Application, config: Config) -> None:
    """Serve ``app`` on the configured address until SIGINT or SIGTERM (what aiohttp's run_app does)."""
    with contextlib.suppress(web.GracefulExit, KeyboardInterrupt):  # the runner cleans up on the way out
        asyncio.run(_serve(app, config))


def app_runner(app: web.Application, **kwargs: Any) -> Runner:
    """The runner of ``app``: every connection counted per address (not behind a trusted proxy)."""
    config: Config = app[CONFIG]
    per_address = None if config.trust_proxy else config.max_sockets_per_ip or limits.MAX_SOCKETS_PER_IP
    return Runner(app, per_address=per_address, **kwargs)


async def _serve(app: web.Application, config: Config) -> None:
    runner = app_runner(app, handle_signals=True, shutdown_timeout=5.0)
    await runner.setup()
    try:
        site = web.TCPSite(runner, config.host, config.port, reuse_port=config.reuse_port)
        await site.start()
        log.info("Running on %s (%d connections at most)", site.name, runner.guard.capacity)
        await asyncio.Event().wait()  # until a signal: the runner raises GracefulExit
    finally:
        await runner.cleanup()
