"""The site around the games: server-rendered pages and the HTTP APIs of the client.

`add_routes` is the one hook the server calls (server/app.py).
"""

from __future__ import annotations

from aiohttp import web


def add_routes(app: web.Application) -> None:
    from wordarena.site import api, pages, work

    work.install(app)
    pages.add_routes(app)
    api.add_routes(app)
