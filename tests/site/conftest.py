"""The site's pages and HTTP APIs, served by the real application (aiohttp test client)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from wordarena.server.app import make_app
from wordarena.server.config import Config

UI_LANGUAGES = ("en", "fr", "es", "tr", "ru", "ko")


@pytest.fixture
async def site(tmp_path: Path, aiohttp_server: Any) -> AsyncIterator[TestClient[Any, Any]]:
    """A client of the real application, served as `wordarena serve` serves it."""
    async with TestClient(await aiohttp_server(make_app(Config(data_dir=tmp_path)))) as client:
        yield client


class Page(HTMLParser):
    """What the tests read of a page: its language, title, meta, links, scripts, tables and text."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.title = ""
        self.meta: dict[str, str] = {}
        self.links: list[str] = []
        self.scripts: list[dict[str, str | None]] = []
        self.inline_handlers: list[str] = []
        self.style_attributes = 0
        self.tables: dict[str, list[list[str]]] = {}
        self.text_parts: list[str] = []
        self._in_title = False
        self._table: str | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._skip = 0
        self.feed(html)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.text_parts).split())

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name, _ in attrs:
            if name.startswith("on"):
                self.inline_handlers.append(f"{tag} {name}")
        if "style" in a:
            self.style_attributes += 1
        if tag == "html":
            self.lang = a.get("lang") or ""
        elif tag == "title":
            self._in_title = True
        elif tag == "meta" and a.get("name"):
            self.meta[a["name"] or ""] = a.get("content") or ""
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        elif tag == "script":
            self.scripts.append(a)
            self._skip += 1
        elif tag == "style":
            self._skip += 1
        elif tag == "table":
            self._table = a.get("data-testid") or f"table-{len(self.tables)}"
            self.tables[self._table] = []
        elif tag == "tr" and self._table is not None:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag in ("script", "style"):
            self._skip -= 1
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None and self._table is not None:
            self.tables[self._table].append(self._row)
            self._row = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        if self._cell is not None:
            self._cell.append(data)
        if not self._skip:
            self.text_parts.append(data)
