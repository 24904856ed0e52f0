"""What the site needs of the server: the store, whether a game is in play, the public games. No more.

The server (server/app.py) puts a `SiteContext` in the application at start-up;
the pages and APIs read through it, never through the server's own parts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from aiohttp import web

from wordarena.core.live import LiveGame
from wordarena.store.database import Database
from wordarena.store.games import GameRepository
from wordarena.store.players import PlayerRepository
from wordarena.store.replays import ReplayRepository
from wordarena.store.tournaments import TournamentRepository


class GamesInPlay(Protocol):
    async def room_exists(self, code: str, kind: str) -> bool:
        """A room of that kind ("duel" or "tournament") is in play, wherever its owner is."""
        ...


class PublicGames(Protocol):
    async def games(self) -> list[LiveGame]:
        """The public games in progress of every process, busiest first (core.live)."""
        ...


@dataclass(frozen=True)
class SiteContext:
    db: Database
    players: PlayerRepository
    games: GameRepository
    tournaments: TournamentRepository
    in_play: GamesInPlay
    replays: ReplayRepository
    live: PublicGames
    trust_proxy: bool = False  # the client's address from X-Forwarded-For (behind a TLS proxy only)


SITE = web.AppKey("site", SiteContext)
