"""One seat per player, whatever the tab (core.seating)."""

from __future__ import annotations

from wordarena.core.seating import Admission, Seat, admit


def test_nothing_held_or_the_same_place_is_taken_at_once() -> None:
    assert admit(None, "duel", "r1") is Admission.TAKE
    assert admit(Seat("duel", "r1", "playing"), "duel", "r1") is Admission.TAKE  # a second tab


def test_a_lobby_a_queue_or_a_finished_game_is_left_for_free() -> None:
    for seat in (
        Seat("duel", "r1", "waiting"),
        Seat("queue", "fr", "waiting"),
        Seat("duel", "r9", "finished"),
    ):
        assert admit(seat, "duel", "r2") is Admission.LEAVE_THEN_TAKE
        assert admit(seat, "queue", "de") is Admission.LEAVE_THEN_TAKE


def test_a_game_in_progress_is_never_left_silently() -> None:
    for seat in (Seat("duel", "r1", "playing"), Seat("tournament", "t1", "playing")):
        assert admit(seat, "duel", "r2") is Admission.REFUSE
        assert admit(seat, "queue", "fr") is Admission.REFUSE
        assert admit(seat, "tournament", "t2") is Admission.REFUSE
