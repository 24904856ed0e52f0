"""From what a player typed to the letters of a word language (A3).

``normalize(lang, text)`` returns a *key*: a ``str`` holding one code point per
letter (see `alphabets.py`). Keys are what the core compares, stores in sets
and feeds to the feedback function. ``letters`` and ``display`` turn a key back
into what people read.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Final

from wordarena.core import hangul
from wordarena.core.alphabets import ALPHABETS, APOSTROPHES, Alphabet


class LetterError(ValueError):
    """The text cannot be read as a word of that language."""


class UnknownLanguage(LetterError):
    """The language code is not one of the 15 word languages."""


#: Languages whose accents are folded onto the base letter (A3).
_FOLDS_DIACRITICS: Final = frozenset({"fr", "es", "it", "nl", "pt"})
#: Explicit folds for the languages that fold only some letters.
_EXPLICIT_FOLDS: Final = {
    "tr": {"â": "a", "î": "i", "û": "u"},
    "ru": {"ё": "е"},
    "kk": {"ё": "е"},
}
#: Code points scanned for accented letters when building a folding table.
_ACCENTED_RANGES: Final = ((0x00C0, 0x024F), (0x1E00, 0x1EFF))


def alphabet(lang: str) -> Alphabet:
    try:
        return ALPHABETS[lang]
    except KeyError:
        known = " ".join(sorted(ALPHABETS))
        raise UnknownLanguage(f"unknown language {lang!r} (known: {known})") from None


def folds_accents(lang: str) -> bool:
    """Whether ``lang`` reads any accented Latin letter outside its alphabet as its base letter (A3)."""
    return lang in _FOLDS_DIACRITICS


def explicit_folds(lang: str) -> dict[str, str]:
    """The few letters ``lang`` folds onto another one (Russian ё → е), whatever the accents rule."""
    return dict(_EXPLICIT_FOLDS.get(lang, {}))


def _strip_marks(char: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))


@functools.cache
def _table(lang: str) -> dict[int, str]:
    """The ``str.translate`` table of one language: folds and expansions."""
    abc = alphabet(lang)
    table: dict[int, str] = {}
    if lang in _FOLDS_DIACRITICS:
        for first, last in _ACCENTED_RANGES:
            for code in range(first, last + 1):
                char = chr(code)
                base = _strip_marks(char)
                if char not in abc.letters and len(base) == 1 and base in abc.letters:
                    table[code] = base
        # A lone combining mark (e.g. after İ lowered outside Turkish) is dropped.
        table.update({code: "" for code in range(0x0300, 0x0370)})
    for char, base in _EXPLICIT_FOLDS.get(lang, {}).items():
        table[ord(char)] = base
    for char, expansion in abc.expansions.items():
        table[ord(char)] = expansion
    if lang == "ko":
        table.update(hangul.translation_table())
    return table


_UZ_APOSTROPHE: Final = re.compile(f"([og])[{APOSTROPHES}]")


def _lower(abc: Alphabet, text: str) -> str:
    if abc.turkish_case:
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower()


@functools.cache
def _digraph_pattern(lang: str) -> re.Pattern[str] | None:
    digraphs = alphabet(lang).digraphs
    if not digraphs:
        return None
    return re.compile("|".join(map(re.escape, digraphs)))


def normalize(lang: str, text: str) -> str:
    """The key of ``text`` in ``lang``: one code point per letter.

    Raises `LetterError` naming the first character outside the alphabet.
    """
    abc = alphabet(lang)
    word = unicodedata.normalize("NFC", text.strip())
    if not word:
        raise LetterError("empty word")
    word = _lower(abc, word).translate(_table(lang))
    if lang == "uz":
        word = _UZ_APOSTROPHE.sub(r"\1ʻ", word)
    pattern = _digraph_pattern(lang)
    if pattern is not None:
        word = pattern.sub(lambda m: abc.digraphs[m.group()], word)
    for char in word:
        if char not in abc.letters:
            raise LetterError(f"{_describe(char)} is not a letter of {abc.name} ({lang})")
    return word


def _describe(char: str) -> str:
    name = unicodedata.name(char, "unnamed character")
    shown = repr(char) if char.isprintable() and not char.isspace() else f"U+{ord(char):04X}"
    return f"{shown} ({name.lower()})"


def letters(lang: str, key: str) -> list[str]:
    """The written (lower-case) letters of a key: ``sh`` for Uzbek ``\\ue002``."""
    spellings = alphabet(lang).spellings
    return [spellings.get(code, code) for code in key]


def display(lang: str, key: str) -> str:
    """A key in upper case, as tiles show it (Turkish ``i`` → ``İ``, ``ĳ`` → ``IJ``)."""
    abc = alphabet(lang)
    return "".join(abc.display_letter(code) for code in key)


def upper_word(lang: str, spelling: str) -> str:
    """A word's true spelling in upper case by the rules of its language."""
    if alphabet(lang).turkish_case:
        spelling = spelling.replace("i", "İ").replace("ı", "I")
    return "".join("ẞ" if c == "ß" else c.upper() for c in spelling)
