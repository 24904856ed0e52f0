"""Duel de Mots as a machine: snapshots, replay, views, and a Hypothesis stateful test."""

from __future__ import annotations

import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from tests.core.duel.conftest import FirstConsistentMind, fixed_think, new_table
from tests.core.duel.test_view import all_answer_forms, view_values
from wordarena.core import lexicon
from wordarena.core.duel import rules
from wordarena.core.duel.events import (
    BotAdded,
    BotRemoved,
    GuessSubmitted,
    NicknameChanged,
    OptionsChanged,
    PlayAgainRequested,
    PlayerDisconnected,
    PlayerJoined,
    PlayerLeft,
    PlayerReconnected,
    RoomRestored,
    StartRequested,
)
from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.state import DuelState, Phase
from wordarena.core.duel.view import view_for


def test_replaying_the_event_log_gives_the_same_game() -> None:
    log = [
        (0, PlayerJoined("alice", "Alice")),
        (10, BotAdded("alice", "medium")),
        (20, PlayerJoined("bob", "Bob")),
        (30, StartRequested("alice")),
        (9_000, PlayerDisconnected("bob")),
        (20_000, PlayerReconnected("bob")),
    ]

    def replay() -> DuelState:
        table = new_table(seed=99)
        for at, event in log:
            table.now = at
            table.do(event)
        table.wait(400_000)
        return table.state

    assert replay() == replay()


class DuelMachine(RuleBasedStateMachine):
    """Random people, bots, guesses, departures and waits; invariants after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.table = new_table(seed=5)
        self.words = lexicon.word_list("en", 5)
        self.people = ["p0", "p1", "p2"]

    @rule(person=st.sampled_from(["p0", "p1", "p2"]))
    def join(self, person: str) -> None:
        self.table.do(PlayerJoined(person, person))

    @rule(person=st.sampled_from(["p0", "p1", "p2"]), level=st.sampled_from(["easy", "medium", "hard"]))
    def add_bot(self, person: str, level: str) -> None:
        self.table.do(BotAdded(person, level))

    @rule(person=st.sampled_from(["p0", "p1", "p2"]))
    def start(self, person: str) -> None:
        self.table.do(StartRequested(person))

    @rule(person=st.sampled_from(["p0", "p1", "p2"]), index=st.integers(0, 400), answer=st.booleans())
    def guess(self, person: str, index: int, answer: bool) -> None:
        state = self.table.state
        self.words = lexicon.word_list(state.options.lang, 5)
        word = state.answer if answer and state.answer else self.words.answers[index]
        self.table.do(GuessSubmitted(person, self.words.spelling(word)))

    @rule(person=st.sampled_from(["p0", "p1", "p2"]), word=st.text(max_size=7))
    def garbage(self, person: str, word: str) -> None:
        self.table.game.advance(self.table.now)
        self.words = lexicon.word_list(self.table.state.options.lang, 5)
        before = [len(seat.rows) for seat in self.table.state.seats]
        self.table.do(GuessSubmitted(person, word))
        if word.strip().lower() not in {self.words.spelling(k) for k in self.words.guesses}:
            assert [len(seat.rows) for seat in self.table.state.seats] == before

    @rule(person=st.sampled_from(["p0", "p1", "p2"]), kind=st.sampled_from(["leave", "drop", "back"]))
    def presence(self, person: str, kind: str) -> None:
        event = {"leave": PlayerLeft, "drop": PlayerDisconnected, "back": PlayerReconnected}[kind]
        self.table.do(event(person))

    @rule(person=st.sampled_from(["p0", "p1", "p2"]), seat=st.integers(-1, 6))
    def remove_bot(self, person: str, seat: int) -> None:
        self.table.do(BotRemoved(person, seat))

    @rule(
        person=st.sampled_from(["p0", "p1", "p2"]),
        lang=st.sampled_from([None, "en", "fr", "ko", "xx"]),
        clock_s=st.sampled_from([None, 60, 90, 120, 7]),
        rounds=st.sampled_from([None, 1, 3, 5, 2]),
    )
    def options(self, person: str, lang: str | None, clock_s: int | None, rounds: int | None) -> None:
        self.table.do(OptionsChanged(person, lang, clock_s, rounds))
        self.words = lexicon.word_list(self.table.state.options.lang, 5)

    @rule(person=st.sampled_from(["p0", "p1", "p2"]))
    def play_again(self, person: str) -> None:
        self.table.do(PlayAgainRequested(person))

    @rule(person=st.sampled_from(["p0", "p1", "p2"]), name=st.text(max_size=24))
    def rename(self, person: str, name: str) -> None:
        self.table.do(NicknameChanged(person, name))

    @rule()
    def server_restart(self) -> None:
        self.table.do(RoomRestored())

    @rule()
    def snapshot(self) -> None:
        self.table.take_snapshot()

    @rule(ms=st.sampled_from([1, 100, 2_600, 6_500, 20_000, 60_000, 90_000]))
    def wait(self, ms: int) -> None:
        self.table.wait(ms)

    @invariant()
    def what_is_stored_restores_the_same_game(self) -> None:
        """The msgspec snapshot and the event log, as production stores them, give back this very game."""
        restored = self.table.restored(
            lambda data: DuelGame(DuelState.from_snapshot(data), FirstConsistentMind, fixed_think)
        )
        assert restored.state == self.table.state

    @invariant()
    def bot_ids_are_unique(self) -> None:
        ids = [seat.player for seat in self.table.state.seats]
        assert len(ids) == len(set(ids))

    @invariant()
    def rows_and_points_are_consistent(self) -> None:
        state = self.table.state
        for index, seat in enumerate(state.seats):
            assert len(seat.rows) <= rules.ROWS
            assert seat.total == sum(r.seats[index].points for r in state.results if index < len(r.seats))
        ranks = sorted(seat.solve_rank for seat in state.seats if seat.solve_rank is not None)
        assert ranks == list(range(1, len(ranks) + 1))

    @invariant()
    def rounds_never_outlast_their_clock(self) -> None:
        for result in self.table.state.results:
            assert result.ended_at <= result.clock_started_at + self.table.state.options.clock_s * 1000
            if result.first_solve_at is not None:
                assert result.ended_at <= result.first_solve_at + rules.CLOSING_MS

    @invariant()
    def deadlines_are_never_in_the_past(self) -> None:
        deadline = self.table.game.next_deadline()
        assert deadline is None or deadline > self.table.now

    @invariant()
    def the_answer_stays_hidden_while_playing(self) -> None:
        state = self.table.state
        if state.phase in (Phase.CARD, Phase.PLAYING):
            solvers = {seat.player for seat in state.seats if seat.solved}  # they found it themselves
            for player in [p for p in (*self.people, None) if p not in solvers]:
                text = json.dumps(view_values(view_for(state, player, self.table.now)), ensure_ascii=False)
                for form in all_answer_forms(state):
                    assert form not in text


DuelMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)
TestDuelMachine = DuelMachine.TestCase
