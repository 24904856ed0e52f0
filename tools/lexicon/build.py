"""Rebuild the committed word lists: ``python -m tools.lexicon.build [LANG ...]``.

Run it with the pinned tool requirements (``make lexicon``). Each language's
module in ``langs/`` does the language-specific work; this writes the files and
the NOTICE, then the bots' guess trees of the rebuilt lists they play
(``bot_tables.py``, which also runs alone).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from tools.lexicon import bot_tables
from tools.lexicon.common import DATA, NAME_SOURCE, WORK, Source, write_lists
from tools.lexicon.everyday import FOLDER as EVERYDAY
from tools.lexicon.names import REGISTRY_SOURCES
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
    args = parser.parse_args(argv)
    langs = args.langs or [lang for lang in sorted(ALPHABETS) if _has_module(lang)]
    WORK.mkdir(exist_ok=True)
    rebuilt = []
    for lang in langs:
        module = _module(lang)
        work = WORK / lang
        work.mkdir(exist_ok=True)
        for length, lists in sorted(module.build(work).items()):
            answers, guesses = write_lists(lang, length, lists)
            print(f"{lang} {length}: {answers} answers, {guesses} guesses", flush=True)
            rebuilt.append((lang, length))
    write_notice()
    bot_tables.write([entry for entry in bot_tables.LISTS if entry in rebuilt])
    return 0


def _has_module(lang: str) -> bool:
    return importlib.util.find_spec(f"tools.lexicon.langs.{lang}") is not None


if __name__ == "__main__":
    sys.exit(main())
