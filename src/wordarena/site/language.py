"""The interface language of a page: ``?ui=xx``, then the cookie, then ``Accept-Language``.

The same six languages as the client (web/i18n.js). A ``?ui=`` choice is kept
in the cookie so the next page (and the game client) speak it too.
"""

from __future__ import annotations

from typing import Final

from aiohttp import web

UI_LANGUAGES: Final = ("en", "fr", "es", "tr", "ru", "ko")
#: Each interface language's name in itself, for the language menus.
NATIVE_NAMES: Final = {
    "en": "English",
    "fr": "Français",
    "es": "Español",
    "tr": "Türkçe",
    "ru": "Русский",
    "ko": "한국어",
}
DEFAULT: Final = "en"
COOKIE: Final = "wordarena_ui"
COOKIE_MAX_AGE_S: Final = 365 * 24 * 3600


def from_accept_language(header: str) -> str | None:
    """The best-weighted language of an ``Accept-Language`` header that we speak."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        base = tag.strip().lower().split("-")[0]
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                quality = 0.0
        if base in UI_LANGUAGES and quality > 0:
            choices.append((-quality, index, base))  # best quality first, then header order
    return min(choices)[2] if choices else None


def negotiate(request: web.Request) -> tuple[str, bool]:
    """The page's language, and whether it was chosen in the URL (then it goes in the cookie)."""
    asked = request.query.get("ui", "").lower()
    if asked in UI_LANGUAGES:
        return asked, True
    kept = request.cookies.get(COOKIE, "")
    if kept in UI_LANGUAGES:
        return kept, False
    return from_accept_language(request.headers.get("Accept-Language", "")) or DEFAULT, False


def remember(response: web.StreamResponse, lang: str) -> None:
    response.set_cookie(COOKIE, lang, max_age=COOKIE_MAX_AGE_S, path="/", samesite="Lax")
