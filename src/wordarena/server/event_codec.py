"""Events of the games as log lines: ``[name, fields, now]`` JSON text, and back.

The log stores exactly what the core was fed (the event and its ``now``), so a
restore replays it through the same `handle` and reaches the same state.
"""

from __future__ import annotations

import typing
from typing import Any

import msgspec

from wordarena.core.duel import events as duel_events
from wordarena.core.tournament import events as tournament_events

_EVENTS: dict[str, type[Any]] = {
    cls.__name__: cls
    for union in (duel_events.Event, tournament_events.Event)
    for cls in typing.get_args(union)
}
# Both games have a PlayerJoined of their own: each game's log names its own.
_BY_KIND = {
    "duel": {
        **_EVENTS,
        "PlayerJoined": duel_events.PlayerJoined,
        "StartRequested": duel_events.StartRequested,
    },
    "tournament": {
        **_EVENTS,
        "PlayerJoined": tournament_events.PlayerJoined,
        "StartRequested": tournament_events.StartRequested,
    },
}
_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(tuple[str, dict[str, Any], int]).decode


def encode_event(event: Any, now: int) -> str:
    return _encode((type(event).__name__, event, now)).decode()


def decode_event(kind: str, text: str) -> tuple[Any, int]:
    name, fields, now = _decode(text)
    return msgspec.convert(fields, _BY_KIND[kind][name]), now
