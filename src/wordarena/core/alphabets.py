"""The 15 word languages: their letters, folding rules and on-screen keyboards.

This module is pure data (A3). How a string becomes letters lives in
`letters.py`; Korean syllable splitting lives in `hangul.py`.

A *letter* is one unit of the game: one tile, one key. Most letters are one
code point, but Dutch ``ij`` and Uzbek ``oʻ gʻ sh ch`` are written with two.
Inside the core every letter is stored as a single code point (its *code*), so
a normalised word is a plain ``str`` with one character per tile. Multi-character
letters get a stand-in code: Dutch uses the real ligature ``ĳ`` (U+0133), which
its dictionaries already use; Uzbek uses code points from the Private Use Area.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Final

LATIN: Final = "abcdefghijklmnopqrstuvwxyz"
RUSSIAN: Final = "абвгдежзийклмнопрстуфхцчшщъыьэюя"  # 32: ё is folded to е

#: Uzbek letters written with two characters, and their one-character codes.
UZBEK_DIGRAPHS: Final = {"oʻ": "\ue000", "gʻ": "\ue001", "sh": "\ue002", "ch": "\ue003"}
#: Apostrophe-like marks that players type for the Uzbek ʻ (U+02BB).
APOSTROPHES: Final = "'ʻʼ‘’`´ʹ′"


@dataclass(frozen=True)
class Alphabet:
    """One word language's letters, as A3 defines them."""

    code: str
    name: str
    #: The letters in alphabetical order, as codes (one code point each).
    letters: str
    #: On-screen keyboard rows, each a string of letter codes, top row first.
    keyboard: tuple[str, ...]
    #: Multi-character spellings of a letter: spelling (lower case) -> code.
    digraphs: dict[str, str] = field(default_factory=dict)
    #: Upper-case display of a letter code when ``str.upper`` gets it wrong.
    upper: dict[str, str] = field(default_factory=dict)
    #: Extra substitutions applied before accent folding (lower case).
    expansions: dict[str, str] = field(default_factory=dict)
    #: Turkish rules for case (İ/i and I/ı).
    turkish_case: bool = False

    def display_letter(self, letter: str) -> str:
        """Upper-case form of one letter code, as shown on a tile or key."""
        if letter in self.upper:
            return self.upper[letter]
        if self.turkish_case and letter == "i":
            return "İ"
        return letter.upper()

    def spelling_of(self, letter: str) -> str:
        """Lower-case written form of one letter code (``\\ue002`` → ``sh``)."""
        return self.spellings.get(letter, letter)

    @functools.cached_property
    def spellings(self) -> dict[str, str]:
        """The codes written with several characters, and how (every view's rows read it)."""
        return {code: spelling for spelling, code in self.digraphs.items()}


def _check(alphabet: Alphabet) -> Alphabet:
    """Refuse a table whose keyboard does not hold each letter exactly once."""
    keys = "".join(alphabet.keyboard)
    if sorted(keys) != sorted(alphabet.letters) or len(set(keys)) != len(keys):
        raise ValueError(f"keyboard of {alphabet.code} does not match its letters")
    return alphabet


_QWERTY: Final = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_RUSSIAN_ROWS: Final = ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю")

ALPHABETS: Final[dict[str, Alphabet]] = {
    a.code: _check(a)
    for a in (
        Alphabet("en", "English", LATIN, _QWERTY),
        Alphabet(
            "fr",
            "Français",
            LATIN,
            ("azertyuiop", "qsdfghjklm", "wxcvbn"),
            expansions={"œ": "oe", "æ": "ae"},
        ),
        Alphabet("es", "Español", "abcdefghijklmnñopqrstuvwxyz", ("qwertyuiop", "asdfghjklñ", "zxcvbnm")),
        Alphabet(
            "tr",
            "Türkçe",
            "abcçdefgğhıijklmnoöprsştuüvyz",
            ("ertyuıopğü", "asdfghjklşi", "zcvbnmöç"),
            turkish_case=True,
        ),
        Alphabet("ru", "Русский", RUSSIAN, _RUSSIAN_ROWS),
        Alphabet(
            "ko",
            "한국어",
            "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣ",
            ("ㅂㅈㄷㄱㅅㅛㅕㅑ", "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ", "ㅋㅌㅊㅍㅠㅜㅡ"),
        ),
        Alphabet("id", "Bahasa Indonesia", LATIN, _QWERTY),
        Alphabet(
            "de",
            "Deutsch",
            LATIN + "äöüß",
            ("qwertzuiopü", "asdfghjklöä", "yxcvbnmß"),
            upper={"ß": "ẞ"},
        ),
        Alphabet("it", "Italiano", LATIN, _QWERTY),
        Alphabet(
            "nl",
            "Nederlands",
            LATIN + "ĳ",
            ("qwertyuiop", "asdfghjklĳ", "zxcvbnm"),
            digraphs={"ij": "ĳ"},
            upper={"ĳ": "IJ"},
        ),
        Alphabet(
            "uz",
            "Oʻzbekcha",
            "abdefghijklmnopqrstuvxyz" + "".join(UZBEK_DIGRAPHS.values()),
            ("qertyuiop\ue000\ue001", "asdfghjkl\ue002\ue003", "zxvbnm"),
            digraphs=dict(UZBEK_DIGRAPHS),
            upper={"\ue000": "Oʻ", "\ue001": "Gʻ", "\ue002": "SH", "\ue003": "CH"},
        ),
        Alphabet(
            "pl",
            "Polski",
            LATIN + "ąćęłńóśźż",
            ("qwertyuiop", "asdfghjkl", "zxcvbnm", "ąćęłńóśźż"),
        ),
        Alphabet("pt", "Português", LATIN, _QWERTY),
        Alphabet(
            "kk",
            "Қазақша",
            RUSSIAN + "әғқңөұүһі",
            ("әіңғүұқөһ", *_RUSSIAN_ROWS),
        ),
        Alphabet(
            "uk",
            "Українська",
            "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
            ("йцукенгшщзхї", "фівапролджє", "ґячсмитьбю"),
        ),
    )
}

#: Word languages of each game (B1 and C4).
DUEL_LANGUAGES: Final = ("tr", "en", "fr", "es", "ru", "ko")
TOURNAMENT_LANGUAGES: Final = ("en", "id", "de", "es", "fr", "it", "nl", "uz", "pl", "pt", "kk", "ru", "uk")
