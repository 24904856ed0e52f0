"""Interface text of the pages, in the six interface languages.

A page may use both catalogues: the game client's (``web/i18n/xx.json``, shared
with the JavaScript client, so the server-rendered game page and the client say
the same thing) and the pages' own (``site/i18n/xx.json``). A missing key falls
back to English, then to the key itself (a test checks that none is missing).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

from wordarena.site.language import DEFAULT

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _read(package: str, folder: str, lang: str) -> dict[str, str]:
    path = resources.files(package).joinpath(folder, f"{lang}.json")
    texts: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return texts


@functools.cache
def client_texts(lang: str) -> dict[str, str]:
    """The game client's catalogue (web/i18n), as the browser gets it."""
    return _read("wordarena", "web/i18n", lang)


@functools.cache
def page_texts(lang: str) -> dict[str, str]:
    return _read("wordarena.site", "i18n", lang)


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for source in dict.fromkeys((DEFAULT, lang)):
        merged.update(client_texts(source))
        merged.update(page_texts(source))
    return merged


class Translator:
    """``t("key", n=3)``: the text of ``key`` with its ``{n}`` placeholders filled (as i18n.js does)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.texts = catalogue(lang)

    def __call__(self, key: str, **values: Any) -> str:
        text = self.texts.get(key, key)
        return _PLACEHOLDER.sub(lambda m: str(values[m[1]]) if m[1] in values else m[0], text)
