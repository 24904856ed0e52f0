"""The tournament as a machine: snapshots, replay, and a Hypothesis stateful test of its invariants."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from tests.core.tournament.conftest import (
    PEOPLE,
    RandomMind,
    Table,
    fill,
    leaked,
    new_table,
    texts,
)
from wordarena.core.tournament import rules
from wordarena.core.tournament.events import (
    Event,
    GuessSubmitted,
    NicknameChanged,
    PlayerDisconnected,
    PlayerJoined,
    PlayerLeft,
    PlayerReconnected,
    RoomRestored,
    StartRequested,
)
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.state import Phase, TournamentState
from wordarena.core.tournament.view import view_for

LOG: list[tuple[int, Event]] = [
    (0, PlayerJoined("p0", "P0")),
    (10, PlayerJoined("p1", "P1", 1100)),
    (20, StartRequested()),
    (9_000, PlayerDisconnected("p1")),
    (30_000, PlayerReconnected("p1")),
    (95_000, PlayerLeft("p0")),
]


def _replay(seed: int) -> TournamentState:
    table = new_table(rated=False, seed=seed, bot_afk=0.1)
    for at, event in LOG:
        table.now = at
        table.do(event)
    while table.state.phase is not Phase.FINISHED:
        table.wait(5_000)
    return table.state


def test_replaying_the_event_log_from_the_seed_gives_the_same_tournament() -> None:
    assert _replay(99) == _replay(99)
    assert _replay(99) != _replay(100)


def _present(state: TournamentState, player: str) -> bool:
    entrant = state.entrant(player)
    return entrant is not None and not entrant.left


def _think(rng: random.Random, level: str, row: int) -> int:
    return rng.randint(-5, 45_000)  # out-of-range on purpose: the machine keeps bots inside the turn


class TournamentMachine(RuleBasedStateMachine):
    """People join, start, guess, leave, drop and come back while time passes; bots fill practice seats."""

    def __init__(self) -> None:
        super().__init__()
        self.table = Table(TournamentGame.create("m", 3, "en", rated=True))
        self.lives: dict[str, int] = {}
        self.places: dict[str, tuple[int, int | None]] = {}

    @initialize(
        mode=st.sampled_from(["rated", "practice", "rated", "practice", "lobby"]), seed=st.integers(0, 999)
    )
    def open_tournament(self, mode: str, seed: int) -> None:
        game = TournamentGame.create(
            "m", seed, "en", rated=mode != "practice", bot_afk=0.3, bot_factory=RandomMind, think_time=_think
        )
        self.table = Table(game)
        if mode == "rated":
            fill(self.table)
        elif mode == "practice":
            self.table.do(PlayerJoined("p0", "P0"))
            self.table.do(PlayerJoined("p1", "P1"))
            self.table.do(StartRequested())

    @rule(person=st.sampled_from(PEOPLE))
    def join(self, person: str) -> None:
        self.table.do(PlayerJoined(person, person))

    @rule()
    def start(self) -> None:
        self.table.do(StartRequested())

    @rule(
        person=st.sampled_from(PEOPLE), kind=st.sampled_from(["answer", "wrong", "garbage"]), text=st.text()
    )
    def guess(self, person: str, kind: str, text: str) -> None:
        state = self.table.state
        rnd = state.round
        index = rnd.duel_of(person) if rnd is not None else None
        if kind == "garbage" or rnd is None or index is None or rnd.duels[index].over:
            self.table.do(GuessSubmitted(person, text[:8]))
            return
        d = rnd.duels[index]
        word = self.table.answer(d) if kind == "answer" else self.table.wrong_word(d)
        self.table.do(GuessSubmitted(person, word))

    @rule(person=st.sampled_from(PEOPLE), kind=st.sampled_from(["leave", "drop", "back"]))
    def presence(self, person: str, kind: str) -> None:
        events: dict[str, Callable[[str], Event]] = {
            "leave": PlayerLeft,
            "drop": PlayerDisconnected,
            "back": PlayerReconnected,
        }
        self.table.do(events[kind](person))

    @rule(wins=st.lists(st.booleans(), min_size=1, max_size=8))
    def play_round(self, wins: list[bool]) -> None:
        """Play the running round to its end: people find the word or miss it, bots play, time passes."""
        table, state = self.table, self.table.state
        rnd = state.round
        moves = 0
        while rnd is not None and state.phase in (Phase.INTRO, Phase.PLAYING) and state.round is rnd:
            person = None
            if state.phase is Phase.PLAYING:
                person = next(
                    (d for d in rnd.duels if d.current in PEOPLE and _present(state, d.current)), None
                )
            if person is not None and person.current is not None:
                word = table.answer(person) if wins[moves % len(wins)] else table.wrong_word(person)
                moves += 1
                table.do(GuessSubmitted(person.current, word))
            else:
                deadline = table.game.next_deadline()
                assert deadline is not None
                table.wait(deadline - table.now)

    @rule(ms=st.sampled_from([1, 999, 5_000, 6_000, 29_999, 30_000, 60_000, 400_000]))
    def wait(self, ms: int) -> None:
        self.table.wait(ms)

    @rule(person=st.sampled_from(PEOPLE), name=st.text(max_size=24))
    def rename(self, person: str, name: str) -> None:
        self.table.do(NicknameChanged(person, name))

    @rule()
    def server_restart(self) -> None:
        self.table.do(RoomRestored())

    @rule()
    def snapshot(self) -> None:
        self.table.take_snapshot()

    @invariant()
    def what_is_stored_restores_the_same_tournament(self) -> None:
        """The msgspec snapshot and the event log, as production stores them, give back this tournament."""

        def rebuild(data: dict[str, Any]) -> TournamentGame:
            return TournamentGame(TournamentState.from_snapshot(data), RandomMind, _think)

        assert self.table.restored(rebuild).state == self.table.state

    @invariant()
    def lives_never_negative_and_only_decrease(self) -> None:
        if self.table.state.phase is Phase.LOBBY:
            return
        for e in self.table.state.entrants:
            assert 0 <= e.lives <= self.lives.get(e.player, rules.LIVES)
            self.lives[e.player] = e.lives

    @invariant()
    def places_are_settled_once(self) -> None:
        state = self.table.state
        for e in state.entrants:
            if e.player in self.places:
                assert (e.place, e.rating_change) == self.places[e.player]
            elif e.place is not None:
                self.places[e.player] = (e.place, e.rating_change)
                assert e.lives == 0 or e.place == 1
        if state.end_reason == "finished":
            assert all(e.place is not None for e in state.entrants)
            assert state.winners == [e.player for e in state.entrants if e.place == 1] != []

    @invariant()
    def no_answer_repeats_for_a_player(self) -> None:
        state = self.table.state
        for e in state.entrants:
            assert len(e.met) == len(set(e.met))
        for rnd in state.rounds:
            assert len({d.answer for d in rnd.duels}) == len(rnd.duels)

    @invariant()
    def one_bye_at_most_and_never_twice_in_a_row(self) -> None:
        rounds = self.table.state.rounds
        for rnd in rounds:
            seated = [p for d in rnd.duels for p in d.players] + ([rnd.bye] if rnd.bye else [])
            assert len(seated) == len(set(seated))
        for before, after in itertools.pairwise(rounds):
            assert after.bye is None or after.bye != before.bye

    @invariant()
    def deadlines_are_never_in_the_past(self) -> None:
        deadline = self.table.game.next_deadline()
        assert deadline is None or deadline > self.table.now
        if self.table.state.phase in (Phase.INTRO, Phase.PLAYING):
            assert deadline is not None

    @invariant()
    def views_never_carry_an_unfinished_duels_answer(self) -> None:
        state = self.table.state
        rnd = state.round
        if rnd is None:
            return
        running = [d for d in rnd.duels if not d.over]
        # A word guessed on another board may happen to be a running duel's answer: that is no leak.
        guessed = {t.key for d in rnd.duels for t in d.turns if t.key is not None}
        for viewer in [*(e.player for e in state.entrants), None]:
            found = texts(view_for(state, viewer, self.table.now)) - guessed
            for d in running:
                assert not leaked(found, d, "en")


TournamentMachine.TestCase.settings = settings(max_examples=30, stateful_step_count=50, deadline=None)
TestTournamentMachine = TournamentMachine.TestCase
