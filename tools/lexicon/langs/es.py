"""Spanish word lists (4, 5, 6 letters): see tools/lexicon/romance_en.py for the recipe."""

from __future__ import annotations

from pathlib import Path

from tools.lexicon import romance_en
from tools.lexicon.common import NAME_SOURCE, Source, WordLists

LENGTHS = (4, 5, 6)

RECIPE = romance_en.Recipe(
    lang="es",
    lengths=LENGTHS,
    debs=(("hunspell-es", "1:7.5.0-1"),),
    hunspell=("usr/share/hunspell/es_ES",),
    zipf_min={4: 3.5, 5: 3.0, 6: 3.7},
    name_dictionary="es_ES",
    # Read among what the name rule drops: words of the language (clitic forms,
    # RAE nouns), kept.
    not_names=frozenset({"tómala", "mírela", "platón", "venus", "llosa", "langa", "alteña"}),
)

SOURCES = [
    Source(
        "RLA-ES Spanish Hunspell dictionary from LibreOffice (hunspell-es)",
        "7.5.0",
        "GPL-3.0-or-later OR LGPL-3.0-or-later OR MPL-1.1",
        "guesses",
        "Debian package hunspell-es=1:7.5.0-1",
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
