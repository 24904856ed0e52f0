"""French word lists (4, 5, 6 letters): see tools/lexicon/romance_en.py for the recipe."""

from __future__ import annotations

from pathlib import Path

from tools.lexicon import romance_en
from tools.lexicon.common import NAME_SOURCE, Source, WordLists

LENGTHS = (4, 5, 6)

RECIPE = romance_en.Recipe(
    lang="fr",
    lengths=LENGTHS,
    # "Classique": both the 1990 reformed and the traditional spellings are guesses.
    debs=(("hunspell-fr-classical", "1:7.0-1"),),
    hunspell=("usr/share/hunspell/fr",),
    zipf_min={4: 3.5, 5: 3.0, 6: 3.7},
    name_dictionary="fr",
    # Read among what the name rule drops: words of the language, kept
    # (plurals, slang, terms; language and people adjectives are lower case).
    not_names=frozenset(
        [
            "ales",
            "coop",
            "édam",
            "ingé",
            "ruts",
            "kyrie",
            "neume",
            "relou",
            "drèves",
            "camas",
            "franco",
            "sindhi",
            "shona",
            "hutu",
            "qatari",
            "aldine",
            "uzbek",
            "croix",
        ]
    ),
)

SOURCES = [
    Source(
        "Dicollecte/Grammalecte French Hunspell dictionary, classique (hunspell-fr-classical)",
        "7.0",
        "MPL-2.0",
        "guesses",
        "Debian package hunspell-fr-classical=1:7.0-1",
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
    NAME_SOURCE,
]


def build(work: Path) -> dict[int, WordLists]:
    return romance_en.build(RECIPE, work)
