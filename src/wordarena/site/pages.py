"""The site's pages around the games (rules, guides, friends, FAQ), each in the six interface languages."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

from wordarena.core.alphabets import ALPHABETS, DUEL_LANGUAGES, TOURNAMENT_LANGUAGES
from wordarena.core.duel import rules as duel_rules
from wordarena.site import facts, language, live_page, replay_page, samples
from wordarena.site.catalogue import Translator
from wordarena.site.context import SITE
from wordarena.site.openers import GUIDE, OpenerGuide
from wordarena.site.render import render
from wordarena.site.work import in_store
from wordarena.store.leaderboards import Leader, LeaderboardRepository

#: Rated tournaments a player must have finished in a language to be on its leaderboard.
LEADERBOARD_MINIMUM = 3

#: The pages whose text is written out per language: templates/pages/<name>.<lang>.html.
CONTENT_PAGES = ("rules", "strategy", "friends", "faq")


def word_language_names(lang: str) -> dict[str, str]:
    """Every word language's name in the interface language ("French", "Français", "프랑스어")."""
    t = Translator(lang)
    return {code: t(f"lang.{code}") for code in ALPHABETS}


def content_context(lang: str) -> dict[str, Any]:
    example_lang, answer, guess = facts.HINT_EXAMPLES[lang]
    return {
        "f": facts.facts(),
        "names": word_language_names(lang),
        "example": {"answer": answer, "guess": guess, "tiles": facts.tiles(example_lang, answer, guess)},
    }


def content_page(name: str) -> Any:
    async def handler(request: web.Request) -> web.Response:
        lang, _ = language.negotiate(request)
        return render(request, f"pages/{name}.{lang}.html", page=name, **content_context(lang))

    handler.__name__ = f"{name}_page"
    return handler


async def openers_index(request: web.Request) -> web.Response:
    lang, _ = language.negotiate(request)
    guide = request.app[GUIDE]
    by_language: dict[str, list[int]] = {}
    for code, length in guide.lists:
        by_language.setdefault(code, []).append(length)
    return render(
        request, "openers_index.html", page="openers", names=word_language_names(lang), lists=by_language
    )


async def openers_language(request: web.Request) -> web.Response:
    """/openers/en: a language without its length goes to its first list (its shortest words)."""
    guide = request.app[GUIDE]
    code = request.match_info["lang"]
    lengths = sorted(n for c, n in guide.lists if c == code)
    if not lengths:
        raise web.HTTPNotFound(text="no such word list")
    ui = request.query.get("ui", "")
    keep = f"?ui={ui}" if ui in language.UI_LANGUAGES else ""  # an interface chosen in the link stays chosen
    raise web.HTTPFound(f"/openers/{code}/{lengths[0]}{keep}")


async def openers_list(request: web.Request) -> web.Response:
    lang, _ = language.negotiate(request)
    guide = request.app[GUIDE]
    code = request.match_info["lang"]
    length = int(request.match_info["length"])
    if not guide.has(code, length):
        raise web.HTTPNotFound(text="no such word list")
    table = await guide.table(code, length)
    lengths = sorted(n for c, n in guide.lists if c == code)
    return render(
        request,
        "openers_list.html",
        page="openers",
        names=word_language_names(lang),
        table=table,
        lengths=lengths,
    )


def shared_ranks(leaders: list[Leader]) -> list[int]:
    """1, 2, 2, 4: equal ratings share a rank."""
    ranks: list[int] = []
    for index, leader in enumerate(leaders):
        tied = index > 0 and leaders[index - 1].rating == leader.rating
        ranks.append(ranks[-1] if tied else index + 1)
    return ranks


async def leaderboard(request: web.Request) -> web.Response:
    lang, _ = language.negotiate(request)
    board_lang = request.match_info.get("lang") or (lang if lang in TOURNAMENT_LANGUAGES else "en")
    if board_lang not in TOURNAMENT_LANGUAGES:
        raise web.HTTPNotFound(text="no tournaments in this language")
    repository = LeaderboardRepository(request.app[SITE].db)
    leaders = await in_store(request, repository.top, board_lang, LEADERBOARD_MINIMUM)
    return render(
        request,
        "leaderboard.html",
        page="leaderboard",
        names=word_language_names(lang),
        languages=TOURNAMENT_LANGUAGES,
        board_lang=board_lang,
        leaders=leaders,
        ranks=shared_ranks(leaders),
        minimum=LEADERBOARD_MINIMUM,
    )


async def play(request: web.Request) -> web.Response:
    """The game client: the home page at /, and the same page opening a room (/r/…) or a group (/g/…)."""
    lang, _ = language.negotiate(request)
    legend = (facts.Tile("A", "correct"), facts.Tile("B", "present"), facts.Tile("C", "absent"))
    return render(
        request,
        "play.html",
        page="play",
        start_screen="home" if request.path == "/" else "loading",
        duel_sample=samples.duel_sample(lang),
        tournament_sample=samples.tournament_sample(lang),
        duel_languages=DUEL_LANGUAGES,
        tournament_languages=TOURNAMENT_LANGUAGES,
        native={code: alphabet.name for code, alphabet in ALPHABETS.items()},
        default_duel_lang=duel_rules.default_language(lang),
        default_tournament_lang=lang if lang in TOURNAMENT_LANGUAGES else "en",
        legend=legend,
    )


async def stats(request: web.Request) -> web.Response:
    """The player's statistics: drawn by web/stats.js from GET /api/me (the identity is in the browser)."""
    return render(request, "stats.html", page="stats")


WEB = Path(str(resources.files("wordarena").joinpath("web")))


async def manifest(request: web.Request) -> web.FileResponse:
    """The web app manifest at the site's root, so the installed app's scope is the whole site."""
    return web.FileResponse(
        WEB / "manifest.webmanifest", headers={"Content-Type": "application/manifest+json"}
    )


async def service_worker(request: web.Request) -> web.StreamResponse:
    """The client's service worker, at the site's root: its scope is every page (turn notifications
    on phones are shown through it)."""
    path = WEB / "sw.js"
    if not path.is_file():
        raise web.HTTPNotFound(text="no service worker")
    headers = {"Content-Type": "text/javascript", "Cache-Control": "no-cache", "Service-Worker-Allowed": "/"}
    return web.FileResponse(path, headers=headers)


@web.middleware
async def not_found_page(request: web.Request, handler: Any) -> web.StreamResponse:
    """A page that does not exist gets a page of the site (in the reader's language), not a bare 404."""
    try:
        response: web.StreamResponse = await handler(request)
        return response
    except web.HTTPNotFound:
        wants_page = request.method == "GET" and "text/html" in request.headers.get("Accept", "")
        if not wants_page or request.path.startswith(("/api/", "/static/", "/ws")):
            raise
        return render(request, "not_found.html", status=404, page="not_found")


async def room_page(request: web.Request) -> web.StreamResponse:
    """/r/{code}: a Duel de Mots room's link; a tournament's code goes to its own address."""
    code = request.match_info["code"]
    site = request.app[SITE]
    finished = await in_store(request, site.games.stored_games, code)
    if finished or await site.in_play.room_exists(code, "duel"):
        return await play(request)  # a room, or its finished game
    if await _tournament_exists(request, code):
        raise web.HTTPFound(f"/t/{code}")
    raise web.HTTPNotFound(text="no such room")


async def tournament_page(request: web.Request) -> web.StreamResponse:
    """/t/{code}: a tournament's own address: its players get their seat back, anybody else watches it,
    and once it is over it shows how it ended. A room's code goes to the room."""
    code = request.match_info["code"]
    if await _tournament_exists(request, code):
        return await play(request)
    if await request.app[SITE].in_play.room_exists(code, "duel"):
        raise web.HTTPFound(f"/r/{code}")
    raise web.HTTPNotFound(text="no such tournament")


async def _tournament_exists(request: web.Request, code: str) -> bool:
    site = request.app[SITE]
    if await site.in_play.room_exists(code, "tournament"):
        return True
    return await in_store(request, site.tournaments.record, code) is not None


def add_routes(app: web.Application) -> None:
    app.middlewares.append(not_found_page)
    app.router.add_get("/manifest.webmanifest", manifest)
    app.router.add_get("/sw.js", service_worker)
    app.router.add_get("/", play)
    app.router.add_get("/r/{code}", room_page)
    app.router.add_get("/t/{code}", tournament_page)
    app.router.add_get("/g/{code}", play)
    app[GUIDE] = OpenerGuide()
    for name in CONTENT_PAGES:
        app.router.add_get(f"/{name}", content_page(name))
    app.router.add_get("/openers", openers_index)
    app.router.add_get(r"/openers/{lang:[a-z]{2}}", openers_language)
    app.router.add_get(r"/openers/{lang:[a-z]{2}}/", openers_language)
    app.router.add_get(r"/openers/{lang:[a-z]{2}}/{length:\d}", openers_list)
    app.router.add_get("/stats", stats)
    app.router.add_get("/leaderboard", leaderboard)
    app.router.add_get("/leaderboard/{lang}", leaderboard)
    replay_page.add_routes(app)
    live_page.add_routes(app)
