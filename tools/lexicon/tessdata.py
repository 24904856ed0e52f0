"""Word forms met on the web, from Tesseract's trained data (a second, independent source).

Tesseract's LSTM models (Debian ``tesseract-ocr-<code>``, data from the
tessdata_fast project, Apache-2.0) carry a word list built from a large web
crawl of each language, stored as a DAWG (a compressed trie). Every form in it
was met in running text, so a form that a dictionary generates *and* that this
list holds is a word people write. It serves the languages whose affix rules
over-generate and that wordfreq does not cover (kk, uz) or covers only down to
its small lists.

The DAWG is read here in pure Python (no Tesseract binary needed):

- a ``.traineddata`` file is a table of components: an int32 count, then one
  int64 offset per component (-1 when absent), then the components;
  component 19 is the LSTM word DAWG, 21 its character set;
- the character set is text: a count, then one line per character id (its
  first field the character, ``NULL`` for id 0);
- the DAWG ("squished"): int16 magic 42, int32 character-set size, int32 edge
  count, then 64-bit edges: the character id in the low bits, three flags
  (last edge of its node, backward edge, end of word) above it, and the index
  of the next node's first edge in the remaining high bits. Node 0 is the root.
"""

from __future__ import annotations

import functools
import math
import struct
import subprocess
from pathlib import Path

from tools.lexicon.common import WORK, Source, key_of

#: Pinned Debian version of every ``tesseract-ocr-<code>`` data package used.
VERSION = "1:4.1.0-2"
#: Our language code -> Tesseract's.
CODES = {
    "kk": "kaz", "uz": "uzb", "tr": "tur", "pl": "pol", "it": "ita", "pt": "por", "nl": "nld", "de": "deu",
    "id": "ind",
}  # fmt: skip

_WORD_DAWG, _UNICHARSET = 19, 21
_MAGIC = 42


def source(lang: str, used_for: str) -> Source:
    """The NOTICE entry of ``lang``'s Tesseract word list."""
    code = CODES[lang]
    return Source(
        f"Tesseract trained data for {code} (tessdata_fast; its LSTM word list, built from web text)",
        VERSION,
        "Apache-2.0",
        used_for,
        f"Debian package tesseract-ocr-{code}={VERSION}",
    )


def _traineddata(lang: str) -> Path:
    """The ``<code>.traineddata`` file, downloaded and unpacked once."""
    code = CODES[lang]
    work = WORK / "tessdata"
    work.mkdir(parents=True, exist_ok=True)
    path = work / code / "usr" / "share" / "tesseract-ocr" / "5" / "tessdata" / f"{code}.traineddata"
    if not path.exists():
        package = f"tesseract-ocr-{code}"
        download = ["apt-get", "download", f"{package}={VERSION}"]
        subprocess.run(download, cwd=work, check=True, capture_output=True)
        deb = next(work.glob(f"{package}_*.deb"))
        subprocess.run(["dpkg", "-x", deb.name, code], cwd=work, check=True)
    return path


def _components(data: bytes) -> dict[int, bytes]:
    (count,) = struct.unpack_from("<i", data, 0)
    offsets = struct.unpack_from(f"<{count}q", data, 4)
    present = sorted((offset, index) for index, offset in enumerate(offsets) if offset >= 0)
    parts = {}
    for i, (offset, index) in enumerate(present):
        end = present[i + 1][0] if i + 1 < len(present) else len(data)
        parts[index] = data[offset:end]
    return parts


def _characters(blob: bytes) -> list[str]:
    lines = blob.decode("utf-8").split("\n")
    count = int(lines[0])
    chars = []
    for line in lines[1 : count + 1]:
        first = line.split(" ", 1)[0]
        chars.append(" " if first == "NULL" else first)
    return chars


def dawg_words(dawg: bytes, chars: list[str]) -> list[str]:
    """Every word of a squished DAWG (see the module's docstring for the format)."""
    magic, size, count = struct.unpack_from("<hii", dawg, 0)
    if magic != _MAGIC:
        raise ValueError(f"not a squished DAWG (magic {magic})")
    edges = struct.unpack_from(f"<{count}Q", dawg, 10)
    flag_bit = math.ceil(math.log(size + 1) / math.log(2))
    letter_mask = (1 << flag_bit) - 1
    last, backward, word_end = 1 << flag_bit, 2 << flag_bit, 4 << flag_bit
    next_shift = flag_bit + 3
    words = []
    stack = [(0, "")]
    while stack:
        edge, prefix = stack.pop()
        while True:
            record = edges[edge]
            if not record & backward:
                word = prefix + chars[record & letter_mask]
                if record & word_end:
                    words.append(word)
                if nxt := record >> next_shift:
                    stack.append((nxt, word))
            if record & last or edge + 1 >= count:
                break
            edge += 1
    return words


#: Languages whose common nouns are written with a capital (German).
CAPITALISED_NOUNS = frozenset({"de"})


@functools.cache
def web_words(lang: str) -> frozenset[str]:
    """Keys (``key_of``) of the lower-case words of ``lang``'s Tesseract word list.

    Capitalised entries are left out: a word met only with a capital is a
    name or a sentence start, not evidence for a common word; except in German,
    where every noun has a capital (a Title-case word counts there).
    """
    parts = _components(_traineddata(lang).read_bytes())
    words = dawg_words(parts[_WORD_DAWG], _characters(parts[_UNICHARSET]))
    keys = set()
    for word in words:
        plain = word == word.lower() or (lang in CAPITALISED_NOUNS and word[1:] == word[1:].lower())
        if plain and (key := key_of(lang, word.lower())) is not None:
            keys.add(key)
    return frozenset(keys)
