"""``GET /ws``: the WebSocket of one tab, read until it closes, each text frame handed to its connection.

The per-address cap is checked before the upgrade; a client that stops reading
cannot make the kernel hold megabytes for it (a small send buffer; the outbox
bounds the rest and cuts it).
"""

from __future__ import annotations

import socket
from dataclasses import dataclass, field

from aiohttp import WSMsgType, web

from wordarena.server import limits
from wordarena.server.connection import Connection, ConnectionContext
from wordarena.server.messages import CloseCode, ErrorCode
from wordarena.server.peers import client_ip


@dataclass
class Sockets:
    """This process's open WebSockets, and what their connections need."""

    context: ConnectionContext
    trust_proxy: bool = False
    open: set[web.WebSocketResponse] = field(default_factory=set)


#: Where the application keeps its `Sockets` (server.app puts them there at start-up).
SOCKETS = web.AppKey("sockets", Sockets)


async def websocket(request: web.Request) -> web.StreamResponse:
    """One connection for one tab (docs/protocol.md)."""
    sockets = request.app[SOCKETS]
    context = sockets.context
    ip = client_ip(request, sockets.trust_proxy)
    if not context.guards.open_socket(ip):
        context.metrics.errors.labels("sockets_per_ip").inc()
        raise web.HTTPTooManyRequests(text="too many connections from your address")
    try:
        # aiohttp refuses a frame of max_msg_size bytes: one more lets exactly 4 KiB through.
        # No permessage-deflate, though every browser asks for it: a socket's deflate state
        # costs about 256 KiB, every frame would be compressed once per socket (a frame shared
        # by a room's watchers too), and the frames are small (deltas, a few hundred bytes).
        ws = web.WebSocketResponse(
            max_msg_size=limits.MAX_FRAME_BYTES + 1, heartbeat=limits.HEARTBEAT_S, compress=False
        )
        await ws.prepare(request)
        transport = request.transport
        if transport is not None:
            sock = transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, limits.SOCKET_SEND_BUFFER)
        context.metrics.connections.inc()
        sockets.open.add(ws)
        conn = Connection(ws, context, ip, transport)
        try:
            await _read(ws, conn)
        finally:
            sockets.open.discard(ws)
            context.metrics.connections.dec()
            await conn.closed()
        return ws
    finally:
        context.guards.close_socket(ip)


async def _read(ws: web.WebSocketResponse, conn: Connection) -> None:
    async for msg in ws:
        if msg.type is WSMsgType.TEXT:
            await conn.receive(msg.data)
        elif msg.type is WSMsgType.BINARY:
            conn.send_error(ErrorCode.BAD_MESSAGE, "binary frames are not accepted: send JSON text")
        elif msg.type is WSMsgType.ERROR:  # aiohttp has already closed the socket (1009 if too big)
            too_big = getattr(msg.data, "code", None) == CloseCode.TOO_BIG
            conn.context.metrics.errors.labels("frame_too_big" if too_big else "ws_error").inc()
        if conn.outbox.cutting is not None and conn.outbox.flooding:  # read nothing more
            await conn.outbox.cutting
            break
