"""Log lines of events: every event of both games round-trips, with its instant."""

from __future__ import annotations

import typing

import pytest

from wordarena.core.duel import events as duel
from wordarena.core.tournament import events as tournament
from wordarena.server.event_codec import decode_event, encode_event

SAMPLES: dict[str, list[object]] = {
    "duel": [
        duel.PlayerJoined("p", "Ann"),
        duel.BotAdded("p", "hard"),
        duel.BotRemoved("p", 2),
        duel.OptionsChanged("p", "ko", 60, None),
        duel.WatchersSet("p", False),
        duel.StartRequested("p"),
        duel.GuessSubmitted("p", "사람"),
        duel.PlayAgainRequested("p"),
        duel.PlayerLeft("p"),
        duel.PlayerDisconnected("p"),
        duel.PlayerReconnected("p"),
        duel.NicknameChanged("p", "Zoë 👩‍👩‍👧"),
        duel.RoomRestored(),
    ],
    "tournament": [
        tournament.PlayerJoined("p", "Ann", 1234),
        tournament.StartRequested(None),
        tournament.GuessSubmitted("p", "kind"),
        tournament.RoomRestored(),
    ],
}


def test_every_event_type_has_a_sample() -> None:
    for kind, union in (("duel", duel.Event), ("tournament", tournament.Event)):
        assert {type(e) for e in SAMPLES[kind]} <= set(typing.get_args(union))
    assert {type(e) for e in SAMPLES["duel"]} == set(typing.get_args(duel.Event))


@pytest.mark.parametrize("kind", ["duel", "tournament"])
def test_events_round_trip_with_their_instant(kind: str) -> None:
    for at, event in enumerate(SAMPLES[kind], start=1_700_000_000_000):
        assert decode_event(kind, encode_event(event, at)) == (event, at)


def test_each_game_reads_its_own_player_joined() -> None:
    line = encode_event(tournament.PlayerJoined("p", "Ann", 1100), 5)
    assert decode_event("tournament", line)[0] == tournament.PlayerJoined("p", "Ann", 1100)
