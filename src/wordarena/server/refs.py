"""Who is who between processes: a tab (`ConnRef`), and what a room or the desk knows of a player (`Who`)."""

from __future__ import annotations

import msgspec


class ConnRef(msgspec.Struct, frozen=True):
    """One browser tab: the process that holds its socket, and its number there.

    ``attach`` counts the tab's attachments to rooms: a room that lets go of a tab says
    which attachment it lets go of, so a tab that left and joined the same room again
    meanwhile stays in it (`Service.detached`).
    """

    node: str
    id: int
    attach: int = 0

    def same_tab(self, other: ConnRef | None) -> bool:
        return other is not None and (self.node, self.id) == (other.node, other.id)


class Who(msgspec.Struct, frozen=True):
    """What a room needs to know of a player who sits down."""

    id: str
    name: str
    rating: int
    quick_games_played: int = 0
    deltas: bool = False  # the tab takes views as deltas after the first (its hello said so)
