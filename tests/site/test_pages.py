"""Every page around the games: six languages, title and description, links, strict-CSP friendly."""

from __future__ import annotations

import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from tests.site.conftest import UI_LANGUAGES, Page
from wordarena.core import rating, scoring

PAGES = (
    "/rules",
    "/strategy",
    "/friends",
    "/faq",
    "/openers",
    "/openers/fr/5",
    "/leaderboard",
    "/stats",
    "/",
)
NAV = ("/rules", "/openers", "/strategy", "/friends", "/faq", "/leaderboard", "/stats")


async def get_page(site: TestClient[Any, Any], path: str, **headers: str) -> Page:
    response = await site.get(path, headers=headers)
    assert response.status == 200, path
    assert response.content_type == "text/html"
    return Page(await response.text())


@pytest.mark.parametrize("path", PAGES)
async def test_every_page_in_every_interface_language(site: TestClient[Any, Any], path: str) -> None:
    titles = set()
    for lang in UI_LANGUAGES:
        page = await get_page(site, f"{path}?ui={lang}")
        assert page.lang == lang
        assert page.title.strip() and page.meta.get("description", "").strip(), (path, lang)
        titles.add(page.title)
        for target in NAV:  # every page links every other (the menu, the footer)
            assert target in page.links, (path, lang, target)
        assert "/" in page.links
        assert "wordle" not in page.text.lower(), (path, lang)
        # Strict CSP: no inline script, no inline event handler, no inline style.
        assert all(script.get("src") for script in page.scripts if script.get("type") != "application/json")
        assert not page.inline_handlers and not page.style_attributes, (path, lang)
    assert len(titles) == len(UI_LANGUAGES), f"{path}: some languages share a title"


async def test_the_language_comes_from_the_url_then_the_cookie_then_accept_language(
    site: TestClient[Any, Any],
) -> None:
    assert (await get_page(site, "/rules", **{"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"})).lang == "ko"
    assert (await get_page(site, "/rules", **{"Accept-Language": "de-DE,ru;q=0.3,es;q=0.8"})).lang == "es"
    assert (await get_page(site, "/rules", **{"Accept-Language": "de, it"})).lang == "en"
    response = await site.get("/rules?ui=tr", headers={"Accept-Language": "fr"})
    assert response.cookies["wordarena_ui"].value == "tr"
    # The cookie now wins over the browser's languages, and the URL over the cookie.
    assert (await get_page(site, "/faq", **{"Accept-Language": "fr"})).lang == "tr"
    assert (await get_page(site, "/faq?ui=ru", **{"Accept-Language": "fr"})).lang == "ru"
    assert (await get_page(site, "/faq?ui=xx", **{"Accept-Language": "fr"})).lang == "ru"  # kept from ?ui=ru


async def test_the_rules_page_states_every_rule_a_player_meets(site: TestClient[Any, Any]) -> None:
    page = await get_page(site, "/rules?ui=en")
    text = page.text
    points = page.tables["points-table"]
    for n in range(1, 7):
        row = next(r for r in points if r[0] == str(n))
        ranks = [*range(1, len(scoring.ORDER_BONUS) + 2)]
        assert row[1:] == [str(scoring.round_points(n, rank)) for rank in ranks]
    changes = rating.rating_changes({str(i): 1000 for i in range(8)}, {str(i): i + 1 for i in range(8)})
    assert page.tables["rating-table"][1][1:] == [f"{changes[str(i)]:+d}" for i in range(8)]
    assert [f"{c:+d}" for c in changes.values()] == ["+25", "+18", "+11", "+4", "-4", "-11", "-18", "-25"]
    for fact in (
        "70 − 10·n",
        "20-second closing",
        "can only shorten the round",
        "bye",
        "timed-out turn",
        "share the same place",
        "rating starts at 1000",
        "within 200 points",
        "Leaving after the start counts as a defeat",
        "60 seconds to come back",
        "jamo",
        "ㅅ ㅏ ㄹ ㅏ ㅁ",
    ):
        assert fact in text, fact


@pytest.mark.parametrize("lang", UI_LANGUAGES)
async def test_the_rules_quote_the_numbers_of_the_core_in_every_language(
    site: TestClient[Any, Any], lang: str
) -> None:
    page = await get_page(site, f"/rules?ui={lang}")
    assert page.tables["points-table"][1][1:] == ["75", "70", "65", "60"]
    assert page.tables["rating-table"][1][1] == "+25"
    for number in ("1000", "200", "20", "30", "60", "ㅅ ㅏ ㄹ ㅏ ㅁ"):
        assert number in page.text, (lang, number)


async def test_unknown_pages_and_lists_are_404(site: TestClient[Any, Any]) -> None:
    for path in ("/openers/xx/5", "/openers/fr/9", "/openers/ko/4", "/nothing-here"):
        assert (await site.get(path)).status == 404, path


def test_readme_points_to_the_rules_inside_the_repository() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "docs/rules.md" in readme and "docs/spec.md" in readme  # nothing outside it: tests/test_docs.py
    rules = (root / "docs" / "rules.md").read_text(encoding="utf-8")
    assert re.search(r"70 − 10·n", rules) and "wordle" not in rules.lower()


async def test_an_unknown_page_is_a_page_of_the_site(site: TestClient[Any, Any]) -> None:
    response = await site.get("/no-such-page?ui=fr", headers={"Accept": "text/html"})
    assert response.status == 404
    page = Page(await response.text())
    assert page.lang == "fr" and "/rules" in page.links


async def test_the_site_is_installable(site: TestClient[Any, Any]) -> None:
    response = await site.get("/manifest.webmanifest")
    assert response.status == 200 and response.content_type == "application/manifest+json"
    manifest = await response.json(content_type=None)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert (await site.get(icon["src"])).status == 200, icon["src"]
    assert "wordle" not in str(manifest).lower()
