"""The Tournament as players meet it, in headless Chromium.

Time is the server's jump clock; people the test needs beside the browser's
player are protocol clients (wordarena.client) on the server's loop.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, new_page
from tests.browser.test_tournament_browser import name, practice_alone, to_my_turn, turn_of
from wordarena.client import Client
from wordarena.core.tournament.record import tournament_record
from wordarena.server.rooms.tournament import TournamentRoom


def create_group(browser: Browser, live: LiveServer) -> tuple[Page, Page, str]:
    alice = new_page(browser, live)
    name(alice, "Alice")
    alice.get_by_test_id("create-group").click()
    expect(alice.get_by_test_id("screen-group")).to_be_visible()
    link = alice.get_by_test_id("group-link").input_value()
    bob = new_page(browser, live, phone=True)
    bob.goto(link)
    expect(bob.get_by_test_id("screen-group")).to_be_visible()
    expect(alice.get_by_test_id("group-member-1")).to_be_visible()
    return alice, bob, link


def test_a_link_joiner_sets_a_nickname_in_the_group_and_in_a_room(browser: Browser, live: LiveServer) -> None:
    alice, bob, _ = create_group(browser, live)
    field = bob.get_by_test_id("group-nickname")
    field.fill("Bobby")
    field.press("Enter")
    expect(alice.get_by_test_id("group-member-1")).to_contain_text("Bobby")
    # The same in a Duel de Mots room opened by its link.
    alice.get_by_test_id("group-leave").click()
    expect(alice.get_by_test_id("screen-home")).to_be_visible()
    alice.get_by_test_id("create-room").click()
    expect(alice.get_by_test_id("screen-lobby")).to_be_visible()
    carol = new_page(browser, live, small=True)
    carol.goto(alice.get_by_test_id("room-link").input_value())
    expect(carol.get_by_test_id("screen-lobby")).to_be_visible()
    lobby_name = carol.get_by_test_id("lobby-nickname")
    lobby_name.fill("Carol")
    lobby_name.press("Enter")
    expect(alice.get_by_test_id("seat-1")).to_contain_text("Carol")


def test_a_cancelled_group_launch_can_launch_again(browser: Browser, live: LiveServer) -> None:
    alice, bob, _ = create_group(browser, live)
    alice.get_by_test_id("group-lang").select_option("fr")
    alice.get_by_test_id("group-launch").click()
    for page in (alice, bob):
        expect(page.get_by_test_id("screen-queue")).to_be_visible()
    alice.get_by_test_id("unqueue").click()  # the organiser takes the whole group out
    for page in (alice, bob):
        expect(page.get_by_test_id("screen-group")).to_be_visible()
    expect(alice.get_by_test_id("group-launch")).to_be_enabled()
    alice.get_by_test_id("group-launch").click()
    for page in (alice, bob):
        expect(page.get_by_test_id("screen-queue")).to_be_visible()
        expect(page.get_by_test_id("queue-count")).to_contain_text("2 of 8")


def test_a_group_queues_whole_or_not_at_all_and_everybody_is_told_who_cancelled(
    browser: Browser, live: LiveServer
) -> None:
    """Three friends on 360x640 phones: Launch stays in view, a double click launches once, and
    whoever cancels takes the whole group out, each told the right words; a tournament that
    starts leaves nothing of that on screen."""
    pages = []
    for nickname in ("Xeno", "Yara", "Zed"):
        page = new_page(browser, live, small=True, has_touch=True, is_mobile=True)
        name(page, nickname)
        pages.append(page)
    xeno, yara, zed = pages
    xeno.get_by_test_id("create-group").click()
    expect(xeno.get_by_test_id("screen-group")).to_be_visible()
    link = xeno.get_by_test_id("group-link").input_value()
    for page in (yara, zed):
        page.goto(link)
        expect(page.get_by_test_id("screen-group")).to_be_visible()
    expect(xeno.locator("[data-testid^=group-member-]")).to_have_count(3)
    expect(xeno.get_by_test_id("group-launch")).to_be_in_viewport(ratio=1)  # not below the fold
    xeno.get_by_test_id("group-launch").dblclick()
    for page in pages:
        expect(page.get_by_test_id("screen-queue")).to_be_visible()
        expect(page.get_by_test_id("queue-count")).to_contain_text("3 of 8")
    expect(xeno.get_by_test_id("message")).not_to_have_class(re.compile("visible"))  # no false "busy"

    zed.get_by_test_id("unqueue").click()  # a member cancels: the whole group is out
    for page in pages:
        expect(page.get_by_test_id("screen-group")).to_be_visible()
    for page in (xeno, yara):
        expect(page.get_by_test_id("group-notice")).to_have_text(
            "Zed left the queue: the group's queue is cancelled for everybody."
        )
    expect(zed.get_by_test_id("group-notice")).to_contain_text("You left the queue")

    xeno.get_by_test_id("group-launch").click()
    for page in pages:
        expect(page.get_by_test_id("screen-queue")).to_be_visible()
        expect(page.get_by_test_id("queue-notice")).to_be_hidden()  # a new queue: the old news is gone
    xeno.get_by_test_id("unqueue").click()  # the organiser cancels
    for page in (yara, zed):
        expect(page.get_by_test_id("group-notice")).to_have_text("The organiser cancelled the group's queue.")
    expect(xeno.get_by_test_id("group-notice")).to_be_hidden()

    xeno.get_by_test_id("group-practice").check()
    xeno.get_by_test_id("group-launch").click()
    for page in pages:
        expect(page.get_by_test_id("screen-queue")).to_be_visible()
    live.jump(10_000)
    for page in pages:
        expect(page.get_by_test_id("screen-tournament")).to_be_visible(timeout=60_000)
        expect(page.get_by_test_id("message")).not_to_have_class(re.compile("visible"))
        expect(page.get_by_test_id("group-notice")).to_be_hidden()


def test_reloading_keeps_the_organiser_and_a_double_click_makes_one_group(
    browser: Browser, live: LiveServer
) -> None:
    alice = new_page(browser, live)
    alice.get_by_test_id("create-group").dblclick()
    expect(alice.get_by_test_id("screen-group")).to_be_visible()
    assert live.call(lambda: len(live.node.link.desk.groups)) == 1
    bob = new_page(browser, live)
    bob.goto(alice.get_by_test_id("group-link").input_value())
    expect(alice.get_by_test_id("group-member-1")).to_be_visible()
    alice.reload()
    expect(alice.get_by_test_id("screen-group")).to_be_visible()
    expect(alice.get_by_test_id("group-member-0")).to_have_attribute("data-organiser", "true")
    expect(alice.get_by_test_id("group-launch")).to_be_visible()
    expect(bob.get_by_test_id("group-launch")).to_be_hidden()


def test_practice_alone_says_so_and_leaving_asks_first(browser: Browser, live: LiveServer) -> None:
    page = new_page(browser, live, small=True)
    name(page, "Solo")
    page.get_by_test_id("practice-tournament").click()
    expect(page.get_by_test_id("queue-count")).to_have_text("1 of 8 players in your lobby")
    expect(page.get_by_test_id("queue-detail")).to_contain_text("Just you")
    live.jump(10_000)
    expect(page.get_by_test_id("screen-tournament")).to_be_visible()
    live.jump(6_000)  # past the intro
    expect(page.get_by_test_id("round-intro")).to_be_hidden()
    page.get_by_test_id("leave-tournament-top").click()
    expect(page.get_by_test_id("confirm")).to_be_visible()
    page.get_by_test_id("confirm-no").click()
    expect(page.get_by_test_id("screen-tournament")).to_be_visible()
    page.get_by_test_id("leave-tournament-top").click()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("screen-home")).to_be_visible()


def test_the_intro_says_who_plays_first_and_ratings_show(browser: Browser, live: LiveServer) -> None:
    page, room = practice_alone(browser, live, "Ratty")
    expect(page.get_by_test_id("round-intro")).to_be_visible()
    page.wait_for_function(
        "document.querySelector('[data-testid=round-intro]').contains(document.activeElement)"
    )
    me = live.call(lambda: next(e.player for e in room.state.entrants if e.name == "Ratty"))
    expect(page.get_by_test_id(f"player-{me}")).to_contain_text("1000")  # ratings in the player list
    expect(page.get_by_test_id("round-intro").locator(".badge.rating").first).to_have_text("1000")
    owner = page.get_by_test_id("turn-owner")
    expect(owner).to_have_text(re.compile(r"^(You play first|.+ plays first)$"))
    assert "You plays" not in owner.inner_text()


def test_a_ukrainian_duel_reads_a_latin_keyboard(browser: Browser, live: LiveServer) -> None:
    page, room = practice_alone(browser, live, "Olena", lang="uk")
    turn = to_my_turn(live, room, "Olena")
    assert turn.mine
    row = turn.rows
    expect(page.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
    page.keyboard.press("KeyS")  # і on the Ukrainian layout
    page.keyboard.press("BracketRight")  # ї
    expect(page.get_by_test_id(f"duel-tile-r{row}-c0")).to_have_text("І")
    expect(page.get_by_test_id(f"duel-tile-r{row}-c1")).to_have_text("Ї")


#: The duel is won on screen, or the round changed (it was the round's last duel), or it is all over.
WON_OR_MOVED_ON = """label => {
    const result = document.querySelector('[data-testid=duel-result]');
    const shown = result && result.offsetParent !== null && result.dataset.outcome === 'won';
    const round = document.querySelector('[data-testid=t-round]');
    const over = document.querySelector('[data-testid=final-standings]');
    return shown || (round && round.textContent !== label) || (over && over.offsetParent !== null);
}"""


@contextmanager
def people(live: LiveServer, count: int, lang: str) -> Iterator[list[Client]]:
    """`count` protocol clients, queued for a rated tournament of `lang`, connected until the end."""
    stack = AsyncExitStack()

    async def enter() -> list[Client]:
        clients = []
        for _ in range(count):
            client = await stack.enter_async_context(Client.connect(live.url))
            await client.hello()
            await client.send({"type": "queue", "lang": lang})
            clients.append(client)
        return clients

    clients = asyncio.run_coroutine_threadsafe(enter(), live.loop).result(timeout=30)
    try:
        yield clients
    finally:
        asyncio.run_coroutine_threadsafe(stack.aclose(), live.loop).result(timeout=30)


def test_back_home_shows_the_new_rating_after_a_rated_tournament_and_the_result_shares(
    browser: Browser, live: LiveServer
) -> None:
    page = new_page(browser, live, permissions=["clipboard-read", "clipboard-write"])
    name(page, "Champ")
    expect(page.get_by_test_id("home-rating")).to_have_text(re.compile("1000"))
    with people(live, 7, "en"):
        page.get_by_test_id("queue-tournament").click()
        expect(page.get_by_test_id("screen-tournament")).to_be_visible()
        room = live.tournament_of("Champ")
        for _ in range(60):  # Champ finds every word; the others never play
            turn = to_my_turn(live, room, "Champ")
            if turn.phase == "finished":
                break
            expect(page.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
            expect(page).to_have_title(re.compile("^● Your turn"))  # noticeable from another tab
            round_label = page.get_by_test_id("t-round").inner_text()
            page.keyboard.type(turn.typed_answer)
            page.keyboard.press("Enter")
            page.wait_for_function(WON_OR_MOVED_ON, arg=round_label)
            assert not turn_of(live, room, "Champ").mine
        expect(page.get_by_test_id("final-standings")).to_be_visible()
        change = int(page.get_by_test_id("final-rating-change").get_attribute("data-change") or "0")
        assert change > 0
        # Everybody's rating change is shown, not only Champ's: the seven others' too.
        expect(page.locator("[data-testid^=final-change-]")).to_have_count(7)
        me = live.call(lambda: next(e.player for e in room.state.entrants if e.name == "Champ"))
        expect(page.get_by_test_id(f"final-place-{me}").locator(".badge.rating")).to_have_text("1000")
        page.get_by_test_id("share-tournament").click()
        expect(page.get_by_test_id("message")).to_contain_text("copied")
        text = page.evaluate("navigator.clipboard.readText()")
        assert "Tournament" in text and "English" in text and live.url in text
        assert "Place 1 of 8" in text and str(1000 + change) in text and "✅" in text
        record = live.call(lambda: tournament_record(room.state))
        answers = [duel["answer"] for rnd in record["rounds"] for duel in rnd["duels"]]
        grid = "\n".join(line for line in text.splitlines() if "🟩" in line or "⬛" in line)
        assert grid and not any(ch.isalpha() for ch in grid)
        assert not any(answer.lower() in text.lower() for answer in answers)
        page.get_by_test_id("final-home").click()
        expect(page.get_by_test_id("screen-home")).to_be_visible()
        expect(page.get_by_test_id("home-rating")).to_have_text(re.compile(str(1000 + change)))
    page.goto(f"{live.url}/stats")  # the rating's history, as a chart
    expect(page.get_by_test_id("rating-now")).to_have_text(str(1000 + change))
    expect(page.get_by_test_id("rating-chart").locator("svg polyline")).to_have_count(1)
    expect(page.get_by_test_id("tournament-won")).to_have_text("1")


def round_state(live: LiveServer, room: TournamentRoom) -> tuple[str, int, int | None]:
    """(phase, round number, when the round ended) as the server knows them."""

    def read() -> tuple[str, int, int | None]:
        rnd = room.state.round
        return room.state.phase.value, rnd.number if rnd else 0, rnd.ended_at if rnd else None

    return live.call(read)


def test_every_duel_end_stays_on_screen_before_the_next_intro(browser: Browser, live: LiveServer) -> None:
    page, room = practice_alone(browser, live, "Watcher")
    checked = 0
    for _ in range(400):
        phase, number, ended_at = round_state(live, room)
        if phase == "finished" or checked >= 2:
            break
        turn = turn_of(live, room, "Watcher")
        if turn.mine:
            expect(page.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
            page.keyboard.type(turn.typed_answer)
            page.keyboard.press("Enter")
            expect(page.get_by_test_id("duel-end")).to_be_visible()
            continue
        if phase == "playing" and ended_at is not None:
            # The round's last duel just ended: every duel shows its end, and no intro covers it.
            expect(page.get_by_test_id("round-intro")).to_be_hidden()
            expect(page.get_by_test_id("duel-end")).to_be_visible()
            expect(page.get_by_test_id("duel-answer")).not_to_have_text("")
            expect(page.get_by_test_id("duel-result")).to_have_attribute(
                "data-outcome", re.compile("won|lost|draw")
            )
            for duel in page.locator("[data-testid^=other-duel-]").all():
                expect(duel).to_have_class(re.compile(r"\bover\b"))
                expect(duel.locator(".od-answer")).not_to_have_text("")
            live.jump(ended_at + 2_000 - live.clock())  # 2 s after the end: still shown
            expect(page.get_by_test_id("round-intro")).to_be_hidden()
            expect(page.get_by_test_id("duel-end")).to_be_visible()
            live.jump(max(0, ended_at + 3_000 - live.clock()))
            expect(page.get_by_test_id("round-intro")).to_be_visible()
            expect(page.get_by_test_id("t-round")).to_have_text(f"Round {number + 1}")
            checked += 1
            continue
        live.jump(6_000 if phase == "intro" else 1_000)
    assert checked >= 1


def test_the_elimination_card_holds_the_focus(browser: Browser, live: LiveServer) -> None:
    page, room = practice_alone(browser, live, "Dozy")
    card = page.get_by_test_id("elimination")

    def placed() -> bool:
        return any(e.name == "Dozy" and e.place is not None for e in room.state.entrants)

    for _ in range(400):  # Dozy never plays: the bots take Dozy's lives
        if live.call(placed):
            break
        live.jump(5_000)
    assert live.call(lambda: room.state.phase.value) != "finished"
    # A fully loaded machine (the whole suite on 2 cores) can hold the last views for seconds.
    expect(card).to_be_visible(timeout=20_000)
    page.wait_for_function(
        "document.querySelector('[data-testid=elimination]').contains(document.activeElement)"
    )
    for _ in range(4):
        page.keyboard.press("Tab")
        script = "document.querySelector('[data-testid=elimination]').contains(document.activeElement)"
        assert page.evaluate(script)
    expect(page.get_by_test_id("rating-change")).to_have_attribute("data-change", "0")  # practice
    page.get_by_test_id("watch").click()
    expect(card).to_be_hidden()
    expect(page.get_by_test_id("screen-tournament")).to_have_class(re.compile("spectating"))


def test_a_practice_lobby_says_who_joined(browser: Browser, live: LiveServer) -> None:
    first = new_page(browser, live)
    name(first, "Ann")
    first.get_by_test_id("practice-tournament").click()
    expect(first.get_by_test_id("queue-detail")).to_contain_text("Just you")
    second = new_page(browser, live, small=True)
    name(second, "Ben")
    second.get_by_test_id("practice-tournament").click()
    expect(second.get_by_test_id("queue-count")).to_have_text("2 of 8 players in your lobby")
    expect(second.get_by_test_id("queue-detail")).to_contain_text("Ann")
    expect(first.get_by_test_id("queue-detail")).to_contain_text("Ben")
    expect(first.get_by_test_id("queue-detail")).to_contain_text("6 seats")


ALERTS_STUB = """
window.__alerts = [];
window.Notification = class {
  static permission = "default";
  static requestPermission() {
    window.Notification.permission = "granted";
    return Promise.resolve("granted");
  }
  constructor(title, options) { window.__alerts.push([title, options.body]); }
  close() {}
};
// The tab is in the background: only then does a turn become a system notification.
Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
"""


def test_turn_alerts_are_offered_in_a_rated_queue_and_notify_a_background_tab(
    browser: Browser, live: LiveServer
) -> None:
    # The alert may come a moment after the turn: waiting for it polls an expression, which the
    # site's CSP (no eval) refuses, so this page alone runs without it.
    page = new_page(browser, live, bypass_csp=True)
    page.context.add_init_script(ALERTS_STUB)
    page.reload()
    name(page, "Alerted")
    page.get_by_test_id("queue-tournament").click()
    offer = page.get_by_test_id("alerts-offer")
    expect(offer).to_be_visible()  # asked once, while waiting for a first rated tournament
    page.get_by_test_id("alerts-yes").click()
    expect(offer).to_be_hidden()
    assert page.evaluate("localStorage.getItem('wordarena.turnAlerts')") == "on"
    with people(live, 7, "en"):
        expect(page.get_by_test_id("screen-tournament")).to_be_visible()
        turn = to_my_turn(live, live.tournament_of("Alerted"), "Alerted")
        assert turn.mine
        page.wait_for_function("window.__alerts.length > 0")
        title, body = page.evaluate("window.__alerts[0]")
        assert title == "Your turn" and "30 seconds" in body, (title, body)
    expect(page.get_by_test_id("alerts-toggle")).to_have_attribute("aria-pressed", "true")
