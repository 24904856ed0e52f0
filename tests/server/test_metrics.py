"""The metrics one server renders (its own registry, so tests can run several)."""

from __future__ import annotations

from wordarena.server.metrics import Metrics


def test_every_family_is_rendered_and_registries_are_separate() -> None:
    first, second = Metrics(), Metrics()
    first.errors.labels("flood").inc()
    first.store_failures.inc()
    text = first.render().decode()
    for name in (
        "wordarena_rooms",
        "wordarena_connections",
        "wordarena_guess_latency_seconds",
        "wordarena_store_commit_seconds",
        "wordarena_store_writes_total",
        "wordarena_store_failures_total 1.0",
        "wordarena_store_retries_total",
        'wordarena_errors_total{code="flood"} 1.0',
    ):
        assert name in text
    assert "flood" not in second.render().decode()
