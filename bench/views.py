"""What a guess's views cost the server: one broadcast to a room of six, whole views and deltas.

    python -m bench.views                  # 6 players, 3 rows each, 2,000 broadcasts a shape (~10 s)

At a steady pace every guess is a broadcast of its own: six views built, compared with
the last ones each tab holds (deltas) and encoded. The room is a real Duel de Mots
game (core), mid-round, six people; each broadcast follows one more guess, as in play.

**Baseline, same run:** encoding the same six whole views with msgspec, built once
beforehand: what the bytes alone cost. Printed: CPU µs per broadcast of each shape, the
ratio to the baseline, bytes per broadcast, and the peak memory traced (tracemalloc,
a separate pass).
"""

from __future__ import annotations

import argparse
import json
import time
import tracemalloc
from collections.abc import Callable

import msgspec

from wordarena.core import lexicon
from wordarena.core.duel import rules
from wordarena.core.duel.events import PlayerJoined, StartRequested
from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.view import view_for
from wordarena.core.player_events import GuessSubmitted
from wordarena.server.refs import ConnRef
from wordarena.server.rooms.screens import Screens

PLAYERS = [f"p{i}" for i in range(6)]
ROWS = 3  # guesses each before the measured one: a round well under way


class _Tabs:
    def __init__(self) -> None:
        self.members = {player: ConnRef("bench", i) for i, player in enumerate(PLAYERS)}
        self.watchers: dict[object, ConnRef] = {}


class _Sink:
    """Takes the frames as delivery would, and counts their bytes."""

    def __init__(self) -> None:
        self.bytes = 0

    def deliver_frame(self, ref: ConnRef, frame: bytes, view: bool = False) -> None:
        self.bytes += len(frame)


def room() -> tuple[DuelGame, int, list[str]]:
    """Six people in round 1, ``ROWS`` wrong guesses each; returns the game, now, words left."""
    game = DuelGame(DuelGame.create("BENCH", 7, "en").state)
    now = 0
    for player in PLAYERS:
        game.handle(PlayerJoined(player, player.upper()), now)
    game.handle(StartRequested(PLAYERS[0]), now)
    assert game.state.phase_ends_at is not None
    now = game.state.phase_ends_at
    game.advance(now)
    words = lexicon.word_list("en", rules.WORD_LENGTH)
    spare = [words.spelling(k) for k in words.answers if k != game.state.answer][:200]
    for _ in range(ROWS):
        for player in PLAYERS:
            now += 300
            game.handle(GuessSubmitted(player, spare.pop()), now)
    return game, now, spare


def broadcasts(deltas: bool) -> Callable[[int], int]:
    """``run(n)``: n broadcasts, each after a guess undone (the last view sent kept as it was)."""
    game, now, spare = room()
    sink = _Sink()
    screens = Screens("BENCH", _Tabs(), sink, lambda p, at, share: view_for(game.state, p, at, share))
    for player in PLAYERS:
        screens.new_tab(player, deltas)
    screens.everybody(now)
    held = dict(screens.sent)
    snapshot = msgspec.json.encode(game.state)
    after = DuelGame(msgspec.json.decode(snapshot, type=type(game.state)))
    after.handle(GuessSubmitted(PLAYERS[1], spare.pop()), now + 300)
    state = after.state

    def run(n: int) -> int:
        sink.bytes = 0
        screens.view_of = lambda p, at, share: view_for(state, p, at, share)
        for _ in range(n):
            screens.sent = dict(held)  # every tab holds the view before the guess
            screens.everybody(now + 300)
        return sink.bytes // n

    return run


def baseline() -> Callable[[int], int]:
    game, now, _ = room()
    views = [view_for(game.state, p, now) for p in PLAYERS]
    encode = msgspec.json.Encoder().encode

    def run(n: int) -> int:
        size = 0
        for _ in range(n):
            size = sum(len(encode(v)) for v in views)
        return size

    return run


def measure(run: Callable[[int], int], n: int) -> tuple[float, int, float]:
    run(min(n, 100))  # warm
    started = time.process_time()
    size = run(n)
    micros = 1e6 * (time.process_time() - started) / n
    tracemalloc.start()
    run(min(n, 200))
    peak = tracemalloc.get_traced_memory()[1] / 1024
    tracemalloc.stop()
    return micros, size, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--broadcasts", type=int, default=2000)
    args = parser.parse_args()
    floor, floor_bytes, floor_peak = measure(baseline(), args.broadcasts)
    print(f"{'':<28}{'µs a broadcast':>16}{'ratio':>8}{'bytes':>8}{'peak KiB':>10}")
    print(f"{'baseline: encode six views':<28}{floor:>16.1f}{1.0:>8.2f}{floor_bytes:>8}{floor_peak:>10.0f}")
    results = {"baseline": {"us": floor, "bytes": floor_bytes}}
    for name, deltas in (("whole views", False), ("deltas", True)):
        micros, size, peak = measure(broadcasts(deltas), args.broadcasts)
        print(f"{name:<28}{micros:>16.1f}{micros / floor:>8.2f}{size:>8}{peak:>10.0f}")
        results[name] = {"us": micros, "bytes": size, "ratio": micros / floor}
    print("CPU per broadcast to six tabs (process time); ratio = ÷ the baseline, same run")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
