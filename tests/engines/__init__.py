"""The database engines the tests need, started by the tests themselves when no URL is given.

- PostgreSQL: ``WORDARENA_TEST_POSTGRES_URL``, else a private server from
  pytest-postgresql (``initdb`` + ``pg_ctl`` in a temporary folder, on a free port;
  ``tests/engines/pg_ctl`` runs it as the ``postgres`` user when the tests run as root).
- Redis: ``WORDARENA_TEST_REDIS_URL``, else a private ``redis-server`` from pytest-redis.

Nothing here depends on a server that happens to be running.
"""

from __future__ import annotations

from pathlib import Path

PG_CTL = str(Path(__file__).resolve().parent / "pg_ctl")
