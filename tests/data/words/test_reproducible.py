"""The committed word lists are in the writer's canonical form.

A rebuild is reproducible when the same words always give the same bytes:
`tools.lexicon.common.write_lists` sorts both files by key and writes the
guesses with gzip at level 9 and a zero timestamp. These tests check every
committed list against that form, with no registry needed; the whole pipeline
(sources included) is checked by ``python -m tools.lexicon.build --check``,
which rebuilds into a scratch folder and compares every file byte for byte.
"""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import pytest

from wordarena.core import lexicon
from wordarena.core.letters import normalize

DATA = Path(lexicon.__file__).resolve().parents[1] / "data" / "words"
LISTS = sorted(lexicon.available())


def _canonical_gzip(raw: bytes) -> bytes:
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0, compresslevel=9) as out:
        out.write(raw)
    return buffer.getvalue()


@pytest.mark.parametrize(("lang", "length"), LISTS)
def test_guesses_are_written_as_the_writer_writes_them(lang: str, length: int) -> None:
    packed = (DATA / lang / str(length) / "guesses.txt.gz").read_bytes()
    assert packed[4:8] == b"\0\0\0\0", "gzip timestamp must be 0"
    raw = gzip.decompress(packed)
    assert _canonical_gzip(raw) == packed
    words = raw.decode("utf-8").splitlines()
    keys = [normalize(lang, w) for w in words]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


@pytest.mark.parametrize(("lang", "length"), LISTS)
def test_answers_are_sorted_by_key_one_spelling_each(lang: str, length: int) -> None:
    text = (DATA / lang / str(length) / "answers.txt").read_text(encoding="utf-8")
    assert text.endswith("\n")
    keys = [normalize(lang, w) for w in text.splitlines()]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
