"""Every screen on a 360×640 phone: nothing wider than the screen, its main control in view.

With WORDARENA_SCREENS=<folder>, the walk also saves a picture of each screen,
on the phone and on a desktop (docs/screens/ holds the pictures of the last run).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, new_page
from tests.browser.test_duel_browser import code_of, create_room, type_word
from tests.browser.test_site_browser import visible_emoji
from tests.browser.test_tournament_browser import name, to_my_turn, turn_of

SCREENS = os.environ.get("WORDARENA_SCREENS")
STILL = {"reduced_motion": "reduce"}  # pictures of the final state, not of a flip half-way
#: A 360x640 touch phone (its browser says so: `pointer: coarse`, a mobile viewport).
TOUCH: dict[str, Any] = {"small": True, "has_touch": True, "is_mobile": True, **STILL}
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


def lines_of(page: Page, testid: str) -> int:
    """How many lines the text of an element takes."""
    lines: int = page.get_by_test_id(testid).evaluate(
        """(el) => { const range = document.createRange(); range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; }"""
    )
    return lines


def test_every_duel_de_mots_screen_fits_a_small_phone(browser: Browser, live: LiveServer) -> None:
    host = new_page(browser, live, **STILL)
    phone = new_page(browser, live, **TOUCH)
    for page in (host, phone):
        expect(page.get_by_test_id("home-rating")).to_be_visible()  # the server said who we are
    fits(phone, "home", "quick-game")
    fits(host, "home")
    dark = new_page(browser, live, color_scheme="dark", **TOUCH)
    expect(dark.get_by_test_id("home-rating")).to_be_visible()
    fits(dark, "home-dark", "queue-tournament")
    dark.context.close()
    for page in (phone, host):  # a refused nickname: the kept one is back, the rule is said
        field = page.get_by_test_id("nickname")
        kept = field.input_value()
        field.fill("🎉🎉")
        field.press("Enter")
        expect(page.get_by_test_id("nickname-error")).to_contain_text("letter or digit")
        expect(field).to_have_value(kept)
        fits(page, "home-nickname-refused", "nickname-error")
    for small in (True, False):  # a quick game waiting: which seats bots are coming to
        quick = new_page(browser, live, **(TOUCH if small else STILL))
        quick.get_by_test_id("quick-game").click()
        expect(quick.locator(".seat.bot-coming").first).to_be_visible()
        fits(quick, "lobby-quick", "quick-hint")
        quick.context.close()
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
    fits(host, "round-card", "round-card")
    live.jump(2_600)
    start_round_seen(phone)
    for page in (phone, host):
        type_word(page, live.wrong_word(code))
        expect(page.get_by_test_id("tile-r0-c4")).to_have_attribute("data-state", HINTED)
        page.keyboard.type(live.wrong_word(code, 1)[:3])
        fits(page, "game", "key-enter")
        for _ in range(3):
            page.keyboard.press("Backspace")
    type_word(host, live.answer(code))
    expect(phone.get_by_test_id("closing-banner")).to_be_visible()
    fits(phone, "game-closing", "closing-banner")
    fits(host, "game-closing")
    live.end_round(code)
    expect(phone.get_by_test_id("reveal-card")).to_be_visible()
    fits(phone, "reveal", "reveal-next")
    fits(host, "reveal", "reveal-next")
    live.jump(6_500)
    expect(phone.get_by_test_id("standings")).to_be_visible()
    fits(phone, "standings", "standings-title")
    fits(host, "standings")
    for page in (phone, host):
        page.get_by_test_id("rounds-review").locator("summary").click()
        expect(page.get_by_test_id("review-round")).to_be_visible()
        fits(page, "standings-review")
    for page in (phone, host):
        page.goto(f"{live.url}/stats")
        expect(page.get_by_test_id("duel-played")).to_have_text("1")
        expect(page.get_by_test_id("recent")).to_contain_text("Place")  # the place of that game
        fits(page, "stats-after-a-game")


def start_round_seen(page: Page) -> None:
    expect(page.locator("body")).to_have_attribute("data-phase", "playing")


def test_every_tournament_screen_fits_a_small_phone(browser: Browser, live: LiveServer) -> None:
    """Pocket (a phone) finds every word; Desk (a desktop) plays its first duel, then lets its
    turns run out until it is out, and watches the others; Lazy (a phone) never plays, and watches."""
    phone = new_page(browser, live, **TOUCH)
    name(phone, "Pocket")
    phone.get_by_test_id("create-group").click()
    expect(phone.get_by_test_id("screen-group")).to_be_visible()
    desk = new_page(browser, live, **STILL)
    name(desk, "Desk")
    desk.goto(phone.get_by_test_id("group-link").input_value())
    expect(phone.get_by_test_id("group-member-1")).to_contain_text("Desk")
    lazy = new_page(browser, live, **TOUCH)
    name(lazy, "Lazy")
    lazy.goto(phone.get_by_test_id("group-link").input_value())
    expect(phone.get_by_test_id("group-member-2")).to_contain_text("Lazy")
    # Three members push the organiser's launch below a phone's fold: it stays in view.
    expect(phone.get_by_test_id("group-launch")).to_be_in_viewport(ratio=1)
    fits(phone, "group", "group-launch")
    fits(desk, "group")
    phone.get_by_test_id("group-practice").check()
    phone.get_by_test_id("group-launch").click()
    for page in (phone, desk):
        expect(page.get_by_test_id("screen-queue")).to_be_visible()
        expect(page.get_by_test_id("queue-lobby")).to_contain_text("Desk")
    fits(phone, "queue", "unqueue")
    # A practice's rating reads "1000" then "(unrated)" whole, never "(unrated" and ")".
    expect(phone.get_by_test_id("queue-rating-note")).to_have_text("(unrated)")
    assert lines_of(phone, "queue-rating-note") == 1
    fits(desk, "queue")
    live.jump(10_000)
    for page in (phone, desk):
        expect(page.get_by_test_id("round-intro")).to_be_visible()
        expect(page.get_by_test_id("round-intro-detail")).not_to_be_empty()
    fits(phone, "tournament-intro", "round-intro")
    fits(desk, "tournament-intro", "round-intro")
    room = live.tournament_of("Pocket")
    for page, player in ((phone, "Pocket"), (desk, "Desk")):
        turn = to_my_turn(live, room, player)
        expect(page.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
        page.keyboard.type(turn.typed_answer[:2])
        fits(page, "tournament-duel", "turn-clock")
        second = page.context.new_page()  # the same player opens it in a second tab: this one waits
        second.goto(page.url)
        expect(second.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
        expect(page.get_by_test_id("standby")).to_be_visible()
        fits(page, "standby-tournament", "play-here")
        second.close()
        expect(page.get_by_test_id("standby")).to_be_hidden(timeout=12_000)
        expect(page.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
        page.keyboard.press("Backspace")
        page.keyboard.press("Backspace")
        page.keyboard.type(turn.typed_answer)
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("duel-end")).to_be_visible()
        fits(page, "tournament-duel-won", "duel-result")
        # Here, while the result is held: the other player's turn lets time pass, which ends it.
        page.get_by_test_id("palette-toggle").click()
        fits(page, "tournament-duel-won-contrast", "duel-result")
        page.get_by_test_id("palette-toggle").click()
    watching: set[int] = set()
    for _ in range(80):  # on to the end: Pocket finds every word, Desk no more, Lazy never
        for index, page in enumerate((desk, lazy)):
            if index not in watching and page.get_by_test_id("elimination").is_visible():
                fits(page, "tournament-eliminated", "watch")
                page.get_by_test_id("watch").click()
                expect(page.get_by_test_id("other-duels")).to_be_visible()
                expect(page.get_by_test_id("t-status")).to_have_text("You are out: watching the other duels.")
                fits(page, "tournament-watching", "other-duels")
                watching.add(index)
        turn = to_my_turn(live, room, "Pocket")
        if turn.phase == "finished":
            break
        expect(phone.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
        phone.keyboard.type(turn.typed_answer)
        phone.keyboard.press("Enter")
        expect(phone.get_by_test_id("duel-end")).to_be_visible()
    for page in (phone, desk):
        expect(page.get_by_test_id("final-standings")).to_be_visible()
    fits(phone, "tournament-final", "back-to-group")
    fits(desk, "tournament-final", "back-to-group")


def test_every_page_fits_a_small_phone(browser: Browser, live: LiveServer) -> None:
    phone = new_page(browser, live, **TOUCH)
    desktop = new_page(browser, live, **STILL)
    for path, label in (
        ("/rules", "rules"),
        ("/openers/fr/5", "openers-fr-5"),
        ("/openers/ko/5?ui=ko", "openers-ko-5"),
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


def test_every_screen_of_tabs_links_and_leaving_fits_a_small_phone(
    browser: Browser, live: LiveServer
) -> None:
    """A tab paused by another tab of its player; joining while a game holds the seat; a
    tournament watched by its link, then over and gone; a rated tournament left on purpose."""
    from tests.browser.test_tournament_experience import people

    phone = new_page(browser, live, **TOUCH)
    desk = new_page(browser, live, **STILL)
    link = create_room(desk, "en")
    phone.goto(link)
    expect(phone.get_by_test_id("screen-lobby")).to_be_visible()
    desk.get_by_test_id("start").click()
    live.jump(2_600)
    for page in (phone, desk):
        start_round_seen(page)
        type_word(page, live.wrong_word(code_of(link)))
        expect(page.get_by_test_id("tile-r0-c4")).to_have_attribute("data-state", HINTED)
    for page in (phone, desk):  # the same player opens the room in a second tab: this one waits
        second = page.context.new_page()
        second.goto(link)
        start_round_seen(second)
        expect(page.get_by_test_id("standby")).to_be_visible()
        fits(page, "standby", "play-here")
        third = page.context.new_page()  # and a third, on the home page, asks for a tournament
        third.goto(live.url)
        expect(third.get_by_test_id("home-rating")).to_be_visible()
        third.get_by_test_id("practice-tournament").click()
        expect(third.get_by_test_id("elsewhere")).to_be_visible()
        fits(third, "already-playing", "elsewhere-leave")
        third.get_by_test_id("elsewhere-stay").click()
        third.close()
        second.close()
        expect(page.get_by_test_id("standby")).to_be_hidden(timeout=12_000)
    phone.context.close()
    desk.context.close()

    # A practice tournament, watched by its address on a phone and on a desktop.
    player = new_page(browser, live, **STILL)
    name(player, "Shown")
    player.get_by_test_id("practice-tournament").click()
    expect(player.get_by_test_id("screen-queue")).to_be_visible()
    live.jump(10_000)
    expect(player.get_by_test_id("screen-tournament")).to_be_visible(timeout=60_000)
    room = live.tournament_of("Shown")
    address = f"{live.url}/t/{room.code}"
    watchers = [new_page(browser, live, **TOUCH), new_page(browser, live, **STILL)]
    for page in watchers:
        page.goto(address)
        expect(page.get_by_test_id("screen-tournament")).to_be_visible()
    live.jump(6_000)
    for _ in range(3):  # a few turns played in every duel
        live.jump(2_000)
    for page in watchers:
        expect(page.get_by_test_id("t-watching")).to_be_visible()
        expect(page.get_by_test_id("round-intro")).to_be_hidden()
        fits(page, "tournament-by-link", "other-duels")
    for _ in range(500):
        if turn_of(live, room, "Shown").phase == "finished":
            break
        live.jump(15_000)
    expect(player.get_by_test_id("final-standings")).to_be_visible(timeout=20_000)
    player.context.close()  # the room goes with its last player
    live.until(lambda: room.code not in live.node.registry.rooms, "the finished room dropped")
    for page in watchers:
        page.goto(address)
        expect(page.get_by_test_id("t-review")).to_be_visible()
        fits(page, "tournament-finished-by-link", "final-title")
        page.context.close()

    # A rated tournament left on purpose: the place and the rating change, on the home page.
    leavers = {
        "Leaver": new_page(browser, live, **TOUCH),
        "Quits": new_page(browser, live, **STILL),
    }
    with people(live, 6, "en"):
        for nickname, page in leavers.items():
            name(page, nickname)
            page.get_by_test_id("queue-tournament").click()
        for page in leavers.values():
            expect(page.get_by_test_id("screen-tournament")).to_be_visible()
        room = live.tournament_of("Leaver")
        live.jump(6_000)
        for page in leavers.values():
            expect(page.get_by_test_id("round-intro")).to_be_hidden()
            page.get_by_test_id("leave-tournament-top").click()
            page.get_by_test_id("confirm-yes").click()
            expect(page.get_by_test_id("left-result")).to_be_visible()
        for _ in range(100):
            if live.call(
                lambda: room.state.round is None or room.state.round.number > 1 or room.state.round.over
            ):
                break
            live.jump(15_000)
        for page in leavers.values():
            expect(page.get_by_test_id("left-rating-change")).to_be_visible(timeout=20_000)
            fits(page, "tournament-left", "left-result")
