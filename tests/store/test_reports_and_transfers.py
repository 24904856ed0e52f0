"""Word reports and identity transfers in the store (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from wordarena.store.database import Database
from wordarena.store.players import PlayerRepository
from wordarena.store.reports import MAX_PER_HOUR, ReportRepository, TooManyReports, review_table
from wordarena.store.transfers import VALID_FOR, TransferRepository


def test_reports_are_kept_for_review_and_limited_per_identity(database: Database) -> None:
    players = PlayerRepository(database)
    _, ada = players.create("Ada")
    reports = ReportRepository(database)
    reports.add("fr", "abîme", "answer", "a rare word", ada.id)
    reports.add("fr", "abîme", "answer", "", None)
    reports.add("en", "qajaq", "refused", "it is in my dictionary", ada.id)
    listed = reports.listed()
    assert [r.word for r in listed] == ["qajaq", "abîme", "abîme"]
    assert [r.word for r in reports.listed(lang="fr", kind="answer")] == ["abîme", "abîme"]
    table = review_table(listed)
    assert "fr   answer          2  abîme" in table and "it is in my dictionary" in table
    for _ in range(MAX_PER_HOUR - 2):
        reports.add("en", "zzzzz", "refused", "", ada.id)
    with pytest.raises(TooManyReports):
        reports.add("en", "zzzzz", "refused", "", ada.id)


def test_a_transfer_code_works_once_and_not_after_it_expired(database: Database) -> None:
    players = PlayerRepository(database)
    token, ada = players.create("Ada")
    transfers = TransferRepository(database)
    code, valid = transfers.create(ada.id, token)
    assert valid == VALID_FOR and len(code) == 11 and code[5] == "-"
    assert transfers.claim("wrong-code") is None
    assert transfers.claim(code.lower().replace("-", " ")) == (ada.id, token)  # typed back loosely
    assert transfers.claim(code) is None  # once only
    late, _ = transfers.create(ada.id, token, now=datetime.now(UTC) - VALID_FOR - timedelta(seconds=1))
    assert transfers.claim(late) is None


def test_a_long_nickname_fits_the_store(database: Database) -> None:
    """20 emoji families are 20 characters for a reader, and more than 40 code points for the database."""
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    name = (family * 16)[:80]  # the 80 code points core/nicknames.py allows
    players = PlayerRepository(database)
    token, player = players.create(name)
    assert players.by_token(token) == player and player.nickname == name
