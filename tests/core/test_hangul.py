"""Korean syllables to the 24 basic jamo (A3)."""

from __future__ import annotations

import pytest

from wordarena.core.hangul import is_syllable, split_syllable
from wordarena.core.letters import normalize


def test_korean_uses_compatibility_jamo_not_conjoining() -> None:
    key = normalize("ko", "한")
    assert all(0x3131 <= ord(c) <= 0x318E for c in key)


@pytest.mark.parametrize(
    ("syllable", "jamo"),
    [
        ("사", "ㅅㅏ"),
        ("람", "ㄹㅏㅁ"),
        ("꽃", "ㄱㄱㅗㅊ"),
        ("관", "ㄱㅗㅏㄴ"),
        ("닭", "ㄷㅏㄹㄱ"),
        ("의", "ㅇㅡㅣ"),
        ("왜", "ㅇㅗㅏㅣ"),
    ],
)
def test_compound_and_double_jamo_split_further(syllable: str, jamo: str) -> None:
    assert split_syllable(syllable) == jamo


def test_only_precomposed_syllables_are_syllables() -> None:
    assert is_syllable("가") and is_syllable("힣")
    assert not is_syllable("ㄱ") and not is_syllable("a")
    assert len(normalize("ko", "사람")) == 5
