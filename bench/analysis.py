"""What the expert's analysis of a finished game costs, against the bots' own decisions for the same guesses.

    python -m bench.analysis [--games N] [--lang L|all] [--tournament-lang L] [--duels N]

What is measured, in one process and one thread, CPU time (``time.process_time``):

1. **Duel de Mots**: finished games of 6 bots (easy, medium, hard, expert, medium,
   easy: players of every strength), the default 3 rounds, virtual time. For each,
   ``replay.duel_replay`` (the whole document: every guess analysed, the summary),
   per game and per player (the aim: under 100 ms of CPU per player), and the same
   document without the analysis.
2. **Tournament duels**: ``replay.tournament_duel_replay`` for the first ``--duels``
   finished duels of simulated tournaments (8 medium bots), 4, 5 and 6 letters.
3. **Baseline, same run**: the bots' own decisions for the very same guesses: each
   row's brain rebuilt as the game builds it (same seed) and ``next_guess`` called on
   the rows it saw. That is what the server already spends to play these games.
   The ratio says how much the analysis adds on top.
4. **Warm-up**, not counted above: the first analysis of each list in the process
   builds what the expert needs off its tree (the solver's and the planner's tables,
   the opener, the tree's states). Reported apart, per list, with the memory it keeps
   (the growth of the resident size).
5. **Memory**: tracemalloc peak while analysing one game and the duels (lists warm),
   and the process peak RSS.
"""

from __future__ import annotations

import argparse
import itertools
import random
import resource
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wordarena.core import bot, lexicon, replay
from wordarena.core.alphabets import DUEL_LANGUAGES, TOURNAMENT_LANGUAGES
from wordarena.core.duel import rules as duel_rules
from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.state import DuelState, Options
from wordarena.core.duel.state import Phase as DuelPhase
from wordarena.core.solver import solver_for
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.state import Phase as TournamentPhase
from wordarena.core.tournament.state import TournamentState

SEATS = ("easy", "medium", "hard", "expert", "medium", "easy")
AIM_MS_PER_PLAYER = 100.0


# ---------------------------------------------------------------- games


def finished_duel(lang: str, seed: int) -> DuelState:
    options = Options(lang=lang, rounds=duel_rules.DEFAULT_ROUNDS)
    game = DuelGame.bot_match(seed, options, SEATS)
    while game.state.phase is not DuelPhase.FINISHED:
        deadline = game.next_deadline()
        assert deadline is not None
        game.advance(deadline)
    return game.state


def finished_tournament(lang: str, seed: int) -> TournamentState:
    game = TournamentGame.bot_match(seed, lang)
    while game.state.phase is not TournamentPhase.FINISHED:
        deadline = game.next_deadline()
        assert deadline is not None
        game.advance(deadline)
    return game.state


@dataclass(frozen=True)
class DuelRef:
    state: TournamentState
    round_number: int
    index: int


def tournament_duels(lang: str, count: int, first_seed: int) -> list[DuelRef]:
    found: list[DuelRef] = []
    for seed in itertools.count(first_seed):
        state = finished_tournament(lang, seed)
        for rnd in state.rounds:
            found += [DuelRef(state, rnd.number, i) for i, d in enumerate(rnd.duels) if d.over]
        if len(found) >= count:
            return found[:count]
    raise AssertionError("unreachable")  # pragma: no cover


def _duel_replay(ref: DuelRef) -> dict[str, Any]:
    return replay.tournament_duel_replay(ref.state, ref.round_number, ref.index)


# ---------------------------------------------------------------- the baseline: the bots' own decisions


@dataclass
class Decisions:
    seconds: float = 0.0
    count: int = 0
    same: int = 0  # decisions that gave the guess the game holds

    def time(self, decide: Callable[[], str], played: str) -> None:
        start = time.process_time()
        guess = decide()
        self.seconds += time.process_time() - start
        self.count += 1
        self.same += guess == played


def _decision(
    level: str, words: lexicon.WordList, context: str, seen: list[tuple[str, str]]
) -> Callable[[], str]:
    """A bot's decision as its game makes it: a brain from the seed of its context, on the rows it saw."""
    return lambda: bot.BotBrain(level, words, random.Random(context)).next_guess(seen)


def duel_decisions(state: DuelState, into: Decisions) -> None:
    """Every bot row of the game decided again, by a brain made as the game makes it."""
    words = lexicon.word_list(state.options.lang, duel_rules.WORD_LENGTH)
    for result in state.results:
        for seat in result.seats:
            level = state.seats[seat.seat].bot_level
            assert level is not None
            context = f"{state.seed}:mind:{state.game_number}:{result.number}:{seat.seat}"
            history = [(row.key, row.pattern) for row in seat.rows]
            for k, row in enumerate(seat.rows):
                into.time(_decision(level, words, context, history[:k]), row.key)


def tournament_decisions(ref: DuelRef, into: Decisions) -> None:
    state = ref.state
    d = state.rounds[ref.round_number - 1].duels[ref.index]
    words = lexicon.word_list(state.options.lang, d.length)
    board: list[tuple[str, str]] = []
    for turn in d.turns:
        if turn.key is None or turn.pattern is None:
            continue
        entrant = state.entrant(turn.player)
        assert entrant is not None and entrant.bot_level is not None
        context = f"{state.seed}:mind:{ref.round_number}:{ref.index}:{turn.player}"
        seen = list(board)

        def decide(
            context: str = context, seen: list[tuple[str, str]] = seen, level: str = entrant.bot_level
        ) -> str:
            return bot.BotBrain(level, words, random.Random(context)).next_guess(seen)

        into.time(decide, turn.key)
        board.append((turn.key, turn.pattern))


# ---------------------------------------------------------------- measuring


@dataclass
class Timings:
    seconds: list[float] = field(default_factory=list)

    def add(self, seconds: float) -> None:
        self.seconds.append(seconds)

    @property
    def total(self) -> float:
        return sum(self.seconds)

    def ms(self, share: float) -> float:
        ordered = sorted(self.seconds)
        return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    def mean_ms(self) -> float:
        return 1000 * statistics.fmean(self.seconds)


def cpu(work: Callable[[], Any]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def resident() -> int:
    """The process's resident bytes now (Linux)."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def warm_up(name: str, work: Callable[[], Any], into: dict[str, tuple[float, int, bool]]) -> None:
    """CPU seconds of a first analysis, how much the resident size grew, whether it built the list's solver.

    Not under tracemalloc, which would double the time of so many allocations. A
    list whose solver a bot of the games built already (an expert off its tree) has
    less left to build.
    """
    before, built = resident(), solver_for.cache_info().misses
    seconds = cpu(work)
    into[name] = (seconds, resident() - before, solver_for.cache_info().misses > built)


def peak(work: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=24, help="Duel de Mots games measured (default 24)")
    parser.add_argument("--lang", default="all", help="a Duel de Mots language, or all (cycled)")
    parser.add_argument("--tournament-lang", default="en", choices=TOURNAMENT_LANGUAGES)
    parser.add_argument("--duels", type=int, default=30, help="tournament duels measured (default 30)")
    args = parser.parse_args(argv)
    langs = DUEL_LANGUAGES if args.lang == "all" else (args.lang,)
    if not set(langs) <= set(DUEL_LANGUAGES):
        parser.error(f"--lang: one of {' '.join(DUEL_LANGUAGES)} or all")

    # The games, played first (not measured): bot tables and word lists get loaded here.
    cycle = itertools.cycle(langs)
    warm_games = {lang: finished_duel(lang, seed) for seed, lang in enumerate(langs)}
    games = [finished_duel(next(cycle), 1000 + n) for n in range(max(1, args.games))]
    duels = tournament_duels(args.tournament_lang, max(1, args.duels), 5000)
    warm_duels = {}
    for ref in tournament_duels(args.tournament_lang, 60, 9000):
        length = ref.state.rounds[ref.round_number - 1].duels[ref.index].length
        warm_duels.setdefault(length, ref)

    warm: dict[str, tuple[float, int, bool]] = {}
    for lang, state in warm_games.items():
        warm_up(f"{lang} 5", lambda state=state: replay.duel_replay(state), warm)
    for length, ref in sorted(warm_duels.items()):
        name = f"{args.tournament_lang} {length}"
        warm_up(name, lambda ref=ref: _duel_replay(ref), warm)

    full, bare = Timings(), Timings()
    guesses = 0
    for state in games:
        full.add(cpu(lambda state=state: replay.duel_replay(state)))
        bare.add(cpu(lambda state=state: replay.duel_replay(state, analyse=False)))
        guesses += sum(len(seat.rows) for result in state.results for seat in result.seats)
    bots = Decisions()
    for state in games:
        duel_decisions(state, bots)

    tour = Timings()
    board_guesses = 0
    for ref in duels:
        tour.add(cpu(lambda ref=ref: _duel_replay(ref)))
        d = ref.state.rounds[ref.round_number - 1].duels[ref.index]
        board_guesses += sum(1 for t in d.turns if t.key is not None)
    tour_bots = Decisions()
    for ref in duels:
        tournament_decisions(ref, tour_bots)

    game_peak = peak(lambda: replay.duel_replay(games[0]))
    duels_peak = peak(
        lambda: [replay.tournament_duel_replay(r.state, r.round_number, r.index) for r in duels]
    )
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    report(
        args, langs, warm, full, bare, guesses, bots, tour, board_guesses, tour_bots, game_peak, duels_peak
    )
    print(f"process peak RSS {rss_kib / 1024:.0f} MiB (word lists, bot tables, solvers included)")


def report(
    args: argparse.Namespace,
    langs: Sequence[str],
    warm: dict[str, tuple[float, int, bool]],
    full: Timings,
    bare: Timings,
    guesses: int,
    bots: Decisions,
    tour: Timings,
    board_guesses: int,
    tour_bots: Decisions,
    game_peak: int,
    duels_peak: int,
) -> None:
    seats = len(SEATS)
    games = len(full.seconds)
    lang_text = "all 6 (cycled)" if len(langs) > 1 else langs[0]
    print(
        f"analysis of finished games: {games} Duel de Mots games of {seats} bots ({', '.join(SEATS)}), "
        f"{duel_rules.DEFAULT_ROUNDS} rounds, lang {lang_text}; {len(tour.seconds)} tournament duels "
        f"({args.tournament_lang}, 8 medium bots); CPU time, one process, one thread"
    )
    print("\nwarm-up, first analysis of each list in the process (not counted below): CPU ms, memory kept")
    for name, (seconds, held, built) in warm.items():
        note = "" if built else "  (its solver was built already, by an expert bot of the games)"
        print(f"  {name:<6} {1000 * seconds:>8.0f} ms  {held / 2**20:>6.1f} MiB{note}")

    per_player = full.mean_ms() / seats
    rows = [
        ("CPU ms per game: mean / p50 / p99 / max", _spread(full), _spread(tour)),
        ("CPU ms per player (mean)", f"{per_player:.1f}", f"{tour.mean_ms() / 2:.1f}"),
        (
            "guesses analysed per game (mean)",
            f"{guesses / games:.1f}",
            f"{board_guesses / len(tour.seconds):.1f}",
        ),
        ("CPU µs per guess", f"{1e6 * full.total / guesses:.0f}", f"{1e6 * tour.total / board_guesses:.0f}"),
        ("document without analysis, CPU ms per game", f"{bare.mean_ms():.2f}", ""),
        (
            "baseline: the bots deciding the same guesses, CPU ms",
            f"{1000 * bots.seconds / games:.1f}",
            f"{1000 * tour_bots.seconds / len(tour.seconds):.1f}",
        ),
        (
            "  their decisions (same guess as the game's)",
            f"{bots.count} ({bots.same})",
            f"{tour_bots.count} ({tour_bots.same})",
        ),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"\n{'':<{width}}  {f'Duel de Mots game ({seats})':>26}  {'tournament duel (2)':>22}")
    print("\n".join(f"{a:<{width}}  {b:>26}  {c:>22}" for a, b, c in rows))
    print(
        f"\nratio analysis ÷ the bots' decisions: Duel de Mots {full.total / bots.seconds:.2f}, "
        f"tournament duels {tour.total / tour_bots.seconds:.2f}"
    )
    print(
        f"a tournament's {len(tour.seconds)} duels: {1000 * tour.total:.0f} ms of CPU "
        f"(baseline {1000 * tour_bots.seconds:.0f} ms)"
    )
    verdict = "met" if per_player < AIM_MS_PER_PLAYER else "NOT met"
    print(
        f"aim: under {AIM_MS_PER_PLAYER:.0f} ms of CPU per player for a finished Duel de Mots game: "
        f"{per_player:.1f} ms, {verdict} (worst game {max(full.seconds) * 1000 / seats:.1f} ms per player)"
    )
    print(
        f"memory: tracemalloc peak {game_peak / 2**20:.2f} MiB analysing one game, "
        f"{duels_peak / 2**20:.2f} MiB analysing the {len(tour.seconds)} duels (lists warm)"
    )


def _spread(t: Timings) -> str:
    return f"{t.mean_ms():.1f} / {t.ms(0.5):.1f} / {t.ms(0.99):.1f} / {max(t.seconds) * 1000:.1f}"


if __name__ == "__main__":
    main()
