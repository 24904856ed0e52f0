"""Leaderboards per tournament language (/leaderboard): top ratings, with a minimum of rated tournaments."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient

from tests.site.conftest import Page
from wordarena.server.app import NODE
from wordarena.site.pages import LEADERBOARD_MINIMUM
from wordarena.store.schema import PlacementRow, PlayerRow, TournamentRow


def tournament(code: str, lang: str, rated: bool) -> TournamentRow:
    return TournamentRow(code=code, lang=lang, rated=rated, seed=0, end_reason="finished", record={})


def place(code: str, player: str, settled: int, rated: bool) -> PlacementRow:
    return PlacementRow(
        tournament_code=code,
        player_id=player,
        place=settled,
        rated=rated,
        rating_before=1000,
        rating_after=1000,
    )


def seed(site: TestClient[Any, Any]) -> None:
    """Ada: 3 rated French tournaments (won one); Bob: 3, rated higher; Cid: 2 only; Dee: practice only."""
    db = site.server.app[NODE].db
    players = {"ada": ("Ada", 1040), "bob": ("Bob", 1100), "cid": ("Cid", 1300), "dee": ("Dee", 1500)}
    with db.transaction() as session:
        for pid, (name, rating) in players.items():
            session.add(PlayerRow(id=pid, token_hash=f"h-{pid}", nickname=name, rating=rating))
        session.flush()  # the players exist before their places refer to them
        for t in range(4):
            code = f"fr{t}"
            session.add(
                TournamentRow(code=code, lang="fr", rated=t < 3, seed=t, end_reason="finished", record={})
            )
            entrants = {"ada": 1 if t == 0 else 3, "bob": 2, "cid": 4} if t < 3 else {"dee": 1}
            if t == 2:
                del entrants["cid"]
            for pid, settled in entrants.items():
                session.add(place(code, pid, settled, rated=t < 3))
        session.add(
            TournamentRow(code="de0", lang="de", rated=True, seed=9, end_reason="finished", record={})
        )
        session.add(
            PlacementRow(
                tournament_code="de0",
                player_id="cid",
                place=1,
                rated=True,
                rating_before=1000,
                rating_after=1000,
            )
        )


async def test_the_french_board_ranks_regular_players_by_rating(site: TestClient[Any, Any]) -> None:
    assert LEADERBOARD_MINIMUM == 3
    seed(site)
    page = Page(await (await site.get("/leaderboard/fr?ui=en")).text())
    rows = page.tables["leaderboard"][1:]
    assert [row[1] for row in rows] == ["Bob", "Ada"]  # Cid has 2 French tournaments, Dee only practice
    assert rows[0] == ["1", "Bob", "1100", "3", "0"] and rows[1] == ["2", "Ada", "1040", "3", "1"]
    german = Page(await (await site.get("/leaderboard/de?ui=en")).text())
    assert "leaderboard" not in german.tables and "Be the first" in german.text
    site.session.cookie_jar.clear()  # no language chosen yet: the browser's own
    default = Page(await (await site.get("/leaderboard", headers={"Accept-Language": "fr"})).text())
    assert default.lang == "fr" and [row[1] for row in default.tables["leaderboard"][1:]] == ["Bob", "Ada"]
