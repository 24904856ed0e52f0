"""/games/{id}: a finished game's page, replayed guess by guess by web/replay.js.

The page is drawn on the server with the players and the result (readable without
JavaScript, and what a chat's link preview reads: og:title, og:description, and the
picture of site/preview.py); the replay document itself travels inside the page as
JSON, so the replay starts without another request. The link's texts name the
players and the result, never a word: the answer is in the page, not in the preview.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from wordarena.site import language
from wordarena.site.catalogue import Translator
from wordarena.site.context import SITE
from wordarena.site.render import render
from wordarena.site.work import in_store


def player_label(t: Translator, player: dict[str, Any]) -> str:
    """A player's name, a bot's level after it ("Bot Ada (hard)")."""
    name = str(player.get("name") or "?")
    bot = player.get("bot")
    return f"{name} ({t(f'bot.{bot}')})" if bot else name


def game_title(t: Translator, document: dict[str, Any]) -> str:
    if document["mode"] == "tournament_duel":
        return t("tournament.title") if document.get("rated") else t("tournament.practiceTitle")
    return t("app.title")


def result_text(t: Translator, document: dict[str, Any]) -> str:
    """Who won, in a sentence: the same for the page's head and its link preview."""
    players = document["players"]
    if document["mode"] == "tournament_duel":
        outcome = document.get("outcome") or {}
        winner = outcome.get("winner")
        if outcome.get("draw") or winner is None:
            return t("replay.duelDraw")
        return t("replay.duelWin", name=players[winner]["name"])
    totals = document.get("totals") or []
    winners = document.get("winners") or []
    if document.get("draw") or len(winners) != 1:
        return t("replay.sharedWin", n=max(totals, default=0))
    return t("replay.win", name=players[winners[0]]["name"], n=totals[winners[0]])


def standings(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The players best first: place, name, points (Duel de Mots) or the duel's result."""
    players = document["players"]
    if document["mode"] == "tournament_duel":
        winner = (document.get("outcome") or {}).get("winner")
        return [{"player": p, "place": None, "total": None, "winner": p["seat"] == winner} for p in players]
    totals = document.get("totals") or [0] * len(players)
    places = document.get("places") or [1] * len(players)
    winners = set(document.get("winners") or [])
    rows = [
        {"player": p, "place": places[i], "total": totals[i], "winner": i in winners}
        for i, p in enumerate(players)
    ]
    return sorted(rows, key=lambda row: (row["place"], row["player"]["seat"]))


async def replay_page(request: web.Request) -> web.Response:
    document = await in_store(request, request.app[SITE].replays.get, request.match_info["id"])
    if document is None:
        raise web.HTTPNotFound(text="no such game")  # the site's 404 page (pages.not_found_page)
    lang, _ = language.negotiate(request)
    t = Translator(lang)
    names = [player_label(t, p) for p in document["players"]]
    return render(
        request,
        "replay.html",
        page="replay",
        replay=document,
        game=game_title(t, document),
        player_names=names,
        result=result_text(t, document),
        standings=standings(document),
        word_language=t(f"lang.{document['lang']}"),
        origin=str(request.url.origin()),
    )


def add_routes(app: web.Application) -> None:
    app.router.add_get("/games/{id}", replay_page)
