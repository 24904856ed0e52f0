"""Random samples of a language's guesses, to judge precision word by word.

    PYTHONPATH=src .venv/bin/python -m tools.lexicon.sample LANG [N] [SEED]

Prints N (default 100) guesses drawn with a fixed seed (default 10) from all
the lists of LANG together (every length), in their true spelling. Each
PROVENANCE.md records the judged sample and the estimate it gives.

    PYTHONPATH=src .venv/bin/python -m tools.lexicon.sample LANG --per-list [N] [SEED]

prints N (default 30) guesses of each list of LANG (seed 2027 by default), the
samples judged in ``tests/data/words/precision/<lang>.txt``.
"""

from __future__ import annotations

import random
import sys

from wordarena.core import lexicon


def sample_list(lang: str, length: int, size: int = 30, seed: int = 2027) -> list[str]:
    """``size`` guesses of one list drawn with ``seed``, in their true spelling
    (the per-list samples judged in ``tests/data/words/precision/``)."""
    wl = lexicon.word_list(lang, length)
    words = [wl.spelling(k) for k in sorted(wl.guesses)]
    return random.Random(f"{seed}-{lang}-{length}").sample(words, size)


def sample(lang: str, size: int = 100, seed: int = 10) -> list[str]:
    words = []
    for list_lang, length in lexicon.available():
        if list_lang == lang:
            wl = lexicon.word_list(lang, length)
            words += [wl.spelling(k) for k in sorted(wl.guesses)]
    return random.Random(seed).sample(words, size)


if __name__ == "__main__":
    args = sys.argv[1:]
    lang = args[0]
    if "--per-list" in args:
        args.remove("--per-list")
        size = int(args[1]) if len(args) > 1 else 30
        seed = int(args[2]) if len(args) > 2 else 2027
        for list_lang, length in lexicon.available():
            if list_lang == lang:
                print(f"[{length}]")
                print(" ".join(sample_list(lang, length, size, seed)))
        sys.exit(0)
    size = int(args[1]) if len(args) > 1 else 100
    seed = int(args[2]) if len(args) > 2 else 10
    print(" ".join(sample(lang, size, seed)))
