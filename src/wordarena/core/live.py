"""The Live page's list (D5): which games in progress are public, and in what order.

Public means a quick Duel de Mots game or a rated tournament, in play, open to
watchers: a private room's link is its host's to share, and a practice tournament
is a player's rehearsal. The busiest games come first (people playing plus people
watching), then the highest-rated; the first one is featured.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from wordarena.core.duel.state import DuelState
from wordarena.core.duel.state import Phase as DuelPhase
from wordarena.core.tournament.state import Phase as TournamentPhase
from wordarena.core.tournament.state import TournamentState

#: How many games the page lists at most (the busiest).
LISTED = 30


@dataclass(frozen=True)
class LiveGame:
    kind: Literal["duel", "tournament"]
    code: str
    lang: str
    players: tuple[str, ...]  # names of the seats still in play, bots included
    people: int  # persons among them
    watchers: int
    rating: int | None  # a tournament: the mean rating of the persons in play
    round: int
    rounds: int | None  # a Duel de Mots game's rounds (a tournament's is open-ended)

    @property
    def path(self) -> str:
        """The watch link: the room's or the tournament's own address."""
        return f"/r/{self.code}" if self.kind == "duel" else f"/t/{self.code}"


def duel_listing(state: DuelState, watchers: int) -> LiveGame | None:
    playing = state.phase in (DuelPhase.CARD, DuelPhase.PLAYING, DuelPhase.REVEAL)
    if not (state.quick and playing and state.watchers_open):
        return None
    seats = [seat for seat in state.seats if not seat.gone]
    return LiveGame(
        kind="duel",
        code=state.code,
        lang=state.options.lang,
        players=tuple(seat.name for seat in seats),
        people=sum(seat.bot_level is None for seat in seats),
        watchers=watchers,
        rating=None,
        round=state.round_number,
        rounds=state.options.rounds,
    )


def tournament_listing(state: TournamentState, watchers: int) -> LiveGame | None:
    if not state.options.rated or state.phase not in (TournamentPhase.INTRO, TournamentPhase.PLAYING):
        return None
    in_play = [e for e in state.entrants if e.in_play]
    ratings = [e.rating for e in in_play if not e.is_bot]
    return LiveGame(
        kind="tournament",
        code=state.code,
        lang=state.options.lang,
        players=tuple(e.name for e in in_play),
        people=len(ratings),
        watchers=watchers,
        rating=round(sum(ratings) / len(ratings)) if ratings else None,
        round=state.round.number if state.round is not None else 0,
        rounds=None,
    )


def ordered(games: Iterable[LiveGame]) -> list[LiveGame]:
    """Busiest first, then highest-rated; the code breaks ties, so every process lists alike."""
    return sorted(games, key=lambda g: (-(g.people + g.watchers), -(g.rating or 0), g.code))[:LISTED]
