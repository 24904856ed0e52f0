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


@pytest.mark.parametrize("ui", ["en", "fr", "es", "tr", "ru", "ko", None, "xx"])
def test_generated_names_are_valid_in_every_interface_language(ui: str | None) -> None:
    import random

    from wordarena.core import nicknames

    rng = random.Random(ui)
    names = {generated_nickname(ui, rng) for _ in range(200)}
    for name in names:
        assert clean_nickname(name) == name, name
    lang = ui if ui in nicknames._NAME_PARTS else "en"
    adjectives, animals = nicknames._NAME_PARTS[lang]
    for adjective in adjectives:  # the longest combination fits too
        for animal in animals:
            assert clean_nickname(f"{adjective} {animal} 99")
    assert any(adjectives[0] in name or animals[0] in name for name in names)


def test_generated_names_speak_the_interface_language() -> None:
    import random

    assert generated_nickname("fr", random.Random(1)).split()[0] in (
        "Loutre", "Faucon", "Lynx", "Héron", "Panda", "Renard", "Koala", "Ibis", "Yack", "Gecko",
    )  # fmt: skip
    assert generated_nickname("ko", random.Random(1)).endswith(tuple(str(n) for n in range(10, 100)))
