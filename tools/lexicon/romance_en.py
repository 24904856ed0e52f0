"""Shared recipe of the English, French and Spanish word lists.

The three languages are built the same way, so the steps live here and each
``langs/<lang>.py`` only states its inputs (a `Recipe`):

* guesses: Debian's Hunspell dictionaries, every affix form expanded with
  spylls (hunspell-tools' ``unmunch`` fails on most modern .aff files), plus
  optional plain Debian word lists; entries written with a capital (names) are
  dropped;
* answers: words of wordfreq's list above a zipf threshold that are their own
  simplemma lemma (base forms), are in the guesses, and are not on the
  npm ``naughty-words`` list or the language's reviewed deny list.
"""

from __future__ import annotations

import json
import re
import subprocess
import tarfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tools.lexicon.common import WordLists, deny_list, key_of
from tools.lexicon.names import names_among

if TYPE_CHECKING:  # spylls is only installed in the pipeline's environment
    from spylls.hunspell.data.aff import Prefix, Suffix

#: npm package with offensive-word lists (CC-BY-4.0), pinned.
NAUGHTY_WORDS = ("naughty-words", "1.2.0")
#: Longest raw spelling kept from an expansion: folding can lengthen a word
#: (French "œ" -> "oe"), so keep a little more than the longest list.
_SLACK = 2
#: Roman numerals (SCOWL lists "lxvi", "xviii"...): numbers, not words.
_ROMAN = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")


@dataclass(frozen=True)
class Recipe:
    """What one language reads and how strictly it picks answers."""

    lang: str
    lengths: tuple[int, ...]
    #: Debian packages to fetch: (name, exact version).
    debs: tuple[tuple[str, str], ...]
    #: Hunspell dictionaries inside the unpacked packages, without ``.aff``/``.dic``.
    hunspell: tuple[str, ...]
    #: Plain word lists (one word a line) inside the packages, used for guesses only.
    word_lists: tuple[str, ...] = ()
    #: Lowest wordfreq zipf frequency of an answer, by length: the 5-letter lists
    #: also serve Duel de Mots (800 answers at least), so they reach lower.
    zipf_min: dict[int, float] = field(default_factory=dict)
    #: When set, guesses without any of these letters are abbreviations ("bldg",
    #: "html") and are dropped, except the real words of ``vowelless_words``.
    vowels: str = ""
    vowelless_words: frozenset[str] = frozenset()
    #: When set, the language's own dictionary among `common.NAME_DICTIONARIES`:
    #: lower-case entries that are other languages' names and that simplemma
    #: does not know leave both lists (`names.names_among`), except ``not_names``.
    name_dictionary: str = ""
    not_names: frozenset[str] = frozenset()
    #: When set, a folder of plain word lists inside the unpacked packages, and
    #: the glob of the files in it that must hold every guess (accents folded,
    #: lower-case entries): English keeps only what SCOWL's own *words* lists
    #: hold, which leaves out what SCOWL files as abbreviations (dept, natl,
    #: ibid), proper names or hacker slang, and the en_GB dictionary's additions
    #: that no SCOWL list has (subak, adorbs, zipx); ``attest_keep``: reviewed
    #: clipped words SCOWL files as abbreviations that are ordinary words.
    attest_folder: str = ""
    attest_glob: str = ""
    attest_keep: frozenset[str] = frozenset()


# --- fetching -------------------------------------------------------------------


def fetch_debs(work: Path, debs: Iterable[tuple[str, str]]) -> Path:
    """Download (once) and unpack the pinned Debian packages; returns the unpack root."""
    root = work / "x"
    for name, version in debs:
        if not list(work.glob(f"{name}_*.deb")):
            subprocess.run(["apt-get", "download", f"{name}={version}"], cwd=work, check=True)
        marker = work / f".unpacked-{name}"
        if not marker.exists():
            (deb,) = work.glob(f"{name}_*.deb")
            subprocess.run(["dpkg", "-x", str(deb), str(root)], check=True)
            marker.touch()
    return root


def fetch_npm(work: Path, name: str, version: str) -> Path:
    """Download (once) and unpack a pinned npm package; returns its ``package`` folder."""
    folder = work / f"npm-{name}-{version}"
    if not (folder / "package").exists():
        tarball = work / f"{name}-{version}.tgz"
        if not tarball.exists():
            subprocess.run(["npm", "pack", f"{name}@{version}"], cwd=work, check=True, capture_output=True)
        with tarfile.open(tarball) as archive:
            archive.extractall(folder, filter="data")
    return folder / "package"


# --- hunspell expansion -----------------------------------------------------------


def _suffixed(stem: str, flags: Iterable[str], sfx: dict[str, list[Suffix]]) -> Iterator[tuple[str, Suffix]]:
    """Each (form, suffix) made by one suffix whose flag is in ``flags``."""
    for flag in flags:
        for suffix in sfx.get(flag, ()):
            if stem.endswith(suffix.strip) and suffix.cond_regexp.search(stem):
                yield stem[: len(stem) - len(suffix.strip)] + suffix.add, suffix


def _prefixed(
    stem: str, flags: Iterable[str], pfx: dict[str, list[Prefix]], cross_only: bool
) -> Iterator[tuple[str, Prefix]]:
    """Each (form, prefix) made by one prefix whose flag is in ``flags``."""
    for flag in flags:
        for prefix in pfx.get(flag, ()):
            if cross_only and not prefix.crossproduct:
                continue
            if stem.startswith(prefix.strip) and prefix.cond_regexp.search(stem):
                yield prefix.add + stem[len(prefix.strip) :], prefix


def expand(base: Path, max_len: int) -> set[str]:
    """All lower-case-stem word forms of a Hunspell dictionary up to ``max_len`` characters.

    Applies one suffix, a second suffix allowed by the first one's continuation
    flags (Hunspell's "twofold" suffixes), and prefixes (on suffixed forms only
    when both sides allow the cross product). Stems with a capital are names and
    are skipped; NEEDAFFIX/ONLYINCOMPOUND/CIRCUMFIX forms are not emitted alone.
    """
    from spylls.hunspell import Dictionary  # imported here: only the pipeline needs it

    dictionary = Dictionary.from_files(str(base))
    aff, sfx, pfx = dictionary.aff, dictionary.aff.SFX, dictionary.aff.PFX
    blocked = {f for f in (aff.NEEDAFFIX, aff.ONLYINCOMPOUND, aff.CIRCUMFIX) if f}
    forbidden: set[str] = set()
    forms: set[str] = set()
    for word in dictionary.dic.words:
        stem = word.stem
        if stem != stem.lower():
            continue
        if aff.FORBIDDENWORD and aff.FORBIDDENWORD in word.flags:
            forbidden.add(stem)
            continue
        if aff.ONLYINCOMPOUND and aff.ONLYINCOMPOUND in word.flags:
            continue
        if "err" in word.data.get("po", ()):  # French marks elided fragments ("jusqu") po:err
            continue
        found: set[str] = set()
        if not (aff.NEEDAFFIX and aff.NEEDAFFIX in word.flags):
            found.add(stem)
        for form, suffix in _suffixed(stem, word.flags, sfx):
            if not (blocked & suffix.flags):
                found.add(form)
            for form2, suffix2 in _suffixed(form, suffix.flags, sfx):
                if not (blocked & suffix2.flags):
                    found.add(form2)
            if suffix.crossproduct:
                found.update(f for f, p in _prefixed(form, word.flags, pfx, True) if not (blocked & p.flags))
        found.update(f for f, p in _prefixed(stem, word.flags, pfx, False) if not (blocked & p.flags))
        # A capital can also come from an affix (French unit prefixes: "Gkat").
        forms.update(f for f in found if len(f) <= max_len and f == f.lower())
    return forms - forbidden


def cached_forms(work: Path, base: Path, max_len: int) -> set[str]:
    """`expand`, cached in ``work`` (the expansion takes seconds to minutes)."""
    cache = work / f"forms-{base.name}-{max_len}.txt"
    if not cache.exists():
        forms = expand(base, max_len)
        cache.write_text("".join(f + "\n" for f in sorted(forms)), encoding="utf-8")
    return set(cache.read_text(encoding="utf-8").split())


def plain_words(path: Path) -> set[str]:
    """Lower-case entries of a plain word list (capitalised ones are names)."""
    words = path.read_text(encoding="utf-8").split("\n")
    return {w.strip() for w in words if w.strip() and w.strip() == w.strip().lower()}


def _fold(word: str) -> str:
    """Lower case without accents (SCOWL writes café, the dictionaries cafe or café)."""
    import unicodedata

    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def attested_words(folder: Path, pattern: str) -> set[str]:
    """Folded lower-case entries of the word lists ``folder/pattern`` (UTF-8, one a line)."""
    words: set[str] = set()
    for path in sorted(folder.glob(pattern)):
        for line in path.read_text(encoding="utf-8").splitlines():
            word = line.strip()
            if word and word == word.lower():
                words.add(_fold(word))
    return words


# --- answers ----------------------------------------------------------------------


def naughty_keys(work: Path, lang: str) -> set[str]:
    """Keys of the offensive words npm ``naughty-words`` lists for ``lang``."""
    package = fetch_npm(work, *NAUGHTY_WORDS)
    words = json.loads((package / f"{lang}.json").read_text(encoding="utf-8"))
    keys = {key_of(lang, word.strip().lower()) for word in words}  # phrases give None
    return {key for key in keys if key is not None}


def build(recipe: Recipe, work: Path) -> dict[int, WordLists]:
    """The answer and guess lists of every length of ``recipe``."""
    import simplemma
    from wordfreq import iter_wordlist, zipf_frequency

    lang = recipe.lang
    root = fetch_debs(work, recipe.debs)
    max_len = max(recipe.lengths) + _SLACK
    known: set[str] = set()
    for name in recipe.hunspell:
        known |= cached_forms(work, root / name, max_len)
    for name in recipe.word_lists:
        known |= {w for w in plain_words(root / name) if len(w) <= max_len}
    if recipe.name_dictionary:
        known -= names_among(lang, known, recipe.name_dictionary, recipe.not_names)
    if recipe.attest_glob:
        attested = attested_words(root / recipe.attest_folder, recipe.attest_glob) | recipe.attest_keep
        known = {w for w in known if _fold(w) in attested}
    by_length: dict[int, list[str]] = {n: [] for n in recipe.lengths}
    for word in known:
        if _ROMAN.fullmatch(word):
            continue
        if recipe.vowels and not set(word) & set(recipe.vowels) and word not in recipe.vowelless_words:
            continue
        key = key_of(lang, word)
        if key is not None and len(key) in by_length:
            by_length[len(key)].append(word)
    # Most frequent spelling first, so the writer keeps it when folding merges two.
    freq = {w: zipf_frequency(w, lang) for words in by_length.values() for w in words}
    refused = naughty_keys(work, lang) | deny_list(lang)
    answers: dict[int, list[str]] = {n: [] for n in recipe.lengths}
    lowest = min(recipe.zipf_min.values())
    for word in iter_wordlist(lang):  # most frequent first
        zipf = zipf_frequency(word, lang)
        if zipf < lowest:
            break
        key = key_of(lang, word)
        if key is None or len(key) not in answers or word not in freq or key in refused:
            continue
        if zipf < recipe.zipf_min[len(key)]:
            continue
        if simplemma.lemmatize(word, lang=lang) == word:
            answers[len(key)].append(word)
    return {
        n: WordLists(answers=answers[n], guesses=sorted(by_length[n], key=lambda w: (-freq[w], w)))
        for n in recipe.lengths
    }
