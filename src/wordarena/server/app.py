"""The composition root: every part of a process built and wired here, and the aiohttp application.

No other module knows every part: each sees only what it is given (its context,
or a Protocol of server.ports). The routes, the static client, the HTTP guards,
start-up and shut-down are here too.
"""

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
from wordarena.server import heap, limits, protocol_doc, sockets
from wordarena.server.analyst import Analyst
from wordarena.server.clock import GameClock, now_ms, scaled_clock
from wordarena.server.cluster import engines
from wordarena.server.config import Config
from wordarena.server.connection import ConnectionContext
from wordarena.server.delivery import Delivery
from wordarena.server.desk.actor import TournamentDesk
from wordarena.server.desk.context import DeskContext
from wordarena.server.desk.link import DeskLink
from wordarena.server.desk_requests import SeatChanged
from wordarena.server.guards import Guards
from wordarena.server.journal import Journal
from wordarena.server.listener import SECURITY_HEADERS, Runner
from wordarena.server.live import LiveGames
from wordarena.server.messages import CloseCode, encode
from wordarena.server.metrics import Metrics
from wordarena.server.node import Node
from wordarena.server.owners import Owners
from wordarena.server.rooms.context import RoomContext
from wordarena.server.rooms.registry import RoomRegistry
from wordarena.server.router import Router
from wordarena.server.seating import Seating
from wordarena.server.sockets import SOCKETS, Sockets
from wordarena.server.tasks import Tasks
from wordarena.site.context import SITE, SiteContext
from wordarena.store.database import Database, StoreUnavailable, sqlite_url
from wordarena.store.games import GameRepository
from wordarena.store.players import PlayerRepository
from wordarena.store.replays import ReplayRepository
from wordarena.store.rooms import RoomRepository
from wordarena.store.tournaments import TournamentRepository

log = logging.getLogger(__name__)
CONFIG = web.AppKey("config", Config)
DATABASE = web.AppKey("database", Database)
SHARED = web.AppKey("shared", engines.Shared)
ALPHABETS_KEY = web.AppKey("alphabets", bytes)
NODE = web.AppKey("node", Node)
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
    node: Node | None = request.app.get(NODE)
    origins = _own_origins(request, config)
    if request.host.lower() not in {urlsplit(o).netloc for o in origins}:
        if node is not None:
            node.metrics.errors.labels("unknown_host").inc()
        raise web.HTTPMisdirectedRequest(text=f"unknown host {request.host}: see --allow-origin")
    origin = request.headers.get("Origin")
    if request.path == "/ws" and origin is not None and origin.lower() not in origins:
        if node is not None:
            node.metrics.errors.labels("bad_origin").inc()
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
    return web.json_response({"status": "ok", "rooms": len(request.app[NODE].registry.rooms)})


async def metrics(request: web.Request) -> web.Response:
    body = request.app[NODE].metrics.render()
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
    app.router.add_get("/ws", sockets.websocket)
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
    else:
        name = f"n-{secrets.token_hex(4)}"
        if config.redis_url:
            shared = await engines.with_redis(name, config.redis_url, config.redis_prefix)
        else:
            shared = engines.in_memory(name)
    if clock is None:  # tests drive time by hand; whole-process tests run it faster
        clock = scaled_clock(config.time_scale, config.time_origin_ms) if config.time_scale != 1.0 else now_ms
    node = assemble(config, app[DATABASE], shared, GameClock(clock, config.time_scale))
    app[NODE] = node
    app[SOCKETS] = Sockets(connection_context(node), config.trust_proxy)
    replays = ReplayRepository(node.db)
    app[SITE] = SiteContext(
        node.db, node.players, node.games, node.tournaments, node.router, replays, node.live,
        config.trust_proxy,
    )  # fmt: skip
    await node.start()
    # No bot warm-up: bots decide from the guess trees shipped with the lists (core.bot_tables).


def assemble(config: Config, db: Database, shared: engines.Shared, clock: GameClock) -> Node:
    """Every part of one process, wired one way: each is given the parts it calls, nothing more."""
    name = shared.bus.node
    metrics = Metrics()
    tasks = Tasks(metrics)
    players = PlayerRepository(db)
    room_store = RoomRepository(db)
    journal = Journal(room_store, metrics, inline=config.commit_on_loop and db.embedded)
    owners = Owners()
    registry = RoomRegistry(name, room_store, shared.directory, shared.bus, owners)
    link = DeskLink(
        name, shared.directory, shared.bus, tasks, {}, shared if shared.redis is not None else None
    )
    delivery = Delivery(name, shared.bus, metrics, tasks, players, shared.seats, link)
    router = Router(name, registry, shared.directory, shared.bus, owners, delivery, tasks)
    link.dead = router.dead  # one view of which processes stopped answering
    seating = Seating(shared.seats, router, link)
    analyst = Analyst(journal, tasks, ReplayRepository(db))
    registry.context = RoomContext(
        clock,
        delivery,
        journal,
        shared.seats,
        shared.directory,
        tasks,
        metrics,
        link,
        registry.forget,
        analyst,
    )
    desk_context = DeskContext(
        shared.seats, delivery, registry, seating, players, clock, metrics, tasks, link
    )

    async def make_desk() -> TournamentDesk:
        desk = TournamentDesk(desk_context)
        await desk.start()
        return desk

    link.make_desk = make_desk
    shared.seats.on_change = lambda player: link.to_desk(SeatChanged(player))
    metrics.sockets_slow.set_function(lambda: len(_waiting_outboxes(delivery)))
    metrics.socket_bytes_waiting.set_function(
        lambda: sum(o.held_bytes() for o in _waiting_outboxes(delivery))
    )
    # The node is made below; tests move the rate clock of a running node.
    guards = Guards(
        config.max_sockets_per_ip, config.new_identities_per_minute, clock=lambda: node.rate_clock()
    )
    live = LiveGames(name, registry, shared.redis, shared.prefix, clock.now)
    node = Node(
        name, db, shared, metrics, clock, time.monotonic, tasks, players, GameRepository(db),
        TournamentRepository(db), room_store, journal, guards, owners, registry, delivery, router, link,
        seating, live, analyst,
    )  # fmt: skip
    return node


def connection_context(node: Node) -> ConnectionContext:
    return ConnectionContext(
        node.delivery, node.router, node.registry, node.link, node.seats, node.seating,
        node.players, node.guards, node.metrics, node.tasks, lambda: node.rate_clock(),
    )  # fmt: skip


def _waiting_outboxes(delivery: Delivery) -> list[Any]:
    return [tab.outbox for tab in delivery.conns.values() if tab.outbox.waiting]


async def _settle_heap(_: web.Application) -> None:
    heap.settle()


async def _close_sockets(app: web.Application) -> None:
    """Hand the rooms over (what they accepted is already stored), then close the sockets: clients reconnect.

    Alone, the server is going away (1001: reconnect with backoff); in a cluster the
    others take its rooms at once (1012: reconnect now, to any process).
    """
    node = app[NODE]
    await node.stop()
    for tab in list(node.delivery.conns.values()):
        tab.outbox.end_cut()  # a client being cut gets no more time
    code = CloseCode.SERVICE_RESTART if app[CONFIG].redis_url else CloseCode.GOING_AWAY
    await asyncio.gather(
        *(_close_in_time(ws, code) for ws in list(app[SOCKETS].open)),
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
