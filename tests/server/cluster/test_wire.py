"""Messages between processes round-trip."""

from __future__ import annotations

from wordarena.server.cluster.wire import ConnRef, Deliver, Enter, ToDesk, ToRoom, Who, pack, unpack


def test_every_kind_round_trips() -> None:
    messages = [
        ToRoom("room:x", "attach", ConnRef("n-a", 3), "p1", Who("p1", "Ann", 1000, 2), None, "duel"),
        Deliver([(3, b'{"type":"pong"}')]),
        Enter(0, "room:x", "tournament", '["StartRequested",{"player":null},0]', "p1"),
        ToDesk("queue", ConnRef("n-b", 1), Who("p2", "Bob", 1200), {"lang": "fr", "practice": False}),
    ]
    for message in messages:
        assert unpack(pack(message)) == message
