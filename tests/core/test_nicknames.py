"""Nicknames (RULES.md A4): readable, visible, never a bot's, never Zalgo."""

from __future__ import annotations

import pytest

from wordarena.core.nicknames import (
    NICKNAME_MAX,
    BadName,
    clean_nickname,
    generated_nickname,
    perceived_length,
)


def test_spaces_are_trimmed_and_collapsed() -> None:
    assert clean_nickname("  Alice   Liddell ") == "Alice Liddell"
    assert clean_nickname("e\u0301mile") == "émile"  # NFC


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "   ",
        "x" * (NICKNAME_MAX + 1),
        "bad\u0000name",
        "zero\u200bwidth",
        "\u3164",  # Hangul filler: a "letter" that draws nothing
        "\u3164\u3164",
        "\u2800",  # Braille blank
        "\u0301",  # a lone combining mark
        "★☆★",  # symbols only
        "Ha\u0301\u0302\u0303\u0304ck",  # Zalgo
        "Hana (bot)",
        "hana （BOT）",  # fullwidth parentheses and any case
        "joined\u200dletters",  # a zero-width joiner between letters
    ],
)
def test_refused_names_say_why(bad: str) -> None:
    with pytest.raises(BadName):
        clean_nickname(bad)


def test_user_perceived_characters_are_counted() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert perceived_length(family) == 1
    assert perceived_length("\U0001f44d\U0001f3fd") == 1  # a thumb with a skin tone
    assert perceived_length("Việt") == 4
    assert clean_nickname(f"Team {family}") == f"Team {family}"
    assert clean_nickname("ệ" * NICKNAME_MAX)  # 20 letters with two marks each
    assert clean_nickname("사람" + "가" * 18)


def test_generated_names_are_valid() -> None:
    for _ in range(50):
        name = generated_nickname()
        assert clean_nickname(name) == name
