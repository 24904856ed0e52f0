"""Nicknames (A4): readable, visible, never a bot's, never Zalgo."""

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


@pytest.mark.parametrize(
    "lookalike",
    [
        "Hana (b\u043et)",  # a Cyrillic о: was accepted
        "Hana (\u042cot)",  # a Cyrillic soft sign for the b: was accepted
        "Hana (\u0299\u1d0f\u1d1b)",  # small capitals ʙᴏᴛ: was accepted
        "Hana (b o t)",
        "Hana (B.O.T)",
        "Hana (𝐛𝐨𝐭)",  # mathematical bold
        "Hana ❨bot❩",  # ornamental brackets
        "Hana (b\u00f6t)",  # an accent does not hide it
        "Hana (бот)",  # "bot" in Cyrillic letters reads the same
    ],
)
def test_look_alikes_of_the_bot_mark_are_refused(lookalike: str) -> None:
    with pytest.raises(BadName, match="bot"):
        clean_nickname(lookalike)


@pytest.mark.parametrize(
    "name", ["Tom (boy)", "Bob (bat)", "(b) ot", "Botan", "robot", "Abbott (UK)", "Σοφία"]
)
def test_names_near_the_bot_mark_are_kept(name: str) -> None:
    assert clean_nickname(name) == name


@pytest.mark.parametrize(
    "stacked",
    [
        "\u00e0\u0301\u0302",  # à (one code point, one accent) and two more: three in all
        "\u1ec7\u0300\u0301" * 20,  # ệ (two accents) and two more, twenty times
    ],
)
def test_accents_are_counted_on_the_decomposed_letter(stacked: str) -> None:
    """Normalisation folded one accent into the letter before the cap was counted: 3 and 4 accents passed."""
    with pytest.raises(BadName, match="accents"):
        clean_nickname(stacked)


def test_two_accents_are_still_allowed() -> None:
    assert clean_nickname("Nguy\u1ec5n") == "Nguyễn"  # ễ: e with a circumflex and a tilde


@pytest.mark.parametrize("invisible", ["\u17b4", "Hana\u17b5", "a\u180eb", "a\ufe0fb", "\u115fHana"])
def test_default_ignorable_characters_are_refused(invisible: str) -> None:
    """U+17B4, an invisible Khmer vowel, was accepted."""
    with pytest.raises(BadName, match="invisible"):
        clean_nickname(invisible)


def test_an_emoji_keeps_its_variation_selector() -> None:
    assert clean_nickname("Hana \u2764\ufe0f") == "Hana \u2764\ufe0f"


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
