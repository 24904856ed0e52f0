"""What a player does in any game: both games take the same shared events."""

from __future__ import annotations

import typing

from wordarena.core import player_events as pe
from wordarena.core.duel import events as duel
from wordarena.core.tournament import events as tournament

SHARED = {
    pe.PlayerLeft,
    pe.PlayerDisconnected,
    pe.PlayerReconnected,
    pe.NicknameChanged,
    pe.GuessSubmitted,
    pe.RoomRestored,
}


def test_both_games_take_the_shared_events() -> None:
    assert set(typing.get_args(duel.Event)) >= SHARED
    assert set(typing.get_args(tournament.Event)) >= SHARED


def test_events_are_immutable_records() -> None:
    event = pe.GuessSubmitted("p", "crane")
    assert event == pe.GuessSubmitted("p", "crane") and hash(event) == hash(pe.GuessSubmitted("p", "crane"))
