"""The bots' precomputed guesses: one guess tree per level and list, shipped beside the word lists.

A tree maps the patterns a bot has seen so far, joined (``""`` before the first
row, ``"--G-Y"`` after one row, ``"--G-YG-G--"`` after two...), to the guess it
plays next. In the file (plain text), each tree is lines of a path then its guess
(the root's path is the empty first line), made a dict only when a bot of that
level first plays the list: reading the file and making the dict take about a
millisecond, once per list and level in a process.

The hard tree is the greedy `solver.Solver`'s own choices, and the expert tree
the `expert.Planner`'s search, from the opener down to every answer: every state
a bot of that level meets in Duel de Mots is a lookup, so no game and no start-up
computes anything. The trees see what the player sees (their own
rows), never the answer.

File: ``wordarena/data/words/<lang>/<length>/bots.txt``, built by
``tools/lexicon/bot_tables.py`` (``make lexicon``, or alone with
``python -m tools.lexicon.bot_tables``). It names the lists it was built from
(counts, a CRC of the answers checked when loading, a SHA-256 of answers and
guesses checked by the tests) so a table never serves another list.
"""

from __future__ import annotations

import functools
import hashlib
import json
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from wordarena.core.feedback import pattern
from wordarena.core.lexicon import WordList
from wordarena.core.solver import Row, Solver

FORMAT: Final = 3
FILE_NAME: Final = "bots.txt"
#: The levels that play from a tree.
TREE_LEVELS: Final = ("hard", "expert")

Tree = Mapping[str, str]


@dataclass(frozen=True)
class Tables:
    """The trees of one list, and what identifies the list they were built from."""

    lang: str
    length: int
    answers: int
    guesses: int
    answers_crc: int
    lists_sha256: str
    texts: Mapping[str, str]  # level -> the tree as lines: path, guess, path, guess...
    settings: Mapping[str, Any]

    def tree(self, level: str) -> Tree | None:
        """The tree of ``level`` (built from its text once), or None."""
        return _parse(self.texts[level]) if level in self.texts else None

    def fits(self, words: WordList) -> bool:
        """True when ``words`` is the list these trees were built from (cheap: counts and a CRC)."""
        return (
            words.lang == self.lang
            and words.length == self.length
            and len(words.answers) == self.answers
            and len(words.guesses) == self.guesses
            and answers_crc(words.answers) == self.answers_crc
        )


def answers_crc(answers: Sequence[str]) -> int:
    return zlib.crc32("\n".join(answers).encode("utf-8"))


def lists_sha256(answers: Iterable[str], guesses: Iterable[str]) -> str:
    """SHA-256 of the sorted answers, a blank line, the sorted guesses (answers included)."""
    answers = sorted(set(answers))
    text = "\n".join(answers) + "\n\n" + "\n".join(sorted(set(guesses) | set(answers)))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def lookup(tree: Tree, history: Sequence[Row]) -> str | None:
    """The tree's next guess after ``history``, or None when the rows left the tree."""
    path = ""
    for guess, marks in history:
        if tree.get(path) != guess:
            return None
        path += marks
    return tree.get(path)


def grow(solver: Solver, decide: Callable[[int, int], str]) -> dict[str, str]:
    """The tree of a policy: ``decide(state, row)`` is the guess at a state (bit set of answers).

    Follows every answer from the first guess until it is found, with the referee's
    `feedback.pattern` naming each branch (so lookups match the rows games give).
    """
    tree: dict[str, str] = {}
    stack: list[tuple[str, int, int]] = [("", solver.state(), 0)]
    while stack:
        path, state, row = stack.pop()
        guess = decide(state, row)
        tree[path] = guess
        for cls in solver.classes(guess, state):
            answer = solver.answers[(cls & -cls).bit_length() - 1]
            if answer != guess:
                stack.append((path + pattern(answer, guess), cls, row + 1))
    return dict(sorted(tree.items()))


def to_text(tree: Tree) -> str:
    return "\n".join(f"{path}\n{guess}" for path, guess in sorted(tree.items()))


@functools.lru_cache(maxsize=64)
def _parse(text: str) -> dict[str, str]:
    lines = text.split("\n")
    return dict(zip(lines[0::2], lines[1::2], strict=True))


def encode(tables: Tables) -> str:
    """The file: a JSON header line, then per level a line ``[level]`` and its tree's text.

    Plain text (git compresses it anyway): reading it is one file read and no
    decompression, and a rebuild shows as a diff of paths and guesses.
    """
    header = {
        "format": FORMAT,
        "lang": tables.lang,
        "length": tables.length,
        "answers": tables.answers,
        "guesses": tables.guesses,
        "answers_crc32": tables.answers_crc,
        "lists_sha256": tables.lists_sha256,
        "settings": tables.settings,
    }
    parts = [json.dumps(header, ensure_ascii=False, separators=(",", ":"), sort_keys=True)]
    parts += [f"[{level}]\n{text}" for level, text in sorted(tables.texts.items())]
    return "\n".join(parts) + "\n"


def decode(text: str) -> Tables:
    # A path holds only G, Y and -, a guess only letters: a line starting "[" opens a level.
    head, *sections = text.removesuffix("\n").split("\n[")
    document = json.loads(head)
    if document.get("format") != FORMAT:
        raise ValueError(f"bot tables of format {document.get('format')!r}, expected {FORMAT}")
    texts = dict(section.split("]\n", 1) for section in sections)
    return Tables(
        lang=document["lang"],
        length=document["length"],
        answers=document["answers"],
        guesses=document["guesses"],
        answers_crc=document["answers_crc32"],
        lists_sha256=document["lists_sha256"],
        texts=texts,
        settings=document["settings"],
    )


@functools.cache
def shipped(lang: str, length: int) -> Tables | None:
    """The trees shipped for a list (read once, on first use), or None when there are none."""
    file = resources.files("wordarena.data").joinpath("words", lang, str(length), FILE_NAME)
    if not file.is_file():
        return None
    return decode(file.read_text(encoding="utf-8"))


#: Per list, the answers (the very tuple) known to fit its shipped tables: checked once.
_fitting: dict[tuple[str, int], tuple[str, ...]] = {}


def tree_for(words: WordList, level: str) -> Tree | None:
    """The shipped tree of ``level`` for exactly this list, or None."""
    tables = shipped(words.lang, words.length)
    if tables is None:
        return None
    key = (words.lang, words.length)
    if _fitting.get(key) is not words.answers:
        if not tables.fits(words):
            return None
        _fitting[key] = words.answers
    return tables.tree(level)
