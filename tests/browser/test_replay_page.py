"""A finished game's replay page, /games/{id}, in headless Chromium, on a small phone and a desktop.

The game is played through the real client; its link comes from the shared text;
the page is stepped through with the keyboard and its buttons, and the autoplay runs
on Playwright's page clock (never a sleep). Screenshots land in the test's folder.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, SMALL_PHONE, LiveServer, new_page
from tests.browser.test_duel_browser import start_round, type_word
from tests.browser.test_duel_experience import solve, two_players
from tests.core.duel.conftest import new_table as new_duel_table
from tests.core.tournament.conftest import fill
from tests.core.tournament.conftest import new_table as new_tournament_table
from wordarena.core.duel.events import BotAdded, GuessSubmitted, OptionsChanged, PlayerJoined, StartRequested
from wordarena.core.duel.state import Phase
from wordarena.core.replay import duel_replay, tournament_duel_replay
from wordarena.store.replays import ReplayRepository, store_replay
from wordarena.store.writes import ReplayStored

LINK = re.compile(r"(http://127\.0\.0\.1:\d+/games/[\w-]+)\s*$")


def stored(live: LiveServer, replay_id: str) -> dict[str, Any]:
    """The replay as stored, once the analysis thread has written over it (a deadline, not a timing)."""
    asyncio.run_coroutine_threadsafe(live.node.journal.drain(), live.loop).result(timeout=30)
    replays = ReplayRepository(live.node.db)
    live.until(lambda: "summary" in (replays.get(replay_id) or {}), "the analysed replay", timeout_s=60)
    document = replays.get(replay_id)
    assert document is not None
    return document


@pytest.fixture
def finished_game(browser: Browser, live: LiveServer) -> tuple[str, list[tuple[str, str, str]]]:
    """Two players play one round: a wrong word each, then the host finds it.

    The replay's link and its words (word, pattern, player's name) in the order played."""
    alice, bob, code = two_players(browser, live, rounds=1)
    alice.context.grant_permissions(["clipboard-read", "clipboard-write"])
    start_round(live, alice, bob)
    played = [(0, live.wrong_word(code, 0)), (1, live.wrong_word(code, 1))]  # (seat, word): the host is 0
    live.jump(4_000)  # the players think: the replay's times are the server's
    type_word(alice, played[0][1])
    expect(alice.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    live.jump(3_000)
    type_word(bob, played[1][1])
    expect(bob.get_by_test_id("tile-r0-c4")).to_have_attribute(
        "data-state", re.compile("correct|present|absent")
    )
    played.append((0, live.answer(code)))
    solve(live, code, alice)
    live.end_round(code)
    expect(alice.get_by_test_id("reveal-card")).to_be_visible()
    live.jump(6_500)
    expect(alice.get_by_test_id("standings")).to_be_visible()
    alice.get_by_test_id("share-duel").click()
    expect(alice.get_by_test_id("message")).to_contain_text("copied")
    text = alice.evaluate("navigator.clipboard.readText()")
    found = LINK.search(text)
    assert found, text  # the shared text ends with the replay's link
    link = found[1]
    document = stored(live, link.rsplit("/", 1)[1])
    guesses = document["rounds"][0]["guesses"]
    assert [(g["player"], g["word"]) for g in guesses] == played
    words = [(g["word"], g["pattern"], document["players"][g["player"]]["name"]) for g in guesses]
    for page in (alice, bob):
        page.context.close()
    return link, words


def open_replay(browser: Browser, live: LiveServer, link: str, viewport: dict[str, int]) -> Page:
    page = new_page(browser, live, small=viewport == SMALL_PHONE)  # else the desktop's 1280x800
    page.clock.install()  # the autoplay's timers run when the test says so
    page.goto(link)
    expect(page.get_by_test_id("replay")).to_be_visible()
    page.clock.pause_at(page.evaluate("Date.now()") + 1_000)  # and stands still between the test's steps
    return page


def step(page: Page) -> int:
    return int(page.get_by_test_id("replay").get_attribute("data-step") or "-1")


def shown_rows(page: Page) -> list[tuple[str, str]]:
    rows = page.get_by_test_id("replay-stage").get_by_test_id("replay-row")
    return [(r.get_attribute("data-word") or "", r.get_attribute("data-pattern") or "") for r in rows.all()]


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_replay_steps_through_the_guesses_played(
    browser: Browser,
    live: LiveServer,
    finished_game: tuple[str, list[tuple[str, str, str]]],
    viewport: dict[str, int],
    tmp_path: Path,
) -> None:
    link, words = finished_game
    page = open_replay(browser, live, link, viewport)
    name = "phone" if viewport == SMALL_PHONE else "desktop"
    expect(page.get_by_test_id("replay-result")).to_contain_text(words[-1][2])  # the finder wins
    assert page.locator('meta[property="og:image"]').get_attribute("content", timeout=1_000) == (
        f"{link}/preview.png"
    )
    assert step(page) == 0 and shown_rows(page) == []
    page.locator("body").press("ArrowRight")  # the keyboard steps, guess by guess, in the order played
    seen: list[tuple[str, str]] = []
    for k, (word, pattern, player) in enumerate(words, start=1):
        if k > 1:
            page.keyboard.press("ArrowRight")
        expect(page.get_by_test_id("replay")).to_have_attribute("data-step", str(k))
        seen = shown_rows(page)
        assert (word, pattern) in seen and len(seen) == k
        expect(page.get_by_test_id("replay-analysis")).to_contain_text(f"{player} played {word.upper()}")
        expect(page.get_by_test_id("replay-analysis")).to_contain_text("Skill")
    assert sorted(seen) == sorted((w, p) for w, p, _ in words)
    latest = page.locator(".replay-row.latest .tile").first
    box = latest.bounding_box()
    assert box and box["width"] >= 28 and box["height"] >= 28, box  # tiles readable on the phone
    page.screenshot(path=str(tmp_path / f"replay-{name}-guess.png"), full_page=True)
    page.keyboard.press("End")
    expect(page.get_by_test_id("replay-answer")).to_have_attribute("data-word", words[-1][0])
    expect(page.get_by_test_id("replay-points-0")).to_contain_text("total")
    expect(page.get_by_test_id("replay-summary")).to_be_visible()
    expect(page.get_by_test_id("replay-summary-0")).to_be_visible()
    expect(page.get_by_test_id("replay-next")).to_be_disabled()
    page.screenshot(path=str(tmp_path / f"replay-{name}-end.png"), full_page=True)
    page.keyboard.press("Home")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "0")
    expect(page.get_by_test_id("replay-prev")).to_be_disabled()
    if viewport == SMALL_PHONE:  # two grids do not fit side by side: they scroll, and the page says so
        expect(page.get_by_test_id("replay-scroll-hint")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    else:
        expect(page.get_by_test_id("replay-scroll-hint")).to_be_hidden()


def test_the_autoplay_waits_the_real_times_and_goes_faster(
    browser: Browser, live: LiveServer, finished_game: tuple[str, list[tuple[str, str, str]]]
) -> None:
    link, _ = finished_game
    page = open_replay(browser, live, link, DESKTOP)
    api = page.evaluate(f"fetch('/api/games/{link.rsplit('/', 1)[1]}').then((r) => r.json())")
    first = api["rounds"][0]["guesses"][0]["at_ms"]
    page.get_by_test_id("replay-play").click()
    expect(page.get_by_test_id("replay-play")).to_have_attribute("aria-pressed", "true")
    assert first >= 4_000
    page.clock.run_for(first - 300)
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "0")  # not before its time
    page.clock.run_for(600)
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "1")
    page.get_by_test_id("replay-speed").select_option("4")
    second = api["rounds"][0]["guesses"][1]["at_ms"]
    assert second - first >= 3_000
    page.clock.run_for((second - first) // 4 - 100)  # a quarter of the real time
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "1")
    page.clock.run_for(150)
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "2")
    page.get_by_test_id("replay-play").click()  # pause
    expect(page.get_by_test_id("replay-play")).to_have_attribute("aria-pressed", "false")
    page.clock.run_for(600_000)
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "2")


def test_a_tournament_duels_replay_is_its_shared_board(
    browser: Browser, live: LiveServer, tmp_path: Path
) -> None:
    table = fill(new_tournament_table())
    table.to_play()
    d = table.duel_of("p0")
    rnd = table.state.round
    assert rnd is not None
    index = rnd.duels.index(d)
    table.wait(1_200)
    table.pass_with_a_guess(d)
    table.wait(30_000)  # a turn runs out: a pass
    table.win(d.current or "")
    document = tournament_duel_replay(table.state, 1, index)
    with live.node.db.transaction() as session:
        store_replay(session, ReplayStored("T", document["id"], document["mode"], document, True))
    for viewport, name in ((SMALL_PHONE, "phone"), (DESKTOP, "desktop")):
        page = open_replay(browser, live, f"{live.url}/games/{document['id']}", viewport)
        page.keyboard.press("End")
        board = page.get_by_test_id("replay-board")
        expect(board.get_by_test_id("replay-row")).to_have_count(len(document["guesses"]))
        expect(board.get_by_test_id("replay-pass")).to_have_count(len(document["passes"]))
        rows = shown_rows(page)
        assert rows == [(g["word"], g["pattern"]) for g in document["guesses"]]
        expect(page.get_by_test_id("replay-answer")).to_have_attribute("data-word", document["answer"])
        page.screenshot(path=str(tmp_path / f"replay-tournament-{name}.png"), full_page=True)
        page.context.close()


def six_player_game() -> dict[str, Any]:
    """A full room: a player and five bots, one round, every grid filled by the bots' play."""
    table = new_duel_table()
    table.do(PlayerJoined("ann", "Ann"))
    for level in ("easy", "medium", "hard", "expert", "medium"):
        table.do(BotAdded("ann", level))
    table.do(OptionsChanged("ann", rounds=1))
    table.do(StartRequested("ann"))
    table.to_clock()
    table.wait(2_000)
    table.do(GuessSubmitted("ann", table.wrong_words(1)[0]))
    while table.state.phase is not Phase.FINISHED:
        table.wait(1_000)
    return duel_replay(table.state)


def test_six_grids_side_by_side_wrap_on_a_desktop_and_scroll_on_a_phone(
    browser: Browser, live: LiveServer, tmp_path: Path
) -> None:
    document = six_player_game()
    with live.node.db.transaction() as session:
        store_replay(session, ReplayStored("R6", document["id"], document["mode"], document, True))
    for viewport, name in ((DESKTOP, "desktop"), (SMALL_PHONE, "phone")):
        page = open_replay(browser, live, f"{live.url}/games/{document['id']}", viewport)
        page.keyboard.press("End")
        expect(page.locator(".replay-grid")).to_have_count(6)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        hint = page.get_by_test_id("replay-scroll-hint")
        expect(hint).to_be_visible() if viewport == SMALL_PHONE else expect(hint).to_be_hidden()
        page.screenshot(path=str(tmp_path / f"replay-six-{name}.png"), full_page=True)
        page.context.close()
