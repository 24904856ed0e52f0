"""Every screen on a 360×640 phone (issue 9): nothing wider than the screen, its main control in view.

With WORDARENA_SCREENS=<folder>, the walk also saves a picture of each screen,
on the phone and on a desktop (docs/screens/ holds the pictures of the last run).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, new_page
from tests.browser.test_duel_browser import code_of, create_room, type_word
from tests.browser.test_site_browser import visible_emoji
from tests.browser.test_tournament_browser import name, to_my_turn

SCREENS = os.environ.get("WORDARENA_SCREENS")
STILL = {"reduced_motion": "reduce"}  # pictures of the final state, not of a flip half-way
HINTED = re.compile("correct|present|absent")


def fits(page: Page, label: str, control: str | None = None) -> None:
    """Nothing sticks out sideways; `control` (a test id) is on screen; a picture when asked."""
    root = "document.documentElement"
    assert page.evaluate(f"{root}.scrollWidth <= {root}.clientWidth"), label
    if control is not None:
        expect(page.get_by_test_id(control)).to_be_in_viewport()
    assert not visible_emoji(page), label  # icons are drawn, not emoji
    if SCREENS:
        folder = Path(SCREENS)
        folder.mkdir(parents=True, exist_ok=True)
        size = "phone" if page.viewport_size and page.viewport_size["width"] <= 400 else "desktop"
        page.screenshot(path=str(folder / f"{label}-{size}.png"))


def test_every_duel_de_mots_screen_fits_a_small_phone(browser: Browser, live: LiveServer) -> None:
    host = new_page(browser, live, **STILL)
    phone = new_page(browser, live, small=True, **STILL)
    for page in (host, phone):
        expect(page.get_by_test_id("home-rating")).to_be_visible()  # the server said who we are
    fits(phone, "home", "quick-game")
    fits(host, "home")
    dark = new_page(browser, live, small=True, color_scheme="dark", **STILL)
    expect(dark.get_by_test_id("home-rating")).to_be_visible()
    fits(dark, "home-dark", "queue-tournament")
    dark.context.close()
    link = create_room(host, "en")
    phone.goto(link)
    expect(phone.get_by_test_id("screen-lobby")).to_be_visible()
    host.get_by_test_id("add-bot").click()
    host.get_by_test_id("option-rounds").select_option("1")
    expect(phone.get_by_test_id("option-rounds")).to_have_value("1")
    fits(phone, "lobby", "lobby-nickname")
    fits(host, "lobby")
    code = code_of(link)
    host.get_by_test_id("start").click()
    expect(phone.get_by_test_id("round-card")).to_be_visible()
    fits(phone, "round-card", "round-card")
    live.jump(2_600)
    start_round_seen(phone)
    type_word(phone, live.wrong_word(code))
    expect(phone.get_by_test_id("tile-r0-c4")).to_have_attribute("data-state", HINTED)
    phone.keyboard.type(live.wrong_word(code, 1)[:3])
    fits(phone, "game", "key-enter")
    type_word(host, live.answer(code))
    expect(phone.get_by_test_id("closing-banner")).to_be_visible()
    fits(phone, "game-closing", "closing-banner")
    fits(host, "game-closing")
    live.end_round(code)
    expect(phone.get_by_test_id("reveal-card")).to_be_visible()
    fits(phone, "reveal", "reveal-answer")
    fits(host, "reveal")
    live.jump(6_500)
    expect(phone.get_by_test_id("standings")).to_be_visible()
    fits(phone, "standings", "standings-title")
    fits(host, "standings")
    phone.get_by_test_id("rounds-review").locator("summary").click()
    expect(phone.get_by_test_id("review-round")).to_be_visible()
    fits(phone, "standings-review")
    phone.goto(f"{live.url}/stats")
    expect(phone.get_by_test_id("duel-played")).to_have_text("1")
    fits(phone, "stats-after-a-game")


def start_round_seen(page: Page) -> None:
    expect(page.locator("body")).to_have_attribute("data-phase", "playing")


def test_every_tournament_screen_fits_a_small_phone(browser: Browser, live: LiveServer) -> None:
    phone = new_page(browser, live, small=True, **STILL)
    name(phone, "Pocket")
    phone.get_by_test_id("create-group").click()
    expect(phone.get_by_test_id("screen-group")).to_be_visible()
    fits(phone, "group", "group-launch")
    phone.get_by_test_id("group-practice").check()
    phone.get_by_test_id("group-launch").click()
    expect(phone.get_by_test_id("screen-queue")).to_be_visible()
    fits(phone, "queue", "unqueue")
    live.jump(10_000)
    expect(phone.get_by_test_id("round-intro")).to_be_visible()
    fits(phone, "tournament-intro", "round-intro")
    room = live.tournament_of("Pocket")
    turn = to_my_turn(live, room, "Pocket")
    expect(phone.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
    phone.keyboard.type(turn.typed_answer[:2])
    fits(phone, "tournament-duel", "turn-clock")
    phone.keyboard.press("Backspace")
    phone.keyboard.press("Backspace")
    phone.keyboard.type(turn.typed_answer)
    phone.keyboard.press("Enter")
    expect(phone.get_by_test_id("duel-end")).to_be_visible()
    fits(phone, "tournament-duel-won", "duel-result")
    phone.get_by_test_id("palette-toggle").click()
    fits(phone, "tournament-duel-won-contrast", "duel-result")
    for _ in range(60):  # on to the end: Pocket finds every word
        turn = to_my_turn(live, room, "Pocket")
        if turn.phase == "finished":
            break
        expect(phone.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
        phone.keyboard.type(turn.typed_answer)
        phone.keyboard.press("Enter")
        expect(phone.get_by_test_id("duel-end")).to_be_visible()
    expect(phone.get_by_test_id("final-standings")).to_be_visible()
    fits(phone, "tournament-final", "back-to-group")


def test_every_page_fits_a_small_phone(browser: Browser, live: LiveServer) -> None:
    phone = new_page(browser, live, small=True, **STILL)
    desktop = new_page(browser, live, **STILL)
    for path, label in (
        ("/rules", "rules"),
        ("/openers/fr/5", "openers-fr-5"),
        ("/strategy", "strategy"),
        ("/friends", "friends"),
        ("/faq", "faq"),
        ("/leaderboard", "leaderboard"),
        ("/stats", "stats"),
        ("/rules?ui=ko", "rules-ko"),
    ):
        for page in (phone, desktop):
            page.goto(f"{live.url}{path}")
            expect(page.locator("h1")).to_be_visible()
            fits(page, label)
    phone.goto(f"{live.url}/rules")
    phone.get_by_test_id("menu").click()
    expect(phone.locator(".menu-panel")).to_be_in_viewport()
    fits(phone, "menu")
