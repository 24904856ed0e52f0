"""Word reports from the reveal card: "this should not be an answer", "this word was refused".

Stored with the word, its language and the reason, for a person to review with
`wordarena reports`. A report never changes a word list by itself: lists change
only through the reviewed pipeline of tools/lexicon.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final, Literal

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, Integer, String, Text, func, select
from sqlalchemy.orm import Mapped, mapped_column

from wordarena.store.database import Database
from wordarena.store.schema import Base

Kind = Literal["answer", "refused"]
KINDS: Final = ("answer", "refused")
MAX_WORD: Final = 64
MAX_REASON: Final = 300
MAX_PER_HOUR: Final = 30  # reports one identity may send in an hour


class WordReportRow(Base):
    __tablename__ = "word_reports"
    __table_args__ = (Index("ix_word_reports_lang_word", "lang", "word"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    lang: Mapped[str] = mapped_column(String(8))
    word: Mapped[str] = mapped_column(String(MAX_WORD))
    kind: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(Text)
    reporter_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


@dataclass(frozen=True)
class WordReport:
    id: int
    lang: str
    word: str
    kind: str
    reason: str
    created_at: datetime


class TooManyReports(Exception):
    """This identity sent MAX_PER_HOUR reports in the last hour."""


class ReportRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, lang: str, word: str, kind: Kind, reason: str, reporter_id: str | None) -> int:
        """Keep a report (its text is cut to the column sizes by the caller's checks)."""
        with self.db.transaction() as session:
            if reporter_id is not None:
                since = datetime.now(UTC) - timedelta(hours=1)
                recent = session.scalar(
                    select(func.count())
                    .select_from(WordReportRow)
                    .where(WordReportRow.reporter_id == reporter_id, WordReportRow.created_at >= since)
                )
                if (recent or 0) >= MAX_PER_HOUR:
                    raise TooManyReports(reporter_id)
            row = WordReportRow(lang=lang, word=word, kind=kind, reason=reason, reporter_id=reporter_id)
            session.add(row)
            session.flush()
            return row.id

    def listed(self, lang: str | None = None, kind: str | None = None, limit: int = 200) -> list[WordReport]:
        """The newest reports first, for review."""
        query = select(WordReportRow).order_by(WordReportRow.created_at.desc(), WordReportRow.id.desc())
        if lang is not None:
            query = query.where(WordReportRow.lang == lang)
        if kind is not None:
            query = query.where(WordReportRow.kind == kind)
        with self.db.transaction() as session:
            return [
                WordReport(r.id, r.lang, r.word, r.kind, r.reason, r.created_at)
                for r in session.scalars(query.limit(limit)).all()
            ]


def review_table(reports: list[WordReport]) -> str:
    """The reports as `wordarena reports` prints them: how often each word was reported, then each report."""
    counts: dict[tuple[str, str, str], int] = {}
    for r in reports:
        counts[(r.lang, r.kind, r.word)] = counts.get((r.lang, r.kind, r.word), 0) + 1
    lines = [f"{'lang':<5}{'kind':<9}{'reports':>8}  word"]
    for (lang, kind, word), n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        lines.append(f"{lang:<5}{kind:<9}{n:>8}  {word}")
    lines.append("")
    lines.append(f"{'id':>6}  {'when (UTC)':<17}{'lang':<5}{'kind':<9}{'word':<16}reason")
    for r in reports:
        when = (
            r.created_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M")
            if r.created_at.tzinfo
            else str(r.created_at)
        )
        lines.append(f"{r.id:>6}  {when:<17}{r.lang:<5}{r.kind:<9}{r.word:<16}{r.reason}")
    return "\n".join(lines)
