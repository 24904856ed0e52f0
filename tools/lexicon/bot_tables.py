"""Build the bots' guess trees beside the word lists: ``python -m tools.lexicon.bot_tables [LANG ...]``.

For every list a hard or expert bot plays in Duel de Mots (the 5-letter lists of
the six Duel languages), writes ``<lang>/5/bots.txt``: the hard bot's tree
(its opener, its second move for every pattern of the opener, and so on down to
every answer), computed by the bots' own `solver_for`, and the expert's tree
(`core.expert.Planner`). ``make lexicon`` runs it after writing the lists; alone
it takes about a minute per list. ``--check`` only says which tables no longer
match their lists (exit status 1), and ``--levels hard`` skips the expert search.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from tools.lexicon.common import DATA
from wordarena.core import bot_tables, expert, lexicon
from wordarena.core.alphabets import DUEL_LANGUAGES
from wordarena.core.bot_tables import FILE_NAME, Tables, Tree
from wordarena.core.feedback import pattern
from wordarena.core.solver import DEFAULT_BUDGET, Row, Solver, solver_for

#: The lists bots play from a tree: Duel de Mots lists (a tournament's board is shared,
#: so its bots' rows are not their own and they decide at the time).
LISTS: Final = tuple((lang, 5) for lang in DUEL_LANGUAGES)


def hard_tree(solver: Solver) -> dict[str, str]:
    """The greedy solver's choices, as a bot of level hard makes them (``Solver.best_guess``)."""
    return bot_tables.grow(solver, lambda state, row: solver.opener() if row == 0 else solver.decide(state))


def expert_tree(solver: Solver, planner: expert.Planner) -> dict[str, str]:
    opener = planner.opener()
    return bot_tables.grow(
        solver,
        lambda state, row: solver.guesses[opener if row == 0 else planner.choice(state, row)],
    )


def play(tree: Tree, answers: Sequence[str]) -> list[int]:
    """Rows each answer takes when a bot follows ``tree``."""
    rows = []
    for answer in answers:
        history: list[Row] = []
        while True:
            guess = bot_tables.lookup(tree, history)
            assert guess is not None, f"the tree misses {answer!r} after {history}"
            history.append((guess, pattern(answer, guess)))
            if guess == answer:
                break
        rows.append(len(history))
    return rows


def build(lang: str, length: int, levels: Sequence[str]) -> Tables:
    """The trees of ``levels`` for a list; the other levels' trees are kept from the file if it matches."""
    words = lexicon.word_list(lang, length)
    solver = solver_for(words.answers, words.guesses)  # the bots' own, with their budget
    trees: dict[str, Tree] = {}
    settings: dict[str, object] = {}
    file = DATA / lang / str(length) / FILE_NAME
    old = _read(file)
    if old is not None and old.lists_sha256 == bot_tables.lists_sha256(words.answers, words.guesses):
        trees.update({level: old.tree(level) or {} for level in old.texts})
        settings.update(old.settings)
    for level in levels:
        start = time.perf_counter()
        if level == "hard":
            trees[level] = hard_tree(solver)
            settings[level] = {"budget": DEFAULT_BUDGET}
        else:
            planner = expert.Planner(solver)
            trees[level] = expert_tree(solver, planner)
            settings[level] = {
                "widths": list(planner.widths),
                "shortlist": planner.shortlist,
                "budget": DEFAULT_BUDGET,
            }
        rows = play(trees[level], words.answers)
        print(
            f"{lang} {length} {level}: opener {words.spelling(trees[level]['']).upper()}, "
            f"{len(trees[level])} states, {statistics.fmean(rows):.4f} guesses on average "
            f"(max {max(rows)}), {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    return Tables(
        lang=lang,
        length=length,
        answers=len(words.answers),
        guesses=len(words.guesses),
        answers_crc=bot_tables.answers_crc(words.answers),
        lists_sha256=bot_tables.lists_sha256(words.answers, words.guesses),
        texts={level: bot_tables.to_text(tree) for level, tree in trees.items()},
        settings=settings,
    )


def _read(file: Path) -> Tables | None:
    """The tables in ``file``, or None if it is missing or of another format."""
    try:
        return bot_tables.decode(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def stale(lang: str, length: int) -> str | None:
    """Why the shipped table of a list does not match it, or None."""
    tables = _read(DATA / lang / str(length) / FILE_NAME)
    if tables is None:
        return "missing, or of another format"
    words = lexicon.word_list(lang, length)
    if tables.lists_sha256 != bot_tables.lists_sha256(words.answers, words.guesses):
        return "built from other lists"
    missing = [level for level in bot_tables.TREE_LEVELS if level not in tables.texts]
    return f"no {', '.join(missing)} tree" if missing else None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*", help="languages (default: the six Duel de Mots languages)")
    parser.add_argument("--levels", default=",".join(bot_tables.TREE_LEVELS), help="hard,expert")
    parser.add_argument("--check", action="store_true", help="only report tables that do not match")
    args = parser.parse_args(argv)
    lists = [(lang, length) for lang, length in LISTS if not args.langs or lang in args.langs]
    if args.check:
        problems = [(lang, length, why) for lang, length in lists if (why := stale(lang, length))]
        for lang, length, why in problems:
            print(f"{lang} {length}: {why} (rebuild: python -m tools.lexicon.bot_tables {lang})")
        return 1 if problems else 0
    write(lists, [level for level in args.levels.split(",") if level])
    return 0


def write(lists: Sequence[tuple[str, int]], levels: Sequence[str] = bot_tables.TREE_LEVELS) -> None:
    """Build and write the tables of ``lists`` (the word lists must be written already)."""
    for lang, length in lists:
        lexicon.word_list.cache_clear()  # the files may have just been rewritten
        tables = build(lang, length, levels)
        (DATA / lang / str(length) / FILE_NAME).write_text(bot_tables.encode(tables), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
