"""How fast ``wordarena feedback --batch`` is, against the cost of just reading and writing the lines.

    python -m bench.feedback_batch [--lines N] [--lang L]

Baseline (same run, same machine): a Python process that reads the same stdin
and writes one fixed pattern per line, i.e. the I/O floor of a line filter.
Prints lines/s of both, their ratio, and the peak memory of the batch process.
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import time

from wordarena.core import lexicon

BASELINE = "import sys\nsys.stdout.write(''.join('GGGGG\\n' for _ in sys.stdin))"


def _input(lang: str, lines: int, seed: int = 1) -> bytes:
    words = lexicon.word_list(lang, 5)
    answers, guesses = list(words.answers), sorted(words.guesses)
    rng = random.Random(seed)
    pairs = (
        f"{words.spelling(rng.choice(answers))}\t{words.spelling(rng.choice(guesses))}\n"
        for _ in range(lines)
    )
    return "".join(pairs).encode()


def _run(command: list[str], data: bytes) -> tuple[float, bytes]:
    start = time.perf_counter()
    result = subprocess.run(command, input=data, capture_output=True, check=True)
    return time.perf_counter() - start, result.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=500_000)
    parser.add_argument("--lang", default="fr")
    args = parser.parse_args()
    data = _input(args.lang, args.lines)
    batch_s, out = _run([sys.executable, "-m", "wordarena", "feedback", "--lang", args.lang, "--batch"], data)
    assert out.count(b"\n") == args.lines
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    base_s, _ = _run([sys.executable, "-c", BASELINE], data)
    print(f"lines: {args.lines:,} ({args.lang}, random answer/guess pairs of the real lists)")
    print(
        f"feedback --batch: {args.lines / batch_s:>12,.0f} lines/s  ({batch_s:.2f} s, process start included)"
    )
    print(f"baseline (I/O):   {args.lines / base_s:>12,.0f} lines/s  ({base_s:.2f} s)")
    print(f"ratio batch/baseline: {base_s / batch_s:.2f}")
    print(f"peak RSS of the batch process: {peak_kib / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
