"""Messages between processes round-trip: every room input, every desk request, as typed Structs."""

from __future__ import annotations

from wordarena.core.duel.quick import QuickRoom
from wordarena.core.player_events import GuessSubmitted
from wordarena.server import desk_requests as rq
from wordarena.server.cluster.wire import Deliver, Enter, ToDesk, ToRoom, pack, unpack
from wordarena.server.refs import ConnRef, Who
from wordarena.server.room_inputs import Act, Attach, Decide, Detach, Resync, Tick, Watch, from_wire, to_wire

TAB = ConnRef("n-a", 3, 2)
ANN = Who("p1", "Ann", 1000, 2)


def test_every_kind_round_trips() -> None:
    messages = [
        ToRoom("room:x", "duel", Attach(conn=TAB, player="p1", who=ANN)),
        Deliver([(3, b'{"type":"pong"}')]),
        Enter(0, "room:x", "tournament", '["StartRequested",{"player":null},0]', "p1"),
        ToDesk(rq.Queue(conn=ConnRef("n-b", 1), who=Who("p2", "Bob", 1200), lang="fr")),
    ]
    for message in messages:
        assert unpack(pack(message)) == message


def test_every_room_input_travels_with_its_event_as_a_log_line() -> None:
    guess = GuessSubmitted("p1", "crane")
    inputs = [
        Attach(conn=TAB, player="p1", who=ANN),
        Watch(conn=TAB, player="p1", who=ANN),
        Detach(conn=TAB, player="p1"),
        Act(conn=TAB, player="p1", event=guess),
        Resync(conn=TAB, player="p1"),
        Decide(event=guess),
        Tick(),
    ]
    for item in inputs:
        sent = to_wire(item)
        arrived = unpack(pack(ToRoom("room:x", "duel", sent)))
        assert isinstance(arrived, ToRoom)
        taken = from_wire(arrived.input, "duel")
        assert type(taken) is type(item)
        assert getattr(taken, "event", None) == getattr(item, "event", None)  # the core event again
        assert getattr(taken, "conn", None) == getattr(item, "conn", None)


def test_every_desk_request_round_trips() -> None:
    tab, who = ConnRef("n-b", 1), Who("p2", "Bob", 1200)
    requests: list[rq.DeskRequest] = [
        rq.Queue(conn=tab, who=who, lang="fr", practice=True),
        rq.Unqueue("p2", tab),
        rq.GroupCreate(conn=tab, who=who),
        rq.GroupJoin(conn=tab, who=who, group="g1"),
        rq.GroupLeave(conn=tab, who=who),
        rq.GroupLaunch(conn=tab, who=who, lang="de"),
        rq.QuickGame(conn=tab, who=who, lang="en", first_game=True),
        rq.QuickRoomChanged("r1", QuickRoom("r1", "en", False, True, 2)),
        rq.PlayerBack(conn=tab, who=who),
        rq.PlayerGone("p2", "n-b"),
        rq.SeatChanged("p2"),
        rq.Renamed(conn=tab, who=who),
        rq.TournamentOver(["p1", "p2"]),
        rq.Wake(),
        rq.Tick(),
        rq.Settled(7),
    ]
    for request in requests:
        assert unpack(pack(ToDesk(request))) == ToDesk(request)
