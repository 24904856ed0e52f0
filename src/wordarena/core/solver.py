"""The hard bot's reasoning: which answers a history leaves, and the guess that splits them best.

Speed comes from one observation about the two-pass hints (A1): the pattern
of ``guess`` against ``answer`` is fixed by a handful of yes/no *features* of the
answer, namely, for every position, "the answer has the guess's letter here" (the
greens) and, for every letter L the guess holds k times, "the answer holds L at
least c times" for c = 1..k (greens + ambers of L = min(count of L, k), ambers on
the leftmost free copies). So the candidates are split by a guess exactly as the
intersections of at most ``length * 2`` bit sets split them: a few dozen big-int
operations instead of one Python pattern call per (guess, candidate) pair.
``tests/core/test_solver.py`` checks this against `feedback.pattern`.

`Solver` is immutable per word list apart from its caches, so one instance serves
every game of that list (`solver_for`). It never sees the answer: only the rows.
On the lists shipped with a guess tree (`bot_tables`), games never build a solver:
it builds the trees (``tools/lexicon/bot_tables.py``) and decides off them.
"""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final

#: One row of a player's grid: (guess key, pattern of ``G``/``Y``/``-``).
Row = tuple[str, str]

#: Guesses scored per decision, best-looking first: the cap trades a little quality
#: (+0.003 guesses a game on the classic lists) for a bounded decision time.
DEFAULT_BUDGET: Final = 150
#: Decisions remembered per list: every game of a list shares its early states.
_DECISION_CACHE_LIMIT: Final = 20_000
_MARKS: Final = frozenset("GY-")
#: Up to this many candidates, all of them are scored before the other guesses.
_CANDIDATES_FIRST: Final = 64


def _letter_counts(word: str) -> list[tuple[str, int]]:
    return sorted(Counter(word).items())


def _is_canonical(guess: str, marks: str) -> bool:
    """False for a pattern no answer can give: an amber after a grey of the same letter."""
    greyed: set[str] = set()
    for letter, mark in zip(guess, marks):
        if mark == "-":
            greyed.add(letter)
        elif mark == "Y" and letter in greyed:
            return False
    return True


def _getter(features: tuple[int, ...]) -> Callable[[list[int]], tuple[int, ...]]:
    """``table -> tuple(table[f] for f in features)``, as one `operator.itemgetter` call."""
    getter = operator.itemgetter(*features)
    if len(features) == 1:  # itemgetter of one index returns the item, not a tuple
        return lambda table: (getter(table),)
    return getter


def split(masks: Iterable[int], everything: int) -> list[int]:
    """The classes (as bit sets) of ``everything`` refined by every mask of ``masks``."""
    classes = [everything]
    for mask in masks:
        refined = []
        for cls in classes:
            inside = cls & mask
            if inside and inside != cls:
                refined.append(inside)
                refined.append(cls ^ inside)
            else:
                refined.append(cls)
        classes = refined
    return classes


class Solver:
    """Candidates and greedy "most distinct patterns" guesses for one word list."""

    def __init__(
        self,
        answers: Sequence[str],
        guesses: Iterable[str],
        *,
        budget: int | None = DEFAULT_BUDGET,
        remember: bool = True,
        opener: str | None = None,
    ) -> None:
        self.answers: tuple[str, ...] = tuple(sorted(set(answers)))
        self.guesses: tuple[str, ...] = tuple(sorted(set(guesses) | set(self.answers)))
        lengths = {len(word) for word in self.guesses}
        if len(lengths) != 1 or not self.answers:
            raise ValueError("a solver needs answers, all words of one length")
        self.length: int = lengths.pop()
        self.budget = budget
        self.remember = remember  # False measures every decision cold (benchmarks)
        alphabet = sorted({letter for word in self.guesses for letter in word})
        self._letter_index = {letter: i for i, letter in enumerate(alphabet)}
        self._feature_count = 2 * self.length * len(alphabet)
        # Features true of each answer, and features each guess asks about.
        self._answer_features = [self._features(word) for word in self.answers]
        self._guess_features = [self._features(word) for word in self.guesses]
        # Fetch a guess's masks in one C call: the per-decision ranking touches every guess.
        self._guess_getters = [_getter(features) for features in self._guess_features]
        self._guess_index = {word: i for i, word in enumerate(self.guesses)}
        self._table = self._masks(range(len(self.answers)))
        self._everything = (1 << len(self.answers)) - 1
        # A known opener (shipped with the list, or imposed by a benchmark) skips the search.
        if opener is not None and opener not in self._guess_index:
            raise ValueError(f"opener {opener!r} is not an allowed guess")
        self._opener: str | None = opener
        self._decisions: dict[int, str] = {}
        self._answer_index: dict[int, int] | None = None

    # -- features ---------------------------------------------------------------

    def _green_feature(self, letter: str, position: int) -> int:
        return position * len(self._letter_index) + self._letter_index[letter]

    def _count_feature(self, letter: str, at_least: int) -> int:
        base = self.length * len(self._letter_index)
        return base + self._letter_index[letter] * self.length + at_least - 1

    def _features(self, word: str) -> tuple[int, ...]:
        """Green features of every position, count features up to each letter's count.

        For an answer they are the features it has; for a guess, the ones it asks about.
        """
        greens = [self._green_feature(letter, i) for i, letter in enumerate(word)]
        counts = [self._count_feature(L, c) for L, k in _letter_counts(word) for c in range(1, k + 1)]
        return tuple(greens + counts)

    def _masks(self, answer_indices: Iterable[int]) -> list[int]:
        """Per feature, the bit set of the given answers that have it (bit j = j-th given)."""
        table = [0] * self._feature_count
        for bit, index in enumerate(answer_indices):
            for feature in self._answer_features[index]:
                table[feature] |= 1 << bit
        return table

    # -- for other searches (core.expert) ----------------------------------------

    def feature_table(self) -> list[int]:
        """Per feature, the bit set of the answers that have it (bit j = ``answers[j]``)."""
        return self._table

    def guess_features(self) -> list[tuple[int, ...]]:
        """Per guess (``guesses`` order), the features it asks about: greens by position, then counts."""
        return self._guess_features

    def letter_index(self) -> dict[str, int]:
        return self._letter_index

    def guess_position(self, word: str) -> int:
        """The index of ``word`` in ``guesses``."""
        return self._guess_index[word]

    def answer_position(self, guess: int) -> int | None:
        """The index in ``answers`` of the guess of index ``guess``, or None for a guess no answer."""
        if self._answer_index is None:
            self._answer_index = {self._guess_index[word]: i for i, word in enumerate(self.answers)}
        return self._answer_index.get(guess)

    def state(self, history: Iterable[Row] = ()) -> int:
        """The bit set of the answers consistent with ``history`` (bit j = ``answers[j]``)."""
        return self._candidate_mask(history)

    def classes(self, guess: str, state: int) -> list[int]:
        """The classes (bit sets) that ``guess`` splits the answers of ``state`` into."""
        features = self._guess_features[self._guess_index[guess]]
        return split((self._table[f] for f in features), state)

    def decide(self, state: int) -> str:
        """The greedy choice for a non-empty state (``best_guess`` without the rows)."""
        return self._decide(state)

    # -- candidates -------------------------------------------------------------

    def _mask(self, feature: Callable[[str, int], int], letter: str, number: int) -> int:
        """A feature's bit set over all answers; empty for a letter no list holds."""
        return self._table[feature(letter, number)] if letter in self._letter_index else 0

    def _row_mask(self, guess: str, marks: str) -> int:
        """Bit set (over all answers) of the answers that give ``marks`` to ``guess``."""
        if len(guess) != self.length or len(marks) != self.length or not set(marks) <= _MARKS:
            raise ValueError(f"bad row {guess!r} {marks!r} for {self.length}-letter words")
        if not _is_canonical(guess, marks):
            return 0
        mask = self._everything
        for i, (letter, mark) in enumerate(zip(guess, marks)):
            green = self._mask(self._green_feature, letter, i)
            mask &= green if mark == "G" else ~green
        for letter, k in _letter_counts(guess):
            marked = sum(1 for g, m in zip(guess, marks) if g == letter and m != "-")
            if marked:
                mask &= self._mask(self._count_feature, letter, marked)
            if marked < k:  # a grey copy: the answer holds exactly ``marked`` of them
                mask &= ~self._mask(self._count_feature, letter, marked + 1)
        return mask

    def _candidate_mask(self, history: Iterable[Row]) -> int:
        mask = self._everything
        for guess, marks in history:
            mask &= self._row_mask(guess, marks)
        return mask

    def _indices(self, mask: int) -> list[int]:
        return [i for i in range(len(self.answers)) if mask >> i & 1]

    def candidates(self, history: Iterable[Row] = ()) -> tuple[str, ...]:
        """The answers consistent with every row of ``history``, in list order."""
        return tuple(self.answers[i] for i in self._indices(self._candidate_mask(history)))

    # -- choosing a guess -------------------------------------------------------

    def partition(self, guess: str, candidates: Sequence[str]) -> list[list[str]]:
        """The candidates grouped by the pattern ``guess`` would give (for tests and tools)."""
        indices = [self.answers.index(word) for word in candidates]
        table = self._masks(indices)
        features = self._features(guess)
        classes = split((table[f] for f in features), (1 << len(indices)) - 1)
        return [[candidates[j] for j in range(len(indices)) if cls >> j & 1] for cls in classes]

    def opener(self) -> str:
        """The first guess, identical for every game of the list: computed once, exhaustively."""
        if self._opener is None:
            self._opener = self._search(list(range(len(self.answers))), budget=None)
        return self._opener

    def ranked_openers(
        self, top: int = 10, among: Iterable[str] | None = None
    ) -> list[tuple[str, int, float]]:
        """The guesses leaving the fewest answers on average on the whole answer list.

        This is the guide of best opening words (D3): for each, the answers
        expected to be left after it (the mean size of the group the hidden word falls
        in: the figure a reader compares) and its number of distinct colour patterns,
        which breaks ties. ``among`` limits the ranking to those words (the answers:
        words every player knows).
        """
        allowed = None if among is None else frozenset(among)
        scored = []
        for word, features in zip(self.guesses, self._guess_features, strict=True):
            if allowed is not None and word not in allowed:
                continue
            groups = split((self._table[f] for f in features), self._everything)
            expected = sum(g.bit_count() ** 2 for g in groups) / len(self.answers)
            scored.append((expected, -len(groups), word))
        scored.sort()
        return [(word, -patterns, expected) for expected, patterns, word in scored[:top]]

    def best_guess(self, history: Sequence[Row] = ()) -> str:
        """The guess leaving the most distinct patterns (candidates win ties)."""
        if not history:
            return self.opener()
        mask = self._candidate_mask(history)
        if not mask:
            raise ValueError("no answer of the list is consistent with these rows")
        return self._decide(mask)

    def _decide(self, mask: int) -> str:
        cached = self._decisions.get(mask)
        if cached is not None:
            return cached
        indices = self._indices(mask)
        # With one or two left, guessing one of them is optimal: 1 or 1.5 more guesses.
        choice = self.answers[indices[0]] if len(indices) <= 2 else self._search(indices, self.budget)
        # When full, keep what is there: the early states, shared by most games.
        if self.remember and len(self._decisions) < _DECISION_CACHE_LIMIT:
            self._decisions[mask] = choice
        return choice

    def _search(self, indices: list[int], budget: int | None) -> str:
        """Greedy choice over the allowed guesses, the best-looking first.

        When few remain, the candidates are scored first (they win ties, and one of
        them often splits the rest perfectly). Then every guess is ranked by how
        evenly its features cut the candidates: the sum of the smaller sides of the
        cuts, plus one, bounds its number of classes, so the scan stops when no bound
        can win. Guesses asking the same questions as one already scored are
        not split again; ``budget`` caps the guesses scored by the scan (None: no cap).
        """
        size = len(indices)
        table = self._masks(indices)
        everything = (1 << size) - 1
        trivial = frozenset((0, everything))
        seen: dict[frozenset[int], int] = {}

        def classes(g: int) -> int:
            masks = frozenset(self._guess_getters[g](table)) - trivial
            if masks not in seen:
                seen[masks] = len(split(masks, everything))
            return seen[masks]

        candidates = sorted(self._guess_index[self.answers[i]] for i in indices)
        is_candidate = set(candidates).__contains__
        best, best_key = candidates[0], (0, True)
        scored_candidates = size <= _CANDIDATES_FIRST
        if scored_candidates:
            for g in candidates:
                if (found := classes(g)) > best_key[0]:
                    best, best_key = g, (found, True)
            if best_key[0] == size:  # every candidate alone, and maybe right: unbeatable
                return self.guesses[best]
        cut = [min(m.bit_count(), size - m.bit_count()) for m in table]
        rank = [2 * sum(getter(cut)) for getter in self._guess_getters]
        for g in candidates:
            rank[g] += 1  # equal evenness: candidates first, so they keep their tie-break
        ranked = sorted(range(len(self.guesses)), key=rank.__getitem__, reverse=True)
        for spent, g in enumerate(ranked):
            # The guesses come in decreasing order of their bounds: once a bound cannot
            # beat the best (nor tie it as an unscored candidate), no later guess can.
            if (min(size, 1 + rank[g] // 2), not scored_candidates) <= best_key:
                break
            if budget is not None and spent >= budget:
                break
            key = (classes(g), is_candidate(g))
            if key > best_key:
                best, best_key = g, key
        return self.guesses[best]


@functools.lru_cache(maxsize=64)  # every list of both games (41) stays built
def solver_for(answers: tuple[str, ...], guesses: frozenset[str]) -> Solver:
    """The shared solver of a list, so its opener and decisions are computed once."""
    return Solver(answers, guesses)
