"""Kill the server (SIGKILL) at random moments while people play, restart it, check nothing was lost.

    .venv/bin/python -m bench.durability --kills 20                    # SQLite, ~3 min
    .venv/bin/python -m bench.durability --kills 20 --store both       # SQLite, then PostgreSQL
    .venv/bin/python -m bench.durability --kills 5 --seed 7 --verbose  # replay seed 7's kill moments

The harness is `testkit.durability.harness` (its docstring says what it does and checks);
the short version runs in ``make test`` (tests/server/test_durability.py). This prints,
per store: the kill moments, then kills done, games and tournaments stored, and the
count of each check: lost, rolled back, replayable, store mismatches, then server errors
(ERROR lines of its log, requests never answered) and stalls (a game stuck or too slow to
finish): all must be 0, else the exit status is 1.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import time
from pathlib import Path
from typing import Any

from testkit.durability.harness import CHECKS, Options, Report, run


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.durability", description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--store", choices=("sqlite", "postgresql", "both"), default="sqlite")
    parser.add_argument("--seed", type=int, default=None, help="default: from the clock (printed)")
    parser.add_argument("--tables", type=int, default=3, help="Duel de Mots rooms at once")
    parser.add_argument("--people", type=int, default=3, help="people per Duel de Mots room")
    parser.add_argument("--bots", type=int, default=1, help="bots per Duel de Mots room")
    parser.add_argument("--teams", type=int, default=2, help="rated tournaments at once (8 people each)")
    parser.add_argument(
        "--practice", type=int, default=1, help="practice tournaments at once (1 person and 7 bots each)"
    )
    parser.add_argument("--time-scale", type=float, default=10.0, help="game time / real time")
    parser.add_argument("--afk", type=float, default=0.05, help="share of tournament turns left to run out")
    parser.add_argument(
        "--late",
        type=float,
        default=0.1,
        help="share of people in a game who come back after a restart only past the 60 s away limit",
    )
    parser.add_argument("--keep", type=Path, default=None, help="keep the server logs (and SQLite file) here")
    parser.add_argument("--verbose", action="store_true", help="print every finding as it is seen")
    return parser.parse_args(argv)


async def _with_dump(work: Any) -> Report:
    """``kill -USR1`` this process: every task prints where it waits (a run that seems stuck)."""
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, _dump_tasks)
    report: Report = await work
    return report


def _dump_tasks() -> None:
    for task in asyncio.all_tasks():
        print(f"--- {task.get_name()}", file=sys.stderr)
        task.print_stack(limit=8, file=sys.stderr)
    sys.stderr.flush()


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    seed = args.seed if args.seed is not None else int(time.time()) % 100_000
    stores = ("sqlite", "postgresql") if args.store == "both" else (args.store,)
    reports: list[Report] = []
    for store in stores:
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
        options = Options(
            store=store,
            kills=args.kills,
            seed=seed,
            tables=args.tables,
            people=args.people,
            bots=args.bots,
            teams=args.teams,
            practice=args.practice,
            time_scale=args.time_scale,
            afk=args.afk,
            late=args.late,
            play_s=(1.0, 6.0),
            tmp=args.keep,
            say=lambda line: print(line, flush=True) if args.verbose or not line.startswith("  !!") else None,
        )
        print(f"== {store}: {args.kills} kills, seed {seed} (replay: --seed {seed})", flush=True)
        report = asyncio.run(_with_dump(run(options)))
        reports.append(report)
        print(report.summary(), flush=True)
    print()
    print(
        f"{'store':<11}{'kills':>6}{'games':>7}{'tourn.':>7}",
        *(f"{c:>12}" for c in CHECKS),
        f"{'errors':>7}{'stalls':>7}{'time':>7}",
    )
    for report in reports:
        print(
            f"{report.options.store:<11}{len(report.kills):>6}{report.games:>7}{report.tournaments:>7}",
            *(f"{report.count(c):>12}" for c in CHECKS),
            f"{len(report.server_errors):>7}{report.stats['stalls']:>7}{report.seconds:>6.0f}s",
        )
    return 0 if all(r.ok for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
