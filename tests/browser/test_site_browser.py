"""The site around the games: home, pages, themes, statistics, identity, reports."""

from __future__ import annotations

import re
import unicodedata

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, new_page
from tests.browser.test_duel_browser import code_of, create_room, join_by_link, start_round, type_word

NAV = ("/rules", "/openers", "/strategy", "/friends", "/faq", "/leaderboard", "/stats")
HINTED = re.compile("correct|present|absent")
EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf\u2b00-\u2bff]")


def visible_emoji(page: Page) -> list[str]:
    """Characters of the page's visible text that need an emoji font (icons must be SVG)."""
    text = page.evaluate("document.body.innerText")
    return sorted({c for c in text if EMOJI.match(c) and unicodedata.category(c) == "So"})


def test_home_on_a_small_phone_shows_both_games_and_their_main_actions(
    browser: Browser, live: LiveServer
) -> None:
    page = new_page(browser, live, small=True)
    for lang in ("fr", "es", "tr", "ru", "ko", "en"):  # in view without scrolling, in every language
        page.goto(f"{live.url}/?ui={lang}")
        expect(page.get_by_test_id("screen-home")).to_be_visible()
        for action in ("quick-game", "create-room", "queue-tournament", "practice-tournament"):
            box = page.get_by_test_id(action).bounding_box()
            assert box is not None and box["y"] + box["height"] <= 640, (lang, action)
    assert page.locator(".sample-duel .tile[data-state=correct]").count() >= 5  # a solved sample row
    assert page.locator(".sample-tournament .sample-row").count() == 3
    links = page.locator(".page-links a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert set(NAV) <= set(links)
    expect(page.get_by_test_id("home-rating")).to_contain_text("1000")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert not visible_emoji(page)
    assert "wordle" not in page.content().lower()


def test_every_game_screen_links_the_pages_in_a_new_tab(browser: Browser, live: LiveServer) -> None:
    alice = new_page(browser, live)
    link = create_room(alice, "en")
    bob = join_by_link(browser, live, link)
    start_round(live, alice, bob)
    alice.get_by_test_id("menu").click()
    panel = alice.locator(".menu-panel")
    expect(panel).to_be_visible()
    hrefs = panel.locator("a").evaluate_all("links => links.map(a => [a.getAttribute('href'), a.target])")
    for path in NAV:
        assert [path, "_blank"] in hrefs, path  # reading the rules never leaves the game
    with alice.context.expect_page() as opened:
        panel.locator("a[href='/rules']").click()
    rules = opened.value
    expect(rules.locator("h1")).to_have_text("Rules")
    expect(alice.get_by_test_id("screen-game")).to_be_visible()


def test_pages_read_without_javascript(browser: Browser, live: LiveServer) -> None:
    context = browser.new_context(java_script_enabled=False, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live.url}/rules")
    expect(page.locator("h1")).to_have_text("Règles")
    expect(page.get_by_test_id("points-table")).to_contain_text("75")
    page.goto(live.url)
    expect(page.get_by_test_id("screen-home")).to_be_visible()
    expect(page.locator(".game-card h2").first).to_contain_text("Duel de Mots")
    expect(page.locator(".page-links a[href='/faq']")).to_be_visible()
    context.close()


def test_dark_mode_follows_the_system_and_can_be_switched(browser: Browser, live: LiveServer) -> None:
    page = new_page(browser, live, color_scheme="dark")
    background = "getComputedStyle(document.documentElement).backgroundColor"
    dark = page.evaluate(background)
    assert dark == "rgb(18, 18, 19)"  # the system says dark
    toggle = page.get_by_test_id("theme-toggle")
    expect(toggle).to_have_attribute("data-theme-choice", "auto")
    toggle.click()  # system → dark
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    toggle.click()  # dark → light
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page.evaluate(background) != dark
    page.goto(f"{live.url}/faq")  # the choice travels with the player, drawn by the server
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    page.get_by_test_id("palette-toggle").click()
    page.reload()
    expect(page.locator("html")).to_have_class(re.compile("contrast"))


def play_one_round(browser: Browser, live: LiveServer) -> tuple[Page, Page, str, str]:
    alice = new_page(browser, live)
    link = create_room(alice, "en")
    bob = join_by_link(browser, live, link)
    code = code_of(link)
    alice.get_by_test_id("option-rounds").select_option("1")
    expect(bob.get_by_test_id("option-rounds")).to_have_value("1")
    start_round(live, alice, bob)
    answer = live.answer(code)
    type_word(alice, live.wrong_word(code))
    expect(alice.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    type_word(alice, answer)
    expect(alice.get_by_test_id("my-status")).to_contain_text("Found")
    live.end_round(code)
    expect(alice.get_by_test_id("reveal-card")).to_be_visible()
    return alice, bob, code, answer


def test_a_word_report_from_the_reveal(browser: Browser, live: LiveServer) -> None:
    alice, _, _, answer = play_one_round(browser, live)
    alice.get_by_test_id("report-word").click()
    expect(alice.get_by_test_id("report")).to_be_visible()
    alice.get_by_test_id("report-reason").fill("too rare for an answer")
    alice.get_by_test_id("report-send").click()
    expect(alice.get_by_test_id("report")).to_be_hidden()
    expect(alice.get_by_test_id("message")).to_contain_text("Thank you")
    from wordarena.store.reports import ReportRepository

    reports = live.call(lambda: ReportRepository(live.node.db).listed())
    assert [(r.word, r.kind, r.reason) for r in reports] == [(answer, "answer", "too rare for an answer")]


def test_statistics_after_a_game_and_the_identity_on_another_device(
    browser: Browser, live: LiveServer
) -> None:
    alice, _, _, answer = play_one_round(browser, live)
    live.jump(6_500)
    expect(alice.get_by_test_id("standings")).to_be_visible()
    name = alice.evaluate("document.getElementById('nickname').value")
    alice.goto(f"{live.url}/stats")
    expect(alice.get_by_test_id("duel-played")).to_have_text("1")
    expect(alice.get_by_test_id("duel-won")).to_contain_text("1")
    expect(alice.get_by_test_id("distribution-2")).to_contain_text("1")
    expect(alice.get_by_test_id("recent")).to_contain_text(answer.upper())
    expect(alice.get_by_test_id("rating-chart")).to_contain_text("rated tournament")
    alice.get_by_test_id("transfer-create").click()
    expect(alice.get_by_test_id("transfer-code")).to_have_text(re.compile(r"^[A-Z0-9]{5}-[A-Z0-9]{5}$"))
    link = alice.get_by_test_id("transfer-link").input_value()

    phone = new_page(browser, live, small=True)  # another device: another identity for now
    expect(phone.get_by_test_id("nickname")).not_to_have_value(name)
    phone.goto(link)
    phone.get_by_test_id("transfer-claim").click()
    expect(phone.get_by_test_id("transfer-status")).to_contain_text(name)
    expect(phone.get_by_test_id("duel-played")).to_have_text("1")
    phone.goto(live.url)
    expect(phone.get_by_test_id("nickname")).to_have_value(name)
