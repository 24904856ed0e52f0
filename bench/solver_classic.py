"""The hard bot on the standard solver test bed: the classic English lists (normal mode).

    PYTHONPATH=src python -m bench.solver_classic [--limit N] [--seed S]

Plays the hard solver on every answer, then the same games with the medium
strategy (a random consistent answer, seeded) as the baseline measured in the
same run, and prints guesses, failures, decision times and peak memory, with the
ratios hard / medium and the published figures for comparison. Decision time
covers `Solver.best_guess` only (the referee's `feedback.pattern` is not counted);
the opener and the second moves are timed apart, as the server decides them once
per list at start-up (`bot.warm_up`); "uncached states" shows what a decision costs
when nobody met its state before.
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

from wordarena.core.bot import BotBrain, BotLevel
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


@dataclass
class Results:
    guesses: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)  # seconds per decision, opener excluded

    def play(self, answer: str, decide: Callable[[Sequence[Row]], str]) -> None:
        history: list[Row] = []
        while len(history) < HARD_STOP:
            start = time.perf_counter()
            guess = decide(history)
            if history:
                self.times.append(time.perf_counter() - start)
            history.append((guess, pattern(answer, guess)))
            if guess == answer:
                break
        self.guesses.append(len(history))


def bench_folder() -> Path:
    override = os.environ.get("WORDARENA_CLASSIC_BENCH")
    return Path(override) if override else Path(__file__).resolve().parents[2] / "shared/bench/classic-en"


def read_words(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="ascii").splitlines() if line.strip()]


def percentile(sorted_values: Sequence[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def report(name: str, results: Results) -> None:
    games = results.guesses
    spread = Counter(games)
    times = sorted(results.times) or [0.0]
    print(f"\n{name}: {len(games)} games")
    print(f"  average guesses  {statistics.fmean(games):.4f}   (total {sum(games)}, max {max(games)})")
    print("  distribution     " + "  ".join(f"{n}:{spread[n]}" for n in sorted(spread)))
    print(f"  failures (>6)    {sum(1 for n in games if n > MAX_ROWS)}")
    print(
        f"  decision time    mean {statistics.fmean(times) * 1e3:.2f} ms   "
        f"p50 {percentile(times, 0.5) * 1e3:.2f} ms   p99 {percentile(times, 0.99) * 1e3:.2f} ms   "
        f"max {times[-1] * 1e3:.1f} ms"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="play only the first N answers")
    parser.add_argument("--seed", type=int, default=1, help="seed of the medium baseline")
    parser.add_argument(
        "--opener", help="impose the first guess (e.g. salet, as in the published greedy runs)"
    )
    parser.add_argument(
        "--budget", type=int, default=DEFAULT_BUDGET, help="guesses scored per decision (0: all)"
    )
    args = parser.parse_args(argv)
    folder = bench_folder()
    if not (folder / "answers.txt").is_file() or not (folder / "allowed.txt").is_file():
        print(f"classic lists not found in {folder} (set WORDARENA_CLASSIC_BENCH): skipped")
        return 0
    answers, allowed = read_words(folder / "answers.txt"), read_words(folder / "allowed.txt")
    played = answers[: args.limit] if args.limit else answers

    start = time.perf_counter()
    budget = args.budget or None
    solver = Solver(answers, allowed, budget=budget, opener=args.opener)
    built = time.perf_counter() - start
    start = time.perf_counter()
    opener = solver.opener()
    opened = time.perf_counter() - start
    start = time.perf_counter()
    solver.warm_up()  # the second moves, as the server decides them at start-up
    warmed = time.perf_counter() - start
    print(f"lists: {len(answers)} answers, {len(solver.guesses)} allowed guesses; playing {len(played)}")
    how = "imposed" if args.opener else f"computed exhaustively in {opened:.2f} s"
    print(f"solver built in {built:.2f} s (budget {budget}); opener {opener.upper()} {how}")
    print(f"second moves decided ahead in {warmed:.2f} s (start-up work, not counted below)")

    hard = Results()
    for answer in played:
        hard.play(answer, solver.best_guess)
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    report("hard (greedy most distinct patterns)", hard)
    # What a decision costs when nobody met its state before: no decision cache.
    cold = Solver(answers, allowed, budget=budget, remember=False, opener=opener)
    cold_times = []
    for history in _sample_states(solver, played, random.Random(args.seed)):
        start = time.perf_counter()
        cold.best_guess(history)
        cold_times.append(time.perf_counter() - start)
    if cold_times:
        cold_times.sort()
        print(
            f"  uncached states  mean {statistics.fmean(cold_times) * 1e3:.2f} ms   "
            f"p50 {percentile(cold_times, 0.5) * 1e3:.2f} ms   "
            f"p99 {percentile(cold_times, 0.99) * 1e3:.2f} ms   ({len(cold_times)} states, 3+ candidates)"
        )
    print(
        f"  peak memory      {solver_memory(answers, allowed) / 2**20:.1f} MiB allocated by a solver "
        f"(tracemalloc, apart); process peak RSS {peak_rss / 1024:.0f} MiB after the hard games"
    )

    words = WordList("en", 5, solver.answers, frozenset(solver.guesses), {})
    medium = Results()
    for index, answer in enumerate(played):
        brain = BotBrain(BotLevel.MEDIUM, words, random.Random(f"{args.seed}:{index}"))
        medium.play(answer, brain.next_guess)
    report("baseline: medium (random consistent answer, seeded)", medium)

    ratio_guesses = statistics.fmean(hard.guesses) / statistics.fmean(medium.guesses)
    ratio_time = statistics.fmean(hard.times) / max(statistics.fmean(medium.times), 1e-9)
    print(f"\nhard / medium: guesses x{ratio_guesses:.3f}, decision time x{ratio_time:.1f}")
    scope = "" if len(played) == len(answers) else f" (ours on {len(played)} answers only: not comparable)"
    print(f"published (all 2,315 answers){scope}:")
    mean = statistics.fmean(hard.guesses)
    for name, value in PUBLISHED:
        print(f"  {name:<45} {value:.4f}   ours {mean:.4f} ({mean - value:+.4f})")
    return 0


def solver_memory(answers: Sequence[str], allowed: Sequence[str]) -> int:
    """Peak bytes allocated while building a solver (measured apart: tracing slows code down)."""
    tracemalloc.start()
    Solver(answers, allowed)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def _sample_states(solver: Solver, answers: Sequence[str], rng: random.Random) -> list[list[Row]]:
    """Histories met by the hard bot with three or more candidates left, up to 200 of them."""
    states = []
    for answer in rng.sample(list(answers), min(len(answers), 200)):
        history: list[Row] = []
        while (guess := solver.best_guess(history)) != answer and len(history) < HARD_STOP:
            history.append((guess, pattern(answer, guess)))
            if len(solver.candidates(history)) > 2:
                states.append(list(history))
    return states


if __name__ == "__main__":
    sys.exit(main())
