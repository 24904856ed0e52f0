"""``serve --workers N``: N cluster members on one port of one machine, kept alive by a parent.

The parent starts N children (``serve`` with the same options and ``reuse_port``,
so the kernel spreads connections over them), starts again a child that dies
(with a short pause after a quick crash), and hands SIGTERM and SIGINT on to
every child, then waits for them: each one hands its rooms over to the others
before it exits (a rolling restart is `kill -TERM` of one child at a time).
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from types import FrameType

log = logging.getLogger(__name__)
RESTART_PAUSE_S = 1.0  # after a child that lived less than this, wait before starting it again


def supervise(count: int, child_args: Sequence[str]) -> int:
    """Run ``count`` children of ``wordarena <child_args>`` until a signal; returns the exit status."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    command = [sys.executable, "-m", "wordarena", *child_args]
    children: list[subprocess.Popen[bytes] | None] = [None] * count
    started = [0.0] * count
    stopping = False

    def hand_on(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        for child in children:
            if child is not None and child.poll() is None:
                child.send_signal(signum)

    signal.signal(signal.SIGTERM, hand_on)
    signal.signal(signal.SIGINT, hand_on)
    while not stopping:
        for index, child in enumerate(children):
            if child is not None and child.poll() is None:
                continue
            if child is not None:
                log.warning("worker %d exited with %s; starting it again", index, child.returncode)
                if time.monotonic() - started[index] < RESTART_PAUSE_S:
                    time.sleep(RESTART_PAUSE_S)
            started[index] = time.monotonic()
            children[index] = subprocess.Popen(command, env={**os.environ, "WORDARENA_WORKERS": "1"})
        time.sleep(0.2)
    for child in children:
        if child is not None:
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()
    return 0
