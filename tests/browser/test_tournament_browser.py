"""Tournaments in headless Chromium: practice against bots, a group of two, turn clock, reconnection.

Time is jumped on the server (practice wait, intros, 30 s turns); the page
follows the views it receives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, new_page
from tests.browser.test_duel_browser import watch_shakes
from wordarena.core import lexicon
from wordarena.core.letters import letters
from wordarena.server.rooms.tournament import TournamentRoom


@dataclass(frozen=True)
class Turn:
    """What the test reads of the server's state for one player (never sent to the page)."""

    phase: str
    mine: bool  # it is this player's turn in a running duel
    typed_answer: str  # the answer's letters, as a player types them
    rows: int
    deadline: int | None
    played: frozenset[str] = frozenset()  # the keys on the duel's board (a word is played once)


def name(page: Page, nickname: str) -> None:
    field = page.get_by_test_id("nickname")
    field.fill(nickname)
    field.press("Enter")
    field.blur()


def read_turn(room: TournamentRoom, nickname: str) -> Turn:
    """The player's duel as the server has it (on the server's loop only)."""
    state = room.state
    entrant = next(e for e in state.entrants if e.name == nickname)
    rnd = state.round
    index = rnd.duel_of(entrant.player) if rnd is not None else None
    if rnd is None or index is None:
        return Turn(state.phase.value, False, "", 0, None)
    duel = rnd.duels[index]
    typed = "".join(letters(state.options.lang, duel.answer))
    mine = state.phase.value == "playing" and not duel.over and duel.current == entrant.player
    played = frozenset(t.key for t in duel.turns if t.key is not None)
    return Turn(state.phase.value, mine, typed, len(duel.turns), duel.turn_ends_at, played)


def turn_of(live: LiveServer, room: TournamentRoom, nickname: str) -> Turn:
    return live.call(lambda: read_turn(room, nickname))


def practice_alone(
    browser: Browser, live: LiveServer, nickname: str, lang: str = "en"
) -> tuple[Page, TournamentRoom]:
    page = new_page(browser, live, phone=True)
    name(page, nickname)
    page.get_by_test_id("tournament-lang").select_option(lang)
    page.get_by_test_id("practice-tournament").click()
    expect(page.get_by_test_id("screen-queue")).to_be_visible()
    live.jump(10_000)  # nobody else came: bots fill the seats
    # The bots' word tables are built first, off the loop: a few seconds for the largest lists.
    expect(page.get_by_test_id("screen-tournament")).to_be_visible(timeout=60_000)
    return page, live.tournament_of(nickname)


def to_my_turn(live: LiveServer, room: TournamentRoom, nickname: str) -> Turn:
    """Let time pass in small steps (bots move, intros end) until it is this player's turn."""
    for _ in range(200):
        turn = turn_of(live, room, nickname)
        if turn.mine or turn.phase == "finished":
            return turn
        live.jump(6_000 if turn.phase == "intro" else 2_000)
    raise AssertionError("never my turn")


def test_one_person_plays_a_practice_tournament_to_the_end(browser: Browser, live: LiveServer) -> None:
    page, room = practice_alone(browser, live, "Solo")
    expect(page.get_by_test_id("round-intro")).to_be_visible()
    me = live.call(lambda: next(e.player for e in room.state.entrants if e.name == "Solo"))
    for _ in range(60):
        turn = to_my_turn(live, room, "Solo")
        if turn.phase == "finished":
            break
        expect(page.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
        round_label = page.get_by_test_id("t-round").inner_text()
        page.keyboard.type(turn.typed_answer)
        page.keyboard.press("Enter")
        # The duel is won: its result shows, or (when it was the round's last duel) the next round starts.
        page.wait_for_function(
            """label => {
                const result = document.querySelector('[data-testid=duel-result]');
                const shown = result && result.offsetParent !== null && result.dataset.outcome === 'won';
                const round = document.querySelector('[data-testid=t-round]');
                const over = document.querySelector('[data-testid=final-standings]');
                const finished = over && over.offsetParent !== null;
                return shown || (round && round.textContent !== label) || finished;
            }""",
            arg=round_label,
        )
        assert not turn_of(live, room, "Solo").mine
        expect(page.get_by_test_id(f"lives-{me}")).to_have_attribute("data-lives", "3")
    expect(page.get_by_test_id("final-standings")).to_be_visible()
    expect(page.get_by_test_id(f"final-place-{me}")).to_have_attribute("data-place", "1")
    assert live.call(lambda: room.state.entrant(me).lives) == 3  # type: ignore[union-attr]
    assert all(after == before for _, _, before, after in live.node.tournaments.places(room.code))


def test_a_group_of_two_created_by_link_plays(browser: Browser, live: LiveServer) -> None:
    alice = new_page(browser, live)
    name(alice, "Alice")
    alice.get_by_test_id("create-group").click()
    expect(alice.get_by_test_id("screen-group")).to_be_visible()
    link = alice.get_by_test_id("group-link").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/g/[\w-]{12,}", link), link
    bob = new_page(browser, live, phone=True)
    name(bob, "Bob")
    bob.goto(link)
    expect(bob.get_by_test_id("screen-group")).to_be_visible()
    expect(alice.get_by_test_id("group-member-1")).to_be_visible()
    alice.get_by_test_id("group-lang").select_option("de")
    alice.get_by_test_id("group-practice").check()
    alice.get_by_test_id("group-launch").click()
    expect(bob.get_by_test_id("screen-queue")).to_be_visible()
    live.jump(10_000)
    for page in (alice, bob):
        expect(page.get_by_test_id("screen-tournament")).to_be_visible()
    room = live.tournament_of("Alice")
    assert live.call(lambda: sum(e.bot_level is None for e in room.state.entrants)) == 2  # both, together
    for _ in range(400):  # neither plays: their turns time out, the bots finish the tournament
        if turn_of(live, room, "Alice").phase == "finished":
            break
        live.jump(15_000)
    for page in (alice, bob):
        # The whole suite loads both cores: the last view can take longer than expect's 5 s default.
        expect(page.get_by_test_id("final-standings")).to_be_visible(timeout=20_000)
        page.get_by_test_id("back-to-group").click()
        expect(page.get_by_test_id("screen-group")).to_be_visible()
    expect(alice.get_by_test_id("group-launch")).to_be_enabled()


def test_refusal_keeps_the_clock_a_turn_times_out_and_a_reload_restores_the_board(
    browser: Browser, live: LiveServer
) -> None:
    page, room = practice_alone(browser, live, "Clocky", lang="fr")
    turn = to_my_turn(live, room, "Clocky")
    expect(page.get_by_test_id("turn-owner")).to_have_attribute("data-mine", "true")
    length = len(turn.typed_answer)
    words = lexicon.word_list("fr", length)
    nonsense = next(w for w in ("z" * length, "q" * length, "x" * length) if w not in words.guesses)
    watch_shakes(page)
    page.keyboard.type(nonsense)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("message")).to_be_visible()
    page.wait_for_function("window.__shaken === true")
    after = turn_of(live, room, "Clocky")
    assert after.mine and after.rows == turn.rows and after.deadline == turn.deadline  # the clock goes on
    expect(page.get_by_test_id("turn-clock")).to_have_text(re.compile(r"0:[0-2]\d"))

    live.jump(30_000)  # the turn runs out: it is passed and used
    passed_row = turn.rows
    expect(page.get_by_test_id(f"duel-tile-r{passed_row}-c0")).to_have_attribute("data-state", "passed")
    states_before = [
        page.get_by_test_id(f"duel-tile-r{r}-c0").get_attribute("data-state") for r in range(passed_row + 1)
    ]

    page.reload()
    expect(page.get_by_test_id("screen-tournament")).to_be_visible()
    expect(page.get_by_test_id(f"duel-tile-r{passed_row}-c0")).to_have_attribute("data-state", "passed")
    states_after = [
        page.get_by_test_id(f"duel-tile-r{r}-c0").get_attribute("data-state") for r in range(passed_row + 1)
    ]
    assert states_after == states_before
