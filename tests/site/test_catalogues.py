"""The interface catalogues: complete in six languages, and the fixes players asked for.

Complete, so that no player meets a text left untranslated in their language.
"""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from tests.site.conftest import UI_LANGUAGES
from wordarena.core.refusal import Refusal
from wordarena.server.messages import ErrorCode


def catalogue(lang: str, folder: str = "web/i18n", package: str = "wordarena") -> dict[str, str]:
    text = resources.files(package).joinpath(folder, f"{lang}.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


@pytest.mark.parametrize("lang", UI_LANGUAGES)
def test_every_key_and_every_server_code_has_a_text(lang: str) -> None:
    english, texts = catalogue("en"), catalogue(lang)
    assert set(english) == set(texts), set(english) ^ set(texts)
    site_en, site = catalogue("en", "i18n", "wordarena.site"), catalogue(lang, "i18n", "wordarena.site")
    assert set(site_en) == set(site), set(site_en) ^ set(site)
    for code in Refusal:
        assert texts.get(f"refused.{code.value}"), code
    for error in ErrorCode:
        assert texts.get(f"error.{error.value}") or texts.get(f"refused.{error.value}"), error
    for key, text in texts.items():  # placeholders are the English ones
        assert set(re.findall(r"\{(\w+)\}", text)) <= set(re.findall(r"\{(\w+)\}", english[key])) | {"max"}, (
            key
        )
        assert "wordle" not in text.lower(), key


def test_the_wordings_players_reported() -> None:
    assert catalogue("en")["tournament.youPlayFirst"] == "You play first"
    assert catalogue("fr")["tournament.youPlayFirst"] == "Tu commences"
    assert catalogue("es")["tournament.youPlayFirst"] == "Empiezas tú"
    assert "Cezasız" in catalogue("tr")["tournament.queue.hint"] and "Ücretsiz" not in str(catalogue("tr"))
    assert "자모 5개" in catalogue("ko")["refused.wrong_length_ko"]
    # One word for the rating, never the word of the standings.
    fr, ko = catalogue("fr"), catalogue("ko")
    assert "cote" in fr["tournament.rating"].lower() and "classement" in fr["standings.title"].lower()
    assert all("classement" not in fr[k].lower() for k in fr if "rating" in k.lower())
    assert "레이팅" in ko["tournament.rating"] and "순위" in ko["standings.title"]
    assert all("순위" not in ko[k] for k in ko if "rating" in k.lower())
