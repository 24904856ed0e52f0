"""Shared pieces of the word-list pipeline: keys, deny lists, output files.

Every language module in ``tools/lexicon/langs/`` exposes::

    SOURCES: list[Source]            # what it reads, pinned, with licences
    LENGTHS: tuple[int, ...]         # word lengths it builds
    def build(work: Path) -> dict[int, WordLists]

and ``build.py`` writes what ``build`` returns with `write_lists`.
"""

from __future__ import annotations

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


def _unique_by_key(lang: str, length: int, words: Iterable[str]) -> dict[str, str]:
    """Key -> first spelling seen, for words of exactly ``length`` letters."""
    chosen: dict[str, str] = {}
    for word in words:
        key = key_of(lang, word)
        if key is not None and len(key) == length and key not in chosen:
            chosen[key] = word
    return chosen


def write_lists(lang: str, length: int, lists: WordLists) -> tuple[int, int]:
    """Write ``answers.txt`` and ``guesses.txt.gz``; returns (answers, guesses) counts.

    Answers are given most frequent first, so when accent folding makes two
    answers share a key the more frequent spelling is kept. Every answer is
    added to the guesses. Files are sorted by key so rebuilds diff cleanly.
    """
    answers = _unique_by_key(lang, length, lists.answers)
    guesses = _unique_by_key(lang, length, lists.guesses)
    guesses.update(answers)
    folder = DATA / lang / str(length)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "answers.txt").write_text("".join(answers[k] + "\n" for k in sorted(answers)), encoding="utf-8")
    raw = "".join(guesses[k] + "\n" for k in sorted(guesses)).encode("utf-8")
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0, compresslevel=9) as out:
        out.write(raw)
    (folder / "guesses.txt.gz").write_bytes(buffer.getvalue())
    return len(answers), len(guesses)
