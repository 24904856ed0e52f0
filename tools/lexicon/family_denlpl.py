"""Shared code of the German, Dutch and Polish word lists (hunspell expansion).

The three languages follow the same recipe: expand a Hunspell dictionary with
spylls into every listed form (guesses), keep the dictionary stems that are
frequent base forms (answer candidates), and cache both under the ``work``
folder because the Polish expansion takes a minute or two.

Only words listed in the dictionary are expanded: productive compounding
(German ``COMPOUNDRULE``-like flags) is not followed, and any form that the
dictionary marks as usable only inside a compound or as needing another affix
is dropped (German's lower-case compound fragments live there).
"""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tools.lexicon.common import deny_list, key_of

#: Longest form kept by the expansion, in characters (Dutch "ij" takes two).
MAX_CHARS = 12


@dataclass(frozen=True)
class Entry:
    """One stem of a .dic file, with the flags that the language modules test."""

    stem: str
    flags: frozenset[str]


def load(base: Path):  # type: ignore[no-untyped-def]
    """The spylls dictionary at ``base`` (path without .aff/.dic)."""
    from spylls.hunspell import Dictionary  # imported late: slow, only for rebuilds

    return Dictionary.from_files(str(base))


def _blocked(flags: Iterable[str], aff) -> bool:  # type: ignore[no-untyped-def]
    """True when a form carrying ``flags`` is not a standalone word."""
    bad = {aff.ONLYINCOMPOUND, aff.FORBIDDENWORD, aff.NEEDAFFIX, aff.CIRCUMFIX} - {None}
    return bool(bad.intersection(flags))


def _suffixed(stem: str, flags: Iterable[str], aff) -> Iterator[tuple[str, object]]:  # type: ignore[no-untyped-def]
    """Every (form, suffix) produced by one suffix of ``flags`` on ``stem``."""
    for flag in flags:
        for sfx in aff.SFX.get(flag, ()):
            if len(stem) - len(sfx.strip) + len(sfx.add) > MAX_CHARS:
                continue
            if not stem.endswith(sfx.strip) or not sfx.cond_regexp.search(stem):
                continue
            yield stem[: len(stem) - len(sfx.strip)] + sfx.add, sfx


def _prefixed(stem: str, flags: Iterable[str], aff, cross_only: bool) -> Iterator[str]:  # type: ignore[no-untyped-def]
    """Every form produced by one prefix of ``flags`` on ``stem``."""
    for flag in flags:
        for pfx in aff.PFX.get(flag, ()):
            if cross_only and not pfx.crossproduct:
                continue
            if _blocked(pfx.flags, aff) or len(stem) - len(pfx.strip) + len(pfx.add) > MAX_CHARS:
                continue
            if stem.startswith(pfx.strip) and pfx.cond_regexp.search(stem):
                yield pfx.add + stem[len(pfx.strip) :]


def forms_of(entry: Entry, aff) -> Iterator[str]:  # type: ignore[no-untyped-def]
    """All standalone forms of one dictionary entry (like hunspell's unmunch).

    Covers stem, one prefix, one suffix, a second suffix named by the first
    suffix's continuation flags, and prefix x suffix cross products.
    """
    stem, flags = entry.stem, entry.flags
    if aff.ONLYINCOMPOUND in flags or aff.FORBIDDENWORD in flags:
        return
    if aff.NEEDAFFIX not in flags:
        yield stem
    yield from _prefixed(stem, flags, aff, cross_only=False)
    for form, sfx in _suffixed(stem, flags, aff):
        if aff.ONLYINCOMPOUND in sfx.flags or aff.FORBIDDENWORD in sfx.flags or aff.CIRCUMFIX in sfx.flags:
            continue
        if aff.NEEDAFFIX not in sfx.flags:
            yield form
            if sfx.crossproduct:
                yield from _prefixed(form, flags | set(sfx.flags), aff, cross_only=True)
        for form2, sfx2 in _suffixed(form, sfx.flags, aff):
            if not _blocked(sfx2.flags, aff):
                yield form2


def entries(dictionary) -> list[Entry]:  # type: ignore[no-untyped-def]
    """The .dic entries (stems with their flags), in file order."""
    return [Entry(w.stem, frozenset(w.flags)) for w in dictionary.dic.words]


# --- caching ---------------------------------------------------------------


def cached_lines(path: Path, make: Callable[[], Iterable[str]]) -> list[str]:
    """Lines of a gzip cache file, computing and writing it the first time."""
    if not path.exists():
        lines = list(make())
        tmp = path.with_suffix(".tmp")
        with gzip.open(tmp, "wt", encoding="utf-8") as out:
            out.writelines(line + "\n" for line in lines)
        tmp.replace(path)
    with gzip.open(path, "rt", encoding="utf-8") as src:
        return src.read().splitlines()


def expand_cached(work: Path, base: Path, tag: str) -> tuple[list[str], list[Entry]]:
    """(forms as "form<TAB>stem" lines, entries) of a dictionary, cached in ``work``.

    The cache file name carries ``tag`` (name + version of the dictionary), so
    a new pinned version is expanded afresh.
    """
    dictionary = None

    def _dictionary():  # type: ignore[no-untyped-def]
        nonlocal dictionary
        if dictionary is None:
            dictionary = load(base)
        return dictionary

    def _entries() -> Iterator[str]:
        for e in entries(_dictionary()):
            yield e.stem + "\t" + " ".join(sorted(e.flags))

    def _forms() -> Iterator[str]:
        aff = _dictionary().aff
        for e in entries(_dictionary()):
            for form in set(forms_of(e, aff)):
                yield form + "\t" + e.stem

    entry_lines = cached_lines(work / f"{tag}.entries.gz", _entries)
    form_lines = cached_lines(work / f"{tag}.forms.gz", _forms)
    parsed = []
    for line in entry_lines:
        stem, _, flags = line.partition("\t")
        parsed.append(Entry(stem, frozenset(flags.split())))
    return form_lines, parsed


def without_names(lang: str, form_lines: list[str], own: str, keep: Iterable[str] = ()) -> list[str]:
    """``form_lines`` minus the forms of lower-case entries that are names.

    sjp.pl and OpenTaal list brands and places in lower case (nokia, texas,
    viagra: a "nokia" is a phone); `names.names_among` tells them by the other
    languages' dictionaries and simplemma, ``keep`` holds the reviewed words
    that rule would drop. Every form of such an entry leaves the guesses.
    """
    from tools.lexicon.names import names_among

    stems = {line.split("\t", 1)[1] for line in form_lines if "\t" in line and line[:1].islower()}
    names = names_among(lang, {s for s in stems if s.islower()}, own, keep)
    return [line for line in form_lines if line.split("\t", 1)[-1] not in names]


def attested(lang: str, min_zipf: float):  # type: ignore[no-untyped-def]
    """A filter of expanded forms: kept when a second source has met them.

    Affix rules build forms nobody writes (de koogs, dahabt; nl clasht,
    pacete; pl fyrań, tertii: about half of the forms no source below knows;
    third pass). A form stays when simplemma's form table holds
    it (German nouns with their capital), when Tesseract's web word list does
    (`tools/lexicon/tessdata.py`), or when wordfreq gives it a zipf of at
    least ``min_zipf``.
    """
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory
    from wordfreq import zipf_frequency

    from tools.lexicon import tessdata

    table = DefaultDictionaryFactory().get_dictionary(lang)
    web = tessdata.web_words(lang)

    def known(word: str) -> bool:
        if word in table or word.capitalize() in table or key_of(lang, word) in web:
            return True
        return bool(zipf_frequency(word, lang) >= min_zipf)

    return known


# --- answers ----------------------------------------------------------------


def by_length(lang: str, words: Iterable[str], lengths: Iterable[int]) -> dict[int, list[str]]:
    """Words grouped by their length in letters (``key_of``), order kept, no repeats."""
    wanted = set(lengths)
    out: dict[int, list[str]] = {n: [] for n in wanted}
    seen: set[str] = set()
    for word in words:
        key = key_of(lang, word)
        if key is None or len(key) not in wanted or key in seen:
            continue
        seen.add(key)
        out[len(key)].append(word)
    return out


def rank_answers(lang: str, candidates: Iterable[str], min_zipf: dict[int, float], spelling=str) -> list[str]:  # type: ignore[no-untyped-def]
    """Candidates at or above ``min_zipf[length]`` in wordfreq, minus the deny list, most frequent first.

    The thresholds are per length so that each list holds about 500 candidates
    before the review: few enough to read them all, word by word.

    ``spelling`` maps a candidate to the spelling wordfreq knows (Dutch ĳ -> ij).
    """
    from wordfreq import zipf_frequency

    denied = deny_list(lang)
    scored = []
    for word in set(candidates):
        key = key_of(lang, word)
        if key is None or key in denied or len(key) not in min_zipf:
            continue
        zipf = zipf_frequency(spelling(word), lang)
        if zipf >= min_zipf[len(key)]:
            scored.append((-zipf, word))
    return [w for _, w in sorted(scored)]


# --- offensive words --------------------------------------------------------

NAUGHTY_VERSION = "1.2.0"


def naughty_words(work: Path, lang: str) -> set[str]:
    """Lower-case single words of the npm ``naughty-words`` list of ``lang``.

    Fetched once with ``npm pack`` into ``work`` (pinned version); phrases with
    spaces are skipped since they can never be list entries.
    """
    import json
    import subprocess
    import tarfile

    tgz = work / f"naughty-words-{NAUGHTY_VERSION}.tgz"
    if not tgz.exists():
        subprocess.run(
            ["npm", "pack", f"naughty-words@{NAUGHTY_VERSION}", "--silent"],
            cwd=work,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    with tarfile.open(tgz) as tar:
        member = tar.extractfile(f"package/{lang}.json")
        assert member is not None
        words = json.load(member)
    return {w.lower() for w in words if " " not in w}


def package_file(package: str, *parts: str) -> Path:
    """A data file shipped inside an installed (pinned) PyPI package."""
    import importlib.util

    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.origin is not None, f"{package} is not installed"
    return Path(spec.origin).parent.joinpath(*parts)


#: How much rarer (zipf) than the word simplemma's lemma must be to be ignored.
RARE_LEMMA = 2.0


def is_lemma(word: str, lang: str, head: bool = False, rare_lemma: bool = False) -> bool:
    """simplemma's base-form test (it returns the word itself for a lemma).

    ``head`` says the dictionary gives the word its own paradigm (plural,
    conjugation flags). simplemma then sometimes maps a true base form onto a
    longer homograph (nl fiets -> fietsen, de Löffel -> löffeln): trust the
    dictionary in that case.
    """
    import simplemma
    from wordfreq import zipf_frequency

    lemma = simplemma.lemmatize(word, lang)
    if lemma == word:
        return True
    if rare_lemma and zipf_frequency(lemma, lang) < zipf_frequency(word, lang) - RARE_LEMMA:
        return True  # a rare homograph's form (nl geel -> vergelen, sneeuw -> sneeuwen)
    return head and len(lemma) > len(word) and lemma.lower().startswith(word.lower())
