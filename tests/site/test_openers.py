"""/openers: the tables of all 41 lists are those of `wordarena openers` (D3)."""

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

CLOSE = {"Connection": "close"}


def cli_table(lang: str, length: int, among: str) -> list[list[str]]:
    """`wordarena openers --lang L --length N --among A`: the best ten as rows of (word, left, patterns)."""
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
        # A new connection per page: the command line's tables take longer than the server keeps an idle one.
        page = Page(await (await site.get(f"/openers/{lang}/{length}?ui=en", headers=CLOSE)).text())
        for testid, among in (("openers-answers", "answers"), ("openers-guesses", "guesses")):
            rows = page.tables[testid][1:]
            shown = [[word, left, patterns] for _, word, left, patterns in rows]
            assert shown == await asyncio.to_thread(cli_table, lang, length, among)  # one ranking
            lefts = [float(left) for _, left, _ in shown]
            assert lefts == sorted(lefts)  # by the figure shown: answers left
        answers = set(lexicon.word_list(lang, length).answers)
        from wordarena.core.letters import normalize

        assert all(normalize(lang, row[1]) in answers for row in page.tables["openers-answers"][1:])


async def test_a_language_alone_goes_to_its_first_list_and_korean_counts_jamo(
    site: TestClient[Any, Any],
) -> None:
    response = await site.get("/openers/en?ui=fr", allow_redirects=False)
    assert response.status == 302 and response.headers["Location"] == "/openers/en/4?ui=fr"
    assert (await site.get("/openers/ko", allow_redirects=False)).headers["Location"] == "/openers/ko/5"
    assert (await site.get("/openers/xx", allow_redirects=False)).status == 404
    korean = Page(await (await site.get("/openers/ko/5?ui=ko")).text())
    assert "자모 5개" in korean.title and "5글자" not in korean.title
    english = Page(await (await site.get("/openers/ko/5?ui=en")).text())
    assert "5 jamo" in english.title


async def test_tables_are_built_once_not_per_request(site: TestClient[Any, Any]) -> None:
    guide = site.server.app[GUIDE]
    first = await guide.table("en", 5)
    await site.get("/openers/en/5")
    assert await guide.table("en", 5) is first
