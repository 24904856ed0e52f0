"""The committed word lists, loaded lazily: one (language, length) on first use.

Files live in ``wordarena/data/words/<lang>/<length>/``: ``answers.txt`` (plain
text) and ``guesses.txt.gz``, one word per line in its true spelling. They are
built by ``tools/lexicon`` (see its README and each language's PROVENANCE.md).
"""

from __future__ import annotations

import functools
import gzip
import re
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable

from wordarena.core.letters import LetterError, alphabet, normalize


class NoWordList(LookupError):
    """No list is shipped for that language and length."""


@dataclass(frozen=True)
class WordList:
    """Answers and guesses of one language and word length, as keys."""

    lang: str
    length: int
    #: Keys of the answers, sorted (index order is stable for seeded draws).
    answers: tuple[str, ...]
    #: Keys of every accepted guess (answers included).
    guesses: frozenset[str]
    #: True spelling of the keys whose spelling differs from the key.
    spellings: dict[str, str]

    def is_guess(self, key: str) -> bool:
        return key in self.guesses

    def spelling(self, key: str) -> str:
        """The word's true spelling (accents, Hangul syllables) for display."""
        return self.spellings.get(key, key)


def _folder(lang: str, length: int) -> Traversable:
    return resources.files("wordarena.data").joinpath("words", lang, str(length))


@functools.cache
def _already_normal(lang: str) -> re.Pattern[str]:
    """Words made only of the language's letters are their own key.

    Most stored words are (lower case, no accent to fold): this skips the full
    normalisation for them, which makes loading several times faster. Not for
    languages with two-character letters (nl ``ij``, uz ``sh``), where plain
    letters can still join into one.
    """
    abc = alphabet(lang)
    if abc.digraphs:
        return re.compile(r"(?!)")  # matches nothing
    return re.compile(f"[{re.escape(abc.letters)}]+")


def _read(lang: str, lines: list[str], spellings: dict[str, str]) -> list[str]:
    keys = []
    plain = _already_normal(lang).fullmatch
    for word in lines:
        if plain(word):
            keys.append(word)
            continue
        try:
            key = normalize(lang, word)
        except LetterError as error:  # a corrupt data file, not a user error
            raise ValueError(f"bad word {word!r} in the {lang} list: {error}") from error
        if key != word:
            spellings[key] = word
        keys.append(key)
    return keys


@functools.cache
def word_list(lang: str, length: int) -> WordList:
    """The list of ``lang`` with words of ``length`` letters (loaded once)."""
    alphabet(lang)  # raises UnknownLanguage for a bad code
    folder = _folder(lang, length)
    answers_file = folder.joinpath("answers.txt")
    if not answers_file.is_file():
        raise NoWordList(f"no {length}-letter word list for {lang}")
    spellings: dict[str, str] = {}
    answers = _read(lang, answers_file.read_text(encoding="utf-8").splitlines(), spellings)
    raw = gzip.decompress(folder.joinpath("guesses.txt.gz").read_bytes()).decode("utf-8")
    guesses = frozenset(_read(lang, raw.splitlines(), spellings)) | frozenset(answers)
    return WordList(lang, length, tuple(sorted(answers)), guesses, spellings)


def available() -> list[tuple[str, int]]:
    """Every (language, length) that has a list, sorted."""
    root = resources.files("wordarena.data").joinpath("words")
    found = []
    for lang_dir in root.iterdir():
        if not lang_dir.is_dir():
            continue
        for length_dir in lang_dir.iterdir():
            if length_dir.name.isdigit() and length_dir.joinpath("answers.txt").is_file():
                found.append((lang_dir.name, int(length_dir.name)))
    return sorted(found)
