"""Random samples of a language's guesses, to judge precision word by word (issue 10 §3).

    PYTHONPATH=src .venv/bin/python -m tools.lexicon.sample LANG [N] [SEED]

Prints N (default 100) guesses drawn with a fixed seed (default 10) from all
the lists of LANG together (every length), in their true spelling. Each
PROVENANCE.md records the judged sample and the estimate it gives.
"""

from __future__ import annotations

import random
import sys

from wordarena.core import lexicon


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
    size = int(args[1]) if len(args) > 1 else 100
    seed = int(args[2]) if len(args) > 2 else 10
    print(" ".join(sample(lang, size, seed)))
