"""Two-pass colour hints (RULES.md A1) and the keyboard's best hint per letter (B2).

Both functions take *keys* (see `letters.normalize`): one code point per letter.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Hint(IntEnum):
    """A letter's colour; the order is the keyboard's "best hint" order."""

    ABSENT = 0  # grey
    PRESENT = 1  # amber
    CORRECT = 2  # green

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS: Final = {Hint.ABSENT: "-", Hint.PRESENT: "Y", Hint.CORRECT: "G"}


def pattern(answer: str, guess: str) -> str:
    """Colours of ``guess`` against ``answer`` as text: ``G`` green, ``Y`` amber, ``-`` grey.

    Both are keys of the same length. Pass 1: exact matches are green and use
    up their copy of the letter. Pass 2: left to right, a letter is amber while
    the answer still has an unassigned copy of it, else grey. So green+amber
    of a letter never exceed its count in the answer.
    """
    if len(answer) != len(guess):
        raise ValueError(f"answer has {len(answer)} letters, guess has {len(guess)}")
    if answer == guess:
        return "G" * len(guess)
    marks = ["-"] * len(guess)
    unassigned: dict[str, int] = {}
    for i, (a, g) in enumerate(zip(answer, guess)):
        if a == g:
            marks[i] = "G"
        else:
            unassigned[a] = unassigned.get(a, 0) + 1
    for i, g in enumerate(guess):
        if marks[i] == "-" and unassigned.get(g, 0) > 0:
            marks[i] = "Y"
            unassigned[g] -= 1
    return "".join(marks)


_HINT_OF: Final = {"G": Hint.CORRECT, "Y": Hint.PRESENT, "-": Hint.ABSENT}


def feedback(answer: str, guess: str) -> tuple[Hint, ...]:
    """The same colours as `pattern`, as `Hint` values."""
    return tuple(_HINT_OF[mark] for mark in pattern(answer, guess))


def is_solved(hints: tuple[Hint, ...]) -> bool:
    return all(h is Hint.CORRECT for h in hints)


class KeyboardState:
    """Best hint seen so far for each letter of one player; never downgraded."""

    def __init__(self, best: dict[str, Hint] | None = None) -> None:
        self._best: dict[str, Hint] = dict(best or {})

    def record(self, guess: str, hints: tuple[Hint, ...]) -> None:
        for letter, hint in zip(guess, hints):
            if letter not in self._best or hint > self._best[letter]:
                self._best[letter] = hint

    def hint(self, letter: str) -> Hint | None:
        """The best hint of ``letter``, or None while it has not been played."""
        return self._best.get(letter)

    def as_dict(self) -> dict[str, Hint]:
        return dict(self._best)
