"""Load time and memory of the word lists, each loaded in a fresh process.

    python -m bench.lexicon_load

Baseline (same run): reading and decompressing the same files without building
the lists (the I/O floor). Prints per-list and total time, the ratio, and the
memory the loaded lists hold (tracemalloc, in a third process, since tracing
slows loading) and the process RSS.
"""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = r"""
import gzip, json, resource, sys, time, tracemalloc
from wordarena.core import lexicon
mode = sys.argv[1]
lists = lexicon.available()
if mode == "memory":
    tracemalloc.start()
times = {}
start = time.perf_counter()
for lang, length in lists:
    t = time.perf_counter()
    if mode in ("load", "memory"):
        lexicon.word_list(lang, length)
    else:
        folder = lexicon._folder(lang, length)
        folder.joinpath("answers.txt").read_text(encoding="utf-8").splitlines()
        gzip.decompress(folder.joinpath("guesses.txt.gz").read_bytes()).decode().splitlines()
    times[f"{lang}-{length}"] = time.perf_counter() - t
total = time.perf_counter() - start
current = tracemalloc.get_traced_memory()[0] if mode == "memory" else 0
print(json.dumps({"total": total, "times": times, "traced": current,
                  "rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def _child(mode: str) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, mode], capture_output=True, text=True, check=True
    ).stdout
    result: dict[str, object] = json.loads(out)
    return result


def main() -> None:
    load, base, memory = _child("load"), _child("read"), _child("memory")
    times: dict[str, float] = load["times"]  # type: ignore[assignment]
    for name, seconds in sorted(times.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {name:<6} {seconds * 1000:7.1f} ms")
    total, base_total = float(load["total"]), float(base["total"])  # type: ignore[arg-type]
    print(
        f"all {len(times)} lists: {total * 1000:.0f} ms (slowest above); one list on first use: "
        f"{1000 * max(times.values()):.0f} ms at most, {1000 * total / len(times):.0f} ms on average"
    )
    print(
        f"baseline (read + decompress only): {base_total * 1000:.0f} ms; "
        f"ratio load/baseline {total / base_total:.1f}"
    )
    print(
        f"memory held by all lists: {int(memory['traced']) / 2**20:.1f} MiB (tracemalloc); "  # type: ignore[call-overload]
        f"process peak RSS {int(load['rss_kib']) / 1024:.0f} MiB"
    )  # type: ignore[call-overload]


if __name__ == "__main__":
    main()
