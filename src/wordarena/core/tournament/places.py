"""Places and ratings of a tournament (C5, C6, C7), settled as players are eliminated, and seats.

Places are settled when the round ends, for every player eliminated in it: those
who lost their last life share one place, and those who walked out (left, or
stayed away 60 s) share the place behind them. A settled player's rating change
only depends on who is ahead, level or behind, known at that moment, so it is
applied then and equals the one computed at the end.
"""

from __future__ import annotations

from wordarena.core.machine import require
from wordarena.core.rating import rating_changes
from wordarena.core.seating import Seat
from wordarena.core.tournament.events import Effect, PlaceSettled
from wordarena.core.tournament.state import Entrant, Phase, Round, TournamentState


def settle_eliminated(s: TournamentState, rnd: Round) -> list[Effect]:
    """C5/C7: this round's eliminated share a place; those who walked out share the one behind.

    When nobody remains in play, the best of them share place 1 (the round is not replayed).
    """
    unplaced = [e for e in s.entrants if e.place is None]
    out = [e for e in unplaced if e.lives == 0]
    if not out:
        return []
    beaten = [e for e in out if not e.walked_out]
    walked = [e for e in out if e.walked_out]
    first_free = len(unplaced) - len(out) + 1
    groups = [(beaten, first_free), (walked, first_free + len(beaten))]
    for entrant in out:
        entrant.eliminated_in = rnd.number
    effects = settle(s, [(group, place) for group, place in groups if group])
    order = {e.player: i for i, e in enumerate(s.entrants)}
    eliminated = {*rnd.eliminated, *(e.player for e in out)}
    rnd.eliminated = sorted(eliminated, key=lambda p: (require(require(s.entrant(p)).place), order[p]))
    return effects


def settle(s: TournamentState, groups: list[tuple[list[Entrant], int]]) -> list[Effect]:
    """C6: settle each group's shared place, then every rating change at once.

    Everybody not placed yet will finish ahead of them: they get a place
    better than any, which is all the formula needs from them.
    """
    for players, place in groups:
        for entrant in players:
            entrant.place = place
    changes: dict[str, int] = {}
    if s.options.rated:
        ratings = {e.player: float(e.rating) for e in s.entrants}
        places = {e.player: 0 if e.place is None else e.place for e in s.entrants}
        changes = rating_changes(ratings, places)
    effects: list[Effect] = []
    for players, place in groups:
        for entrant in players:
            entrant.rating_change = changes.get(entrant.player, 0)
            after = require(entrant.rating_after)
            effects.append(PlaceSettled(entrant.player, place, entrant.rating, after))
    return effects


def seat_of(s: TournamentState, player: str) -> Seat | None:
    """Where ``player`` sits (core.seating): a lobby seat, or committed while still in play."""
    entrant = s.entrant(player)
    if entrant is None or entrant.left:
        return None
    if s.phase is Phase.LOBBY:
        return Seat("tournament", s.code, "waiting")
    if s.phase in (Phase.INTRO, Phase.PLAYING) and entrant.in_play:
        return Seat("tournament", s.code, "playing")
    return None
