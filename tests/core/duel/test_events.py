"""Every input of a room is applied or refused in every phase: never a crash (Hypothesis)."""

from __future__ import annotations

import typing

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.duel.conftest import new_table
from wordarena.core.duel import events as ev
from wordarena.core.player_events import Refused

PEOPLE = st.sampled_from(["alice", "bob", "nobody"])
EVENTS = st.one_of(
    st.builds(ev.PlayerJoined, PEOPLE, st.text(max_size=30)),
    st.builds(ev.BotAdded, PEOPLE, st.sampled_from(["easy", "hard", "god", ""])),
    st.builds(ev.BotRemoved, PEOPLE, st.integers(-3, 9)),
    st.builds(
        ev.OptionsChanged,
        PEOPLE,
        st.none() | st.text(max_size=3),
        st.none() | st.integers(),
        st.none() | st.integers(),
    ),
    st.builds(ev.WatchersSet, PEOPLE, st.booleans()),
    st.builds(ev.StartRequested, PEOPLE),
    st.builds(ev.GuessSubmitted, PEOPLE, st.text(max_size=8)),
    st.builds(ev.PlayAgainRequested, PEOPLE),
    st.builds(ev.PlayerLeft, PEOPLE),
    st.builds(ev.PlayerDisconnected, PEOPLE),
    st.builds(ev.PlayerReconnected, PEOPLE),
    st.builds(ev.NicknameChanged, PEOPLE, st.text(max_size=30)),
    st.just(ev.RoomRestored()),
)


def test_the_strategy_covers_every_input() -> None:
    assert len(typing.get_args(ev.Event)) == 13


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(EVENTS, st.integers(0, 40_000)), max_size=25))
def test_any_sequence_of_inputs_is_applied_or_refused(inputs: list[tuple[ev.Event, int]]) -> None:
    table = new_table()
    for event, wait in inputs:
        table.wait(wait)
        effects = table.do(event)
        assert all(e.player == getattr(event, "player", None) for e in effects if isinstance(e, Refused))
