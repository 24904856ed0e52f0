"""What a phone player touches first, measured from outside in headless Chromium.

At 360×640 (touch) and 1280×800, in a Duel de Mots room of each of its six word
languages: the keyboard shows the server's rows letter for letter (Korean the
2-set layout), letter keys are at least 24×40 px and the whole keyboard is in
view, nothing scrolls sideways, tiles are at least 44 px while typing, the tab's
title holds no raw catalogue key, a refusal never covers the row being typed,
ruled-out keys keep 3:1, and the reveal fits the phone unscrolled (centred on a
desktop) while the board under it does not move. Then a tournament at both
sizes: rows played and typed at least 30 px on the phone, 44 px on the desktop.

One server for the module, and one pair of pages (phone, desktop) per language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_duel_browser import code_of
from tests.browser.test_duel_experience import CONTRAST
from tests.browser.test_tournament_browser import name, read_turn, to_my_turn
from wordarena.core import lexicon
from wordarena.core.letters import letters, normalize
from wordarena.server.rooms.tournament import TournamentRoom

PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
LOCALES = {"en": "en-US", "fr": "fr-FR", "es": "es-ES", "ru": "ru-RU", "ko": "ko-KR", "tr": "tr-TR"}
HINTED = re.compile("correct|present|absent")
#: The standard Korean 2-set (두벌식) rows, without ㅐ ㅔ: the game's letters are the 24 basic jamo.
DUBEOLSIK = [list("ㅂㅈㄷㄱㅅㅛㅕㅑ"), list("ㅁㄴㅇㄹㅎㅗㅓㅏㅣ"), list("ㅋㅌㅊㅍㅠㅜㅡ")]
SIDEWAYS = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
#: A catalogue key shown as text ("site.name", "tournament.yourTurn").
RAW_KEY = re.compile(r"\b[a-z]+\.[a-z][A-Za-z]+\b")

MEASURE = """(scope) => {
  const root = document.querySelector(scope);
  const keys = [...root.querySelectorAll('.key')].map((key) => {
    const r = key.getBoundingClientRect();
    const wide = key.classList.contains('wide');
    return {key: key.dataset.key, wide, x: r.x, y: r.y, w: r.width, h: r.height};
  });
  const rows = [...root.querySelectorAll('.kb-row')];
  const root_ = document.documentElement;
  return {
    rows: rows.map((row) => [...row.querySelectorAll('.key:not(.wide)')].map((k) => k.dataset.key)),
    keys,
    sideways: root_.scrollWidth > root_.clientWidth,
    width: innerWidth,
    height: innerHeight,
  };
}"""

# A row that just arrived is still flipping (its height passes through 0): tiles are
# measured once their own animations have ended.
TILES = """async (selector) => {
  const tiles = [...document.querySelectorAll(selector)];
  await Promise.all(tiles.flatMap((t) => t.getAnimations()).map((a) => a.finished.catch(() => null)));
  return tiles.map((t) => { const r = t.getBoundingClientRect(); return [r.width, r.height]; });
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(Path(tmp_path_factory.mktemp("phone")))
    live.start()
    yield live
    live.stop()


def open_page(
    browser: Browser, live: LiveServer, options: dict[str, Any], locale: str, url: str = ""
) -> Page:
    context = browser.new_context(locale=locale, reduced_motion="reduce", **options)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(url or live.url)
    return page


def typed(lang: str, word: str) -> list[str]:
    return letters(lang, normalize(lang, word))


def type_letters(page: Page, lang: str, keys: list[str]) -> None:
    """On the on-screen keyboard, as a phone player does (and every layout's letters on any machine)."""
    for letter in keys:
        page.get_by_test_id(f"key-{letter}").click()


def play_row(page: Page, lang: str, word: str, row: int) -> None:
    type_letters(page, lang, typed(lang, word))
    page.get_by_test_id("key-enter").click()
    expect(page.get_by_test_id(f"tile-r{row}-c4")).to_have_attribute("data-state", HINTED)


def server_rows(page: Page, lang: str) -> list[str]:
    rows: list[str] = page.evaluate(
        f"fetch('/api/alphabets').then(r => r.json()).then(a => a['{lang}'].keyboard)"
    )
    return rows


def check_keyboard(
    page: Page, scope: str, expected: list[list[str]], label: str, phone: bool
) -> dict[str, Any]:
    m: dict[str, Any] = page.evaluate(MEASURE, scope)
    assert m["rows"] == expected, (label, m["rows"])  # the national layout, letter for letter
    assert not m["sideways"], label
    letter_keys = [k for k in m["keys"] if not k["wide"]]
    assert min(k["h"] for k in m["keys"]) >= 40, label
    if phone:
        assert min(k["w"] for k in letter_keys) >= 24, (label, min(k["w"] for k in letter_keys))
    for k in m["keys"]:  # the whole keyboard in view, Enter and Backspace on the last row
        assert k["x"] >= 0 and k["x"] + k["w"] <= m["width"] + 0.5, (label, k)
        assert k["y"] >= 0 and k["y"] + k["h"] <= m["height"] + 0.5, (label, k)
    last_y = max(k["y"] for k in m["keys"])
    assert {k["key"] for k in m["keys"] if k["y"] == last_y} >= {"enter", "backspace"}, label
    return m


def report(label: str, tile: float, m: dict[str, Any]) -> None:
    """The figures measured (shown with `pytest -s`): the smallest tile and letter key."""
    letter_keys = [k for k in m["keys"] if not k["wide"]]
    width, height = min(k["w"] for k in letter_keys), min(k["h"] for k in letter_keys)
    bottom = max(k["y"] + k["h"] for k in m["keys"])
    keyboard = f"keyboard bottom {bottom:.0f}/{m['height']}"
    print(f"{label}: tile {tile:.1f} px, key {width:.1f}x{height:.1f} px, {keyboard}")


def no_raw_key_in_title(page: Page, label: str) -> None:
    title = page.title()
    assert title and not RAW_KEY.search(title), (label, title)


def box(page: Page, testid: str) -> dict[str, float]:
    found = page.get_by_test_id(testid).bounding_box()
    assert found is not None, testid
    return found


def nonsense(lang: str, alphabet_rows: list[list[str]]) -> list[str]:
    """Five letters that are no word of the list: refused, the row stays to be corrected."""
    words = lexicon.word_list(lang, 5)
    for letter in (key for row in alphabet_rows for key in row):
        if letter * 5 not in words.guesses:
            return [letter] * 5
    raise AssertionError(lang)


@pytest.mark.parametrize("lang", ["en", "fr", "es", "ru", "ko", "tr"])
def test_a_duel_de_mots_room_on_a_phone_and_a_desktop(
    browser: Browser, server: LiveServer, lang: str
) -> None:
    live = server
    locale = LOCALES[lang]
    desktop = open_page(browser, live, DESKTOP, locale)
    expect(desktop.get_by_test_id("home-rating")).to_be_visible()
    no_raw_key_in_title(desktop, f"{lang} home")
    # The interface is in `lang`: the word language follows it (nobody picked one in this browser).
    expect(desktop.get_by_test_id("word-lang")).to_have_value(lang)
    desktop.get_by_test_id("create-room").click()
    expect(desktop.get_by_test_id("screen-lobby")).to_be_visible()
    expect(desktop.get_by_test_id("option-lang")).to_have_value(lang)
    link = desktop.get_by_test_id("room-link").input_value()
    code = code_of(link)
    phone = open_page(browser, live, PHONE, locale, link)
    expect(phone.get_by_test_id("screen-lobby")).to_be_visible()
    no_raw_key_in_title(phone, f"{lang} lobby")
    for _ in range(4):  # six seats: the fullest strip of others and the fullest reveal
        desktop.get_by_test_id("bot-level").select_option("easy")
        desktop.get_by_test_id("add-bot").click()
    expect(phone.locator("[data-testid^=seat-]")).to_have_count(6)
    desktop.get_by_test_id("option-rounds").select_option("1")
    expect(phone.get_by_test_id("option-rounds")).to_have_value("1")
    desktop.get_by_test_id("start").click()
    live.jump(2_600)
    expected = server_rows(phone, lang)
    if lang == "ko":
        assert expected == DUBEOLSIK
    boards: dict[str, dict[str, float]] = {}
    for page, label, is_phone in ((phone, "phone", True), (desktop, "desktop", False)):
        expect(page.locator("body")).to_have_attribute("data-phase", "playing")
        play_row(page, lang, live.wrong_word(code, 0), 0)
        type_letters(page, lang, typed(lang, live.wrong_word(code, 1))[:2])  # typing row 2
        expect(page.get_by_test_id("tile-r1-c1")).to_have_attribute("data-state", "typed")
        m = check_keyboard(page, "#keyboard", expected, f"{lang} {label}", is_phone)
        tiles = page.evaluate(TILES, "#board .tile")
        tile = min(min(w, h) for w, h in tiles)
        assert tile >= 44, (lang, label, tile)
        report(f"duel {lang} {label}", tile, m)
        no_raw_key_in_title(page, f"{lang} {label} playing")
        boards[label] = box(page, "board")

    # Ruled-out keys: their letter at 3:1 at least (WCAG 1.4.11), light theme (dark: test below).
    if phone.locator("#keyboard .key[data-state=absent]").count():
        assert phone.evaluate(CONTRAST, "#keyboard .key[data-state=absent]") >= 3

    # Rows 2 to 5 played, then a refused word in row 6: the message leaves that row in sight.
    for _ in range(2):
        phone.get_by_test_id("key-backspace").click()
    for row in range(1, 5):
        play_row(phone, lang, live.wrong_word(code, row), row)
    type_letters(phone, lang, nonsense(lang, expected))
    phone.get_by_test_id("key-enter").click()
    expect(phone.get_by_test_id("message")).to_have_class(re.compile("visible"))
    toast, last_row = box(phone, "message"), box(phone, "tile-r5-c0")
    assert toast["y"] + toast["height"] <= last_row["y"] or toast["y"] >= last_row["y"] + last_row["height"]
    # As wide as the phone allows (a long message in one or two lines, not four), and one line here.
    max_width = phone.get_by_test_id("message").evaluate("el => parseFloat(getComputedStyle(el).maxWidth)")
    assert max_width >= 340 and toast["height"] <= 48, (max_width, toast)

    # The reveal: the desktop's host solves, the closing runs out.
    for _ in range(2):
        desktop.get_by_test_id("key-backspace").click()
    type_letters(desktop, lang, typed(lang, live.answer(code)))
    desktop.get_by_test_id("key-enter").click()
    expect(phone.get_by_test_id("closing-banner")).to_be_visible()
    tiles = phone.evaluate(TILES, "#board .tile")
    assert min(min(w, h) for w, h in tiles) >= 44  # the closing banner takes no tile below 44 px
    live.end_round(code)
    for page, label in ((phone, "phone"), (desktop, "desktop")):
        expect(page.get_by_test_id("reveal-card")).to_be_visible()
        card = page.locator("#reveal-card .card")
        fits = card.evaluate("c => c.scrollHeight <= c.clientHeight + 1")
        assert fits, (lang, label, "the reveal scrolls")
        expect(page.get_by_test_id("reveal-next")).to_be_in_viewport(ratio=1)
        expect(page.get_by_test_id("reveal-grid-0")).to_be_in_viewport(ratio=1)
        assert box(page, "board") == boards[label], (lang, label, "the board moved at the reveal")
        assert not page.evaluate(
            "document.documentElement.scrollWidth > document.documentElement.clientWidth"
        )
    centre = desktop.locator("#reveal-card .card").bounding_box()
    assert centre is not None and abs(centre["x"] + centre["width"] / 2 - 640) <= 2  # centred on a desktop
    for page in (phone, desktop):
        page.context.close()


def test_ruled_out_keys_keep_3_to_1_in_every_theme(browser: Browser, server: LiveServer) -> None:
    live = server
    host = open_page(browser, live, DESKTOP, "en-US")
    host.get_by_test_id("word-lang").select_option("en")
    host.get_by_test_id("create-room").click()
    expect(host.get_by_test_id("screen-lobby")).to_be_visible()
    code = code_of(host.get_by_test_id("room-link").input_value())
    host.get_by_test_id("add-bot").click()
    host.get_by_test_id("start").click()
    live.jump(2_600)
    expect(host.locator("body")).to_have_attribute("data-phase", "playing")
    for row in range(3):
        play_row(host, "en", live.wrong_word(code, row), row)
    absent = "#keyboard .key[data-state=absent]"
    assert host.locator(absent).count()
    ratios = {}
    for theme in ("light", "dark"):
        for contrast in (False, True):
            host.evaluate(
                "([theme, contrast]) => { document.documentElement.dataset.theme = theme;"
                " document.documentElement.classList.toggle('contrast', contrast); }",
                [theme, contrast],
            )
            ratios[(theme, contrast)] = host.evaluate(CONTRAST, absent)
    assert all(ratio >= 3 for ratio in ratios.values()), ratios
    host.context.close()


def row_taken(room: TournamentRoom, nickname: str, rows: int) -> Callable[[], bool]:
    """The server took the player's row (or the duel ended meanwhile)."""

    def taken() -> bool:
        after = read_turn(room, nickname)
        return after.rows > rows or not after.mine

    return taken


def test_a_tournament_on_a_phone_and_a_desktop(browser: Browser, server: LiveServer) -> None:
    """Two friends in a practice tournament (ru: the 12-letter top row): rows played and typed read."""
    live = server
    phone = open_page(browser, live, PHONE, "ru-RU")
    name(phone, "Подсолнух Сэм")
    phone.get_by_test_id("create-group").click()
    expect(phone.get_by_test_id("screen-group")).to_be_visible()
    desktop = open_page(browser, live, DESKTOP, "ru-RU", phone.get_by_test_id("group-link").input_value())
    expect(desktop.get_by_test_id("screen-group")).to_be_visible()
    name_field = desktop.get_by_test_id("group-nickname")
    name_field.fill("Desk")
    name_field.press("Enter")
    expect(phone.get_by_test_id("group-member-1")).to_contain_text("Desk")
    phone.get_by_test_id("group-lang").select_option("ru")
    phone.get_by_test_id("group-practice").check()
    phone.get_by_test_id("group-launch").click()
    expect(desktop.get_by_test_id("screen-queue")).to_be_visible()
    for nickname in ("Подсолнух Сэм", "Desk"):  # who is in the lobby: names, not blank icons
        expect(desktop.get_by_test_id("queue-lobby")).to_contain_text(nickname)
    live.jump(10_000)
    for page in (phone, desktop):
        expect(page.get_by_test_id("screen-tournament")).to_be_visible(timeout=60_000)
    expect(phone.get_by_test_id("round-intro-detail")).to_contain_text(re.compile(r"\d"))  # word length
    room = live.tournament_of("Desk")
    expected = server_rows(phone, "ru")
    for page, nickname, minimum, label in (
        (phone, "Подсолнух Сэм", 30, "phone"),
        (desktop, "Desk", 44, "desktop"),
    ):
        for step in range(2):  # a row of mine on the board, then my next turn
            turn = to_my_turn(live, room, nickname)
            assert turn.phase == "playing", turn
            expect(page.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
            if step == 0:
                length = len(turn.typed_answer)
                words = lexicon.word_list("ru", length)
                word = next(  # not the answer, nor a word on the board (the other player's, a bot's)
                    words.spelling(k)
                    for k in words.answers
                    if k not in turn.played and "".join(typed("ru", words.spelling(k))) != turn.typed_answer
                )
                type_letters(page, "ru", typed("ru", word))
                page.get_by_test_id("key-enter").click()
                live.until(row_taken(room, nickname, turn.rows), "the row taken")
        m = check_keyboard(page, "#duel-keyboard", expected, f"tournament {label}", label == "phone")
        sizes = page.evaluate(TILES, "#duel-board .t-row:not(.future) .tile")
        smallest = min(min(w, h) for w, h in sizes)
        assert smallest >= minimum, (label, smallest)
        report(f"tournament ru {label}", smallest, m)
        tags = page.evaluate(
            "[...document.querySelectorAll('#duel-board .t-row:not(.future) .row-tag')]"
            ".map(t => t.scrollWidth <= t.clientWidth)"
        )
        assert all(tags), (label, "a row's name is cut")
        no_raw_key_in_title(page, f"tournament {label}")
    for page in (phone, desktop):
        page.context.close()


def test_the_word_language_follows_the_interface_until_picked(browser: Browser, server: LiveServer) -> None:
    page = open_page(browser, server, PHONE, "en-US")
    expect(page.get_by_test_id("home-rating")).to_be_visible()
    page.get_by_test_id("ui-lang").select_option("ru")
    expect(page.get_by_test_id("word-lang")).to_have_value("ru")
    expect(page.get_by_test_id("tournament-lang")).to_have_value("ru")
    no_raw_key_in_title(page, "home in Russian")
    page.get_by_test_id("create-room").click()
    expect(page.get_by_test_id("option-lang")).to_have_value("ru")  # a Russian room, not an English one
    page.get_by_test_id("leave").click()
    page.get_by_test_id("word-lang").select_option("fr")  # picked: it stays, whatever the interface
    page.get_by_test_id("ui-lang").select_option("es")
    expect(page.get_by_test_id("word-lang")).to_have_value("fr")
    page.context.close()


@pytest.mark.parametrize(
    ("nickname", "reason"),
    [
        ("🎉🎉", "at least one letter or digit"),
        ("Ana (bot)", "marks the bots"),
        ("Zx\u0301\u0302\u0303", "Too many accents"),
        ("ab\u202ecd", "invisible or control character"),
    ],
)
def test_a_refused_nickname_says_why_and_keeps_the_name(
    browser: Browser, server: LiveServer, nickname: str, reason: str
) -> None:
    page = open_page(browser, server, PHONE, "en-US")
    expect(page.get_by_test_id("home-rating")).to_be_visible()
    field = page.get_by_test_id("nickname")
    kept = field.input_value()
    field.fill(nickname)
    field.press("Enter")
    error = page.get_by_test_id("nickname-error")
    expect(error).to_contain_text(reason)  # the server's rule, in the interface language
    expect(error).to_contain_text(kept)
    expect(field).to_have_value(kept)  # the name that was kept is back in the field
    page.context.close()
