"""The registry of seats: rooms and the desk report; a place the player has left cannot take them back."""

from __future__ import annotations

from wordarena.core.seating import Seat
from wordarena.server.seating import SeatRegistry


def test_a_report_from_a_place_the_player_left_is_ignored() -> None:
    seats = SeatRegistry()
    changed: list[str] = []
    seats.on_change = changed.append
    seats.take("ann", Seat("duel", "r1", "playing"))
    seats.take("ann", Seat("queue", "fr", "waiting"))  # left r1 (it was finished)
    seats.report("ann", "r1", Seat("duel", "r1", "waiting"))  # r1 played again: not ann's any more
    assert seats.where("ann") == Seat("queue", "fr", "waiting")
    seats.release("ann", "r1")
    assert seats.where("ann") == Seat("queue", "fr", "waiting")
    seats.release("ann", "fr")
    assert seats.where("ann") is None
    assert changed == ["ann", "ann", "ann"]


def test_the_place_itself_moves_the_stage() -> None:
    seats = SeatRegistry()
    seats.report("bob", "t1", Seat("tournament", "t1", "waiting"))
    seats.report("bob", "t1", Seat("tournament", "t1", "playing"))
    assert seats.where("bob") == Seat("tournament", "t1", "playing")
    seats.report("bob", "t1", None)  # eliminated: free
    assert seats.where("bob") is None
