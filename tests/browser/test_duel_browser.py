"""Two friends on two browsers play Duel de Mots end to end (headless Chromium).

Time is jumped on the server (round card, closing countdown, reveal card)
instead of waited for; the page's own timers follow the views it receives.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, new_page
from wordarena.core.letters import letters, normalize

# The 2-set (두벌식) Korean layout: which physical key types each basic jamo.
KOREAN_KEYS = dict(
    zip("ㅂㅈㄷㄱㅅㅛㅕㅑㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡ", "qwertyuiasdfghjklzxcvbnm", strict=True)
)


def create_room(page: Page, lang: str) -> str:
    expect(page.get_by_test_id("screen-home")).to_be_visible()
    page.get_by_test_id("word-lang").select_option(lang)
    page.get_by_test_id("create-room").click()
    expect(page.get_by_test_id("screen-lobby")).to_be_visible()
    link = page.get_by_test_id("room-link").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/r/[\w-]{12,}", link), link
    return link


def join_by_link(browser: Browser, live: LiveServer, link: str, phone: bool = False) -> Page:
    page = new_page(browser, live, phone=phone)
    page.goto(link)
    expect(page.get_by_test_id("screen-lobby")).to_be_visible()
    return page


def code_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def start_round(live: LiveServer, host: Page, *players: Page) -> None:
    host.get_by_test_id("start").click()
    expect(host.get_by_test_id("round-card")).to_be_visible()
    live.jump(2_600)
    for page in (host, *players):
        expect(page.locator("body")).to_have_attribute("data-phase", "playing")
        expect(page.get_by_test_id("clock")).to_have_text(re.compile(r"\d:\d\d"))


def typed(word: str) -> str:
    """What a player types for a French word: the letters, accents folded (é is typed e or é)."""
    return "".join(letters("fr", normalize("fr", word)))


def type_word(page: Page, word: str) -> None:
    page.keyboard.type(word)
    page.keyboard.press("Enter")


def watch_shakes(page: Page) -> None:
    page.evaluate(
        """() => { window.__shaken = false;
        new MutationObserver(() => {
            if (document.querySelector('.board-row.shake')) window.__shaken = true;
        })
          .observe(document.body, {subtree: true, attributes: true, attributeFilter: ['class']}); }"""
    )


def row_states(page: Page, row: int) -> list[str]:
    return [page.get_by_test_id(f"tile-r{row}-c{col}").get_attribute("data-state") or "" for col in range(5)]


def test_two_friends_and_a_bot_play_a_french_round(browser: Browser, live: LiveServer) -> None:
    alice = new_page(browser, live)
    link = create_room(alice, "fr")
    bob = join_by_link(browser, live, link)
    expect(alice.locator("[data-testid^=seat-]")).to_have_count(2)
    alice.get_by_test_id("bot-level").select_option("easy")
    alice.get_by_test_id("add-bot").click()
    expect(bob.locator("[data-testid^=seat-][data-bot=easy]")).to_have_count(1)
    alice.get_by_test_id("option-rounds").select_option("1")
    expect(bob.get_by_test_id("option-rounds")).to_have_value("1")
    code = code_of(link)
    start_round(live, alice, bob)

    watch_shakes(alice)
    type_word(alice, "zzzzz")
    expect(alice.get_by_test_id("message")).to_contain_text("Not in the word list")
    alice.wait_for_function("window.__shaken === true")
    assert row_states(alice, 0) == ["typed"] * 5  # nothing consumed: the word stays, to be corrected
    for _ in range(5):
        alice.keyboard.press("Backspace")
    assert row_states(alice, 0) == ["empty"] * 5

    wrong = live.wrong_word(code)
    type_word(alice, typed(wrong))
    expect(alice.get_by_test_id("tile-r0-c0")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    assert set(row_states(alice, 0)) <= {"correct", "present", "absent"}
    expect(bob.get_by_test_id("opponent-0")).to_be_visible()

    answer = live.answer(code)
    type_word(bob, typed(answer))
    expect(alice.get_by_test_id("closing-banner")).to_be_visible()
    type_word(alice, typed(answer))
    expect(alice.get_by_test_id("tile-r1-c4")).to_have_attribute("data-state", "correct")

    # The closing runs out, unless the bot solved too and the round is already over (all done).
    if live.call(lambda: live.room(code).state.phase.value) == "playing":
        live.end_round(code)
    for page in (alice, bob):
        expect(page.get_by_test_id("reveal-card")).to_be_visible()
        expect(page.get_by_test_id("reveal-answer")).to_contain_text(answer.upper())
    live.jump(6_500)
    expect(alice.get_by_test_id("standings")).to_be_visible()
    expect(bob.get_by_test_id("winner")).to_have_count(1)  # bob solved first, in one guess: 75
    expect(alice.get_by_test_id("play-again")).to_be_visible()


def test_a_korean_round_typed_jamo_by_jamo(browser: Browser, live: LiveServer) -> None:
    alice = new_page(browser, live, locale="ko-KR")
    link = create_room(alice, "ko")
    bob = join_by_link(browser, live, link, phone=True)
    alice.get_by_test_id("option-rounds").select_option("1")
    expect(bob.get_by_test_id("option-rounds")).to_have_value("1")
    code = code_of(link)
    start_round(live, alice, bob)
    answer = live.answer(code)
    jamo = live.call(lambda: live.room(code).state.answer or "")
    assert len(jamo) == 5 and len(answer) == 2

    for letter in jamo:  # physical keys of the 2-set layout: the IME never gets in the way
        alice.keyboard.press(f"Key{KOREAN_KEYS[letter].upper()}")
    alice.keyboard.press("Enter")
    expect(alice.get_by_test_id("tile-r0-c4")).to_have_attribute("data-state", "correct")
    expect(bob.get_by_test_id("closing-banner")).to_be_visible()

    for letter in "ㅅㅏㄹㅏㅁ" if jamo != "ㅅㅏㄹㅏㅁ" else "ㄱㅏㅂㅏㅇ":  # on-screen keys, on a phone
        bob.get_by_test_id(f"key-{letter}").click()
    bob.get_by_test_id("key-enter").click()
    expect(bob.get_by_test_id("tile-r0-c0")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    assert live.call(lambda: live.room(code).state.phase.value) == "playing"
    assert bob.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")

    live.end_round(code)
    expect(bob.get_by_test_id("reveal-answer")).to_contain_text(answer)
    live.jump(6_500)
    expect(alice.get_by_test_id("winner")).to_have_count(1)


def test_a_reload_mid_round_restores_the_screen(browser: Browser, live: LiveServer) -> None:
    alice = new_page(browser, live)
    link = create_room(alice, "en")
    bob = join_by_link(browser, live, link)
    code = code_of(link)
    start_round(live, alice, bob)
    wrong = live.wrong_word(code, 3)
    type_word(bob, wrong)
    expect(bob.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    before = row_states(bob, 0)
    clock_before = bob.get_by_test_id("clock").inner_text()

    bob.reload()
    expect(bob.get_by_test_id("screen-game")).to_be_visible()
    expect(bob.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    assert row_states(bob, 0) == before
    assert bob.get_by_test_id("tile-r0-c0").inner_text().lower() == wrong[0]
    assert bob.get_by_test_id("clock").inner_text() <= clock_before
    expect(alice.get_by_test_id("opponent-1")).to_be_visible()
