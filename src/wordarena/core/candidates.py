"""Which answers a player's rows leave, cheaply enough to run on the event loop.

The easy and medium bots need only this, not the hard bot's `solver.Solver` (whose
tables take up to two seconds to build for a large guess list). An `AnswerIndex`
costs a few hundred microseconds to make: one byte string per position holding
that position's letter of every answer. A row's bit sets (bit j = ``answers[j]``)
are made from those on first need, a few microseconds each, and kept:

- green at position i: ``bytes.translate`` of column i, read as a binary number;
- "at least c copies of L": from L's five green sets, counted bit-parallel.

`tests/core/test_candidates.py` checks it against `feedback.pattern` and the solver.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence

from wordarena.core.solver import Row

_MARKS = frozenset("GY-")
#: Per byte value, the ``bytes.translate`` table that marks it b"1" and every other byte b"0".
_ONE = [b"0" * value + b"1" + b"0" * (255 - value) for value in range(256)]


class AnswerIndex:
    """The answers of one list as bit sets per hint, built lazily."""

    def __init__(self, answers: Sequence[str]) -> None:
        self.answers: tuple[str, ...] = tuple(answers)
        if not self.answers or len({len(w) for w in self.answers}) != 1:
            raise ValueError("an answer index needs answers, all of one length")
        self.length = len(self.answers[0])
        self.everything = (1 << len(self.answers)) - 1
        # Every letter as two bytes (UTF-16, all letters of the game are in the BMP), so a
        # column is two bytes slices and a letter's set two `bytes.translate` into b"0"/b"1"
        # read as binary numbers. Reversed, so that the last answer is the lowest bit.
        encoded = "".join(self.answers).encode("utf-16-le")
        if len(encoded) != 2 * self.length * len(self.answers):
            raise ValueError("an answer index takes letters of the Basic Multilingual Plane only")
        step = 2 * self.length
        self._columns = [
            (encoded[2 * i :: step][::-1], encoded[2 * i + 1 :: step][::-1]) for i in range(self.length)
        ]
        self._green: dict[tuple[str, int], int] = {}
        self._at_least: dict[tuple[str, int], int] = {}
        self._positions: dict[str, int] | None = None

    def green(self, letter: str, position: int) -> int:
        """The answers with ``letter`` at ``position``."""
        key = (letter, position)
        mask = self._green.get(key)
        if mask is None:
            if len(letter) != 1 or ord(letter) > 0xFFFF:  # no answer holds it
                mask = 0
            else:
                low, high = ord(letter) & 0xFF, ord(letter) >> 8
                lows, highs = self._columns[position]
                mask = int(lows.translate(_ONE[low]), 2) & int(highs.translate(_ONE[high]), 2)
            self._green[key] = mask
        return mask

    def at_least(self, letter: str, count: int) -> int:
        """The answers holding ``letter`` at least ``count`` times."""
        key = (letter, count)
        mask = self._at_least.get(key)
        if mask is None:
            # counts[k]: the answers with more than k copies among the positions seen so far.
            counts = [0] * self.length
            for position in range(self.length):
                here = self.green(letter, position)
                for k in range(self.length - 1, 0, -1):
                    counts[k] |= counts[k - 1] & here
                counts[0] |= here
            for k, found in enumerate(counts, start=1):
                self._at_least[(letter, k)] = found
            mask = self._at_least.get(key, 0)
        return mask

    def row_mask(self, guess: str, marks: str) -> int:
        """The answers that would give ``marks`` to ``guess`` (A1)."""
        if len(guess) != self.length or len(marks) != self.length or not set(marks) <= _MARKS:
            raise ValueError(f"bad row {guess!r} {marks!r} for {self.length}-letter words")
        mask = self.everything
        greyed: set[str] = set()
        for i, (letter, mark) in enumerate(zip(guess, marks)):
            if mark == "Y" and letter in greyed:  # an amber after a grey of that letter: no answer
                return 0
            if mark == "-":
                greyed.add(letter)
            green = self.green(letter, i)
            mask &= green if mark == "G" else ~green
        for letter in set(guess):
            marked = sum(1 for g, m in zip(guess, marks) if g == letter and m != "-")
            if marked:
                mask &= self.at_least(letter, marked)
            if letter in greyed:  # a grey copy: exactly ``marked`` of them
                mask &= ~self.at_least(letter, marked + 1)
        return mask & self.everything

    def mask(self, history: Iterable[Row]) -> int:
        """The answers consistent with every row of ``history``."""
        mask = self.everything
        for guess, marks in history:
            mask &= self.row_mask(guess, marks)
        return mask

    def candidates(self, history: Iterable[Row] = ()) -> list[str]:
        """The answers consistent with every row of ``history``, in list order."""
        return [self.answers[i] for i in bits(self.mask(history))]

    def position(self, word: str) -> int | None:
        """The index of ``word`` in ``answers``, or None."""
        if self._positions is None:
            self._positions = {word: i for i, word in enumerate(self.answers)}
        return self._positions.get(word)


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@functools.lru_cache(maxsize=64)
def index_for(answers: tuple[str, ...]) -> AnswerIndex:
    """The shared index of an answer list."""
    return AnswerIndex(answers)
