"""The expert's analysis of every guess: what it left, what the expert would have left, skill and luck.

A guess is judged from what its player knew when they played it: in Duel de Mots
their own earlier rows, on a Tournament duel's shared board every earlier row of
both players. From those rows:

- ``left_before``: the answers of the list still consistent (the player's own count);
- ``left_after``: the same once this guess's colours are known;
- ``expected_after``: how many the guess leaves on average over the answers still
  possible, each equally likely. The guess splits them into classes (one per
  colour pattern); the hidden word is in a class of size k with chance k/n and
  then k are left, so E = Σ k² / n (the solved class counts: one word left);
- ``best``: the expert bot's choice at that point. Where the rows lead to a state
  of its shipped guess tree (`bot_tables`, the Duel de Mots lists), the tree's
  guess; else what the expert bot computes off a tree: the solver's opener on an
  empty board, the one-step lookahead of `expert.Planner` after that. It depends
  only on the answers still possible, never on the hidden word;
- ``skill`` (0-100) and ``luck`` (0-100), defined in `skill_score` and
  `luck_score` (and in docs/analysis.md for players).

Every count is of answers of the list, letters as keys: a Korean word is its five
jamo, an Uzbek ``sh`` one letter. Nothing here reads a clock or a random
generator, so the analysis of a game is the same wherever and whenever it runs.

Cost: the splits use the list's `candidates.AnswerIndex` (shared with the easy and
medium bots, built in well under a millisecond). Off the tree the expert's choice
needs the list's solver and planner, shared with the bots (`bot.solver`,
`bot.planner`); their first use in a process builds them (up to about a second,
plus the opener's search: seconds for the largest 6-letter lists), then a decision
costs 1-20 ms. ``bench/analysis.py`` prints the figures.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeVar

from wordarena.core import bot, bot_tables, lexicon
from wordarena.core.bot_seat import BotLevel
from wordarena.core.candidates import AnswerIndex, bits, index_for
from wordarena.core.feedback import pattern
from wordarena.core.lexicon import WordList
from wordarena.core.solver import Row, split

#: Where the expert's choice came from: its shipped tree, the opener search, the lookahead.
Source = Literal["tree", "opener", "lookahead"]

SKILL_DIGITS: Final = 1
LUCK_DIGITS: Final = 1
EXPECTED_DIGITS: Final = 3

T = TypeVar("T")


class AnalysisError(ValueError):
    """The rows cannot be analysed against this list: a pattern that is not the answer's, a word of
    another length, or an answer the list does not hold (the list changed since the game)."""


@dataclass(frozen=True)
class Play:
    """One accepted guess, in the order the server accepted it.

    ``player`` is the player's seat: in Duel de Mots the seat of the room, in a
    Tournament duel 0 or 1 (the duel's pairing order). ``word`` is a key.
    """

    player: int
    word: str
    pattern: str


@dataclass(frozen=True)
class GuessAnalysis:
    """The analysis of one guess (see the module's docstring for each figure)."""

    player: int
    row: int  # the guess's row: in its player's grid (Duel de Mots), on the board (Tournament)
    word: str  # key
    left_before: int
    left_after: int
    expected_after: float
    best: str  # key of the expert's choice
    best_expected: float
    best_source: Source
    skill: float
    luck: float

    def to_json(self, words: WordList) -> dict[str, Any]:
        """JSON-ready, words in their true spelling."""
        return {
            "left_before": self.left_before,
            "left_after": self.left_after,
            "expected_after": self.expected_after,
            "best": words.spelling(self.best),
            "best_expected": self.best_expected,
            "skill": self.skill,
            "luck": self.luck,
        }


@dataclass(frozen=True)
class PlayerSummary:
    """One player's guesses summed up: means of skill and luck, guesses that were the expert's own."""

    player: int
    guesses: int
    skill: float  # mean over the guesses (0 when there are none)
    luck: float  # mean over the guesses (50, neutral, when there are none)
    best_played: int  # guesses equal to the expert's choice

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "guesses": self.guesses,
            "skill": self.skill,
            "luck": self.luck,
            "best_played": self.best_played,
        }


# ---------------------------------------------------------------- the two scores


def expected_left(sizes: Iterable[int]) -> float:
    """Σ k² / n over the class sizes k (n = Σ k): the answers a guess leaves on average."""
    sizes = list(sizes)
    total = sum(sizes)
    if total <= 0:
        raise ValueError("no answer to split")
    return sum(k * k for k in sizes) / total


def skill_score(left_before: int, expected_after: float, best_expected: float, solved: bool) -> float:
    """How close a guess came to the expert's, from 0 to 100.

    With n answers possible, a guess leaving E on average narrows them down by a
    factor n / E; its information, in that sense, is log(n / E) (log2: bits). The
    guess scores the share of the expert's information it got::

        skill = 100 · log(n / E) / log(n / B), clamped to [0, 100]

    where B is ``best_expected``. The expert's choice scores 100, a guess that splits
    nothing (E = n) 0, and the score falls as E grows. On a log scale a first row
    leaving 140 of 1,300 answers where the expert leaves 34 scores about 61, not the
    91 of a straight ratio (1300 − 140) / (1300 − 34), which crowds every sensible
    opener near 100. A guess leaving fewer on average than the expert's (the expert
    plays for the fewest guesses to the end, not the fewest left after one row)
    scores 100 too. With one answer left nothing can be split: playing it scores
    100, anything else 0 (``solved``: the guess was the answer).
    """
    if left_before <= 1:
        return 100.0 if solved else 0.0
    if expected_after <= best_expected:
        return 100.0
    share = math.log(left_before / expected_after) / math.log(left_before / best_expected)
    return round(100 * min(1.0, max(0.0, share)), SKILL_DIGITS)


def luck_score(sizes: Sequence[int], left_after: int) -> float:
    """How the answers actually left compare with the other outcomes of the same guess, 0 to 100.

    Over the answers still possible, each equally likely, the share of outcomes
    that would have left more than the ``left_after`` the player got, counting the
    outcomes that would have left exactly as many as half::

        luck = 100 · (Σ_{k > a} k + ½ Σ_{k = a} k) / n      (a = left_after)

    A mid-rank percentile: 50 is neutral (always, for a guess that splits nothing),
    above 50 the hidden word fell in a smaller class than most, below 50 a larger.
    """
    total = sum(sizes)
    if total <= 0 or left_after not in sizes:
        raise ValueError("left_after must be the size of one of the classes")
    worse = sum(k for k in sizes if k > left_after)
    same = sum(k for k in sizes if k == left_after)
    return round(100 * (worse + same / 2) / total, LUCK_DIGITS)


# ---------------------------------------------------------------- the expert's choice


def classes(index: AnswerIndex, guess: str, state: int) -> list[int]:
    """The classes (bit sets over ``index.answers``) that ``guess`` splits ``state`` into.

    The pattern of a guess is fixed by the greens of its positions and, for each of
    its letters held k times, "the answer holds it at least c times" for c ≤ k (the
    solver's features), so intersecting those sets splits the answers by pattern.
    """
    if len(guess) != index.length:
        raise AnalysisError(f"{guess!r} does not have {index.length} letters")
    masks = [index.green(letter, i) for i, letter in enumerate(guess)]
    for letter, count in sorted(Counter(guess).items()):
        masks += [index.at_least(letter, c) for c in range(1, count + 1)]
    return split(masks, state)


#: Per list (language, length): the answers the entry was computed for, and the entry.
_per_list: dict[tuple[str, str, int], tuple[tuple[str, ...], Any]] = {}


def _cached(name: str, words: WordList, build: Callable[[WordList], T]) -> T:
    """``build(words)`` once per list of the core (a list of its own, as in tests, is not kept)."""
    try:
        shipped = lexicon.word_list(words.lang, words.length).answers is words.answers
    except (LookupError, ValueError):
        shipped = False
    if not shipped:
        return build(words)
    key = (name, words.lang, words.length)
    known = _per_list.get(key)
    if known is None or known[0] is not words.answers:
        known = (words.answers, build(words))
        _per_list[key] = known
    value: T = known[1]
    return value


def tree_states(words: WordList) -> dict[int, str]:
    """The expert tree of the list as state (bit set over the answers) -> guess; empty without a tree.

    A state of the tree is reached by whatever rows leave exactly its answers, not
    only by the tree's own guesses: so the choice depends on the answers left alone.
    Built once per list (a few milliseconds).
    """
    return _cached("tree", words, _tree_states)


def _tree_states(words: WordList) -> dict[int, str]:
    tree = bot_tables.tree_for(words, BotLevel.EXPERT)
    states: dict[int, str] = {}
    if tree is None:
        return states
    index = index_for(words.answers)
    at: dict[str, int] = {}
    for path in sorted(tree, key=len):  # a parent's path is shorter than its children's
        if not path:
            state = index.everything
        else:
            parent = path[: len(path) - words.length]
            if parent not in at:  # pragma: no cover - a tree holds every parent of its paths
                continue
            state = at[parent] & index.row_mask(tree[parent], path[len(parent) :])
        at[path] = state
        states.setdefault(state, tree[path])
    return states


def state_of(words: WordList, history: Iterable[Row]) -> int:
    """The answers consistent with ``history``, as a bit set over ``words.answers`` (bit j = answers[j])."""
    return index_for(words.answers).mask(history)


def expert_choice(words: WordList, state: int) -> tuple[str, Source]:
    """The expert bot's guess when the answers of ``state`` are left, and where it came from.

    As the expert bot decides: its tree where the state is one of the tree's; off
    the tree, the solver's opener when nothing is known yet, else the one-step
    lookahead of its planner. A function of the state alone.
    """
    index = index_for(words.answers)
    if not state or state & ~index.everything:
        raise AnalysisError("no answer of the list is consistent with these rows")
    guess = tree_states(words).get(state)
    if guess is not None:
        return guess, "tree"
    if state == index.everything:
        return bot.solver(words).opener(), "opener"
    planner = bot.planner(words)
    solver = planner.solver
    if solver.answers != words.answers:  # the solver keeps the answers sorted and unique
        position = {word: i for i, word in enumerate(solver.answers)}
        state = sum(1 << position[words.answers[i]] for i in bits(state))
    return solver.guesses[planner.decide(state)], "lookahead"


def _expert(words: WordList, state: int) -> tuple[str, Source, float]:
    """The expert's choice at ``state`` and the answers it leaves on average."""
    best, source = expert_choice(words, state)
    sizes = [c.bit_count() for c in classes(index_for(words.answers), best, state)]
    return best, source, round(expected_left(sizes), EXPECTED_DIGITS)


def _opening(words: WordList) -> tuple[str, Source, float]:
    """The expert's first guess of a list: the same for every game of the list."""
    return _cached("opening", words, lambda w: _expert(w, index_for(w.answers).everything))


# ---------------------------------------------------------------- analysing rows


class _Analyst:
    """Analyses the guesses of one round (one answer, one list), remembering the expert per state."""

    def __init__(self, words: WordList, answer: str) -> None:
        self.words = words
        self.answer = answer
        self.index = index_for(words.answers)
        if self.index.position(answer) is None:
            raise AnalysisError(f"the answer {answer!r} is not an answer of the {words.lang} list")
        self._best: dict[int, tuple[str, Source, float]] = {}

    def best(self, state: int) -> tuple[str, Source, float]:
        known = self._best.get(state)
        if known is None:
            known = _opening(self.words) if state == self.index.everything else _expert(self.words, state)
            self._best[state] = known
        return known

    def guess(self, player: int, row: int, state: int, play: Play) -> GuessAnalysis:
        """One guess played when the answers of ``state`` were left."""
        if len(play.word) != self.words.length or pattern(self.answer, play.word) != play.pattern:
            raise AnalysisError(f"{play.word!r} {play.pattern!r} is not a row of this answer")
        found = classes(self.index, play.word, state)
        sizes = [c.bit_count() for c in found]
        after = state & self.index.row_mask(play.word, play.pattern)
        left_before, left_after = state.bit_count(), after.bit_count()
        expected = round(expected_left(sizes), EXPECTED_DIGITS)
        best, source, best_expected = self.best(state)
        return GuessAnalysis(
            player=player,
            row=row,
            word=play.word,
            left_before=left_before,
            left_after=left_after,
            expected_after=expected,
            best=best,
            best_expected=best_expected,
            best_source=source,
            skill=skill_score(left_before, expected, best_expected, play.word == self.answer),
            luck=luck_score(sizes, left_after),
        )


def analyse_round(
    words: WordList, answer: str, plays: Sequence[Play], *, shared_board: bool = False
) -> tuple[GuessAnalysis, ...]:
    """The analysis of every guess of one round, in the order of ``plays``.

    ``shared_board=False`` (Duel de Mots): a player knew their own earlier rows only.
    ``shared_board=True`` (a Tournament duel): every earlier row of the board.
    ``answer`` and the words are keys. Raises `AnalysisError` for rows this answer
    cannot have given.
    """
    analyst = _Analyst(words, answer)
    index = analyst.index
    states: dict[int | None, int] = {}  # answers left: per player (own rows), or None (the board)
    rows: dict[int | None, int] = {}
    result = []
    for play in plays:
        knower = None if shared_board else play.player
        state = states.get(knower, index.everything)
        row = rows.get(knower, 0)
        result.append(analyst.guess(play.player, row, state, play))
        states[knower] = state & index.row_mask(play.word, play.pattern)
        rows[knower] = row + 1
    return tuple(result)


def analyse_guess(words: WordList, answer: str, known: Sequence[Row], play: Play) -> GuessAnalysis:
    """The analysis of one guess played when its player knew the rows ``known`` (keys, patterns).

    ``row`` of the result is ``len(known)``. For a whole round, `analyse_round` is
    cheaper: it shares the expert's choices between the players who reach the same state.
    """
    analyst = _Analyst(words, answer)
    for word, marks in known:
        if len(word) != words.length or pattern(answer, word) != marks:
            raise AnalysisError(f"{word!r} {marks!r} is not a row of this answer")
    return analyst.guess(play.player, len(known), analyst.index.mask(known), play)


def summarise(analyses: Iterable[GuessAnalysis], players: Iterable[int] = ()) -> tuple[PlayerSummary, ...]:
    """Per player (every seat of ``players``, and every player with a guess), by seat."""
    by_player: dict[int, list[GuessAnalysis]] = {player: [] for player in players}
    for analysis in analyses:
        by_player.setdefault(analysis.player, []).append(analysis)
    summaries = []
    for player, rows in sorted(by_player.items()):
        count = len(rows)
        summaries.append(
            PlayerSummary(
                player=player,
                guesses=count,
                skill=round(sum(a.skill for a in rows) / count, SKILL_DIGITS) if count else 0.0,
                luck=round(sum(a.luck for a in rows) / count, LUCK_DIGITS) if count else 50.0,
                best_played=sum(1 for a in rows if a.word == a.best),
            )
        )
    return tuple(summaries)
