"""Quick games (B1, decided): which public room a player is put in.

A quick game puts the player in a public room of their word language with the
default options; the room starts when full or 15 s after its first player came,
with bots filling it up to 4 seats (the game machine does that). A new player's
first quick game is one round: newcomers have rooms of their own, so regular
players never get a one-round game and newcomers never wait for a long one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from wordarena.core.duel import rules


@dataclass(frozen=True)
class QuickRoom:
    """What the policy needs to know of a public room."""

    code: str
    lang: str
    for_newcomers: bool
    forming: bool  # in its lobby, not started yet
    seats: int


def quick_room_for(rooms: Iterable[QuickRoom], lang: str, first_game: bool) -> str | None:
    """The forming room this player joins (the fullest: it starts soonest), or None: open a new one."""
    open_rooms = [
        room
        for room in rooms
        if room.forming
        and room.lang == lang
        and room.for_newcomers == first_game
        and room.seats < rules.MAX_SEATS
    ]
    if not open_rooms:
        return None
    return max(open_rooms, key=lambda room: (room.seats, room.code)).code
