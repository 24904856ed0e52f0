"""Rebuild the committed word lists: ``python -m tools.lexicon.build [LANG ...]``.

Run it with the pinned tool requirements (``make lexicon``). Each language's
module in ``langs/`` does the language-specific work; this writes the files and
the NOTICE, then the bots' guess trees of the rebuilt lists they play
(``bot_tables.py``, which also runs alone).

``--check`` rebuilds into a scratch folder instead and compares every file
with the committed one, byte for byte: it exits 1 and names the files that
differ, so a rebuild is shown to give the committed lists (reproducible: the
sources are pinned, every step is sorted, gzip is written with mtime 0).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
from pathlib import Path

from tools.lexicon import bot_tables
from tools.lexicon.common import DATA, NAME_SOURCE, WORK, Source, WordLists, write_lists
from tools.lexicon.everyday import FOLDER as EVERYDAY
from tools.lexicon.name_lists import REGISTRY_SOURCES
from wordarena.core.alphabets import ALPHABETS

#: The NOTICE entry of the reviewed everyday lists (``everyday.py``).
EVERYDAY_SOURCE = Source(
    "wordarena everyday vocabulary list (tools/lexicon/everyday/<lang>.txt), reviewed by hand",
    "2026",
    "same as the project",
    "answers (everyday words that are guesses or met in web text)",
)


def _module(lang: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"tools.lexicon.langs.{lang}")


def write_notice() -> None:
    lines = [
        "Word lists of wordarena: sources and licences",
        "=============================================",
        "",
        "The files under this folder are derived from the sources below by the",
        "pipeline in tools/lexicon/ (see each language's PROVENANCE.md).",
        "",
    ]
    for lang in sorted(ALPHABETS):
        try:
            sources: list[Source] = _module(lang).SOURCES
        except ModuleNotFoundError:
            continue
        lines.append(f"[{lang}] {ALPHABETS[lang].name}")
        if (EVERYDAY / f"{lang}.txt").exists():
            sources = [*sources, EVERYDAY_SOURCE]
        # Every language's names are checked against the registries' name lists
        # and the name dictionaries (`names.registry_dropped`).
        sources = [*sources, *(s for s in (*REGISTRY_SOURCES, NAME_SOURCE) if s not in sources)]
        for s in sources:
            lines.append(f"  - {s.name}, version {s.version}, licence {s.licence}; used for {s.used_for}")
            if s.obtained:
                lines.append(f"    obtained as: {s.obtained}")
        lines.append("")
    (DATA / "NOTICE").write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("langs", nargs="*", help="languages to rebuild (default: all with a module)")
    parser.add_argument(
        "--check", action="store_true", help="rebuild into a scratch folder, compare with the committed lists"
    )
    parser.add_argument("--no-bot-tables", action="store_true", help="keep the bots' guess trees")
    args = parser.parse_args(argv)
    langs = args.langs or [lang for lang in sorted(ALPHABETS) if _has_module(lang)]
    WORK.mkdir(exist_ok=True)
    if args.check:
        with tempfile.TemporaryDirectory(prefix="wordarena-lexicon-") as scratch:
            return check(langs, Path(scratch))
    rebuilt = []
    for lang in langs:
        for length, lists in _built(lang):
            answers, guesses = write_lists(lang, length, lists)
            print(f"{lang} {length}: {answers} answers, {guesses} guesses", flush=True)
            rebuilt.append((lang, length))
    write_notice()
    if not args.no_bot_tables:
        bot_tables.write([entry for entry in bot_tables.LISTS if entry in rebuilt])
    return 0


def _built(lang: str) -> list[tuple[int, WordLists]]:
    work = WORK / lang
    work.mkdir(exist_ok=True)
    return sorted(_module(lang).build(work).items())


#: The files of a list that a rebuild writes.
LIST_FILES = ("answers.txt", "guesses.txt.gz")


def check(langs: list[str], scratch: Path) -> int:
    """Rebuild ``langs`` into ``scratch``; 1 when a file differs from the committed one."""
    differ = []
    for lang in langs:
        for length, lists in _built(lang):
            write_lists(lang, length, lists, out=scratch)
            for name in LIST_FILES:
                path = Path(lang) / str(length) / name
                same = (scratch / path).read_bytes() == (DATA / path).read_bytes()
                print(f"{path}: {'identical' if same else 'DIFFERS'}", flush=True)
                if not same:
                    differ.append(path)
    print(f"{len(differ)} files differ" if differ else "every rebuilt file is identical to the committed one")
    return 1 if differ else 0


def _has_module(lang: str) -> bool:
    return importlib.util.find_spec(f"tools.lexicon.langs.{lang}") is not None


if __name__ == "__main__":
    sys.exit(main())
