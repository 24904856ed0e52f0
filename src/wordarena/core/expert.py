"""The expert bot's reasoning: a guess tree that keeps the expected number of guesses low.

The hard bot (`solver.Solver`) is greedy: each guess leaves the most distinct
patterns. The expert looks further. The cost of guess g on a set S of n candidates
is the total number of guesses the subtree takes, summed over every answer of S:

    T(S, g) = n + the sum of T(C) over the classes C that g splits S into
              (the "all green" class, when g is in S, needs nothing more)

and the expert plays the guess of least total. T of one candidate is 1, of two 3,
and a candidate that leaves every other one alone is optimal (2n - 1). Searching
every guess at every node would find the optimum and is far too much work, so
`Planner` searches a few guesses per node (``widths``, by row: most near the top,
where most of the cost is): the greedy choice, every candidate when they are few,
and a shortlist of the guesses that cut S most evenly (the hard bot's ranking),
tried in the order of an estimate of their total. It is a depth-first branch and
bound: a guess is dropped as soon as its partial total plus a lower bound of the
rest cannot beat the best so far. On the classic English test lists it finds a
tree within a few guesses of the proven optimum (``bench/solver_classic.py``).

The tree of a shipped list is built once (``tools/lexicon/bot_tables.py``) and
bots read it (`bot_tables`). For a list or history no tree covers, `Planner.decide`
is a one-step lookahead: the option of least estimated total. Its work is fixed
(no clock), so a replayed game decides the same. Only candidate sets, which the
rows leave, are ever looked at: never the answer.
"""

from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from wordarena.core.candidates import bits
from wordarena.core.solver import Solver, split

#: Guesses searched in depth per node, by the row of the decision (0 is the opener,
#: chosen apart); the last width holds for every deeper row.
DEFAULT_WIDTHS: Final = (1, 150, 40, 20)
#: Guesses whose split is computed per node, ranked by how evenly they cut the set.
DEFAULT_SHORTLIST: Final = 250
#: The cheaper search that sorts the openers tried (`Planner.opener`).
QUICK_WIDTHS: Final = (1, 12, 6, 3)
QUICK_SHORTLIST: Final = 40
#: Up to this many candidates, every one of them is an option.
_CANDIDATES_FIRST: Final = 64
_NONE: Final = 255  # slot code of "no feature here": it cuts nothing
_LANE: Final = 2  # bytes per guess in the packed ranking


def estimate(size: int) -> float:
    """About the total guesses a class of ``size`` candidates takes (fitted on greedy trees)."""
    if size <= 2:
        return 2 * size - 1
    return size * (1.5 + 0.26 * math.log(size))


def lower_bound(size: int) -> int:
    """The least total of a class: 1 for one candidate, else a guess for all and another for all but one."""
    return 1 if size == 1 else 2 * size - 1


@dataclass(frozen=True)
class Option:
    """Playing one guess at a node."""

    guess: int  # index in solver.guesses
    size: int  # candidates at the node
    classes: tuple[int, ...]  # bit sets of the classes that need more guesses, largest first
    estimate: float  # of the total
    bound: int  # lower bound of the total


class Planner:
    """Expected-guesses search over one solver's lists (sets of answers as bits, as in `Solver`)."""

    def __init__(
        self,
        solver: Solver,
        *,
        widths: Sequence[int] = DEFAULT_WIDTHS,
        shortlist: int = DEFAULT_SHORTLIST,
    ) -> None:
        self.solver = solver
        self.widths = tuple(widths)
        self.shortlist = shortlist
        self._table = solver.feature_table()
        self._features = solver.guess_features()
        self._answer_guess = [solver.guess_position(word) for word in solver.answers]
        self._memo: dict[int, tuple[int, int, bool]] = {}  # state -> (total, guess, exact)
        self.nodes = 0  # nodes searched: the work done
        self._packed = self._pack()

    # -- options ------------------------------------------------------------------

    def _pack(self) -> list[tuple[bytes, int]] | None:
        """Per feature slot of a guess (greens by position, then counts), every guess's code in 2-byte lanes.

        A code is a feature's offset from its slot's base, so ranking every guess at a
        node is a few ``bytes.translate`` calls and big-integer additions (C speed), not
        a Python loop over the guesses. None when the codes do not fit a byte.
        """
        letters = len(self.solver.letter_index())
        length = self.solver.length
        if letters * length >= _NONE:
            return None
        size = _LANE * len(self._features)
        greens = [bytearray([_NONE]) * size for _ in range(length)]
        counts = [bytearray([_NONE]) * size for _ in range(length)]
        base = length * letters
        for g, features in enumerate(self._features):
            for i in range(length):
                greens[i][_LANE * g] = features[i] - i * letters
            for j, feature in enumerate(features[length:]):
                counts[j][_LANE * g] = feature - base
        return [(bytes(greens[i]), i * letters) for i in range(length)] + [
            (bytes(counts[j]), base) for j in range(length)
        ]

    def _ranked(self, state: int, size: int, count: int) -> list[int]:
        """Some ``count`` guesses (ties kept, up to twice as many) that cut ``state`` most evenly.

        A guess's rank is the sum, over the features it asks about, of the smaller side
        of the cut: the hard bot's bound on its number of classes.
        """
        cut = []
        for mask in self._table:
            inside = (mask & state).bit_count()
            cut.append(min(inside, size - inside))
        guesses = len(self._features)
        ranks: list[int]
        if self._packed is None or max(cut) > 255:
            ranks = [sum(cut[f] for f in features) for features in self._features]
        else:
            total = 0
            for codes, base in self._packed:
                lookup = bytes(cut[base : base + _NONE]).ljust(256, b"\0")
                total += int.from_bytes(codes.translate(lookup), "little")
            lanes = array("H", total.to_bytes(_LANE * guesses, "little"))
            if sys.byteorder != "little":
                lanes.byteswap()
            ranks = lanes.tolist()
        threshold = sorted(ranks, reverse=True)[min(count, guesses) - 1]
        if threshold == 0:
            return []
        chosen = [g for g, rank in enumerate(ranks) if rank >= threshold]
        chosen.sort(key=lambda g: -ranks[g])
        return chosen[: 2 * count]

    def _option(
        self, state: int, size: int, g: int, seen: dict[frozenset[int], Option]
    ) -> tuple[Option, bool]:
        """Playing guess ``g`` at ``state``, and whether it is new: not the split of a guess in ``seen``."""
        trivial = (0, state)
        masks = frozenset(m for f in self._features[g] if (m := self._table[f] & state) not in trivial)
        if masks in seen:
            return seen[masks], False
        answer = self.solver.answer_position(g)
        solved = 1 << answer if answer is not None and state >> answer & 1 else 0
        rest = sorted((c for c in split(masks, state) if c != solved), key=lambda c: -c.bit_count())
        sizes = [c.bit_count() for c in rest]
        option = Option(
            guess=g,
            size=size,
            classes=tuple(rest),
            estimate=size + sum(estimate(k) for k in sizes),
            bound=size + sum(lower_bound(k) for k in sizes),
        )
        seen[masks] = option
        return option, True

    def options(self, state: int, size: int, greedy: bool = True) -> tuple[list[Option], Option | None]:
        """The guesses worth trying at ``state``, the most promising first (candidates first on ties),
        and the option of the hard bot's choice (or of a guess splitting the same way) if ``greedy``."""
        seen: dict[frozenset[int], Option] = {}
        found: list[Option] = []
        candidates = [self._answer_guess[i] for i in bits(state)]
        if size <= _CANDIDATES_FIRST:
            for g in sorted(candidates):
                option, new = self._option(state, size, g, seen)
                if new:
                    found.append(option)
        hard = None
        if greedy:
            hard, new = self._option(state, size, self.solver.guess_position(self.solver.decide(state)), seen)
            if new:
                found.append(hard)
        for g in self._ranked(state, size, self.shortlist):
            option, new = self._option(state, size, g, seen)
            if new:
                found.append(option)
        is_candidate = set(candidates).__contains__
        found.sort(key=lambda o: (o.estimate, not is_candidate(o.guess), o.guess))
        return found, hard

    # -- search -------------------------------------------------------------------

    def cost(self, state: int, row: int, beta: float = math.inf) -> tuple[int, int]:
        """(total guesses, guess) of the best subtree found for ``state``.

        Work stops once the total cannot be below ``beta``: a total ≥ ``beta`` may be
        only a lower bound. ``row`` (of the decision) sets the search's width.
        """
        size = state.bit_count()
        if size <= 2:
            return 2 * size - 1, self._answer_guess[next(bits(state))]
        known = self._memo.get(state)
        if known is not None and (known[2] or known[0] >= beta):
            return known[0], known[1]
        self.nodes += 1
        options, greedy = self.options(state, size)
        width = max(1, self.widths[min(row, len(self.widths) - 1)])
        searched = options[:width]
        if greedy is not None and not any(option is greedy for option in searched):
            searched.append(greedy)  # never worse than the hard bot
        best_total, best_guess = math.inf, searched[0].guess
        for option in searched:
            limit = min(beta, best_total)
            if option.bound >= limit:
                continue
            total = size
            rest = option.bound - size
            for cls in option.classes:
                rest -= lower_bound(cls.bit_count())
                sub, _ = self.cost(cls, row + 1, limit - total - rest)
                total += sub
                if total + rest >= limit:
                    break
            else:
                best_total, best_guess = total, option.guess
                if total == 2 * size - 1:  # nothing can do better
                    break
        if best_total == math.inf:  # nothing beat beta: remember the bound
            bound = math.ceil(beta)
            if known is None or bound > known[0]:
                self._memo[state] = (bound, best_guess, False)
            return bound, best_guess
        result = int(best_total)
        self._memo[state] = (result, best_guess, True)
        return result, best_guess

    def option(self, state: int, guess: int) -> Option:
        """Playing the guess of index ``guess`` at ``state``."""
        return self._option(state, state.bit_count(), guess, {})[0]

    def total(self, option: Option, row: int = 0) -> int:
        """The total guesses of the searched tree that plays ``option`` at ``row``."""
        return option.size + sum(self.cost(cls, row + 1)[0] for cls in option.classes)

    def choice(self, state: int, row: int) -> int:
        """The guess of the searched tree at ``state`` (searched now if it was not yet)."""
        if state.bit_count() <= 2:
            return self._answer_guess[next(bits(state))]
        known = self._memo.get(state)
        if known is None or not known[2]:
            self.cost(state, row)
        return self._memo[state][1]

    def opener(self, count: int = 8, finalists: int = 2) -> int:
        """The first guess: of the ``count`` guesses leaving the most distinct patterns,
        the ``finalists`` whose trees a quick search finds cheapest are searched in full."""
        everything = self.solver.state()
        size = everything.bit_count()
        seen: dict[frozenset[int], Option] = {}
        options = []
        for g in self._ranked(everything, size, 4 * count):
            option, new = self._option(everything, size, g, seen)
            if new:
                options.append(option)
        options.sort(key=lambda o: (-len(o.classes), o.guess))
        quick = Planner(self.solver, widths=QUICK_WIDTHS, shortlist=QUICK_SHORTLIST)
        trials = sorted(options[:count], key=lambda o: (quick.total(o), o.guess))
        return min(trials[:finalists], key=lambda o: (self.total(o), o.guess)).guess

    def decide(self, state: int) -> int:
        """A one-step lookahead for a non-empty ``state``: the option of least estimated total.

        For the states no tree covers. Its work is one ranking of the guesses and the
        splits of the candidates (up to 64) and of ``shortlist`` guesses: the same on
        every machine, so a replay decides the same.
        """
        size = state.bit_count()
        if size <= 2:
            return self._answer_guess[next(bits(state))]
        known = self._memo.get(state)
        if known is not None and known[2]:
            return known[1]
        return self.options(state, size, greedy=False)[0][0].guess
