"""``python -m wordarena`` is the command line."""

from __future__ import annotations

import subprocess
import sys


def test_the_module_runs_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "wordarena", "--help"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0 and "serve" in result.stdout
