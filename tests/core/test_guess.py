"""Reading a guess (A2): refused the same way in both games, with a reason."""

from __future__ import annotations

import pytest

from wordarena.core.guess import read_word
from wordarena.core.refusal import Refusal, Rejection


@pytest.mark.parametrize(
    ("lang", "length", "word", "code"),
    [
        ("en", 5, "cr4ne", Refusal.NOT_LETTERS),
        ("en", 5, "", Refusal.NOT_LETTERS),
        ("en", 5, "cranes", Refusal.WRONG_LENGTH),
        ("en", 5, "zzzzq", Refusal.NOT_IN_LIST),
        ("tr", 5, "사람", Refusal.NOT_LETTERS),
    ],
)
def test_a_bad_guess_is_refused_with_its_reason(lang: str, length: int, word: str, code: Refusal) -> None:
    with pytest.raises(Rejection) as refused:
        read_word(lang, length, word)
    assert refused.value.code is code


def test_a_good_guess_is_read_as_its_key() -> None:
    assert read_word("fr", 5, "ABÎME") == "abime"
    assert len(read_word("ko", 5, "사람")) == 5
