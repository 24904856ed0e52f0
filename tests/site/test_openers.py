"""/openers: the tables of all 41 lists are those of `wordarena openers` (RULES.md Part D)."""

from __future__ import annotations

import asyncio
import contextlib
import io
from typing import Any

from aiohttp.test_utils import TestClient

from tests.site.conftest import Page
from wordarena import cli
from wordarena.core import lexicon
from wordarena.site.openers import GUIDE


def cli_table(lang: str, length: int, among: str) -> list[list[str]]:
    """`wordarena openers --lang L --length N --among A`, as rows of (word, patterns, left)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["openers", "--lang", lang, "--length", str(length), "--among", among]) == 0
    return [line.split() for line in out.getvalue().splitlines()[1:]]


async def test_every_list_has_both_tables_and_they_match_the_command_line(site: TestClient[Any, Any]) -> None:
    lists = lexicon.available()
    assert len(lists) == 41
    index = Page(await (await site.get("/openers?ui=en")).text())
    for lang, length in lists:
        assert f"/openers/{lang}/{length}" in index.links
        page = Page(await (await site.get(f"/openers/{lang}/{length}?ui=en")).text())
        for testid, among in (("openers-answers", "answers"), ("openers-guesses", "guesses")):
            rows = page.tables[testid][1:]
            shown = [[word, patterns, left] for _, word, patterns, left in rows]
            expected = await asyncio.to_thread(cli_table, lang, length, among)
            assert len(shown) == 10 and shown == expected, (lang, length, among)
        answers = set(lexicon.word_list(lang, length).answers)
        from wordarena.core.letters import normalize

        assert all(normalize(lang, row[1]) in answers for row in page.tables["openers-answers"][1:])


async def test_tables_are_built_once_not_per_request(site: TestClient[Any, Any]) -> None:
    guide = site.server.app[GUIDE]
    first = await guide.table("en", 5)
    await site.get("/openers/en/5")
    assert await guide.table("en", 5) is first
