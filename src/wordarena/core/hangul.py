"""Korean: Hangul syllables to the 24 basic jamo players see (A3).

Python's NFD splits a syllable into *conjoining* jamo (U+1100 block), which
are not what a keyboard shows. We split by the Unicode arithmetic instead and
map to *compatibility* jamo (U+3131 block), then split compound and double
jamo further so every letter is one of the 24 keys of the basic layout.
"""

from __future__ import annotations

from typing import Final

SYLLABLE_FIRST: Final = 0xAC00
SYLLABLE_LAST: Final = 0xD7A3
_LEADS: Final = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_VOWELS: Final = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_TAILS: Final = ("", *"ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")

#: Compound and double jamo, split into basic jamo.
COMPOUND_JAMO: Final = {
    "ㄲ": "ㄱㄱ", "ㄸ": "ㄷㄷ", "ㅃ": "ㅂㅂ", "ㅆ": "ㅅㅅ", "ㅉ": "ㅈㅈ",
    "ㄳ": "ㄱㅅ", "ㄵ": "ㄴㅈ", "ㄶ": "ㄴㅎ", "ㄺ": "ㄹㄱ", "ㄻ": "ㄹㅁ",
    "ㄼ": "ㄹㅂ", "ㄽ": "ㄹㅅ", "ㄾ": "ㄹㅌ", "ㄿ": "ㄹㅍ", "ㅀ": "ㄹㅎ", "ㅄ": "ㅂㅅ",
    "ㅐ": "ㅏㅣ", "ㅒ": "ㅑㅣ", "ㅔ": "ㅓㅣ", "ㅖ": "ㅕㅣ", "ㅘ": "ㅗㅏ",
    "ㅙ": "ㅗㅏㅣ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅓㅣ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ",
}  # fmt: skip


def _basic(jamo: str) -> str:
    return COMPOUND_JAMO.get(jamo, jamo)


def split_syllable(syllable: str) -> str:
    """One precomposed syllable (가…힣) to its basic compatibility jamo."""
    index = ord(syllable) - SYLLABLE_FIRST
    if not 0 <= index <= SYLLABLE_LAST - SYLLABLE_FIRST:
        raise ValueError(f"not a Hangul syllable: {syllable!r}")
    lead, rest = divmod(index, 21 * 28)
    vowel, tail = divmod(rest, 28)
    return _basic(_LEADS[lead]) + _basic(_VOWELS[vowel]) + _basic(_TAILS[tail])


def translation_table() -> dict[int, str]:
    """A ``str.translate`` table: every syllable and compound jamo to basic jamo."""
    table = {code: split_syllable(chr(code)) for code in range(SYLLABLE_FIRST, SYLLABLE_LAST + 1)}
    table.update({ord(jamo): basic for jamo, basic in COMPOUND_JAMO.items()})
    return table


def is_syllable(char: str) -> bool:
    return SYLLABLE_FIRST <= ord(char) <= SYLLABLE_LAST
