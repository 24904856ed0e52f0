"""English word lists (4, 5, 6 letters): see tools/lexicon/romance_en.py for the recipe."""

from __future__ import annotations

from pathlib import Path

from tools.lexicon import romance_en
from tools.lexicon.common import Source, WordLists

LENGTHS = (4, 5, 6)

RECIPE = romance_en.Recipe(
    lang="en",
    lengths=LENGTHS,
    debs=(
        ("hunspell-en-us", "1:2020.12.07-2"),
        ("hunspell-en-gb", "1:7.5.0-1"),
        ("wamerican-large", "2020.12.07-2"),
        ("scowl", "2020.12.07-2"),
    ),
    # US and British spellings are both accepted as guesses (colour, color).
    hunspell=("usr/share/hunspell/en_US", "usr/share/hunspell/en_GB"),
    # SCOWL size 70 adds less common but real words to the guesses.
    word_lists=("usr/share/dict/american-english-large",),
    zipf_min={4: 3.7, 5: 3.3, 6: 3.9},
    # Words without a vowel are abbreviations ("bldg", "tbsp", "html") except these.
    vowels="aeiouy",
    vowelless_words=frozenset({"psst", "pssts", "crwth", "crwths", "shhh", "phpht", "pfft", "hmmm", "brrr"}),
    # Every guess must be in one of SCOWL's word lists (any size, any spelling
    # variety): its abbreviation, proper-name, upper-case and special lists
    # do not count. Clipped words it files as abbreviations that people play
    # as words are kept by review.
    attest_folder="usr/share/dict/scowl",
    attest_glob="*words.*",
    attest_keep=frozenset(
        {"admin", "admins", "intro", "intros", "maths", "tech", "techs", "vocab", "plat", "plats"}
    ),
)

SOURCES = [
    Source(
        "SCOWL en_US Hunspell dictionary (hunspell-en-us)",
        "2020.12.07",
        "LicenseRef-SCOWL (permissive)",
        "guesses",
        "Debian package hunspell-en-us=1:2020.12.07-2",
    ),
    Source(
        "SCOWL en_GB Hunspell dictionary from LibreOffice (hunspell-en-gb)",
        "7.5.0",
        "LicenseRef-SCOWL (permissive)",
        "guesses (British spellings)",
        "Debian package hunspell-en-gb=1:7.5.0-1",
    ),
    Source(
        "SCOWL size-70 word list (wamerican-large)",
        "2020.12.07",
        "LicenseRef-SCOWL (permissive)",
        "guesses",
        "Debian package wamerican-large=2020.12.07-2",
    ),
    Source(
        "SCOWL word lists by size and category (scowl)",
        "2020.12.07",
        "LicenseRef-SCOWL (permissive)",
        "guesses (a word must be in one of SCOWL's word lists, not only among its abbreviations)",
        "Debian package scowl=2020.12.07-2",
    ),
    Source(
        "wordfreq",
        "3.1.1",
        "CC-BY-SA-4.0 (data), Apache-2.0 (code)",
        "answers (frequency)",
        "PyPI package wordfreq==3.1.1",
    ),
    Source("simplemma", "2.0.0", "MIT", "answers (base-form test)", "PyPI package simplemma==2.0.0"),
    Source("spylls", "0.1.7", "MPL-2.0", "guesses (affix expansion)", "PyPI package spylls==0.1.7"),
    Source(
        "naughty-words",
        "1.2.0",
        "CC-BY-4.0",
        "answers (offensive words removed)",
        "npm package naughty-words@1.2.0",
    ),
]


def build(work: Path) -> dict[int, WordLists]:
    return romance_en.build(RECIPE, work)
