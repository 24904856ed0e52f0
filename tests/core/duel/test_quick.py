"""Which public room a quick game puts a player in (B1, decided)."""

from __future__ import annotations

from wordarena.core.duel.quick import QuickRoom, quick_room_for


def room(
    code: str, lang: str = "fr", newcomers: bool = False, forming: bool = True, seats: int = 1
) -> QuickRoom:
    return QuickRoom(code, lang, newcomers, forming, seats)


def test_the_fullest_forming_room_of_the_language() -> None:
    rooms = [room("a", seats=1), room("b", seats=3), room("c", lang="en", seats=5)]
    assert quick_room_for(rooms, "fr", first_game=False) == "b"
    assert quick_room_for(rooms, "ko", first_game=False) is None


def test_started_or_full_rooms_are_not_offered() -> None:
    rooms = [room("started", forming=False), room("full", seats=6)]
    assert quick_room_for(rooms, "fr", first_game=False) is None


def test_newcomers_and_regulars_have_rooms_of_their_own() -> None:
    rooms = [room("regular", seats=4), room("first", newcomers=True)]
    assert quick_room_for(rooms, "fr", first_game=True) == "first"
    assert quick_room_for(rooms, "fr", first_game=False) == "regular"
