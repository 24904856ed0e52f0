"""Refusals: every code has a meaning (docs/protocol.md lists them)."""

from __future__ import annotations

from wordarena.core.refusal import MEANINGS, Refusal, Rejection


def test_every_refusal_has_a_meaning() -> None:
    assert set(MEANINGS) == set(Refusal) and all(MEANINGS.values())


def test_a_rejection_carries_its_code_and_message() -> None:
    rejection = Rejection(Refusal.NOT_IN_LIST, "not in word list")
    assert (rejection.code, rejection.message, str(rejection)) == (
        Refusal.NOT_IN_LIST,
        "not in word list",
        "not in word list",
    )
