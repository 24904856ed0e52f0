"""Shared steps of the Italian, Portuguese and Indonesian word lists.

The three languages are built the same way: a Hunspell dictionary expanded
into all its word forms (guesses), its lower-case stems that are frequent base
forms (answer candidates), an offensive-word filter and the review's deny list.
Only the sources and a few thresholds differ; they live in ``langs/<lang>.py``.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import tarfile
from collections.abc import Iterable
from pathlib import Path

from tools.lexicon.common import deny_list, key_of

# A lower-case Roman numeral (the Italian dictionary lists "xlii", "mmlx"...).
ROMAN = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")

# npm package with per-language lists of offensive words (CC-BY-4.0).
NAUGHTY_VERSION = "1.2.0"


def site_packages() -> Path:
    """The tool virtualenv's site-packages (dictionaries ship inside PyPI packages)."""
    import spylls

    return Path(spylls.__file__).resolve().parents[1]


def hunspell_path(package: str, relative: str) -> Path:
    """Path (without .aff/.dic) of a dictionary shipped in a PyPI package."""
    return site_packages() / package / relative


def _apply_suffix(stem: str, sfx) -> str | None:  # type: ignore[no-untyped-def]
    """``stem`` with one Hunspell suffix applied, or None when its condition fails."""
    if sfx.strip and not stem.endswith(sfx.strip):
        return None
    if not sfx.cond_regexp.search(stem):
        return None
    return stem[: len(stem) - len(sfx.strip)] + sfx.add


def _apply_prefix(stem: str, pfx) -> str | None:  # type: ignore[no-untyped-def]
    """``stem`` with one Hunspell prefix applied, or None when its condition fails."""
    if pfx.strip and not stem.startswith(pfx.strip):
        return None
    if not pfx.cond_regexp.search(stem):
        return None
    return pfx.add + stem[len(pfx.strip) :]


def _slack(aff) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Most letters a later suffix / a prefix can strip: bounds used to prune forms."""
    sfx = max((len(s.strip) for group in aff.SFX.values() for s in group), default=0)
    pfx = max((len(p.strip) for group in aff.PFX.values() for p in group), default=0)
    return sfx, pfx


def _forms_of(  # type: ignore[no-untyped-def]
    aff, stem: str, flags: set[str], max_len: int, slack: tuple[int, int]
) -> set[str]:
    """Every form the affix rules can build from one entry, up to about ``max_len``.

    It over-generates on purpose (circumfixes and NEEDAFFIX are left to the spell
    checker's own lookup afterwards). Forms that cannot shrink back to ``max_len``
    are pruned by length before any regex runs: Italian verbs with enclitics
    otherwise yield tens of millions of forms.
    """
    sfx_slack, pfx_slack = slack
    forms = {stem}
    suffixed: list[tuple[str, set[str], bool]] = [(stem, flags, True)]
    for flag in flags & aff.SFX.keys():
        for sfx in aff.SFX[flag]:
            size = len(stem) - len(sfx.strip) + len(sfx.add)
            if size > max_len + pfx_slack + (sfx_slack if sfx.flags else 0):
                continue
            form = _apply_suffix(stem, sfx)
            if form is None:
                continue
            suffixed.append((form, flags | sfx.flags, sfx.crossproduct))
            # Twofold suffixes: a continuation class on the suffix itself.
            for flag2 in sfx.flags & aff.SFX.keys():
                for sfx2 in aff.SFX[flag2]:
                    if len(form) - len(sfx2.strip) + len(sfx2.add) > max_len + pfx_slack:
                        continue
                    form2 = _apply_suffix(form, sfx2)
                    if form2 is not None:
                        suffixed.append((form2, flags | sfx.flags, sfx.crossproduct))
    for form, form_flags, cross in suffixed:
        forms.add(form)
        for flag in form_flags & aff.PFX.keys():
            for pfx in aff.PFX[flag]:
                if form != stem and not (cross and pfx.crossproduct):
                    continue
                pre = _apply_prefix(form, pfx)
                if pre is not None:
                    forms.add(pre)
    return forms


def expand(lang: str, base: Path, lengths: Iterable[int], cache: Path) -> dict[str, list[str]]:
    """Lower-case forms and stems of a Hunspell dictionary, for the given lengths.

    Returns {"forms": [...], "stems": [...]}: every form the dictionary accepts
    (checked with spylls' own lookup, so circumfixes, NEEDAFFIX and forbidden
    words are handled by Hunspell's rules, not ours), and the lower-case entries
    themselves (which are accepted as they stand). Capitalised entries (names,
    abbreviations) are skipped. Cached as gzip JSON in ``cache``: a pt_BR
    expansion takes minutes.
    """
    if cache.exists():
        return _plain_words(json.loads(gzip.decompress(cache.read_bytes())))
    from spylls.hunspell import Dictionary

    wanted = set(lengths)
    dictionary = Dictionary.from_files(str(base))
    aff = dictionary.aff
    slack = _slack(aff)
    candidates: set[str] = set()
    stems: set[str] = set()
    for word in dictionary.dic.words:
        stem = word.stem
        if not stem or stem != stem.lower():
            continue  # names, abbreviations, comment lines
        for form in _forms_of(aff, stem, set(word.flags), max(wanted), slack):
            key = key_of(lang, form)
            if key is not None and len(key) in wanted:
                candidates.add(form)
        key = key_of(lang, stem)
        if key is not None and len(key) in wanted:
            stems.add(stem)
    forms = sorted(f for f in candidates if dictionary.lookup(f))
    good = set(forms)
    result = {"forms": forms, "stems": sorted(s for s in stems if s in good)}
    cache.write_bytes(gzip.compress(json.dumps(result, ensure_ascii=False).encode("utf-8")))
    return _plain_words(result)


def _plain_words(result: dict[str, list[str]]) -> dict[str, list[str]]:
    """Drops forms that are not plain lower-case words: Roman numerals, and affixed
    forms with a capital inside (Indonesian "-Nya", used for God, gives "abuNya")."""

    def plain(word: str) -> bool:
        return word == word.lower() and not ROMAN.fullmatch(word)

    return {name: [w for w in words if plain(w)] for name, words in result.items()}


def naughty_words(lang: str, work: Path) -> set[str]:
    """Offensive words of ``lang`` from npm ``naughty-words`` (single words only)."""
    tarball = work / f"naughty-words-{NAUGHTY_VERSION}.tgz"
    if not tarball.exists():
        subprocess.run(
            ["npm", "pack", f"naughty-words@{NAUGHTY_VERSION}", "--silent"],
            cwd=work,
            check=True,
            capture_output=True,
        )
    with tarfile.open(tarball) as tar:
        member = tar.extractfile(f"package/{lang}.json")
        words = json.loads(member.read().decode("utf-8")) if member else []
    return {w.lower() for w in words if " " not in w}


def zipf(word: str, lang: str) -> float:
    """wordfreq's Zipf frequency of ``word`` (0 when unknown)."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word, lang)


def is_lemma(word: str, lang: str) -> bool:
    """simplemma's base-form test: drops plurals and conjugated verbs among stems."""
    from simplemma import lemmatize

    return lemmatize(word, lang=lang) == word


def rank_answers(
    lang: str,
    candidates: Iterable[str],
    min_zipf: float,
    blocked: set[str],
    lemma_lang: str | None = None,
) -> list[str]:
    """Answer candidates that are frequent base forms, most frequent first.

    ``blocked`` holds offensive words (true spelling); the review's deny list is
    applied by key so accent variants are caught too.
    """
    denied = deny_list(lang)
    scored = []
    for word in set(candidates):
        key = key_of(lang, word)
        if key is None or key in denied or word in blocked:
            continue
        if lemma_lang is not None and not is_lemma(word, lemma_lang):
            continue
        freq = zipf(word, lang)
        if freq >= min_zipf:
            scored.append((-freq, word))
    return [word for _, word in sorted(scored)]


def by_length(lang: str, words: Iterable[str], length: int) -> list[str]:
    """The words of exactly ``length`` letters (after normalisation), order kept."""
    out = []
    for word in words:
        key = key_of(lang, word)
        if key is not None and len(key) == length:
            out.append(word)
    return out


#: Lowest wordfreq zipf that attests a generated form on its own: below it
#: wordfreq's counts mix real rare forms with names, typos and fragments
#: (it: todini, ascrea, essete).
ATTESTING_ZIPF = 2.0


def attested(lang: str, min_zipf: float = ATTESTING_ZIPF):  # type: ignore[no-untyped-def]
    """A filter of generated forms: kept when a second source has met them.

    The it_IT and pt dictionaries list odd entries (omio, vipla, labbo) and
    their affix rules generate forms nobody writes; a form is kept when
    simplemma's form table holds it, when Tesseract's web word list for the
    language holds it (`tessdata.web_words`), or when wordfreq gives it a zipf
    of at least ``min_zipf``. Rare but real forms that none of them has are lost
    with the non-words (the judged samples in PROVENANCE weigh the two).
    """
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    from tools.lexicon import tessdata

    table = DefaultDictionaryFactory().get_dictionary(lang)
    web = tessdata.web_words(lang)
    return lambda word: word in table or key_of(lang, word) in web or zipf(word, lang) >= min_zipf
