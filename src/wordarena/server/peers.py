"""Who is on the other end of an HTTP request: the peer's address, or the one a trusted proxy saw."""

from __future__ import annotations

from aiohttp import web


def client_ip(request: web.Request, trust_proxy: bool) -> str:
    """The peer's address; behind a trusted proxy, the address it saw (the last X-Forwarded-For hop)."""
    forwarded = request.headers.get("X-Forwarded-For") if trust_proxy else None
    if forwarded:
        return forwarded.split(",")[-1].strip()
    return request.remote or "?"
