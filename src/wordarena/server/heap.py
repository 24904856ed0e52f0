"""The serving process's heap: long-lived data loaded up front and kept out of the collector's way.

CPython's cycle collector walks every tracked object of a generation when it
collects it. A full (generation 2) pass over a serving process used to walk the
modules of aiohttp, SQLAlchemy and Alembic, the word lists and everything the
connections hold: 90 to 170 ms with 2,000 players (``bench.load_duel --rooms 334``),
time in which no socket is served. So, once at start-up, before the first player:

- every word list is loaded (about 0.3 s and 75 MiB for the 41 lists): a room or a
  tournament never waits for its list to be read on the event loop (10 to 20 ms
  per list otherwise, the first time a language is played);
- the garbage of the start-up is collected, then `gc.freeze` moves every object
  still alive into the permanent generation, which collections skip: they then
  walk only what the players brought;
- the young generation is collected after 10,000 new objects instead of 700. With
  2,000 players the default collected it some 15 times a second, so anything that
  lived a few hundred milliseconds (a view on its way, a pending commit, a round's
  rows) reached the old generation and died there, and that garbage is what set off
  the full passes: 8 in a minute, up to 170 ms each. With 10,000 such objects die
  young: one full pass in the same run, and young passes of a few ms
  (``bench.load_duel --rooms 334``; the figures are in bench/README.md).

Only `wordarena serve` does this: a test process starts many servers and keeps
its own objects.
"""

from __future__ import annotations

import gc
import logging
import time

from wordarena.core import lexicon

log = logging.getLogger(__name__)

#: `gc.set_threshold`: young generation, then how many young passes per middle one, and
#: middle passes per full one (CPython's defaults: 700, 10, 10).
GC_THRESHOLDS = (10_000, 20, 10)


def load_word_lists() -> int:
    """Read every shipped word list now (they are cached for the process's life); returns how many."""
    available = lexicon.available()
    for lang, length in available:
        lexicon.word_list(lang, length)
    return len(available)


def freeze_long_lived() -> int:
    """Collect the start-up's garbage, hide what is left from later collections, collect the young less often.

    Returns how many objects were frozen.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    return gc.get_freeze_count()


def settle() -> None:
    """The start-up's last step in a serving process: what is alive now is frozen (module docstring).

    The word lists are loaded earlier (`load_word_lists`), before any room is restored:
    a restored room's clocks run from its restore, so nothing slow may come between.
    """
    started = time.perf_counter()
    frozen = freeze_long_lived()
    log.info("%d long-lived objects frozen in %.2f s", frozen, time.perf_counter() - started)
