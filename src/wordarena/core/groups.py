"""Groups of friends for the Tournament (C2).

- A group gathers up to 8 players with an invitation link; the one who created
  it is its **organiser**. Roles follow the player, not the browser tab: a
  reload or a second tab keeps them.
- When the organiser leaves, the role passes to the next member, in joining order.
- A member whose every tab is closed stays a member for `AWAY_LIMIT_MS`, then is
  treated as having left (the same 60 s as in a game).
- Only the organiser launches, and only once no member is **busy** (in a
  tournament still in play, in a queue, or in a game in progress elsewhere): the
  whole group then queues as one party.

Pure data and functions; the shell holds the sockets and says who is busy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from wordarena.core.seating import AWAY_LIMIT_MS
from wordarena.core.tournament import rules

MAX_MEMBERS: Final = rules.PLAYERS  # C2: up to 8 friends, one tournament's seats


class GroupProblem(StrEnum):
    """Why a group did not do what was asked (the protocol's error codes of the same names)."""

    GROUP_FULL = "group_full"
    UNKNOWN_GROUP = "unknown_group"
    NOT_ORGANISER = "not_organiser"
    MEMBERS_BUSY = "members_busy"


class GroupError(Exception):
    def __init__(self, code: GroupProblem, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Member:
    player: str
    away_since: int | None = None  # every tab of this player is closed since


@dataclass
class Group:
    code: str
    organiser: str
    members: list[Member] = field(default_factory=list)  # in joining order

    @classmethod
    def create(cls, code: str, organiser: str) -> Group:
        return cls(code, organiser, [Member(organiser)])

    @property
    def players(self) -> list[str]:
        return [m.player for m in self.members]

    @property
    def empty(self) -> bool:
        return not self.members

    def member(self, player: str) -> Member | None:
        return next((m for m in self.members if m.player == player), None)

    def join(self, player: str) -> None:
        """Join by the link; joining again (another tab, a reload) changes nothing."""
        member = self.member(player)
        if member is not None:
            member.away_since = None
            return
        if len(self.members) >= MAX_MEMBERS:
            raise GroupError(GroupProblem.GROUP_FULL, f"a group has at most {MAX_MEMBERS} players")
        self.members.append(Member(player))

    def leave(self, player: str) -> None:
        """Leave the group; the organiser's role passes to the next member."""
        self.members = [m for m in self.members if m.player != player]
        if self.organiser == player and self.members:
            self.organiser = self.members[0].player

    def disconnected(self, player: str, now: int) -> None:
        member = self.member(player)
        if member is not None and member.away_since is None:
            member.away_since = now

    def reconnected(self, player: str) -> None:
        member = self.member(player)
        if member is not None:
            member.away_since = None

    def next_deadline(self) -> int | None:
        times = [m.away_since + AWAY_LIMIT_MS for m in self.members if m.away_since is not None]
        return min(times, default=None)

    def expire(self, now: int) -> list[str]:
        """Members away for too long leave; returns who left."""
        gone = [
            m.player for m in self.members if m.away_since is not None and now >= m.away_since + AWAY_LIMIT_MS
        ]
        for player in gone:
            self.leave(player)
        return gone

    def can_launch(self, player: str, busy: Mapping[str, bool]) -> bool:
        return player == self.organiser and not any(busy.get(p, False) for p in self.players)

    def check_launch(self, player: str, busy: Mapping[str, bool]) -> None:
        """C2: the organiser launches once every member has finished their tournament."""
        if self.member(player) is None:
            raise GroupError(GroupProblem.UNKNOWN_GROUP, "you are not in this group")
        if player != self.organiser:
            raise GroupError(GroupProblem.NOT_ORGANISER, "only the organiser launches the group")
        if any(busy.get(p, False) for p in self.players):
            raise GroupError(GroupProblem.MEMBERS_BUSY, "wait until every member has finished their game")
