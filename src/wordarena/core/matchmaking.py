"""Tournament matchmaking (RULES.md C1, C2): forming lobbies of 8, per word language.

A player (or a whole group of friends) joins a forming lobby only when every
newcomer's rating is within 200 points of the lobby's mean rating; the margin
never widens; when no lobby fits, a new one opens. Leaving before the start
costs nothing. An unrated practice lobby takes anybody and is filled with bots
after a short wait, so one person can try the mode alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

LOBBY_SIZE: Final = 8
RATING_WINDOW: Final = 200  # strict: |rating − lobby mean| < 200
PRACTICE_WAIT_MS: Final = 10_000  # then bots fill the empty seats


class MatchmakingError(ValueError):
    pass


@dataclass
class Lobby:
    number: int
    lang: str
    practice: bool
    opened_at: int
    ratings: dict[str, int] = field(default_factory=dict)  # member -> rating at joining

    @property
    def mean(self) -> float:
        return sum(self.ratings.values()) / len(self.ratings)

    @property
    def free(self) -> int:
        return LOBBY_SIZE - len(self.ratings)

    def fits(self, newcomers: dict[str, int]) -> bool:
        if len(newcomers) > self.free:
            return False
        if self.practice or not self.ratings:
            return True
        mean = self.mean
        return all(abs(rating - mean) < RATING_WINDOW for rating in newcomers.values())


@dataclass
class Matchmaker:
    """Every forming lobby of one server; full ones are handed out by `take_ready`."""

    lobbies: list[Lobby] = field(default_factory=list)
    _numbers: int = 0

    def queue(self, lang: str, newcomers: dict[str, int], now: int, practice: bool = False) -> Lobby:
        """Put a player or a group (id -> rating) in a fitting lobby, or open one."""
        if not newcomers:
            raise MatchmakingError("nobody to queue")
        if len(newcomers) > LOBBY_SIZE:
            raise MatchmakingError(f"a group has at most {LOBBY_SIZE} players")
        if any(self.lobby_of(player) is not None for player in newcomers):
            raise MatchmakingError("already in a lobby")
        fitting = [
            lobby
            for lobby in self.lobbies
            if lobby.lang == lang and lobby.practice == practice and lobby.fits(newcomers)
        ]
        if fitting:  # the fullest lobby starts soonest; then the closest mean
            average = sum(newcomers.values()) / len(newcomers)
            lobby = min(fitting, key=lambda lb: (lb.free, abs(lb.mean - average)))
        else:
            self._numbers += 1
            lobby = Lobby(self._numbers, lang, practice, now)
            self.lobbies.append(lobby)
        lobby.ratings.update(newcomers)
        return lobby

    def leave(self, player: str) -> Lobby | None:
        """Leave before the start, at no cost; an emptied lobby disappears."""
        lobby = self.lobby_of(player)
        if lobby is None:
            return None
        del lobby.ratings[player]
        if not lobby.ratings:
            self.lobbies.remove(lobby)
        return lobby

    def lobby_of(self, player: str) -> Lobby | None:
        return next((lobby for lobby in self.lobbies if player in lobby.ratings), None)

    def waiting(self, lang: str, practice: bool = False) -> int:
        """How many players wait for that language (the queue screen shows it)."""
        return sum(len(lb.ratings) for lb in self.lobbies if lb.lang == lang and lb.practice == practice)

    def next_deadline(self) -> int | None:
        """When the oldest practice lobby is filled with bots."""
        times = [lb.opened_at + PRACTICE_WAIT_MS for lb in self.lobbies if lb.practice]
        return min(times, default=None)

    def take_ready(self, now: int) -> list[Lobby]:
        """Lobbies that start now: full ones, and practice ones whose wait is over."""
        ready = [
            lb
            for lb in self.lobbies
            if lb.free == 0 or (lb.practice and now >= lb.opened_at + PRACTICE_WAIT_MS)
        ]
        for lobby in ready:
            self.lobbies.remove(lobby)
        return ready
