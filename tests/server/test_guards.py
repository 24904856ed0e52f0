"""Limits per address, on a fake clock; refusals logged once per period."""

from __future__ import annotations

import logging

import pytest

from wordarena.server import limits
from wordarena.server.guards import Guards


def test_sockets_per_address() -> None:
    guards = Guards(max_sockets_per_ip=2)
    assert guards.open_socket("a") and guards.open_socket("a") and not guards.open_socket("a")
    assert guards.open_socket("b")
    guards.close_socket("a")
    assert guards.open_socket("a")


def test_new_identities_per_address_over_a_sliding_minute() -> None:
    now = [0.0]
    guards = Guards(identities_per_minute=3, clock=lambda: now[0])
    assert [guards.new_identity("a") for _ in range(4)] == [True, True, True, False]
    assert guards.new_identity("b")
    now[0] += 59.9
    assert not guards.new_identity("a")
    now[0] += 0.2
    assert guards.new_identity("a")


def test_refusals_are_logged_once_per_period(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    guards = Guards(max_sockets_per_ip=1, clock=lambda: now[0])
    guards.open_socket("a")
    with caplog.at_level(logging.WARNING):
        for _ in range(10_000):
            guards.open_socket("a")
        now[0] += limits.LOG_EVERY_S
        guards.open_socket("a")
    assert len([r for r in caplog.records if "sockets_per_ip" in r.getMessage()]) == 2
