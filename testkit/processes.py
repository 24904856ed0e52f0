"""Child processes of the load benchmarks: start, wait until ready, read their CPU; always end them."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

HOST = "127.0.0.1"  # loopback only
CLK_TCK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def child(command: list[str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A child process, in its own session, ended (TERM, then KILL) whatever happens."""
    with log.open("wb") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def wait_ready(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{url} exited with {proc.returncode}:\n{log.read_text()[-2000:]}")
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=1):
            return
        time.sleep(0.1)
    raise RuntimeError(f"{url} not ready after {timeout} s:\n{log.read_text()[-2000:]}")


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def machine_busy() -> float:
    """CPU seconds every core spent on anything but idling, since boot."""
    ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / CLK_TCK
