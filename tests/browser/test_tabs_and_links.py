"""One player, many tabs; a link for every tournament; one seat at a time (headless Chromium).

Measured from outside, at 360×640 (touch) and 1280×800: a tab whose seat another tab of
the same player took is paused (no clock runs, no key is taken, nothing says "your turn")
and is live again by itself once that tab closes, while the others never see the player
away; a tournament's address shows it live to anybody else, and once it is over and its
room gone, its final standings with every duel's board; joining while a game holds the
seat says where that game is and what leaving it costs, and leaves it on request.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_duel_browser import code_of, create_room, join_by_link, start_round, type_word
from tests.browser.test_tournament_browser import name, to_my_turn, turn_of
from wordarena.core.tournament.record import tournament_record
from wordarena.server.rooms.tournament import TournamentRoom

SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
HINTED = re.compile("correct|present|absent")
RUNNING = re.compile(r"^\d+:\d\d$")
SIDEWAYS = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
#: A catalogue key shown as text ("tabs.playHere").
RAW_KEY = re.compile(r"\b[a-z]+\.[a-z][A-Za-z]+\b")


def context(browser: Browser, size: str, clock: bool = False) -> BrowserContext:
    """A browser of one player; with `clock`, its tabs' time is Playwright's (run forward at will)."""
    made = browser.new_context(locale="en-US", reduced_motion="reduce", **SIZES[size])
    made.set_default_timeout(15_000)
    if clock:
        made.clock.install()  # before any tab loads: every timer of the page is the clock's
    return made


def tab(ctx: BrowserContext, url: str) -> Page:
    page = ctx.new_page()
    page.goto(url)
    return page


def clean(page: Page, label: str) -> None:
    """No sideways scroll, no raw catalogue key in the title."""
    assert not page.evaluate(SIDEWAYS), label
    title = page.title()
    assert title and not RAW_KEY.search(title), (label, title)


def paused(page: Page, clock: str, keys: str, board_tile: str) -> None:
    """The tab says another tab plays, and nothing of it is live: no clock runs, no key is taken.

    The page's clock (installed on its context) is run forward: every timer of the tab fires
    as if those seconds had passed, and the game's clock still shows nothing."""
    expect(page.get_by_test_id("standby")).to_be_visible()
    expect(page.get_by_test_id("play-here")).to_be_in_viewport()
    # It says the game comes back by itself: nobody has to find a button in the right tab.
    expect(page.get_by_test_id("standby")).to_contain_text("comes back here by itself")
    expect(page.get_by_test_id(clock)).to_have_text("–")
    expect(page.locator(".turn-progress")).to_be_hidden()  # no bar of a turn (or of nothing)
    page.clock.run_for(3_000)
    expect(page.get_by_test_id(clock)).to_have_text("–")
    assert page.locator(f"[data-testid={keys}] button:not([disabled])").count() == 0  # every key disabled
    before = page.get_by_test_id(board_tile).get_attribute("data-state")
    page.keyboard.type("abc")
    page.clock.run_for(500)  # any frame or timer a key would have started has run
    assert page.get_by_test_id(board_tile).get_attribute("data-state") == before != "typed"
    assert not page.title().startswith("●")  # nothing calls the player to this tab
    assert page.locator("[data-dialog]:visible").count() == 0  # no card with its countdown
    clean(page, "paused")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_second_tab_takes_the_seat_and_the_first_is_live_again_when_it_closes(
    browser: Browser, live: LiveServer, size: str
) -> None:
    alice = context(browser, size, clock=True)
    first = tab(alice, live.url)
    link = create_room(first, "en")
    bob = join_by_link(browser, live, link)
    code = code_of(link)
    start_round(live, first, bob)
    second = tab(alice, link)  # the same player (the same browser): this tab takes the seat
    expect(second.locator("body")).to_have_attribute("data-phase", "playing")
    expect(second.get_by_test_id("clock")).to_have_text(RUNNING)
    paused(first, "clock", "keyboard", "tile-r0-c0")
    type_word(bob, live.answer(code))  # the closing starts: only the seat's tab counts it down
    expect(second.get_by_test_id("closing-banner")).to_be_visible()
    expect(first.get_by_test_id("closing-banner")).to_be_hidden()
    expect(first.get_by_test_id("clock")).to_have_text("–")
    expect(bob.get_by_test_id("opponent-0")).not_to_have_class(re.compile(r"\baway\b"))

    second.close()  # the seat's tab closes: the first takes it back by itself
    started = time.monotonic()
    expect(first.get_by_test_id("standby")).to_be_hidden(timeout=12_000)
    expect(first.get_by_test_id("clock")).to_have_text(RUNNING)
    taken_back = time.monotonic() - started
    print(f"{size}: the seat back in the first tab {taken_back:.2f} s after the second closed")
    assert taken_back < 12
    expect(bob.get_by_test_id("opponent-0")).not_to_have_class(re.compile(r"\baway\b"))  # never away
    assert live.call(lambda: live.room(code).state.seats[0].away_since) is None
    type_word(first, live.wrong_word(code))  # keys are taken again
    expect(first.get_by_test_id("tile-r0-c4")).to_have_attribute("data-state", HINTED)
    clean(first, "live again")
    alice.close()
    bob.context.close()


def practice(
    browser: Browser, live: LiveServer, size: str, nickname: str, clock: bool = False
) -> tuple[Page, TournamentRoom]:
    ctx = context(browser, size, clock)
    page = tab(ctx, live.url)
    name(page, nickname)
    page.get_by_test_id("practice-tournament").click()
    expect(page.get_by_test_id("screen-queue")).to_be_visible()
    live.jump(10_000)
    expect(page.get_by_test_id("screen-tournament")).to_be_visible(timeout=60_000)
    room = live.tournament_of(nickname)
    expect(page).to_have_url(f"{live.url}/t/{room.code}")  # its own address, while in it
    return page, room


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_tournament_tab_left_behind_says_nothing_of_your_turn(
    browser: Browser, live: LiveServer, size: str
) -> None:
    first, room = practice(browser, live, size, f"Twin{size}", clock=True)
    turn = to_my_turn(live, room, f"Twin{size}")
    assert turn.mine
    expect(first.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
    second = tab(first.context, f"{live.url}/t/{room.code}")
    expect(second.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
    paused(first, "turn-clock", "duel-keyboard", f"duel-tile-r{turn.rows}-c0")
    expect(first.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "false")
    expect(first.get_by_test_id("turn-owner")).not_to_have_text(re.compile("Your turn"))
    second.close()
    expect(first.get_by_test_id("standby")).to_be_hidden(timeout=12_000)
    turn = to_my_turn(live, room, f"Twin{size}")
    if turn.phase != "finished":
        expect(first.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
        expect(first.get_by_test_id("turn-clock")).to_have_text(RUNNING)
    first.context.close()


def run_to_the_end(live: LiveServer, room: TournamentRoom) -> None:
    for _ in range(500):  # nobody plays: turns run out, the bots finish it
        if live.call(lambda: room.state.phase.value) == "finished":
            return
        live.jump(15_000)
    raise AssertionError("never finished")


def test_a_tournament_by_its_address_live_then_finished_and_gone(browser: Browser, live: LiveServer) -> None:
    player, room = practice(browser, live, "desktop", "Linky")
    address = f"{live.url}/t/{room.code}"
    watchers = {size: tab(context(browser, size), address) for size in SIZES}
    for page in watchers.values():
        expect(page.get_by_test_id("screen-tournament")).to_be_visible()
    live.jump(6_000)  # past the first intro
    for size, page in watchers.items():
        expect(page.get_by_test_id("t-watching")).to_be_visible()
        expect(page.get_by_test_id("round-intro")).to_be_hidden()
        expect(page.locator("[data-testid^=other-duel-]")).to_have_count(4)  # every duel, Linky's too
        assert page.locator("[data-testid=duel-keyboard] button").count() == 0  # no keyboard
        expect(page.get_by_test_id("alerts-toggle")).to_be_hidden()  # no turn alerts
        assert not page.title().startswith("●")
        clean(page, f"watching {size}")
    # A desktop reads the boards: cells of a readable size.
    # Measured in the page, as it redraws the boards on every view: a handle taken from one
    # drawing may be gone by the time Playwright measures it.
    watchers["desktop"].wait_for_function(
        "() => (document.querySelector('[data-testid=other-duel-0] .od-cell')"
        "?.getBoundingClientRect().width ?? 0) >= 24"
    )
    run_to_the_end(live, room)
    for page in watchers.values():
        expect(page.get_by_test_id("final-standings")).to_be_visible(timeout=20_000)
        expect(page.get_by_test_id("share-tournament")).to_be_hidden()
    expect(player.get_by_test_id("final-standings")).to_be_visible()
    record = live.call(lambda: tournament_record(room.state))
    duels = sum(len(r["duels"]) for r in record["rounds"])
    player.context.close()  # the last member goes: the finished room is dropped
    live.until(lambda: room.code not in live.node.registry.rooms, "the finished room dropped")
    for size, page in watchers.items():
        page.goto(address)
        expect(page.get_by_test_id("final-standings")).to_be_visible()
        expect(page.get_by_test_id("t-review")).to_have_attribute("open", "")
        for p in record["players"]:  # everybody's place
            placed = page.get_by_test_id(f"final-place-{p['id']}")
            expect(placed).to_have_attribute("data-place", str(p["place"]))
        expect(page.locator("[data-testid^=review-duel-]")).to_have_count(duels)  # every duel's board
        for r in record["rounds"]:
            for i, d in enumerate(r["duels"]):
                board = page.get_by_test_id(f"review-duel-{r['number']}-{i}")
                expect(board.locator(".od-answer")).to_have_text(d["answer"].upper())
                played = [t for t in d["turns"] if t["word"]]
                if played:
                    expect(board.locator(".od-grid.letters")).to_have_count(1)
        expect(page).to_have_url(address)
        clean(page, f"finished {size}")
        page.context.close()


def test_joining_while_a_game_holds_the_seat_says_where_and_what_leaving_costs(
    browser: Browser, live: LiveServer
) -> None:
    first, room = practice(browser, live, "phone", "Busy", clock=True)
    second = tab(first.context, live.url)  # another tab of the same player
    expect(second.get_by_test_id("home-rating")).to_be_visible()
    second.get_by_test_id("create-room").click()
    dialog = second.get_by_test_id("elsewhere")
    expect(dialog).to_be_visible()
    expect(second.get_by_test_id("elsewhere-link")).to_have_attribute("href", f"/t/{room.code}")
    expect(second.get_by_test_id("elsewhere-cost")).to_contain_text("defeat")
    assert "another tab" not in dialog.inner_text()
    clean(second, "elsewhere")
    second.get_by_test_id("elsewhere-stay").click()
    expect(dialog).to_be_hidden()
    expect(second.get_by_test_id("screen-home")).to_be_visible()
    expect(first.get_by_test_id("screen-tournament")).to_be_visible()  # the game goes on

    # The same tab opens a room's link: it is told the same, and leaves the tournament to join.
    host = tab(context(browser, "desktop"), live.url)
    link = create_room(host, "en")
    first.goto(link)
    expect(first.get_by_test_id("elsewhere")).to_be_visible()
    first.get_by_test_id("elsewhere-leave").click()
    expect(first.get_by_test_id("screen-lobby")).to_be_visible()
    expect(host.locator("[data-testid^=seat-]")).to_have_count(2)
    assert live.call(lambda: next(e for e in room.state.entrants if e.name == "Busy").left)

    # A running Duel de Mots game holds the seat: another tab leaves it from afar (a while
    # after this tab joined it: what a game says to a tab just gone elsewhere is not this).
    start_round(live, host, first)
    first.clock.run_for(2_500)  # the tabs of this player live 2.5 s further
    second.get_by_test_id("practice-tournament").click()
    expect(second.get_by_test_id("elsewhere")).to_be_visible()
    expect(second.get_by_test_id("elsewhere-cost")).to_contain_text("score")
    expect(second.get_by_test_id("elsewhere-link")).to_have_attribute("href", f"/r/{code_of(link)}")
    second.get_by_test_id("elsewhere-leave").click()
    expect(second.get_by_test_id("screen-queue")).to_be_visible()
    # The tab that showed the game does not stay on it, nor pretends to wait for it: like every
    # tab of the player, it shows the queue they are in now.
    expect(first.get_by_test_id("screen-game")).to_be_hidden()
    expect(first.get_by_test_id("standby")).to_be_hidden()
    expect(first.get_by_test_id("screen-queue")).to_be_visible()
    expect(host.get_by_test_id("opponent-1")).to_have_class(re.compile(r"\bgone\b"))
    first.context.close()
    host.context.close()


def test_leaving_a_rated_tournament_shows_the_place_and_the_rating_the_store_keeps(
    browser: Browser, live: LiveServer
) -> None:
    from tests.browser.test_tournament_experience import people

    page = tab(context(browser, "phone"), live.url)
    name(page, "Quitter")
    expect(page.get_by_test_id("home-rating")).to_have_text(re.compile("1000"))
    with people(live, 7, "en"):
        page.get_by_test_id("queue-tournament").click()
        expect(page.get_by_test_id("screen-tournament")).to_be_visible()
        room = live.tournament_of("Quitter")
        live.jump(6_000)
        expect(page.get_by_test_id("round-intro")).to_be_hidden()
        page.get_by_test_id("leave-tournament-top").click()
        page.get_by_test_id("confirm-yes").click()
        expect(page.get_by_test_id("screen-home")).to_be_visible()
        expect(page).to_have_url(f"{live.url}/")
        card = page.get_by_test_id("left-result")
        expect(card).to_be_visible()
        expect(page.get_by_test_id("left-result-title")).to_have_text("You left the tournament")
        expect(page.get_by_test_id("left-result-place")).to_contain_text("end of round 1")
        expect(page.get_by_test_id("left-result-link")).to_have_attribute("href", f"/t/{room.code}")
        for _ in range(100):  # the round ends (the others let their turns run out): the place is settled
            if turn_of(live, room, "Quitter").phase == "finished" or live.call(
                lambda: room.state.round is not None and room.state.round.number > 1
            ):
                break
            live.jump(15_000)
        place = page.get_by_test_id("left-result-place")
        expect(place).to_have_text(re.compile(r"Place \d of 8"), timeout=20_000)
        change = int(page.get_by_test_id("left-rating-change").get_attribute("data-change") or "0")
        assert change < 0
        stored = page.evaluate(
            """() => {
                const token = localStorage.getItem('wordarena.token');
                return fetch('/api/me', {headers: {Authorization: `Bearer ${token}`}})
                  .then((r) => r.json()).then((b) => b.player.rating);
            }"""
        )
        assert stored == 1000 + change
        expect(page.get_by_test_id("home-rating")).to_have_text(re.compile(f"{stored}"))
        clean(page, "left result")
        page.reload()  # the home page says the store's rating whatever this tab saw
        expect(page.get_by_test_id("home-rating")).to_have_text(re.compile(f"{stored}"))
    page.context.close()


def test_turn_alerts_have_a_service_worker_for_the_whole_site(browser: Browser, live: LiveServer) -> None:
    """Phones show a page's notifications only through a service worker: once alerts are on,
    /sw.js is registered with the whole site as its scope, and it caches nothing."""
    page = tab(context(browser, "phone"), live.url)
    page.evaluate("localStorage.setItem('wordarena.turnAlerts', 'on')")
    page.reload()
    scope = page.evaluate(
        "navigator.serviceWorker.ready.then((r) => new URL(r.scope).pathname)",
    )
    assert scope == "/"
    source = page.evaluate("fetch('/sw.js').then((r) => r.text())")
    assert "notificationclick" in source
    assert "caches." not in source and 'addEventListener("fetch"' not in source  # nothing cached
    page.context.close()
