"""How late the event loop runs, measured from inside: a probe sleeps 50 ms, and is woken that much late.

Everything a player waits for goes through the one loop: a long collector pass,
a slow handler or a commit that took long shows as lateness here, in
``wordarena_loop_lag_seconds`` (with ``python_gc_collections_total`` beside it, a
miss in the latency tail can be told from its cause). Twenty wake-ups a second
cost next to nothing.
"""

from __future__ import annotations

import asyncio

from wordarena.server.metrics import Metrics

PERIOD_S = 0.05


async def watch_the_loop(metrics: Metrics) -> None:
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time()
        await asyncio.sleep(PERIOD_S)
        metrics.loop_lag.observe(max(0.0, loop.time() - asked - PERIOD_S))
