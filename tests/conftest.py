"""Fixtures shared across the test tree: the live in-process server (``arena``) lives in tests/server."""

from tests.server.conftest import arena  # noqa: F401 (a fixture, for tests outside tests/server)
