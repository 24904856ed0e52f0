"""``/api/constants``: the numbers and tables the client reads, and the copy the node tests use."""

from __future__ import annotations

import json
from pathlib import Path

from wordarena.core import hangul
from wordarena.core.alphabets import ALPHABETS
from wordarena.core.tournament import rules as tournament_rules
from wordarena.site.constants import constants

NODE_COPY = Path(__file__).parents[1] / "web" / "constants.json"
REWRITE = ".venv/bin/python -m wordarena.site.constants > tests/web/constants.json"


def test_the_node_tests_read_what_the_server_sends() -> None:
    assert json.loads(NODE_COPY.read_text(encoding="utf-8")) == json.loads(json.dumps(constants())), (
        f"tests/web/constants.json is not what /api/constants says: rewrite it with {REWRITE}"
    )


def test_a_round_end_is_held_as_the_core_holds_it() -> None:
    assert constants()["tournament"]["round_end_ms"] == tournament_rules.ROUND_END_MS


def test_compound_jamo_split_as_the_core_splits_them() -> None:
    table = constants()["letters"]["compound_jamo"]
    assert table == {jamo: list(basic) for jamo, basic in hangul.COMPOUND_JAMO.items()}
    assert table["ㅙ"] == ["ㅗ", "ㅏ", "ㅣ"]


def test_expansions_only_where_the_core_expands() -> None:
    expansions = constants()["letters"]["expansions"]
    assert expansions == {"fr": {"œ": ["o", "e"], "æ": ["a", "e"]}}
    assert set(expansions) == {lang for lang, abc in ALPHABETS.items() if abc.expansions}
