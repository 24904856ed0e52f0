"""Duel de Mots as players meet it, in headless Chromium.

Every check waits on a condition; time is the server's jump clock (rounds,
closings) or Playwright's page clock (the client's own timers).
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, new_page
from tests.browser.test_duel_browser import (
    KOREAN_KEYS,
    code_of,
    create_room,
    join_by_link,
    start_round,
    type_word,
)

HINTED = re.compile("correct|present|absent")

CONTRAST = """(selector) => {
    const el = document.querySelector(selector);
    const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => {
        const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const style = getComputedStyle(el);
    const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""


def two_players(
    browser: Browser, live: LiveServer, lang: str = "en", rounds: int = 1
) -> tuple[Page, Page, str]:
    alice = new_page(browser, live)
    link = create_room(alice, lang)
    bob = join_by_link(browser, live, link)
    alice.get_by_test_id("option-rounds").select_option(str(rounds))
    expect(bob.get_by_test_id("option-rounds")).to_have_value(str(rounds))
    return alice, bob, code_of(link)


def solve(live: LiveServer, code: str, solver: Page) -> None:
    """``solver`` finds the word, and the server has seen it (the closing runs, or the round is over)."""
    type_word(solver, live.answer(code))
    solver.wait_for_function(
        """() => document.querySelector('[data-testid=my-status]').textContent !== ''
              || !document.querySelector('[data-testid=reveal-card]').hidden"""
    )


def finish_round(live: LiveServer, code: str, solver: Page) -> None:
    """``solver`` finds the word; the closing and the reveal card run out."""
    solve(live, code, solver)
    live.end_round(code)
    expect(solver.get_by_test_id("reveal-card")).to_be_visible()
    live.jump(6_500)


def test_the_closing_banner_shows_the_time_really_left(browser: Browser, live: LiveServer) -> None:
    alice, bob, code = two_players(browser, live)
    alice.get_by_test_id("option-clock").select_option("60")
    expect(bob.get_by_test_id("option-clock")).to_have_value("60")
    start_round(live, alice, bob)
    live.jump(48_000)  # 12 s left on the clock
    type_word(bob, live.answer(code))
    banner = alice.get_by_test_id("closing-banner")
    expect(banner).to_be_visible()
    # Bob's points show at once (one guess, first: 75), not at the end of the round.
    expect(alice.get_by_test_id("opponent-1").locator(".opp-score")).to_have_text("75")
    seconds = int(re.search(r"\d+", banner.inner_text()).group())  # type: ignore[union-attr]
    assert seconds <= 12, banner.inner_text()


def test_the_reveal_keeps_your_grid_and_shows_everybody_then_each_round_can_be_reviewed(
    browser: Browser, live: LiveServer
) -> None:
    alice, bob, code = two_players(browser, live, rounds=1)
    start_round(live, alice, bob)
    type_word(alice, live.wrong_word(code))
    expect(alice.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    solve(live, code, bob)
    live.end_round(code)
    expect(alice.get_by_test_id("reveal-card")).to_be_visible()
    expect(alice.get_by_test_id("board")).to_be_in_viewport()  # your grid stays in sight
    expect(alice.get_by_test_id("tile-r0-c0")).to_be_in_viewport()
    for seat in (0, 1):  # every seat's rows, once the round is over
        expect(alice.get_by_test_id(f"reveal-grid-{seat}").locator(".seat-grid-row")).to_have_count(1)
    live.jump(6_500)
    expect(alice.get_by_test_id("standings")).to_be_visible()
    review = alice.get_by_test_id("rounds-review")
    expect(review).to_be_visible()
    review.locator("summary").click()
    stored = live.call(lambda: live.node.games.stored_games(code))
    word = stored[-1]["rounds"][0]["answer"]
    expect(alice.get_by_test_id("review-round")).to_contain_text(word.upper())
    # Every seat's words with their letters, Bob's included.
    expect(alice.get_by_test_id("review-grid-1").locator(".tile").first).to_have_text(word[0].upper())


def test_leaving_a_game_asks_first_and_the_host_may_restart(browser: Browser, live: LiveServer) -> None:
    alice, bob, code = two_players(browser, live, rounds=1)
    start_round(live, alice, bob)
    bob.get_by_test_id("leave-game").click()
    expect(bob.get_by_test_id("confirm")).to_be_visible()
    expect(bob.get_by_test_id("confirm-no")).to_be_focused()  # the safe answer has the focus
    bob.get_by_test_id("confirm-no").click()
    expect(bob.get_by_test_id("screen-game")).to_be_visible()
    finish_round(live, code, alice)
    expect(bob.get_by_test_id("standings")).to_be_visible()
    expect(bob.get_by_test_id("standings-host-hint")).to_contain_text("host")
    expect(bob.get_by_test_id("play-again")).to_be_hidden()
    expect(alice.get_by_test_id("standings-host-hint")).to_have_text("")
    bob.get_by_test_id("back-home").click()
    expect(bob.get_by_test_id("screen-home")).to_be_visible()


def test_leaving_mid_round_after_confirming(browser: Browser, live: LiveServer) -> None:
    alice, bob, _ = two_players(browser, live)
    start_round(live, alice, bob)
    bob.get_by_test_id("leave-game").click()
    bob.get_by_test_id("confirm-yes").click()
    expect(bob.get_by_test_id("screen-home")).to_be_visible()
    expect(alice.get_by_test_id("opponent-1")).to_have_class(re.compile("gone"))


def test_a_join_error_stays_until_dismissed(browser: Browser, live: LiveServer) -> None:
    """A code typed on the home page, and a shared link whose room has closed since: each
    join is refused by the server, and its error stays where the player looks until dismissed."""
    host = new_page(browser, live)
    link = create_room(host, "en")
    host.get_by_test_id("leave").click()  # the only player leaves: the room closes
    expect(host.get_by_test_id("screen-home")).to_be_visible()
    page = new_page(browser, live)
    page.clock.install()
    page.goto(live.url)
    error = page.get_by_test_id("home-error")
    for typed_in in ("nosuchroomatall", link):
        expect(page.get_by_test_id("home-rating")).to_be_visible()  # the server said who we are
        page.get_by_test_id("join-link").fill(typed_in)
        page.get_by_test_id("join-link").press("Enter")
        expect(error).to_be_visible()
        expect(error).to_contain_text("does not exist")
        expect(page.get_by_test_id("screen-home")).to_be_visible()
        page.clock.run_for(30_000)  # a toast would have gone after 2.5 s; this stays
        expect(error).to_be_visible()
        page.get_by_test_id("home-error-close").click()
        expect(error).to_be_hidden()
    host.context.close()
    page.context.close()


def test_an_unknown_room_address_is_the_sites_404_page(browser: Browser, live: LiveServer) -> None:
    page = new_page(browser, live)
    response = page.goto(f"{live.url}/r/no-such-room-at-all")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("Page not found")
    expect(page.locator("main a[href='/']")).to_be_visible()  # the way to the game
    expect(page.get_by_test_id("screen-home")).to_have_count(0)  # not the game's page: nothing joins
    assert "wordle" not in page.content().lower()
    page.context.close()


def test_letters_typed_but_not_sent_survive_a_reload(browser: Browser, live: LiveServer) -> None:
    alice, bob, code = two_players(browser, live)
    start_round(live, alice, bob)
    word = live.wrong_word(code)
    alice.keyboard.type(word[:3])
    expect(alice.get_by_test_id("tile-r0-c2")).to_have_attribute("data-state", "typed")
    alice.reload()
    expect(alice.get_by_test_id("screen-game")).to_be_visible()
    for col in range(3):
        expect(alice.get_by_test_id(f"tile-r0-c{col}")).to_have_text(word[col].upper())
    alice.keyboard.type(word[3:])
    alice.keyboard.press("Enter")
    expect(alice.get_by_test_id("tile-r0-c0")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )


def test_enter_backspace_and_delete_always_reach_the_game(browser: Browser, live: LiveServer) -> None:
    alice, bob, code = two_players(browser, live)
    start_round(live, alice, bob)
    word = live.wrong_word(code)
    alice.get_by_test_id("palette-toggle").click()  # ◐ has the focus now
    alice.keyboard.type(word[:3] + "xy")
    alice.keyboard.press("Delete")
    alice.keyboard.press("Backspace")
    alice.keyboard.type(word[3:])
    alice.keyboard.press("Enter")
    expect(alice.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    assert alice.get_by_test_id("palette-toggle").get_attribute("aria-pressed") == "true"  # not toggled again
    # The language select has the focus: letters go to the game, not to the select.
    select = alice.get_by_test_id("ui-lang")
    select.focus()
    second = live.wrong_word(code, 1)
    alice.keyboard.type(second)
    alice.keyboard.press("Enter")
    expect(alice.get_by_test_id("tile-r1-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    expect(select).to_have_value("en")


def test_dialogs_take_and_give_back_the_focus(browser: Browser, live: LiveServer) -> None:
    alice, bob, code = two_players(browser, live)
    alice.get_by_test_id("start").click()
    card = alice.get_by_test_id("round-card")
    expect(card).to_be_visible()
    alice.wait_for_function(
        "document.querySelector('[data-testid=round-card]').contains(document.activeElement)"
    )
    live.jump(2_600)
    expect(card).to_be_hidden()
    expect(bob.locator("body")).to_have_attribute("data-phase", "playing")
    finish_round_without_reveal_jump(live, code, bob)
    reveal = alice.get_by_test_id("reveal-card")
    expect(reveal).to_be_visible()
    alice.wait_for_function(
        "document.querySelector('[data-testid=reveal-card]').contains(document.activeElement)"
    )
    for _ in range(6):  # Tab never leaves the card
        alice.keyboard.press("Tab")
        assert alice.evaluate(
            "document.querySelector('[data-testid=reveal-card]').contains(document.activeElement)"
        )
    live.jump(6_500)
    standings = alice.get_by_test_id("standings")
    expect(standings).to_be_visible()
    alice.wait_for_function(
        "document.querySelector('[data-testid=standings]').contains(document.activeElement)"
    )
    for _ in range(8):
        alice.keyboard.press("Shift+Tab")
        assert alice.evaluate(
            "document.querySelector('[data-testid=standings]').contains(document.activeElement)"
        )
    # The confirmation gives the focus back to the button that opened it.
    alice.get_by_test_id("back-home").click()
    expect(alice.get_by_test_id("screen-home")).to_be_visible()


def focus_inside(page: Page, testid: str) -> bool:
    return bool(
        page.evaluate(f"document.querySelector('[data-testid={testid}]').contains(document.activeElement)")
    )


def finish_round_without_reveal_jump(live: LiveServer, code: str, solver: Page) -> None:
    solve(live, code, solver)
    live.end_round(code)


def test_the_confirmation_gives_the_focus_back(browser: Browser, live: LiveServer) -> None:
    alice, bob, _ = two_players(browser, live)
    start_round(live, alice, bob)
    leave = alice.get_by_test_id("leave-game")
    leave.focus()
    alice.keyboard.press("Space")  # not a game key: the button opens the confirmation
    expect(alice.get_by_test_id("confirm")).to_be_visible()
    alice.keyboard.press("Escape")
    expect(alice.get_by_test_id("confirm")).to_be_hidden()
    expect(leave).to_be_focused()


def test_high_contrast_tiles_and_keys_reach_4_5_to_1(browser: Browser, live: LiveServer) -> None:
    alice, bob, code = two_players(browser, live)
    alice.get_by_test_id("palette-toggle").click()
    start_round(live, alice, bob)
    answer = live.answer(code)
    # A row with all three hints: a word sharing some letters with the answer, then the answer.
    type_word(alice, live.wrong_word(code))
    expect(alice.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    type_word(alice, answer)
    expect(alice.get_by_test_id("tile-r1-c4")).to_have_attribute("data-state", "correct")
    for state in ("correct", "present", "absent"):
        tile = f"[data-testid^=tile-r][data-state={state}]"
        if alice.locator(tile).count():
            ratio = alice.evaluate(CONTRAST, tile)
            assert ratio >= 4.5, (state, ratio)


def test_the_tab_says_a_round_is_running_and_sounds_follow_one_switch(
    browser: Browser, live: LiveServer
) -> None:
    alice, bob, code = two_players(browser, live)
    sound = alice.get_by_test_id("sound-toggle")
    expect(sound).to_have_attribute("aria-pressed", "false")  # off until the player turns it on
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    start_round(live, alice, bob)
    expect(alice).to_have_title(re.compile("^● "))
    assert "icon-turn" in (alice.locator("#favicon").get_attribute("href") or "")
    expect(alice.locator("html")).to_have_attribute("data-last-sound", "turn")
    type_word(alice, live.answer(code))
    expect(alice.locator("html")).to_have_attribute("data-last-sound", "solve")
    expect(alice).not_to_have_title(re.compile("^● "))  # solved: nothing to do now
    alice.reload()
    expect(alice.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "true")


def test_the_share_text_spoils_nothing(browser: Browser, live: LiveServer) -> None:
    alice = new_page(browser, live, permissions=["clipboard-read", "clipboard-write"])
    link = create_room(alice, "en")
    bob = join_by_link(browser, live, link)
    code = code_of(link)
    alice.get_by_test_id("option-rounds").select_option("1")
    expect(bob.get_by_test_id("option-rounds")).to_have_value("1")
    start_round(live, alice, bob)
    wrong = live.wrong_word(code)
    answer = live.answer(code)
    type_word(alice, wrong)
    expect(alice.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    solve(live, code, alice)
    live.end_round(code)
    expect(alice.get_by_test_id("reveal-card")).to_be_visible()
    live.jump(6_500)
    expect(alice.get_by_test_id("standings")).to_be_visible()
    alice.get_by_test_id("share-duel").click()
    expect(alice.get_by_test_id("message")).to_contain_text("copied")
    text = alice.evaluate("navigator.clipboard.readText()")
    assert "Duel de Mots" in text and "English" in text and live.url in text
    assert "🟩🟩🟩🟩🟩" in text and "2/6" in text
    assert answer.lower() not in text.lower() and wrong.lower() not in text.lower()
    grid = [line for line in text.splitlines() if any(c in line for c in "🟩🟨⬛")]
    assert grid and all(not any(ch.isalpha() for ch in line) for line in grid)


def test_korean_syllables_form_under_the_jamo(browser: Browser, live: LiveServer) -> None:
    alice, bob, _ = two_players(browser, live, lang="ko")
    start_round(live, alice, bob)
    keys = dict(
        zip("ㅂㅈㄷㄱㅅㅛㅕㅑㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡ", "qwertyuiasdfghjklzxcvbnm", strict=True)
    )
    for jamo in "ㅅㅏㄹ":
        alice.keyboard.press(f"Key{keys[jamo].upper()}")
    expect(alice.get_by_test_id("syllables")).to_have_text("살")
    alice.keyboard.press("Enter")  # three jamo: the message counts jamo, not syllables
    expect(alice.get_by_test_id("message")).to_contain_text("5 jamo (two syllables)")
    for jamo in "ㅏㅁ":
        alice.keyboard.press(f"Key{KOREAN_KEYS[jamo].upper()}")
    expect(alice.get_by_test_id("syllables")).to_have_text("사람")


def test_bots_are_named_in_the_interface_language(browser: Browser, live: LiveServer) -> None:
    alice = new_page(browser, live, locale="ru-RU")
    create_room(alice, "ru")
    alice.get_by_test_id("add-bot").click()
    seat = alice.get_by_test_id("seat-1")
    expect(seat).to_contain_text("(бот)")
    expect(seat).not_to_contain_text("(bot)")


def test_a_guest_of_a_quick_game_never_reads_two_things_and_play_again_is_a_quick_game(
    browser: Browser, live: LiveServer
) -> None:
    alice = new_page(browser, live)
    alice.get_by_test_id("word-lang").select_option("en")
    alice.get_by_test_id("quick-game").click()
    expect(alice.get_by_test_id("screen-lobby")).to_be_visible()
    bob = new_page(browser, live)
    bob.get_by_test_id("word-lang").select_option("en")
    bob.get_by_test_id("quick-game").click()
    expect(bob.get_by_test_id("auto-start")).to_be_visible()
    for page in (alice, bob):
        expect(page.get_by_test_id("lobby-hint")).to_have_text("")
        # Under the countdown, who takes the free seats when it ends.
        expect(page.get_by_test_id("quick-hint")).to_contain_text("bots take 2 seats")
        expect(page.locator(".seat.bot-coming")).to_have_count(2)
        expect(page.get_by_test_id("start")).to_be_hidden()
    live.jump(15_000)
    for page in (alice, bob):
        expect(page.locator("body")).to_have_attribute("data-phase", re.compile("card|playing"))
    code = bob.evaluate("location.pathname.split('/').pop()")
    rounds = live.call(lambda: live.room(code).state.options.rounds)
    for _ in range(rounds):
        live.jump(2_600)
        expect(bob.locator("body")).to_have_attribute("data-phase", "playing")
        finish_round(live, code, bob)
    expect(bob.get_by_test_id("standings")).to_be_visible()
    again = bob.get_by_test_id("play-again")
    expect(again).to_be_visible()
    again.click()
    expect(bob.get_by_test_id("screen-lobby")).to_be_visible()
    expect(bob.locator("#lobby-title")).to_have_text("Quick game")
    expect(bob.get_by_test_id("option-rounds")).to_have_value("3")  # no longer a newcomer: 3 rounds
    assert bob.evaluate("location.pathname.split('/').pop()") != code


def test_a_nickname_counts_what_readers_see_and_says_when_it_is_too_long(
    browser: Browser, live: LiveServer
) -> None:
    page = new_page(browser, live, small=True)
    field = page.get_by_test_id("nickname")
    field.fill("x" * 21)
    expect(page.get_by_test_id("nickname-error")).to_contain_text("Too long")
    expect(field).to_have_value("x" * 21)  # never cut
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    field.fill(f"Team {family}")
    expect(page.get_by_test_id("nickname-error")).to_be_hidden()
    field.press("Enter")
    field.blur()
    page.reload()
    expect(page.get_by_test_id("nickname")).to_have_value(f"Team {family}")
