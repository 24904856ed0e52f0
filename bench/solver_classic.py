"""The hard and expert bots on the standard solver test bed: the classic English lists (normal mode).

    PYTHONPATH=src python -m bench.solver_classic [--limit N] [--seed S] [--expert-opener salet]

Builds both bots' guess trees for the classic lists with the code that builds the
shipped ones (`tools/lexicon/bot_tables.py`: the hard bot's solver, the expert's
search, opener included), then plays every answer with each, deciding as a bot in
a game does (a lookup in its tree), and the same games with the medium strategy (a
random consistent answer, seeded) as the baseline measured in the same run. It
prints guesses, failures and decision times per level, the ratios to medium and the
published figures. Decision times cover the bot's choice only (not the referee's
`feedback.pattern`), the opener included. Apart: what a decision costs off a tree
("computed": the hard bot's solver with no cache, the expert's one-step lookahead,
as for a history no tree covers), and the expert's lookahead played alone on some
games. The trees are built once per run; their build time is printed, not counted.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from wordarena.core import bot_tables
from wordarena.core.bot import LOOKAHEAD_SHORTLIST, BotBrain, BotLevel
from wordarena.core.expert import Planner
from wordarena.core.feedback import pattern
from wordarena.core.lexicon import WordList
from wordarena.core.solver import DEFAULT_BUDGET, Row, Solver

PUBLISHED = (
    ("proven optimum (SALET)", 3.4212),
    ("greedy most distinct patterns, opener SALET", 3.4285),
    ("greedy maximum entropy, opener SALET", 3.4324),
)
MAX_ROWS = 6
#: A game is stopped here; with more than six rows it is lost but still measured.
HARD_STOP = 12
#: The expert's aim on these lists (bench/README.md, Aims): an average of at most this.
EXPERT_AIM = 3.425


@dataclass
class Results:
    guesses: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)  # seconds per decision, opener included

    def play(self, answer: str, decide: Callable[[Sequence[Row]], str]) -> None:
        history: list[Row] = []
        while len(history) < HARD_STOP:
            start = time.perf_counter()
            guess = decide(history)
            self.times.append(time.perf_counter() - start)
            history.append((guess, pattern(answer, guess)))
            if guess == answer:
                break
        self.guesses.append(len(history))


def bench_folder() -> Path:
    override = os.environ.get("WORDARENA_CLASSIC_BENCH")
    return Path(override) if override else Path(__file__).resolve().parent / "data" / "classic-en"


def read_words(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="ascii").splitlines() if line.strip()]


def percentile(sorted_values: Sequence[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def times_line(times: Sequence[float]) -> str:
    ordered = sorted(times) or [0.0]
    return (
        f"mean {statistics.fmean(ordered) * 1e3:.3f} ms   p50 {percentile(ordered, 0.5) * 1e3:.3f} ms   "
        f"p99 {percentile(ordered, 0.99) * 1e3:.3f} ms   max {ordered[-1] * 1e3:.2f} ms"
    )


def report(name: str, results: Results) -> None:
    games = results.guesses
    spread = Counter(games)
    print(f"\n{name}: {len(games)} games")
    print(f"  average guesses  {statistics.fmean(games):.4f}   (total {sum(games)}, max {max(games)})")
    print("  distribution     " + "  ".join(f"{n}:{spread[n]}" for n in sorted(spread)))
    print(f"  failures (>6)    {sum(1 for n in games if n > MAX_ROWS)}")
    print(f"  decision time    {times_line(results.times)}")


def tree_player(tree: bot_tables.Tree) -> Callable[[Sequence[Row]], str]:
    """Decide as a hard or expert bot does in a game: a lookup in its tree."""

    def decide(history: Sequence[Row]) -> str:
        guess = bot_tables.lookup(tree, history)
        assert guess is not None, "the tree covers every answer of its list"
        return guess

    return decide


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="play only the first N answers")
    parser.add_argument("--seed", type=int, default=1, help="seed of the medium baseline and samples")
    parser.add_argument("--opener", help="impose the hard bot's first guess (e.g. salet, as published)")
    parser.add_argument("--expert-opener", help="impose the expert's first guess (skips its opener search)")
    parser.add_argument(
        "--budget", type=int, default=DEFAULT_BUDGET, help="guesses scored per hard decision (0: all)"
    )
    parser.add_argument(
        "--lookahead", type=int, default=100, help="games played by the expert's lookahead alone (0: none)"
    )
    args = parser.parse_args(argv)
    folder = bench_folder()
    if not (folder / "answers.txt").is_file() or not (folder / "allowed.txt").is_file():
        print(f"classic lists not found in {folder} (set WORDARENA_CLASSIC_BENCH): skipped")
        return 0
    answers, allowed = read_words(folder / "answers.txt"), read_words(folder / "allowed.txt")
    played = answers[: args.limit] if args.limit else answers
    rng = random.Random(args.seed)

    start = time.perf_counter()
    budget = args.budget or None
    solver = Solver(answers, allowed, budget=budget, opener=args.opener)
    built = time.perf_counter() - start
    print(f"lists: {len(answers)} answers, {len(solver.guesses)} allowed guesses; playing {len(played)}")
    print(f"solver built in {built:.2f} s (budget {budget})")

    # The trees, as tools/lexicon/bot_tables.py builds the shipped ones (start-up work, not counted).
    start = time.perf_counter()
    hard_tree = bot_tables.grow(
        solver, lambda state, row: solver.opener() if row == 0 else solver.decide(state)
    )
    how = "imposed" if args.opener else "searched exhaustively"
    print(
        f"hard tree: opener {hard_tree[''].upper()} ({how}), {len(hard_tree)} states, "
        f"built in {time.perf_counter() - start:.1f} s"
    )
    start = time.perf_counter()
    planner = Planner(solver)
    if args.expert_opener:
        expert_opener, how = solver.guess_position(args.expert_opener), "imposed"
    else:
        expert_opener, how = planner.opener(), "searched"
    searched = time.perf_counter() - start
    expert_tree = bot_tables.grow(
        solver,
        lambda state, row: solver.guesses[expert_opener if row == 0 else planner.choice(state, row)],
    )
    print(
        f"expert tree: opener {expert_tree[''].upper()} ({how} in {searched:.0f} s), "
        f"{len(expert_tree)} states, built in {time.perf_counter() - start:.1f} s "
        f"({planner.nodes} nodes searched; widths {planner.widths}, shortlist {planner.shortlist})"
    )

    hard = Results()
    for answer in played:
        hard.play(answer, tree_player(hard_tree))
    report("hard (greedy most distinct patterns), from its tree", hard)
    expert = Results()
    for answer in played:
        expert.play(answer, tree_player(expert_tree))
    report("expert (searched tree), from its tree", expert)
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux

    words = WordList("en", 5, solver.answers, frozenset(solver.guesses), {})
    medium = Results()
    for index, answer in enumerate(played):
        brain = BotBrain(BotLevel.MEDIUM, words, random.Random(f"{args.seed}:{index}"))
        medium.play(answer, brain.next_guess)
    report("baseline: medium (random consistent answer, seeded)", medium)

    # Off a tree: what a decision computes (the hard bot's solver with no cache; the
    # expert's one-step lookahead), on states the bots meet with 3+ candidates.
    states = _sample_states(solver, hard_tree, played, rng)
    cold = Solver(answers, allowed, budget=budget, remember=False, opener=solver.opener())
    lookahead = Planner(cold, shortlist=LOOKAHEAD_SHORTLIST)
    computed: dict[str, list[float]] = {"hard": [], "expert": []}
    for history in states:
        start = time.perf_counter()
        cold.best_guess(history)
        computed["hard"].append(time.perf_counter() - start)
        start = time.perf_counter()
        lookahead.decide(cold.state(history))
        computed["expert"].append(time.perf_counter() - start)
    print(f"\ncomputed off a tree ({len(states)} states met by hard bots, 3+ candidates, no cache):")
    print(f"  hard solver      {times_line(computed['hard'])}")
    print(f"  expert lookahead {times_line(computed['expert'])}")
    if args.lookahead:
        sample = rng.sample(range(len(played)), min(args.lookahead, len(played)))
        alone = Results()
        for i in sample:
            alone.play(played[i], lambda history: _lookahead(lookahead, expert_tree[""], history))
        same = statistics.fmean(expert.guesses[i] for i in sample)
        print(
            f"  expert by lookahead alone, {len(sample)} sampled games: "
            f"{statistics.fmean(alone.guesses):.4f} guesses (its tree on the same games: {same:.4f}), "
            f"decision {times_line(alone.times)}"
        )
    print(
        f"  peak memory      {solver_memory(answers, allowed) / 2**20:.1f} MiB allocated by a solver "
        f"(tracemalloc, apart); process peak RSS {peak_rss / 1024:.0f} MiB after the tree games"
    )

    medium_mean = statistics.fmean(medium.guesses)
    medium_time = max(statistics.fmean(medium.times), 1e-9)
    print()
    for name, results in (("hard", hard), ("expert", expert)):
        print(
            f"{name} / medium: guesses x{statistics.fmean(results.guesses) / medium_mean:.3f}, "
            f"decision time x{statistics.fmean(results.times) / medium_time:.4f}"
        )
    scope = "" if len(played) == len(answers) else f" (ours on {len(played)} answers only: not comparable)"
    print(f"published (all 2,315 answers){scope}:")
    for name, value in PUBLISHED:
        parts = [
            f"{level} {statistics.fmean(r.guesses):.4f} ({statistics.fmean(r.guesses) - value:+.4f})"
            for level, r in (("hard", hard), ("expert", expert))
        ]
        print(f"  {name:<45} {value:.4f}   " + "   ".join(parts))
    mean = statistics.fmean(expert.guesses)
    p99 = percentile(sorted(expert.times), 0.99) * 1e3
    verdict = "met" if mean <= EXPERT_AIM and p99 < 20 else "NOT met"
    print(
        f"aim: expert ≤ {EXPERT_AIM} guesses, decision p99 < 20 ms: "
        f"{mean:.4f}, {p99:.3f} ms: {verdict}{scope}"
    )
    return 0


def _lookahead(planner: Planner, opener: str, history: Sequence[Row]) -> str:
    if not history:
        return opener
    return planner.solver.guesses[planner.decide(planner.solver.state(history))]


def solver_memory(answers: Sequence[str], allowed: Sequence[str]) -> int:
    """Peak bytes allocated while building a solver (measured apart: tracing slows code down)."""
    tracemalloc.start()
    Solver(answers, allowed)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def _sample_states(
    solver: Solver, tree: bot_tables.Tree, answers: Sequence[str], rng: random.Random
) -> list[list[Row]]:
    """Histories met by the hard bot with three or more candidates left, up to 200 of them."""
    states = []
    for answer in rng.sample(list(answers), min(len(answers), 200)):
        history: list[Row] = []
        while (guess := bot_tables.lookup(tree, history)) != answer and len(history) < HARD_STOP:
            assert guess is not None
            history.append((guess, pattern(answer, guess)))
            if len(solver.candidates(history)) > 2:
                states.append(list(history))
    return states


if __name__ == "__main__":
    sys.exit(main())
