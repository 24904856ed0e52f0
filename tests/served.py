"""aiohttp's test server behind the runner that `wordarena serve` uses (every connection guarded)."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer

from wordarena.server.app import app_runner


class ServedTestServer(TestServer):
    async def _make_runner(self, **kwargs: Any) -> web.BaseRunner:
        return app_runner(self.app, **kwargs)
