"""The 15 word languages: their letters and keyboards (A3)."""

from __future__ import annotations

import pytest

from wordarena.core.alphabets import ALPHABETS, DUEL_LANGUAGES, TOURNAMENT_LANGUAGES


def test_fifteen_languages_cover_both_games() -> None:
    assert set(DUEL_LANGUAGES) | set(TOURNAMENT_LANGUAGES) == set(ALPHABETS)
    assert len(ALPHABETS) == 15


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", 26), ("fr", 26), ("es", 27), ("tr", 29), ("ru", 32), ("ko", 24), ("id", 26), ("de", 30),
     ("it", 26), ("nl", 27), ("uz", 28), ("pl", 35), ("pt", 26), ("kk", 41), ("uk", 33)],
)  # fmt: skip
def test_alphabet_sizes(lang: str, size: int) -> None:
    assert len(ALPHABETS[lang].letters) == size


@pytest.mark.parametrize("lang", sorted(ALPHABETS))
def test_keyboard_has_every_letter_once(lang: str) -> None:
    keys = "".join(ALPHABETS[lang].keyboard)
    assert sorted(keys) == sorted(ALPHABETS[lang].letters)


def test_each_game_has_its_languages() -> None:
    assert DUEL_LANGUAGES == ("tr", "en", "fr", "es", "ru", "ko")
    assert set(TOURNAMENT_LANGUAGES) == {
        "en",
        "id",
        "de",
        "es",
        "fr",
        "it",
        "nl",
        "uz",
        "pl",
        "pt",
        "kk",
        "ru",
        "uk",
    }
