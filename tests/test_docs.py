"""The repository explains itself.

- Every rule id cited anywhere (A1, "B1–B4", "Part C", …) has its section in
  docs/spec.md, and docs/spec.md has every id from A1 to D4 in order.
- A section of a document cited by name ("(docs/design.md, Views)",
  "(docs/spec.md, C7)", "(bench/README.md, Aims)") is a heading of that document.
- Nothing points to what a reader of the repository does not have: a rules or
  design file kept outside it, a folder shared beside the checkout, an issue or a
  ticket number. A comment says what a thing is for, not which ticket asked for it.

The patterns below are written so that this file does not match them itself.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "docs" / "spec.md"

#: The ids of docs/spec.md, in order: Part A (both games), B (Duel de Mots), C (Tournament), D (beyond).
EXPECTED_IDS = [f"A{n}" for n in range(1, 5)] + [f"B{n}" for n in range(1, 6)]
EXPECTED_IDS += [f"C{n}" for n in range(1, 8)] + [f"D{n}" for n in range(1, 6)]

RULE_ID = re.compile(r"\b([A-D][1-9])\b")
PART = re.compile(r"\bPart ([A-D])\b")
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
#: "(docs/design.md, Views)", '(docs/design.md, "One process or many")', "(docs/spec.md, C7)".
SECTION_CITED = re.compile(r'\b((?:docs/[\w-]+|bench/README)\.md),\s+"?([A-Z][^",;)\n]*)')

FORBIDDEN = {
    "the rules file kept outside the repository (cite docs/spec.md)": re.compile(
        r"\bRULES\.md\b|\bRULES\s+(?:[A-D][1-9]|Part\b)"
    ),
    "the design notes kept outside the repository (cite docs/design.md)": re.compile(r"\bDESIGN\.md\b"),
    "a folder shared beside the checkout": re.compile(r"\bshared[/]"),
    "an issue or ticket number (say what the code is for)": re.compile(
        r"\b(?:issues?|tickets?)\s*(?:#|no\.?\s*)?\d", re.IGNORECASE
    ),
}

#: Files whose references are still to be fixed by the engineers who own them now, by path
#: prefix, with what is left. An entry goes once its files are clean (the last test says so).
PENDING = {}

#: Binary or generated data: no citation lives there.
SKIP_SUFFIXES = {".png", ".jpg", ".ico", ".gz", ".woff", ".woff2", ".sqlite", ".db"}


def repository_files() -> list[str]:
    """The files of the repository, as paths relative to its root (git's list when there is one)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
        ).stdout.decode("utf-8")
        paths = [p for p in listed.split("\0") if p]
    except (OSError, subprocess.SubprocessError):
        skip = {".git", ".venv", "node_modules", "__pycache__", "data", ".mypy_cache", ".ruff_cache"}
        paths = [
            str(p.relative_to(ROOT))
            for p in ROOT.rglob("*")
            if p.is_file() and not skip & set(p.relative_to(ROOT).parts)
        ]
    return sorted(p for p in paths if (ROOT / p).is_file())


def texts() -> Iterator[tuple[str, str]]:
    for path in repository_files():
        if Path(path).suffix in SKIP_SUFFIXES:
            continue
        data = (ROOT / path).read_bytes()
        if b"\0" in data:
            continue
        try:
            yield path, data.decode("utf-8")
        except UnicodeDecodeError:
            continue


TEXTS = dict(texts())


def headings(path: str) -> list[str]:
    """The headings of a Markdown file, without their anchors, marks and numbering dots."""
    found = []
    for line in TEXTS[path].splitlines():
        if line.startswith("#"):
            title = ANCHOR.sub("", line.lstrip("#")).replace("`", "").strip()
            found.append(title)
    return found


def spec_anchors() -> list[str]:
    return ANCHOR.findall(TEXTS["docs/spec.md"])


def test_the_spec_has_every_rule_id_in_order() -> None:
    ids = [a for a in spec_anchors() if RULE_ID.fullmatch(a)]
    assert ids == EXPECTED_IDS
    parts = [a for a in spec_anchors() if a.startswith("part-")]
    assert parts == ["part-a", "part-b", "part-c", "part-d"]
    for rule in EXPECTED_IDS:  # each id heads its own section
        assert any(h.startswith(f"{rule}.") for h in headings("docs/spec.md")), rule


def test_every_rule_id_cited_has_its_section() -> None:
    known = set(spec_anchors())
    missing = []
    for path, text in TEXTS.items():
        for number, line in enumerate(text.splitlines(), 1):
            for rule in RULE_ID.findall(line):
                if rule not in known:
                    missing.append(f"{path}:{number}: {rule}")
            for part in PART.findall(line):
                if f"part-{part.lower()}" not in known:
                    missing.append(f"{path}:{number}: Part {part}")
    assert not missing, "ids with no section in docs/spec.md:\n" + "\n".join(missing)


def test_every_section_cited_by_name_is_a_heading() -> None:
    missing = []
    for path, text in TEXTS.items():
        for number, line in enumerate(text.splitlines(), 1):
            for document, section in SECTION_CITED.findall(line):
                if document not in TEXTS:
                    missing.append(f"{path}:{number}: {document} does not exist")
                    continue
                wanted = section.strip().rstrip(".")
                if not any(h.startswith(wanted) for h in headings(document)):
                    missing.append(f'{path}:{number}: {document} has no section "{wanted}"')
    assert not missing, "\n".join(missing)


def test_the_players_rules_and_the_readme_lead_to_the_spec() -> None:
    assert "(spec.md)" in TEXTS["docs/rules.md"]
    assert "docs/spec.md" in TEXTS["README.md"] and "docs/spec.md" in TEXTS["docs/design.md"]
    assert "wordle" not in TEXTS["docs/spec.md"].lower()  # the games' names, as on the site


def pending(path: str) -> bool:
    return any(path.startswith(prefix) for prefix in PENDING)


def references() -> list[tuple[str, int, str]]:
    found = []
    for path, text in TEXTS.items():
        for number, line in enumerate(text.splitlines(), 1):
            for what, pattern in FORBIDDEN.items():
                if pattern.search(line):
                    found.append((path, number, what))
    return found


def test_nothing_points_outside_the_repository() -> None:
    offending = [f"{path}:{number}: {what}" for path, number, what in references() if not pending(path)]
    assert not offending, "\n".join(offending)


@pytest.mark.parametrize("prefix", sorted(PENDING))
def test_a_pending_entry_still_has_references_to_fix(prefix: str) -> None:
    """Once the files under a prefix are clean, its entry in PENDING goes (the repository stays clean)."""
    assert any(path.startswith(prefix) for path, _, _ in references()), (
        f"{prefix} has no reference left: remove it from PENDING in tests/test_docs.py"
    )
