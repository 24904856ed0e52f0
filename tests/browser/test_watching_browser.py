"""Watching, as players and watchers meet it (D5), in headless Chromium at 360×640 and 1280×800.

A room's link opened once the game is playing makes a watcher: no keyboard, no board
of its own, and the players see a watcher counted in their status bar. The host's
switch closes the room to watchers: the watcher is sent home, told why. /live lists a
quick game in play, and its Watch button opens it as a watcher.
"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, new_page
from tests.browser.test_duel_browser import code_of, create_room, join_by_link, start_round
from tests.browser.test_tabs_and_links import SIZES, clean, context, tab


def shot(page: Page, name: str) -> None:
    """A screenshot to look at, in $WORDARENA_SHOTS when it is set (never in the repository)."""
    folder = os.environ.get("WORDARENA_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def test_a_watcher_is_counted_and_the_host_sends_watchers_away(browser: Browser, live: LiveServer) -> None:
    host = new_page(browser, live, phone=True, small=True)
    link = create_room(host, "en")
    expect(host.get_by_test_id("watchers-lobby")).to_be_visible()  # the host's switch, before anybody comes
    guest = join_by_link(browser, live, link, phone=True)
    expect(guest.get_by_test_id("watchers-lobby")).to_be_hidden()  # nobody watches: nothing to say
    start_round(live, host, guest)
    watcher = tab(context(browser, "phone"), link)
    expect(watcher.locator("body")).to_have_attribute("data-phase", "playing")
    expect(watcher.get_by_test_id("board")).to_be_hidden()  # no seat, no board of its own
    for page in (host, guest):
        count = page.get_by_test_id("watchers-game")
        expect(count).to_be_visible()
        expect(count).to_contain_text("1")
    expect(guest.get_by_test_id("watchers-game")).to_be_disabled()  # only the host decides
    shot(host, "watching-host-phone")
    shot(watcher, "watching-watcher-phone")
    # A row of the host's: the watcher sees its colours (a delta view), never its letters.
    word = live.wrong_word(code_of(link), 0)
    host.keyboard.type(word)
    host.keyboard.press("Enter")
    hinted = watcher.locator("[data-testid=opponent-0] .mini span:not([data-state=empty])")
    expect(hinted).to_have_count(5)
    assert word.upper() not in watcher.locator("body").inner_text().upper()
    shot(watcher, "watching-watcher-row-phone")
    watcher.set_viewport_size({"width": 640, "height": 360})  # the phone held sideways
    grid = watcher.locator("[data-testid=opponent-0] .mini")
    expect(grid).to_be_in_viewport()
    box = grid.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 360, box  # the whole grid, no scrolling
    assert box["height"] >= 150, box  # as tall as the screen allows (it was 79 px: two rows' rule)
    clean(watcher, "watcher, sideways")
    shot(watcher, "watching-watcher-landscape-phone")
    clean(host, "host with a watcher")
    host.get_by_test_id("watchers-game").click()
    expect(watcher.get_by_test_id("screen-home")).to_be_visible()
    expect(watcher.locator("body")).to_contain_text("closed this room to watchers")
    expect(host.get_by_test_id("watchers-game")).to_have_attribute("aria-pressed", "true")
    expect(guest.get_by_test_id("watchers-game")).to_be_hidden()  # nobody watches any more
    shot(host, "watching-closed-phone")
    for page in (host, guest, watcher):
        page.context.close()


def test_the_live_page_lists_a_quick_game_and_its_watch_button_watches_it(
    browser: Browser, live: LiveServer
) -> None:
    players = [new_page(browser, live, phone=True) for _ in range(2)]
    for page in players:
        expect(page.get_by_test_id("screen-home")).to_be_visible()
        page.get_by_test_id("word-lang").select_option("en")
        page.get_by_test_id("quick-game").click()
        expect(page.get_by_test_id("screen-lobby")).to_be_visible()
    live.jump(15_000)
    expect(players[0].get_by_test_id("round-card")).to_be_visible()
    for size in SIZES:
        page = tab(context(browser, size), f"{live.url}/live")
        featured = page.get_by_test_id("live-featured")
        expect(featured).to_be_visible()
        expect(featured).to_contain_text("Duel de Mots")
        shot(page, f"live-{size}")
        clean(page, f"live {size}")
        page.get_by_test_id("live-watch").click()
        expect(page.get_by_test_id("screen-game")).to_be_visible()
        expect(page.get_by_test_id("board")).to_be_hidden()
        expect(page.get_by_test_id("opponent-1")).to_be_visible()
        shot(page, f"watching-{size}")
        page.context.close()
    expect(players[0].get_by_test_id("watchers-game")).to_contain_text("0")  # both watchers left
    for page in players:
        page.context.close()
