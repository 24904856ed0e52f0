"""Every input of a tournament is applied or refused in every phase: never a crash (Hypothesis)."""

from __future__ import annotations

import typing

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.tournament.conftest import PEOPLE, new_table
from wordarena.core.tournament import events as ev

WHO = st.sampled_from([*PEOPLE, "nobody"])
EVENTS = st.one_of(
    st.builds(ev.PlayerJoined, WHO, st.text(max_size=30), st.integers(0, 3000)),
    st.builds(ev.StartRequested, st.none()),
    st.builds(ev.GuessSubmitted, WHO, st.text(max_size=8)),
    st.builds(ev.PlayerLeft, WHO),
    st.builds(ev.PlayerDisconnected, WHO),
    st.builds(ev.PlayerReconnected, WHO),
    st.builds(ev.NicknameChanged, WHO, st.text(max_size=30)),
    st.just(ev.RoomRestored()),
)


def test_the_strategy_covers_every_input() -> None:
    assert len(typing.get_args(ev.Event)) == 8


@settings(max_examples=150, deadline=None)
@given(st.booleans(), st.lists(st.tuples(EVENTS, st.integers(0, 70_000)), max_size=30))
def test_any_sequence_of_inputs_is_applied_or_refused(
    rated: bool, inputs: list[tuple[ev.Event, int]]
) -> None:
    table = new_table(rated=rated)
    for event, wait in inputs:
        table.wait(wait)
        table.do(event)
    for entrant in table.state.entrants:
        assert 0 <= entrant.lives <= 3
