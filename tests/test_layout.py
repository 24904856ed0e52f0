"""The code stays readable: short modules, simple functions, one-way imports.

A newcomer finds any rule in a minute when no module is longer than a sitting's
read and no function needs a diagram. The import layers are import-linter's
contracts (pyproject.toml), run by `make lint`; they are run here too, so that
`pytest` alone says when a layer is crossed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from radon.complexity import cc_rank, cc_visit

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "wordarena"
MAX_LINES = 500
WORST_RANK = "C"  # radon's cyclomatic complexity ranks: A (simplest) to F


def modules() -> list[Path]:
    return sorted(SOURCE.rglob("*.py"))


def test_no_module_is_longer_than_a_sitting() -> None:
    long = {
        str(p.relative_to(ROOT)): n for p in modules() if (n := len(p.read_text().splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_no_function_is_more_complex_than_rank_c() -> None:
    complex_ = []
    for path in modules():
        for block in cc_visit(path.read_text()):
            if cc_rank(block.complexity) > WORST_RANK:
                complex_.append(
                    f"{path.relative_to(ROOT)}:{block.lineno} {block.fullname} {block.complexity}"
                )
    assert not complex_, "\n".join(complex_)


def test_the_import_layers_hold() -> None:
    linter = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if linter is None:
        pytest.fail("lint-imports is missing: install the test extras (pip install -e '.[test]')")
    run = subprocess.run([linter, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
