"""Tournament matchmaking (C1, C2): lobbies of 8 formed from the whole queue.

The policy, in the order a newcomer can check it:

1. **Who may sit together.** A rated lobby is *compatible* when every party in it
   (a player alone, or a group of friends who enter together) is within 200 points
   of the mean rating of everybody else in the lobby: ``|party mean − others' mean|
   < 200``. For a player alone this is C1's "own rating within 200 of the lobby
   mean", whoever joined last; the margin is never widened. A group is one party:
   friends play together whatever their own spread (C2). Practice lobbies (unrated,
   bots fill the empty seats) take anybody.
2. **The plan is made from the whole queue,** again at every join and every leave:
   parties are placed in the order they queued, each into the fullest compatible
   lobby with room (then the closest mean), or a new one.
3. **Then the plan is improved until nothing applies:**
   - two forming lobbies that would be compatible together are merged;
   - a party that can move to complete another lobby (leaving a compatible lobby
     behind) moves.
   Each step merges lobbies or completes one, so this ends.
4. **Full lobbies start** (8 people). A practice lobby also starts once its oldest
   party has waited `PRACTICE_WAIT_MS`: bots take the empty seats.

Everything here is pure: the queue in, lobbies out. The shell holds the sockets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from wordarena.core.tournament import rules

LOBBY_SIZE: Final = rules.PLAYERS  # C1: a lobby is one tournament's seats
RATING_WINDOW: Final = 200  # strict: |party − others' mean| < 200
PRACTICE_WAIT_MS: Final = 10_000  # then bots fill the empty seats


class MatchmakingError(ValueError):
    pass


@dataclass(frozen=True)
class Party:
    """One queue entry: a player alone, or a group of friends who must sit together."""

    id: str  # the player's id, or "group:<code>"
    lang: str
    practice: bool
    queued_at: int
    ratings: Mapping[str, int]  # member -> rating, in the group's order

    @property
    def size(self) -> int:
        return len(self.ratings)

    @property
    def mean(self) -> float:
        return sum(self.ratings.values()) / len(self.ratings)

    def without(self, player: str) -> Party:
        return Party(
            self.id,
            self.lang,
            self.practice,
            self.queued_at,
            {p: r for p, r in self.ratings.items() if p != player},
        )


@dataclass(frozen=True)
class Lobby:
    parties: tuple[Party, ...]

    @property
    def lang(self) -> str:
        return self.parties[0].lang

    @property
    def practice(self) -> bool:
        return self.parties[0].practice

    @property
    def size(self) -> int:
        return sum(p.size for p in self.parties)

    @property
    def free(self) -> int:
        return LOBBY_SIZE - self.size

    @property
    def ratings(self) -> dict[str, int]:
        return {player: rating for party in self.parties for player, rating in party.ratings.items()}

    @property
    def mean(self) -> float:
        ratings = self.ratings.values()
        return sum(ratings) / len(ratings)

    @property
    def opened_at(self) -> int:
        return min(p.queued_at for p in self.parties)

    def ready(self, now: int) -> bool:
        """Full, or a practice lobby whose oldest party has waited long enough."""
        return self.free == 0 or (self.practice and now >= self.opened_at + PRACTICE_WAIT_MS)


def compatible(parties: Sequence[Party]) -> bool:
    """C1: at most 8 people, and (rated) every party within 200 of the mean of the others."""
    if sum(p.size for p in parties) > LOBBY_SIZE:
        return False
    if len(parties) < 2 or parties[0].practice:
        return True
    total = sum(sum(p.ratings.values()) for p in parties)
    people = sum(p.size for p in parties)
    for party in parties:
        own = sum(party.ratings.values())
        others_mean = (total - own) / (people - party.size)
        if abs(party.mean - others_mean) >= RATING_WINDOW:
            return False
    return True


def plan(parties: Iterable[Party]) -> list[Lobby]:
    """The lobbies of one pool (a language, rated or practice), formed from the whole queue."""
    lobbies: list[list[Party]] = []
    for party in sorted(parties, key=lambda p: (p.queued_at, p.id)):
        _place(lobbies, party)
    while _merge_two(lobbies) or _complete_one(lobbies):
        pass
    return [Lobby(tuple(members)) for members in lobbies]


def _place(lobbies: list[list[Party]], party: Party) -> None:
    """Into the fullest compatible lobby with room (then the closest mean), or a new one."""
    fitting = [lobby for lobby in lobbies if _size(lobby) < LOBBY_SIZE and compatible([*lobby, party])]
    if not fitting:
        lobbies.append([party])
        return
    best = min(fitting, key=lambda lobby: (LOBBY_SIZE - _size(lobby), abs(_mean(lobby) - party.mean)))
    best.append(party)


def _merge_two(lobbies: list[list[Party]]) -> bool:
    """Merge the two forming lobbies that make the biggest compatible lobby, if any."""
    forming = [lobby for lobby in lobbies if _size(lobby) < LOBBY_SIZE]
    pairs = [
        (a, b)
        for i, a in enumerate(forming)
        for b in forming[i + 1 :]
        if _size(a) + _size(b) <= LOBBY_SIZE and compatible([*a, *b])
    ]
    if not pairs:
        return False
    a, b = max(pairs, key=lambda pair: _size(pair[0]) + _size(pair[1]))
    a.extend(b)
    lobbies.remove(b)
    return True


def _complete_one(lobbies: list[list[Party]]) -> bool:
    """Move one party into a forming lobby that it fills exactly, if the lobby it leaves stays compatible."""
    forming = sorted((lobby for lobby in lobbies if _size(lobby) < LOBBY_SIZE), key=_size, reverse=True)
    for target in forming:
        free = LOBBY_SIZE - _size(target)
        for source in forming:
            if source is target:
                continue
            for party in source:
                rest = [p for p in source if p is not party]
                if party.size == free and compatible([*target, party]) and compatible(rest):
                    source.remove(party)
                    target.append(party)
                    if not source:
                        lobbies.remove(source)
                    return True
    return False


def _size(parties: Sequence[Party]) -> int:
    return sum(p.size for p in parties)


def _mean(parties: Sequence[Party]) -> float:
    return sum(sum(p.ratings.values()) for p in parties) / _size(parties)


@dataclass
class Matchmaker:
    """The queue of one matchmaking pool set (every language, rated and practice)."""

    parties: dict[str, Party] = field(default_factory=dict)  # by party id, in queueing order

    def queue(self, party: Party) -> None:
        if not party.ratings:
            raise MatchmakingError("nobody to queue")
        if party.size > LOBBY_SIZE:
            raise MatchmakingError(f"a group has at most {LOBBY_SIZE} players")
        if party.id in self.parties or any(self.party_of(player) for player in party.ratings):
            raise MatchmakingError("already queued")
        self.parties[party.id] = party

    def leave(self, player: str) -> Party | None:
        """One player leaves before the start, at no cost; the rest of their group stays queued."""
        party = self.party_of(player)
        if party is None:
            return None
        rest = party.without(player)
        if rest.ratings:
            self.parties[party.id] = rest
        else:
            del self.parties[party.id]
        return party

    def leave_party(self, party_id: str) -> Party | None:
        """A whole group leaves the queue (its organiser cancelled)."""
        return self.parties.pop(party_id, None)

    def party_of(self, player: str) -> Party | None:
        return next((p for p in self.parties.values() if player in p.ratings), None)

    def lobbies(self) -> list[Lobby]:
        """Every pool's plan: forming and full lobbies."""
        pools: dict[tuple[str, bool], list[Party]] = {}
        for party in self.parties.values():
            pools.setdefault((party.lang, party.practice), []).append(party)
        return [lobby for pool in pools.values() for lobby in plan(pool)]

    def lobby_of(self, player: str) -> Lobby | None:
        return next((lobby for lobby in self.lobbies() if player in lobby.ratings), None)

    def waiting(self, lang: str, practice: bool = False) -> int:
        """How many players wait for that language (the queue screen shows it)."""
        return sum(p.size for p in self.parties.values() if p.lang == lang and p.practice == practice)

    def take_ready(self, now: int) -> list[Lobby]:
        """Lobbies that start now; their parties leave the queue."""
        ready = [lobby for lobby in self.lobbies() if lobby.ready(now)]
        for lobby in ready:
            for party in lobby.parties:
                del self.parties[party.id]
        return ready

    def next_deadline(self) -> int | None:
        """When the oldest practice lobby is filled with bots."""
        times = [lobby.opened_at + PRACTICE_WAIT_MS for lobby in self.lobbies() if lobby.practice]
        return min(times, default=None)
