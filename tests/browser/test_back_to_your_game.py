"""Never lose your game.

Back from the home page, the result after 60 s away (one seat at a time: test_tabs_and_links.py).
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, new_page
from tests.browser.test_duel_browser import code_of, create_room, join_by_link, start_round, type_word
from tests.browser.test_tournament_browser import practice_alone

HINTED = re.compile("correct|present|absent")


def reopen(page: Page, live: LiveServer) -> Page:
    """Close the tab and open the site again in the same browser (same identity, new tab)."""
    context = page.context
    page.close()
    again = context.new_page()
    again.goto(live.url)
    return again


def test_back_to_a_running_duel_de_mots_round_from_the_home_page(browser: Browser, live: LiveServer) -> None:
    alice = new_page(browser, live)
    link = create_room(alice, "en")
    bob = join_by_link(browser, live, link)
    code = code_of(link)
    start_round(live, alice, bob)
    type_word(bob, live.wrong_word(code))
    expect(bob.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )

    bob = reopen(bob, live)
    expect(bob.get_by_test_id("screen-home")).to_be_visible()
    expect(bob.get_by_test_id("current-game")).to_be_visible()
    bob.get_by_test_id("back-to-game").click()
    expect(bob.get_by_test_id("screen-game")).to_be_visible()
    expect(bob.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    assert bob.evaluate("location.pathname") == f"/r/{code}"


def test_back_to_a_running_tournament_from_the_home_page(browser: Browser, live: LiveServer) -> None:
    page, room = practice_alone(browser, live, "Homer")
    page = reopen(page, live)
    expect(page.get_by_test_id("current-game")).to_be_visible()
    expect(page.get_by_test_id("current-game")).to_contain_text("tournament")
    page.get_by_test_id("back-to-game").click()
    expect(page.get_by_test_id("screen-tournament")).to_be_visible()
    assert live.call(lambda: any(e.name == "Homer" and e.in_play for e in room.state.entrants))


def test_after_60_s_away_the_room_link_still_shows_the_final_result(
    browser: Browser, live: LiveServer
) -> None:
    alice = new_page(browser, live)
    link = create_room(alice, "en")
    bob = join_by_link(browser, live, link)
    code = code_of(link)
    alice.get_by_test_id("option-rounds").select_option("1")
    expect(bob.get_by_test_id("option-rounds")).to_have_value("1")
    start_round(live, alice, bob)
    context = bob.context
    bob.close()
    expect(alice.get_by_test_id("opponent-1")).to_have_class(re.compile("away"))  # the server saw him go
    live.jump(60_000)  # Bob is away for good: his seat is gone
    type_word(alice, live.answer(code))
    expect(alice.get_by_test_id("reveal-card")).to_be_visible()
    live.jump(6_500)
    expect(alice.get_by_test_id("standings")).to_be_visible()

    bob = context.new_page()
    bob.goto(link)
    expect(bob.get_by_test_id("standings")).to_be_visible()  # as a spectator: the final result
    expect(bob.get_by_test_id("winner")).to_have_count(1)
