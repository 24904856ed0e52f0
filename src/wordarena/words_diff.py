"""``wordarena words --diff OLD_DIR``: what changed in each word list.

``OLD_DIR`` holds lists in the layout of ``wordarena/data/words``
(``<lang>/<length>/answers.txt`` and ``guesses.txt.gz``), e.g. a copy taken
before a rebuild (``git archive main src/wordarena/data/words | tar -x``).
Words are compared by key, so a new spelling of the same key is no change.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

from wordarena.core import lexicon
from wordarena.core.letters import normalize


@dataclass(frozen=True)
class ListDiff:
    """Keys of one list before and after, with their true spellings for display."""

    lang: str
    length: int
    old_answers: frozenset[str]
    new_answers: frozenset[str]
    old_guesses: frozenset[str]
    new_guesses: frozenset[str]
    spellings: dict[str, str]

    def row(self) -> str:
        """One line: answers and guesses, before -> after (+added -removed)."""

        def part(old: frozenset[str], new: frozenset[str]) -> str:
            return f"{len(old):>6} -> {len(new):<6} +{len(new - old):<5} -{len(old - new):<5}"

        return (
            f"{self.lang:<5}{self.length:>3}  "
            f"{part(self.old_answers, self.new_answers)}  {part(self.old_guesses, self.new_guesses)}"
        )

    def words(self) -> list[str]:
        """The changed answers and guesses, one per line, marked + or -."""
        lines = []
        for title, old, new in (
            ("answers", self.old_answers, self.new_answers),
            ("guesses", self.old_guesses, self.new_guesses),
        ):
            lines.append(f"# {self.lang} {self.length} {title}")
            lines += [f"+{self.spellings.get(k, k)}" for k in sorted(new - old)]
            lines += [f"-{self.spellings.get(k, k)}" for k in sorted(old - new)]
        return lines


HEADER = (
    f"{'lang':<5}{'len':>3}  {'answers before -> after  added  removed':<37}  "
    f"{'guesses before -> after  added  removed'}"
)


def _keys(lang: str, lines: list[str], spellings: dict[str, str]) -> frozenset[str]:
    keys = set()
    for word in lines:
        if word:
            key = normalize(lang, word)
            spellings.setdefault(key, word)
            keys.add(key)
    return frozenset(keys)


def _old_list(folder: Path, lang: str, spellings: dict[str, str]) -> tuple[frozenset[str], frozenset[str]]:
    if not (folder / "answers.txt").is_file():
        return frozenset(), frozenset()
    answers = _keys(lang, (folder / "answers.txt").read_text(encoding="utf-8").splitlines(), spellings)
    raw = gzip.decompress((folder / "guesses.txt.gz").read_bytes()).decode("utf-8")
    return answers, _keys(lang, raw.splitlines(), spellings) | answers


def diff(old_dir: Path, lang: str | None = None, length: int | None = None) -> list[ListDiff]:
    """Every list shipped now or in ``old_dir`` (optionally one language / length)."""
    old_lists = {
        (p.parent.parent.name, int(p.parent.name))
        for p in old_dir.glob("*/*/answers.txt")
        if p.parent.name.isdigit()
    }
    wanted = sorted(set(lexicon.available()) | old_lists)
    out = []
    for lst_lang, lst_length in wanted:
        if (lang is not None and lst_lang != lang) or (length is not None and lst_length != length):
            continue
        spellings: dict[str, str] = {}
        old_answers, old_guesses = _old_list(old_dir / lst_lang / str(lst_length), lst_lang, spellings)
        try:
            new = lexicon.word_list(lst_lang, lst_length)
            new_answers, new_guesses = frozenset(new.answers), new.guesses
            spellings.update(new.spellings)
        except lexicon.NoWordList:
            new_answers, new_guesses = frozenset(), frozenset()
        out.append(
            ListDiff(lst_lang, lst_length, old_answers, new_answers, old_guesses, new_guesses, spellings)
        )
    return out
