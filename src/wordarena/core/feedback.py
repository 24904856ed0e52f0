"""Two-pass colour hints (A1) and the keyboard's best hint per letter (B2).

Both take *keys* (see `letters.normalize`): one code point per letter.
"""

from __future__ import annotations

from typing import Final


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


RANK: Final = {"-": 0, "Y": 1, "G": 2}  # the keyboard's order: green beats amber beats grey


def keep_best(keyboard: dict[str, str], key: str, marks: str) -> None:
    """B2: record a row on a keyboard (letter -> best mark so far); a hint is never downgraded."""
    for letter, mark in zip(key, marks):
        if RANK[mark] > RANK.get(keyboard.get(letter, ""), -1):
            keyboard[letter] = mark
