"""Known-answer vectors for the colour hints (A1) over player spellings (A3).

Each line of ``data/feedback_vectors.tsv`` gives an answer and a guess as a player types
them and the expected ``pattern`` (G green, Y amber, - grey). Lines starting with ``#``
are comments; the first other line is the header.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from wordarena.core.feedback import pattern
from wordarena.core.letters import normalize

VECTORS = Path(__file__).parent / "data" / "feedback_vectors.tsv"
#: The 15 word languages of A3.
LANGUAGES = {"tr", "en", "fr", "es", "ru", "ko", "id", "de", "it", "nl", "uz", "pl", "pt", "kk", "uk"}
HEADER = ["lang", "answer", "guess", "pattern", "why"]


class Vector(NamedTuple):
    lang: str
    answer: str
    guess: str
    expected: str
    why: str


def load() -> list[Vector]:
    lines = [line for line in VECTORS.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert lines[0].split("\t") == HEADER
    return [Vector(*line.split("\t")) for line in lines[1:] if line]


CASES = load()


def test_file_covers_all_languages() -> None:
    assert len(CASES) >= 400
    assert {case.lang for case in CASES} == LANGUAGES


@pytest.mark.parametrize("case", CASES, ids=[f"{c.lang}-{c.answer}-{c.guess}" for c in CASES])
def test_vector(case: Vector) -> None:
    got = pattern(normalize(case.lang, case.answer), normalize(case.lang, case.guess))
    assert got == case.expected, case.why
