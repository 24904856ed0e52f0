"""The data of a room: a snapshot is plain JSON and restores the same game."""

from __future__ import annotations

import json

from tests.core.duel.conftest import FirstConsistentMind, Table, fixed_think
from wordarena.core.duel.events import GuessSubmitted
from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.state import DuelState, Seat


def test_snapshot_is_plain_json_and_restores_the_same_game(started: Table) -> None:
    started.do(GuessSubmitted("alice", started.wrong_words(1)[0]))
    started.wait(3_000)
    data = json.loads(json.dumps(started.state.to_snapshot()))
    copy = Table(DuelGame(DuelState.from_snapshot(data), FirstConsistentMind, fixed_think))
    copy.now = started.now
    assert copy.state == started.state
    for table in (started, copy):
        table.do(GuessSubmitted("bob", table.answer_word()))
        table.wait(200_000)
    assert copy.state == started.state


def test_a_seat_is_done_once_solved_or_out_of_rows() -> None:
    seat = Seat("p", "P")
    assert not seat.done and not seat.solved and not seat.is_bot
    seat.solve_rank = 2
    assert seat.done and seat.solved
