"""Letters and normalisation of the 15 word languages (A3)."""

from __future__ import annotations

import unicodedata

import pytest

from wordarena.core.alphabets import ALPHABETS
from wordarena.core.letters import (
    LetterError,
    UnknownLanguage,
    display,
    explicit_folds,
    folds_accents,
    letters,
    normalize,
    upper_word,
)


def spelled(lang: str, text: str) -> str:
    return " ".join(letters(lang, normalize(lang, text)))


@pytest.mark.parametrize(
    ("lang", "typed", "expected"),
    [
        ("fr", "ABÎME", "a b i m e"),
        ("fr", "Œuvre", "o e u v r e"),
        ("fr", "cæcum", "c a e c u m"),
        ("fr", "garçon", "g a r c o n"),
        ("es", "NIÑO", "n i ñ o"),
        ("es", "acción", "a c c i o n"),
        ("es", "pingüino", "p i n g u i n o"),
        ("tr", "IŞIK", "ı ş ı k"),
        ("tr", "İNCİ", "i n c i"),
        ("tr", "ılık", "ı l ı k"),
        ("tr", "kâğıt", "k a ğ ı t"),
        ("ru", "Ёлка", "е л к а"),
        ("kk", "ӘЛЕМ", "ә л е м"),
        ("kk", "ёлка", "е л к а"),
        ("uk", "ҐАНОК", "ґ а н о к"),
        ("de", "STRASSE", "s t r a s s e"),
        ("de", "Straße", "s t r a ß e"),
        ("de", "Übel", "ü b e l"),
        ("nl", "IJzer", "ij z e r"),
        ("nl", "ĳzer", "ij z e r"),
        ("nl", "café", "c a f e"),
        ("uz", "Oʻzbek", "oʻ z b e k"),
        ("uz", "o'g'il", "oʻ gʻ i l"),
        ("uz", "O’G‘IL", "oʻ gʻ i l"),
        ("uz", "SHAHAR", "sh a h a r"),
        ("uz", "choynak", "ch o y n a k"),
        ("uz", "tong", "t o n g"),
        ("pl", "ŻÓŁW", "ż ó ł w"),
        ("pt", "AÇÃO", "a c a o"),
        ("it", "città", "c i t t a"),
        ("ko", "사람", "ㅅ ㅏ ㄹ ㅏ ㅁ"),
        ("ko", "과자", "ㄱ ㅗ ㅏ ㅈ ㅏ"),
        ("ko", "과일", "ㄱ ㅗ ㅏ ㅇ ㅣ ㄹ"),
        ("ko", "까치", "ㄱ ㄱ ㅏ ㅊ ㅣ"),
        ("ko", "닭", "ㄷ ㅏ ㄹ ㄱ"),
        ("ko", "의자", "ㅇ ㅡ ㅣ ㅈ ㅏ"),
        ("ko", "ㅅㅏㄹㅏㅁ", "ㅅ ㅏ ㄹ ㅏ ㅁ"),
        ("ko", "ㅘ", "ㅗ ㅏ"),
        ("en", "  Crane ", "c r a n e"),
    ],
)
def test_normalisation(lang: str, typed: str, expected: str) -> None:
    assert spelled(lang, typed) == expected


def test_nfd_input_is_composed_first() -> None:
    assert normalize("fr", "e\u0301te\u0301") == "ete"
    assert normalize("ko", "\u1109\u1161\u1105\u1161\u11b7") == normalize("ko", "사람")


@pytest.mark.parametrize(
    ("lang", "typed", "culprit"),
    [
        ("en", "naïve", "ï"),
        ("en", "don't", "'"),
        ("en", "two words", "U+0020"),
        ("fr", "abc1", "'1'"),
        ("de", "café", "é"),
        ("tr", "wxyz", "w"),
        ("ru", "crane", "c"),
        ("uk", "м'ята", "'"),
        ("uz", "maʼno", "ʼ"),
        ("uz", "cat", "c"),
        ("ko", "abc", "a"),
        ("pl", "façade", "ç"),
    ],
)
def test_characters_outside_the_alphabet_are_named(lang: str, typed: str, culprit: str) -> None:
    with pytest.raises(LetterError, match="is not a letter of") as error:
        normalize(lang, typed)
    assert culprit in str(error.value)


def test_empty_and_unknown() -> None:
    with pytest.raises(LetterError, match="empty"):
        normalize("en", "   ")
    with pytest.raises(UnknownLanguage, match="unknown language 'xx'"):
        normalize("xx", "word")


@pytest.mark.parametrize(
    ("lang", "typed", "tiles"),
    [("tr", "inci", "İNCİ"), ("tr", "ılık", "ILIK"), ("de", "straße", "STRAẞE"), ("nl", "ijzer", "IJZER"),
     ("uz", "oʻgʻil", "OʻGʻIL"), ("uz", "shahar", "SHAHAR"), ("ru", "ёлка", "ЕЛКА"),
     ("ko", "사람", "ㅅㅏㄹㅏㅁ")],
)  # fmt: skip
def test_display_on_tiles(lang: str, typed: str, tiles: str) -> None:
    assert display(lang, normalize(lang, typed)) == tiles


@pytest.mark.parametrize(
    ("lang", "spelling", "upper"),
    [("tr", "kızıl", "KIZIL"), ("tr", "incir", "İNCİR"), ("fr", "abîme", "ABÎME"), ("de", "fuß", "FUẞ"),
     ("ko", "사람", "사람"), ("ru", "ёлка", "ЁЛКА")],
)  # fmt: skip
def test_true_spelling_in_upper_case_keeps_accents(lang: str, spelling: str, upper: str) -> None:
    assert upper_word(lang, spelling) == upper


def _as_the_client_reads(lang: str, char: str) -> str | None:
    """What the web client makes of one typed character from the rules it is sent (letters.js)."""
    abc = ALPHABETS[lang]
    if char in abc.letters:
        return char
    if char in abc.expansions:
        return abc.expansions[char]
    if char in explicit_folds(lang):
        return explicit_folds(lang)[char]
    base = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
    return base if folds_accents(lang) and len(base) == 1 and base in abc.letters else None


@pytest.mark.parametrize("lang", sorted(set(ALPHABETS) - {"ko"}))  # Korean is read by syllable
def test_the_folds_sent_to_clients_are_the_folds_the_core_reads(lang: str) -> None:
    """Every lower-case Latin or Cyrillic letter, read by the rule the client gets and by normalize."""
    for code in [*range(0x00C0, 0x0250), *range(0x0400, 0x0500), *range(0x1E00, 0x1F00)]:
        char = chr(code)
        if char != char.lower() or not char.isalpha():
            continue
        try:
            read: str | None = normalize(lang, char)
        except LetterError:
            read = None
        assert _as_the_client_reads(lang, char) == read, (lang, char)
