"""Accepting connections: every TCP connection counts, idle ones are cut, bad requests cost one log line.

aiohttp serves the requests; this module guards what happens before a request
reaches the application, where a client can hurt the server without ever
opening a WebSocket:

- every accepted connection, upgraded or not, counts against its address's cap,
  and the process's file descriptors are shared so that a new address always gets
  one (`ConnectionGuard`);
- a connection that sends no complete request within `KEEPALIVE_S` (none at all,
  headers dribbled byte by byte, or idle between requests) is closed: aiohttp's
  keep-alive timer covers all three, so it is set short;
- a malformed request (a header line over 8 KiB, garbage) is answered like every
  other response, with the security headers and no version, and logged once per
  period per cause rather than with a traceback each time;
- refusals in the access log (4xx, 5xx) are summed up the same way, and so is the
  event loop's "out of descriptors" error at accept.
"""

from __future__ import annotations

import asyncio
import logging
import resource
from collections import Counter
from typing import Any, Final

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_log import AccessLogger
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_request import BaseRequest

from wordarena.server import limits
from wordarena.server.log_throttle import LogThrottle

log = logging.getLogger(__name__)
_refusals = LogThrottle(logging.getLogger("aiohttp.access"))
_bad_requests = LogThrottle(log)

#: No inline script or style attribute, sockets only to this site, never inside a frame.
CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: On every answer, the application's and aiohttp's own (a malformed request) alike.
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Server": "wordarena",  # no versions
}
#: What a refused connection reads before it is closed (it never reaches aiohttp).
_REFUSED: Final = {
    "connections_per_ip": b"HTTP/1.1 429 Too Many Requests\r\n",
    "server_full": b"HTTP/1.1 503 Service Unavailable\r\n",
}
_REFUSED_TAIL: Final = b"Connection: close\r\nContent-Length: 0\r\nServer: wordarena\r\n\r\n"


class ConnectionGuard:
    """Open connections per address and in all, within the descriptors this process may open.

    ``per_address`` None counts no address: behind a trusted proxy every connection
    comes from the proxy (which must cap addresses itself; docs/deploy.md).
    The last ``reserve`` places go only to addresses holding fewer than
    `limits.CROWDED_ADDRESS` connections, so that many addresses together still
    leave room for a newcomer.
    """

    def __init__(self, per_address: int | None, capacity: int, reserve: int | None = None) -> None:
        self.per_address = per_address
        self.capacity = capacity
        self.reserve = reserve if reserve is not None else max(1, capacity // 10)
        self.open: Counter[str] = Counter()
        self.total = 0

    def admit(self, address: str) -> str | None:
        """Count one more connection of ``address``; or the reason it is refused."""
        held = self.open[address]
        if self.per_address is not None and held >= self.per_address:
            return "connections_per_ip"
        if self.total >= self.capacity or (
            self.total >= self.capacity - self.reserve and held >= limits.CROWDED_ADDRESS
        ):
            return "server_full"
        self.open[address] = held + 1
        self.total += 1
        return None

    def release(self, address: str) -> None:
        self.total -= 1
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


def descriptor_capacity() -> int:
    """Connections this process may hold: its descriptor limit (raised to the hard one), less a reserve.

    The reserve keeps descriptors for the store, Redis, the log and the word lists,
    which must never fail to open because clients took everything.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else limits.MAX_DESCRIPTORS
    wanted = min(wanted, limits.MAX_DESCRIPTORS)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):  # not allowed here: live with the soft limit
            pass
    limit = limits.MAX_DESCRIPTORS if soft == resource.RLIM_INFINITY else soft
    return max(1, limit - limits.FD_RESERVE)


class _AccessLog(AccessLogger):
    """The usual access line for what was served; refusals and errors summed up per status.

    A WebSocket (101) gets no line: its line would come when it closes, one per socket,
    which a client opening sockets in a loop turns into a flood (`/metrics` counts them).
    """

    def log(self, request: BaseRequest, response: web.StreamResponse, time: float) -> None:
        if response.status == 101:
            return
        if response.status >= 400:
            _refusals.note(
                f"HTTP {response.status}",
                f"last: {request.method} {request.path[:80]} from {request.remote}",
                level=logging.INFO,
            )
            return
        super().log(request, response, time)


class _Handler(RequestHandler):
    """aiohttp's handler of one connection, counted by the guard."""

    def __init__(self, manager: _Server, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self._guard = manager.guard
        self._address: str | None = None  # set once admitted

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        refusal = self._guard.admit(address)
        if refusal is not None:
            _bad_requests.note(f"refused a connection: {refusal}", f"last from {address}")
            assert isinstance(transport, asyncio.WriteTransport)
            transport.write(_REFUSED[refusal] + _REFUSED_TAIL)
            transport.close()
            return
        self._address = address
        super().connection_made(transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._address is None:  # refused: aiohttp never saw it
            return
        self._guard.release(self._address)
        self._address = None
        super().connection_lost(exc)

    def log_exception(self, *args: Any, **kw: Any) -> None:
        error = kw.get("exc_info")
        if isinstance(error, HttpProcessingError):  # the client's fault, and a known one: no traceback
            _bad_requests.note(f"bad HTTP request: {type(error).__name__}", f"last from {self._address}")
            return
        super().log_exception(*args, **kw)

    def handle_error(
        self,
        request: BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        response = super().handle_error(request, status, exc, message)
        response.headers.update(SECURITY_HEADERS)  # the application's signals never see these answers
        return response


class _Server(web.Server):
    def __init__(self, plain: web.Server, guard: ConnectionGuard, **handler_args: Any) -> None:
        super().__init__(
            plain.request_handler,
            request_factory=plain.request_factory,
            handler_cancellation=plain.handler_cancellation,
            **handler_args,
        )
        self.guard = guard
        self.handler_args = handler_args

    def __call__(self) -> RequestHandler:
        return _Handler(self, loop=self._loop, **self.handler_args)


class Runner(web.AppRunner):
    """aiohttp's runner, with the guarded handler, the short keep-alive and the summed-up logs."""

    def __init__(
        self,
        app: web.Application,
        *,
        per_address: int | None,
        capacity: int | None = None,
        access_log_class: type[AbstractAccessLogger] = _AccessLog,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("keepalive_timeout", limits.KEEPALIVE_S)
        super().__init__(app, access_log_class=access_log_class, **kwargs)
        self.guard = ConnectionGuard(per_address, capacity or descriptor_capacity())
        self._handler_args = {
            "access_log_class": access_log_class,
            **{
                k: v
                for k, v in kwargs.items()
                if k not in ("handle_signals", "shutdown_timeout", "handler_cancellation")
            },
        }

    async def _make_server(self) -> web.Server:
        plain = await super()._make_server()
        asyncio.get_running_loop().set_exception_handler(_quiet_accept_errors)
        return _Server(plain, self.guard, **self._handler_args)


def _quiet_accept_errors(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The loop retries an accept that ran out of descriptors every second: say so once per period."""
    if context.get("message") == "socket.accept() out of system resource":
        _bad_requests.note("accept failed: out of file descriptors", str(context.get("exception")))
        return
    loop.default_exception_handler(context)
