"""Simulated tournaments per second (virtual time), against simulated Duel de Mots games in the same run.

    python -m bench.tournament_sim [--count N] [--lang L|all] [--afk P] [--level L]

What is measured, in one process and one thread:

1. **Warm-up**: the first tournament of each language, timed apart. It pays for
   loading the word lists (4, 5 and 6 letters) and building the bots' solver
   tables; the server pays it once per list too, so it is reported, not averaged in.
2. **Tournaments**: ``simulate_tournament(lang, seed)`` for N seeds (languages cycled
   with ``--lang all``), 8 bots of the default level: tournaments/s, time per
   tournament (p50, p99, max) and per move (a bot's accepted guess).
3. **Baseline, same run**: ``simulate_duel`` games of 6 bots of the same level, 3 rounds,
   in the same language (en when the tournament language has no Duel de Mots): games/s
   and time per move. The ratio of the costs per move says what the tournament machine
   (pairings, turns, places, ratings) adds on top of the bots' own thinking.
4. **Bot decisions alone**: the same tournaments again with ``BotBrain.next_guess``
   timed: the share of a tournament spent deciding words, the rest is the game machine.
5. **Memory**: tracemalloc peak while simulating tournaments (a separate pass,
   since tracing slows the code) and the process peak RSS (word lists and solver
   tables included).
6. **Solver tables rebuilt** during the measured tournaments: ``solver_for`` keeps 32
   lists and the 13 languages have 39, so with ``--lang all`` the tables are evicted
   and rebuilt (seconds each for the big lists), which then dominates the rate.
"""

from __future__ import annotations

import argparse
import itertools
import resource
import statistics
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from wordarena.core import bot
from wordarena.core.alphabets import DUEL_LANGUAGES, TOURNAMENT_LANGUAGES
from wordarena.core.bot_seat import BOT_LEVELS
from wordarena.core.solver import solver_for
from wordarena.core.tournament import rules as trules
from wordarena.simulate import simulate_duel, simulate_tournament

DUEL_SEATS, DUEL_ROUNDS, DUEL_CLOCK_S = 6, 3, 90
MEMORY_RUNS = 20  # tournaments simulated under tracemalloc


@dataclass
class Timings:
    """CPU time (this process), wall time and moves of each simulated game.

    Rates are per CPU second: the machine is shared, and a game never sleeps, so
    CPU time is what it costs; wall time is printed beside it to show the contention.
    """

    seconds: list[float] = field(default_factory=list)  # CPU
    wall: list[float] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)

    def add(self, seconds: float, wall: float, moves: int) -> None:
        self.seconds.append(seconds)
        self.wall.append(wall)
        self.moves.append(moves)

    @property
    def total(self) -> float:
        return sum(self.seconds)

    def per_s(self) -> float:
        return len(self.seconds) / self.total

    def per_wall_s(self) -> float:
        return len(self.wall) / sum(self.wall)

    def us_per_move(self) -> float:
        return 1e6 * self.total / max(1, sum(self.moves))

    def pct_ms(self, share: float) -> float:
        ordered = sorted(self.seconds)
        return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def tournament_moves(record: dict[str, Any]) -> int:
    """Accepted guesses of a tournament record (timed-out turns have no word)."""
    return sum(
        1
        for rnd in record["rounds"]
        for duel in rnd["duels"]
        for turn in duel["turns"]
        if turn["word"] is not None
    )


def duel_moves(record: dict[str, Any]) -> int:
    return sum(len(seat["guesses"]) for rnd in record["rounds"] for seat in rnd["seats"])


def duel_lang(lang: str) -> str:
    """The Duel de Mots language closest to a tournament language: itself, else en."""
    return lang if lang in DUEL_LANGUAGES else "en"


# ---------------------------------------------------------------- the passes


@dataclass(frozen=True)
class Run:
    langs: tuple[str, ...]
    count: int
    afk: float
    level: str

    def plan(self) -> list[tuple[str, int]]:
        """(language, seed) of every measured game; seeds 0.. are kept for the warm-ups."""
        cycle = itertools.cycle(self.langs)
        return [(next(cycle), 1000 + n) for n in range(self.count)]

    def tournament(self, lang: str, seed: int) -> int:
        return tournament_moves(simulate_tournament(lang, seed, afk=self.afk, level=self.level))

    def duel(self, lang: str, seed: int) -> int:
        record = simulate_duel(duel_lang(lang), DUEL_SEATS, DUEL_ROUNDS, DUEL_CLOCK_S, seed, (self.level,))
        return duel_moves(record)


def timed(play: Callable[[str, int], int], games: Sequence[tuple[str, int]]) -> Timings:
    """Play each (language, seed), timing its CPU (process_time) and wall (perf_counter) seconds."""
    timings = Timings()
    for lang, seed in games:
        cpu, wall = time.process_time(), time.perf_counter()
        moves = play(lang, seed)
        timings.add(time.process_time() - cpu, time.perf_counter() - wall, moves)
    return timings


def warm_up(run: Run) -> dict[str, float]:
    """Wall seconds of each language's first tournament (then its first duel, not reported)."""
    first = {lang: sum(timed(run.tournament, [(lang, n)]).wall) for n, lang in enumerate(run.langs)}
    for lang in {duel_lang(lang) for lang in run.langs}:
        run.duel(lang, 0)
    return first


class _TimedBrain(bot.BotBrain):
    """A bot brain that adds the time of each decision to ``spent``."""

    spent = 0.0
    decisions = 0

    def next_guess(self, history: Sequence[tuple[str, str]]) -> str:
        start = time.process_time()
        try:
            return super().next_guess(history)
        finally:
            _TimedBrain.spent += time.process_time() - start
            _TimedBrain.decisions += 1


@contextmanager
def brains_timed() -> Iterator[type[_TimedBrain]]:
    """Games built inside use `_TimedBrain` (they look ``bot.BotBrain`` up at creation)."""
    original = bot.BotBrain
    _TimedBrain.spent, _TimedBrain.decisions = 0.0, 0
    bot.BotBrain = _TimedBrain  # type: ignore[misc]
    try:
        yield _TimedBrain
    finally:
        bot.BotBrain = original  # type: ignore[misc]


def decision_share(run: Run, games: Sequence[tuple[str, int]]) -> tuple[float, float, int]:
    """(seconds in total, seconds deciding words, decisions) over the same tournaments."""
    with brains_timed() as brain:
        total = timed(run.tournament, games).total
        return total, brain.spent, brain.decisions


def traced_peak(run: Run, games: Sequence[tuple[str, int]]) -> int:
    """Peak bytes allocated while simulating ``games`` one after the other (lists already loaded)."""
    tracemalloc.start()
    try:
        for lang, seed in games:
            run.tournament(lang, seed)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# ---------------------------------------------------------------- main and report


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--count", type=int, default=200, help="measured tournaments (default 200)")
    parser.add_argument("--lang", default="en", help="a tournament language, or all (cycled)")
    parser.add_argument("--afk", type=float, default=0.0, help="chance a bot lets a turn run out")
    parser.add_argument("--level", default=trules.DEFAULT_BOT_LEVEL, choices=BOT_LEVELS)
    args = parser.parse_args(argv)
    langs = TOURNAMENT_LANGUAGES if args.lang == "all" else (args.lang,)
    if not set(langs) <= set(TOURNAMENT_LANGUAGES):
        parser.error(f"--lang: one of {' '.join(TOURNAMENT_LANGUAGES)} or all")
    run = Run(tuple(langs), max(1, args.count), args.afk, args.level)
    games = run.plan()
    warm = warm_up(run)
    misses = solver_for.cache_info().misses
    tour = timed(run.tournament, games)
    rebuilt = solver_for.cache_info().misses - misses
    duel = timed(run.duel, games)
    share = decision_share(run, games)
    peak = traced_peak(run, games[:MEMORY_RUNS])
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print_report(run, warm, tour, duel, share, peak, rss_kib)
    print_rebuilds(rebuilt)


def print_report(
    run: Run,
    warm: dict[str, float],
    tour: Timings,
    duel: Timings,
    share: tuple[float, float, int],
    peak: int,
    rss_kib: int,
) -> None:
    """The tables and the ratios."""
    langs = "all 13 (cycled)" if len(run.langs) > 1 else run.langs[0]
    print(
        f"simulated tournaments: {run.count} × 8 {run.level} bots, lang {langs}, afk {run.afk:g}; "
        "virtual time, one process, one thread"
    )
    slowest = max(warm, key=lambda lang: warm[lang])
    print(
        f"warm-up (first tournament of each language: word lists + solver tables, wall), not counted: "
        f"{len(warm)} language(s), {1000 * statistics.fmean(warm.values()):.0f} ms on average, "
        f"slowest {slowest} {1000 * warm[slowest]:.0f} ms"
    )
    rows = [
        ("games per CPU second", f"{tour.per_s():.1f}", f"{duel.per_s():.1f}"),
        ("games per wall second", f"{tour.per_wall_s():.1f}", f"{duel.per_wall_s():.1f}"),
        ("CPU ms per game p50 / p99 / max", _spread(tour), _spread(duel)),
        ("moves per game (mean)", _mean(tour.moves), _mean(duel.moves)),
        ("CPU µs per move", f"{tour.us_per_move():.0f}", f"{duel.us_per_move():.0f}"),
        (
            "moves per CPU second",
            f"{sum(tour.moves) / tour.total:,.0f}",
            f"{sum(duel.moves) / duel.total:,.0f}",
        ),
    ]
    width = max(len(r[0]) for r in rows)
    head = f"Duel de Mots {DUEL_SEATS} seats × {DUEL_ROUNDS} rounds"
    print(f"\n{'':<{width}}  {'tournament (8 players)':>24}  {head:>30}")
    print("\n".join(f"{a:<{width}}  {b:>24}  {c:>30}" for a, b, c in rows))
    total, deciding, decisions = share
    print(
        f"\nratio µs per move, tournament ÷ Duel de Mots: {tour.us_per_move() / duel.us_per_move():.2f} "
        f"(tournaments/s ÷ games/s: {tour.per_s() / duel.per_s():.2f})"
    )
    print(
        f"bot decisions alone: {decisions:,} decisions, {1e6 * deciding / max(decisions, 1):.0f} µs each, "
        f"{100 * deciding / total:.0f} % of the tournaments' time; ratio tournament ÷ decisions alone "
        f"{total / deciding:.2f} (the game machine costs {1e6 * (total - deciding) / max(decisions, 1):.0f} "
        "µs per move)"
    )
    print(
        f"memory: tracemalloc peak {peak / 2**20:.2f} MiB while simulating {min(MEMORY_RUNS, run.count)} "
        f"tournaments (lists already loaded); process peak RSS {rss_kib / 1024:.0f} MiB"
    )


def print_rebuilds(rebuilt: int) -> None:
    """Solver tables built during the measured tournaments: each one is a warm-up paid again."""
    info = solver_for.cache_info()
    verdict = "none: every list stayed warm" if rebuilt == 0 else "the measured rate includes them"
    print(
        f"solver tables rebuilt during the measured tournaments: {rebuilt} ({verdict}; "
        f"solver_for keeps {info.maxsize} lists, {info.currsize} held now)"
    )


def _rate(t: Timings) -> str:
    return f"{sum(t.moves) / t.total:,.0f}"


def _mean(values: list[int]) -> str:
    return f"{statistics.fmean(values):.1f}"


def _spread(t: Timings) -> str:
    return f"{t.pct_ms(0.5):.0f} / {t.pct_ms(0.99):.0f} / {max(t.seconds) * 1000:.0f}"


if __name__ == "__main__":
    main()
