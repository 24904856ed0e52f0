"""The ``wordarena`` command line.

    wordarena feedback --lang L ANSWER GUESS      one pattern (G green, Y amber, - grey)
    wordarena feedback --lang L --batch           ANSWER<TAB>GUESS lines on stdin
    wordarena letters --lang L WORD               the normalised letters
    wordarena words --lang L --length N --list answers|guesses
    wordarena words --stats
    wordarena words --diff OLD_DIR [--lang L] [--length N]   what changed per list (words with --lang)
    wordarena openers --lang L [--length N] [--top K] [--among answers]   the best opening words of a list
    wordarena reports [--lang L] [--kind answer|refused]   the words players reported, for review
    wordarena serve [--host H] [--port P] [--data-dir D] [--database-url URL]
    wordarena simulate duel --lang L --seats S --rounds R --clock C --seed N
    wordarena simulate tournament --lang L --seed N [--ratings R1,...,R8] [--afk P]

Bad input exits with status 2 and one line on stderr; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from wordarena.core import lexicon
from wordarena.core.alphabets import DUEL_LANGUAGES
from wordarena.core.bot_seat import BOT_LEVELS
from wordarena.core.feedback import pattern
from wordarena.core.letters import LetterError, alphabet, letters, normalize

USAGE_ERROR = 2


class UsageError(Exception):
    """Bad input from the user: reported on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _key(lang: str, word: str, what: str) -> str:
    try:
        return normalize(lang, word)
    except LetterError as error:
        raise UsageError(f"{what} {word!r}: {error}") from None


def _check_lang(lang: str) -> None:
    try:
        alphabet(lang)
    except LetterError as error:
        raise UsageError(str(error)) from None


def _pattern(lang: str, answer: str, guess: str) -> str:
    a, g = _key(lang, answer, "answer"), _key(lang, guess, "guess")
    if len(a) != len(g):
        raise UsageError(f"answer {answer!r} has {len(a)} letters but guess {guess!r} has {len(g)}")
    return pattern(a, g)


def _batch(lang: str, source: TextIO, out: TextIO) -> None:
    """One pattern per ``ANSWER<TAB>GUESS`` line; keys are cached (words repeat)."""
    keys: dict[str, str] = {}

    def key(word: str, what: str, number: int) -> str:
        found = keys.get(word)
        if found is None:
            try:
                found = keys[word] = normalize(lang, word)
            except LetterError as error:
                raise UsageError(f"line {number}: {what} {word!r}: {error}") from None
        return found

    results = []
    for number, line in enumerate(source.read().splitlines(), 1):
        answer, tab, guess = line.partition("\t")
        if not tab:
            raise UsageError(f"line {number}: expected ANSWER<TAB>GUESS, got {line!r}")
        a, g = key(answer, "answer", number), key(guess, "guess", number)
        if len(a) != len(g):
            raise UsageError(f"line {number}: {answer!r} and {guess!r} differ in length")
        results.append(pattern(a, g))
        if len(results) >= 65536:
            out.write("\n".join(results) + "\n")
            results.clear()
    if results:
        out.write("\n".join(results) + "\n")


def cmd_feedback(args: argparse.Namespace) -> None:
    _check_lang(args.lang)
    if args.batch:
        if args.words:
            raise UsageError("--batch reads stdin: give no words on the command line")
        _batch(args.lang, sys.stdin, sys.stdout)
        return
    if len(args.words) != 2:
        raise UsageError("feedback needs ANSWER and GUESS (or --batch)")
    print(_pattern(args.lang, *args.words))


def cmd_letters(args: argparse.Namespace) -> None:
    _check_lang(args.lang)
    print(" ".join(letters(args.lang, _key(args.lang, args.word, "word"))))


def cmd_words(args: argparse.Namespace) -> None:
    if args.diff is not None:
        _words_diff(args)
        return
    if args.stats:
        print(f"{'lang':<5}{'length':>7}{'answers':>9}{'guesses':>9}")
        for lang, length in lexicon.available():
            words = lexicon.word_list(lang, length)
            print(f"{lang:<5}{length:>7}{len(words.answers):>9}{len(words.guesses):>9}")
        return
    if args.lang is None or args.length is None:
        raise UsageError("words needs --lang and --length (or --stats)")
    _check_lang(args.lang)
    try:
        words = lexicon.word_list(args.lang, args.length)
    except lexicon.NoWordList as error:
        raise UsageError(str(error)) from None
    keys = words.answers if args.list == "answers" else sorted(words.guesses)
    sys.stdout.write("".join(words.spelling(k) + "\n" for k in keys))


def _words_diff(args: argparse.Namespace) -> None:
    from wordarena import words_diff

    if not args.diff.is_dir():
        raise UsageError(f"--diff needs a folder of word lists: {args.diff}")
    if args.lang is not None:
        _check_lang(args.lang)
    diffs = words_diff.diff(args.diff, args.lang, args.length)
    print(words_diff.HEADER)
    print("\n".join(d.row() for d in diffs))
    if args.lang is not None:
        print("\n".join(line for d in diffs for line in d.words()))


def cmd_openers(args: argparse.Namespace) -> None:
    """The guide of best opening words of a list (D3), computed from the list."""
    from wordarena.core.openers import best_openers  # the same code as the site's /openers pages

    _check_lang(args.lang)
    try:
        ranked = best_openers(args.lang, args.length, args.top, args.among)
    except lexicon.NoWordList as error:
        raise UsageError(str(error)) from None
    print(f"{'opener':<10}{'answers left (expected)':>25}{'patterns':>9}")
    for opener in ranked:
        print(f"{opener.word:<10}{opener.left:>25.1f}{opener.patterns:>9}")


def cmd_serve(args: argparse.Namespace) -> int:
    from wordarena.server.app import serve
    from wordarena.server.config import Config
    from wordarena.server.workers import supervise

    if args.workers > 1:
        if not (args.database_url and args.redis_url):
            raise UsageError("--workers needs --database-url and --redis-url: the workers share them")
        return supervise(args.workers, _worker_args(args))

    config = Config(
        host=args.host,
        port=args.port,
        data_dir=Path(args.data_dir),
        database_url=args.database_url or None,
        redis_url=args.redis_url or None,
        redis_prefix=args.redis_prefix,
        reuse_port=args.reuse_port,
        allowed_origins=tuple(o for o in (args.allow_origin or []) if o),
        trust_proxy=args.trust_proxy,
        commit_on_loop=args.commit_on_loop,
        max_sockets_per_ip=args.max_sockets_per_ip,
        new_identities_per_minute=args.new_identities_per_minute,
        time_scale=args.time_scale,
        time_origin_ms=args.time_origin_ms,
    )
    return serve(config)


def cmd_reports(args: argparse.Namespace) -> None:
    """Word reports from the players, newest first, for review; a report never changes a list."""
    from wordarena.store.database import Database, sqlite_url
    from wordarena.store.reports import ReportRepository, review_table

    if not args.database_url:
        Path(args.data_dir).mkdir(parents=True, exist_ok=True)
    db = Database(args.database_url or sqlite_url(Path(args.data_dir)))
    try:
        db.migrate()
        print(review_table(ReportRepository(db).listed(args.lang, args.kind, args.limit)))
    finally:
        db.close()


def _worker_args(args: argparse.Namespace) -> list[str]:
    """The ``serve`` command line of one worker: the same options, one port shared (``--reuse-port``)."""
    child = ["serve", "--host", args.host, "--port", str(args.port), "--data-dir", args.data_dir]
    child += ["--database-url", args.database_url, "--redis-url", args.redis_url, "--reuse-port"]
    child += ["--redis-prefix", args.redis_prefix]
    for origin in args.allow_origin or []:
        if origin:
            child += ["--allow-origin", origin]
    if args.trust_proxy:
        child.append("--trust-proxy")
    child.append("--commit-on-loop" if args.commit_on_loop else "--no-commit-on-loop")
    for option, value in (
        ("--max-sockets-per-ip", args.max_sockets_per_ip),
        ("--new-identities-per-minute", args.new_identities_per_minute),
    ):
        if value:
            child += [option, str(value)]
    if args.time_scale != 1.0:
        from wordarena.server.clock import now_ms

        origin = args.time_origin_ms or now_ms()
        child += ["--time-scale", str(args.time_scale), "--time-origin-ms", str(origin)]
    return child


def cmd_simulate(args: argparse.Namespace) -> None:
    if args.mode == "tournament":
        _simulate_tournament(args)
        return
    from wordarena.simulate import simulate_duel

    if args.lang not in DUEL_LANGUAGES:
        raise UsageError(f"Duel de Mots word languages are {' '.join(DUEL_LANGUAGES)}, not {args.lang!r}")
    if not 2 <= args.seats <= 6:
        raise UsageError("--seats must be 2 to 6")
    levels = (args.levels or "medium").split(",")
    if any(level not in BOT_LEVELS for level in levels):
        raise UsageError(f"--levels takes {', '.join(BOT_LEVELS)}, separated by commas")
    record = simulate_duel(args.lang, args.seats, args.rounds, args.clock, args.seed, levels)
    sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")


def _simulate_tournament(args: argparse.Namespace) -> None:
    from wordarena.core.tournament.rules import LANGUAGES
    from wordarena.simulate import simulate_tournament

    if args.lang not in LANGUAGES:
        raise UsageError(f"Tournament word languages are {' '.join(LANGUAGES)}, not {args.lang!r}")
    ratings = None
    if args.ratings:
        try:
            ratings = [int(r) for r in args.ratings.split(",")]
        except ValueError:
            raise UsageError("--ratings takes 8 whole numbers separated by commas") from None
        if len(ratings) != 8:
            raise UsageError(f"--ratings takes 8 ratings, not {len(ratings)}")
    if not 0.0 <= args.afk <= 1.0:
        raise UsageError("--afk is a probability between 0 and 1")
    record = simulate_tournament(args.lang, args.seed, ratings, args.afk)
    sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")


def _env(name: str, default: str) -> str:
    return os.environ.get(f"WORDARENA_{name}", default)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wordarena", description="wordarena: multiplayer word games")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    fb = sub.add_parser("feedback", help="colour hints of a guess against an answer")
    fb.add_argument("--lang", required=True)
    fb.add_argument("--batch", action="store_true", help="read ANSWER<TAB>GUESS lines on stdin")
    fb.add_argument("words", nargs="*", metavar="WORD")
    fb.set_defaults(run=cmd_feedback)

    le = sub.add_parser("letters", help="the letters of a word after normalisation")
    le.add_argument("--lang", required=True)
    le.add_argument("word")
    le.set_defaults(run=cmd_letters)

    wo = sub.add_parser("words", help="print a word list or the counts of every list")
    wo.add_argument("--lang")
    wo.add_argument("--length", type=int)
    wo.add_argument("--list", choices=("answers", "guesses"), default="answers")
    wo.add_argument("--stats", action="store_true")
    wo.add_argument("--diff", type=Path, metavar="OLD_DIR", help="compare with the lists in OLD_DIR")
    wo.set_defaults(run=cmd_words)

    op = sub.add_parser("openers", help="the best opening words of a list, computed from it")
    op.add_argument("--lang", required=True)
    op.add_argument("--length", type=int, default=5)
    op.add_argument("--top", type=int, default=10)
    op.add_argument(
        "--among", choices=("guesses", "answers"), default="guesses",
        help="rank every accepted guess, or only the answers (words every player knows)",
    )  # fmt: skip
    op.set_defaults(run=cmd_openers)

    se = sub.add_parser("serve", help="run the game server (HTTP + WebSocket)")
    se.add_argument("--host", default=_env("HOST", "127.0.0.1"))
    se.add_argument("--port", type=int, default=int(_env("PORT", "8000")))
    se.add_argument("--data-dir", default=_env("DATA_DIR", "data"), help="SQLite file and other data")
    se.add_argument(
        "--database-url", default=_env("DATABASE_URL", ""), help="SQLAlchemy URL (default: SQLite)"
    )
    se.add_argument(
        "--allow-origin", action="append", default=_env("ALLOWED_ORIGINS", "").split(","),
        help="a public origin of the site (scheme://host[:port]): its Host and its pages' sockets are "
        "accepted besides the listening address (repeatable)",
    )  # fmt: skip
    se.add_argument(
        "--redis-url", default=_env("REDIS_URL", ""),
        help="a member of a cluster: rooms, seats and the desk shared through Redis (with --database-url)",
    )  # fmt: skip
    se.add_argument(
        "--redis-prefix", default=_env("REDIS_PREFIX", "wa:"),
        help="the cluster's keys and channels in Redis begin with this (clusters sharing a Redis server)",
    )  # fmt: skip
    se.add_argument(
        "--trust-proxy", action="store_true", default=_env("TRUST_PROXY", "") in ("1", "true", "yes"),
        help="behind a TLS proxy only: take the client address, scheme and host from X-Forwarded-*",
    )  # fmt: skip
    se.add_argument(
        "--commit-on-loop", action=argparse.BooleanOptionalAction,
        default=_env("COMMIT_ON_LOOP", "1") in ("1", "true", "yes"),
        help="embedded SQLite: commit on the event loop (the default), or on a thread (--no-commit-on-loop)",
    )  # fmt: skip
    se.add_argument(
        "--max-sockets-per-ip", type=int, default=int(_env("MAX_SOCKETS_PER_IP", "0")) or None,
        help="open WebSockets per client address (default 200)",
    )  # fmt: skip
    se.add_argument(
        "--new-identities-per-minute", type=int, default=int(_env("NEW_IDENTITIES_PER_MINUTE", "0")) or None,
        help="new anonymous identities per client address and minute (default 20)",
    )  # fmt: skip
    se.add_argument(
        "--workers", type=int, default=int(_env("WORKERS", "1")),
        help="N cluster members on this port, restarted when one dies (needs both URLs)",
    )  # fmt: skip
    se.add_argument("--reuse-port", action="store_true", help=argparse.SUPPRESS)  # set by --workers
    se.add_argument("--time-scale", type=float, default=1.0, help=argparse.SUPPRESS)  # tests, benchmarks
    se.add_argument("--time-origin-ms", type=int, default=None, help=argparse.SUPPRESS)
    se.set_defaults(run=cmd_serve)

    re_ = sub.add_parser("reports", help="the words players reported, for review")
    re_.add_argument("--lang")
    re_.add_argument("--kind", choices=("answer", "refused"))
    re_.add_argument("--limit", type=int, default=200)
    re_.add_argument("--data-dir", default=_env("DATA_DIR", "data"))
    re_.add_argument("--database-url", default=_env("DATABASE_URL", ""))
    re_.set_defaults(run=cmd_reports)

    si = sub.add_parser("simulate", help="play a whole game between bots in virtual time")
    si.add_argument("mode", choices=("duel", "tournament"))
    si.add_argument("--lang", required=True)
    si.add_argument("--seats", type=int, default=4)
    si.add_argument("--rounds", type=int, choices=(1, 3, 5), default=3)
    si.add_argument("--clock", type=int, choices=(60, 90, 120), default=90)
    si.add_argument("--seed", type=int, default=1)
    si.add_argument(
        "--levels", help="duel: bot levels, comma-separated, cycled over the seats (default medium)"
    )
    si.add_argument(
        "--ratings", help="tournament: the 8 players' ratings, comma-separated (default 1000 each)"
    )
    si.add_argument("--afk", type=float, default=0.0, help="tournament: chance a bot lets a turn time out")
    si.set_defaults(run=cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        run: Callable[[argparse.Namespace], int | None] = args.run
        status = run(args)
        if status:
            return status
    except UsageError as error:
        print(f"wordarena: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except BrokenPipeError:  # `wordarena words ... | head`
        sys.stderr.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
