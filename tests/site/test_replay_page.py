"""A finished game's page, /games/{id}: the result drawn on the server, its link preview, its document."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from tests.core.test_replay import play_duel
from tests.site.conftest import UI_LANGUAGES, Page
from wordarena.core.replay import duel_replay
from wordarena.server.app import NODE
from wordarena.store.replays import store_replay
from wordarena.store.writes import ReplayStored

HTML = {"Accept": "text/html"}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return duel_replay(play_duel(rounds=3).state)


def store(site: TestClient[Any, Any], document: dict[str, Any]) -> str:
    with site.server.app[NODE].db.transaction() as session:
        store_replay(session, ReplayStored("ROOM", document["id"], document["mode"], document, True))
    return str(document["id"])


def og(html: str) -> dict[str, str]:
    return dict(re.findall(r'<meta property="(og:[a-z:_]+)" content="([^"]*)"', html))


def embedded(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', html, re.S)
    assert found
    data: dict[str, Any] = json.loads(found[1])
    return data


async def test_an_unknown_game_is_the_sites_404_page(site: TestClient[Any, Any]) -> None:
    response = await site.get("/games/no-such-game", headers=HTML)
    assert response.status == 404
    assert "not_found" in await response.text() or Page(await response.text()).title


@pytest.mark.parametrize("lang", UI_LANGUAGES)
async def test_a_finished_game_has_its_page_in_every_language(
    site: TestClient[Any, Any], document: dict[str, Any], lang: str
) -> None:
    replay_id = store(site, document)
    response = await site.get(f"/games/{replay_id}?ui={lang}", headers=HTML)
    assert response.status == 200
    html = await response.text()
    page = Page(html)
    assert page.lang == lang
    assert not page.inline_handlers and not page.style_attributes  # the CSP allows neither
    assert {"src": "/static/replay.js", "type": "module"} in page.scripts
    meta = og(html)
    assert meta["og:image"].endswith(f"/games/{replay_id}/preview.png")
    assert meta["og:image"].startswith("http")  # a chat fetches it from elsewhere: absolute
    for name in ("Alice", "Bob"):
        assert name in meta["og:title"] and name in page.text
    answers = [r["answer"].lower() for r in document["rounds"]]
    for text in (meta["og:title"], meta["og:description"], page.meta["description"], page.title):
        for answer in answers:  # the link's texts keep the words secret ("point" is not "points")
            assert not re.search(rf"\b{answer}\b", text.lower()), (answer, text)
    assert embedded(html) == json.loads(json.dumps(document))
    assert "wordle" not in html.lower()
    standings = page.tables["replay-standings"]
    assert len(standings) == 1 + len(document["players"])


async def test_the_page_and_the_api_carry_the_same_document(
    site: TestClient[Any, Any], document: dict[str, Any]
) -> None:
    replay_id = store(site, document)
    html = await (await site.get(f"/games/{replay_id}", headers=HTML)).text()
    api = await (await site.get(f"/api/games/{replay_id}")).json()
    assert embedded(html) == api
    preview = await site.get(f"/games/{replay_id}/preview.png")
    assert preview.status == 200 and preview.content_type == "image/png"
