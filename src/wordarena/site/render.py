"""Server-rendered pages: Jinja2 with autoescaping, in the reader's interface language.

Every page gets the same frame (templates/base.html): the site's name and icon,
the links to every page, the language, theme and contrast switches. The theme
and contrast choices travel in cookies so the page is drawn right the first
time (no inline script is allowed to fix it afterwards: strict CSP).
"""

from __future__ import annotations

import functools
from typing import Any, Final

import jinja2
from aiohttp import web

from wordarena.site import language
from wordarena.site.catalogue import Translator

THEME_COOKIE: Final = "wordarena_theme"  # "light" or "dark"; absent: follow the system
CONTRAST_COOKIE: Final = "wordarena_contrast"  # "1": the high-contrast palette
THEMES: Final = ("light", "dark")

#: The pages every screen links to: (path, catalogue key of its name).
NAV: Final = (
    ("/rules", "nav.rules"),
    ("/live", "nav.live"),
    ("/openers", "nav.openers"),
    ("/strategy", "nav.strategy"),
    ("/friends", "nav.friends"),
    ("/faq", "nav.faq"),
    ("/leaderboard", "nav.leaderboard"),
    ("/stats", "nav.stats"),
)


@functools.cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("wordarena.site", "templates"),
        autoescape=jinja2.select_autoescape(("html",), default_for_string=True, default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["nav"] = NAV
    env.globals["ui_languages"] = language.UI_LANGUAGES
    env.globals["native_names"] = language.NATIVE_NAMES
    return env


def page_context(request: web.Request, lang: str) -> dict[str, Any]:
    """What the frame of every page needs."""
    theme = request.cookies.get(THEME_COOKIE, "")
    return {
        "lang": lang,
        "t": Translator(lang),
        "path": request.path,
        "theme": theme if theme in THEMES else "",
        "contrast": request.cookies.get(CONTRAST_COOKIE) == "1",
    }


def render(request: web.Request, template: str, *, status: int = 200, **context: Any) -> web.Response:
    """The page in the negotiated language; a ``?ui=`` choice is remembered in the cookie."""
    lang, chosen = language.negotiate(request)
    html = environment().get_template(template).render(**page_context(request, lang), **context)
    response = web.Response(text=html, content_type="text/html", charset="utf-8", status=status)
    response.headers["Content-Language"] = lang
    response.headers["Vary"] = "Accept-Language, Cookie"
    response.headers["Cache-Control"] = "no-cache"
    if chosen:
        language.remember(response, lang)
    return response
