"""Who meets whom in a round (C3): random, avoiding last round's opponent, no bye twice in a row.

Pure: the random generator is injected. With at most 8 players every perfect
matching is enumerated (at most 105), so "avoids the previous opponent
whenever some pairing allows" is exact, not a heuristic.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

#: Above this many players the enumeration (10 395 matchings at 12) would be too slow.
MAX_PLAYERS: Final = 12

Pair = tuple[str, str]


@dataclass(frozen=True)
class Pairing:
    pairs: tuple[Pair, ...]
    bye: str | None


def perfect_matchings(players: Sequence[str]) -> Iterator[list[Pair]]:
    """Every way to split an even number of players into pairs (each pair in input order)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, partner in enumerate(rest):
        for matching in perfect_matchings([*rest[:i], *rest[i + 1 :]]):
            yield [(first, partner), *matching]


def repeats(pairs: Sequence[Pair], previous: Mapping[str, str]) -> int:
    """How many pairs met in the previous round."""
    return sum(1 for a, b in pairs if previous.get(a) == b or previous.get(b) == a)


def pair_round(
    players: Sequence[str], previous: Mapping[str, str], last_bye: str | None, rng: random.Random
) -> Pairing:
    """Split ``players`` (those still in play, in seat order) into 1-v-1 duels.

    ``previous`` maps a player to last round's opponent; ``last_bye`` had last
    round's bye. With an odd number one player gets the bye, never ``last_bye``.
    Among all (bye, pairs) choices, only those with the fewest repeated opponents
    are kept; the bye is drawn uniformly among the players who allow that minimum,
    then the pairs uniformly among the best matchings of the others.
    """
    if len(players) < 2:
        raise ValueError("a round needs at least two players")
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice")
    if len(players) > MAX_PLAYERS:
        raise ValueError(f"pairing enumerates matchings: at most {MAX_PLAYERS} players")
    order = list(players)
    if len(order) % 2 == 0:
        best = _best_matchings(order, previous)
        return Pairing(tuple(rng.choice(best)), None)
    options: dict[str, list[list[Pair]]] = {}
    for bye in order:
        if bye != last_bye:
            options[bye] = _best_matchings([p for p in order if p != bye], previous)
    fewest = min(repeats(best[0], previous) for best in options.values())
    byes = [bye for bye, best in options.items() if repeats(best[0], previous) == fewest]
    bye = rng.choice(byes)
    return Pairing(tuple(rng.choice(options[bye])), bye)


def _best_matchings(players: list[str], previous: Mapping[str, str]) -> list[list[Pair]]:
    """The matchings with the fewest repeated opponents, in enumeration order."""
    matchings = list(perfect_matchings(players))
    counts = [repeats(m, previous) for m in matchings]
    fewest = min(counts)
    return [m for m, count in zip(matchings, counts) if count == fewest]
