"""Carrying an identity to another device (A4) with a one-time code.

Identities are anonymous: a browser holds a secret token, the store only its
hash (players.py). To let a second device hold the same token, the first one
asks for a short code: the store keeps a hash of the code and the token sealed
with a key derived from the code (PBKDF2: slow to guess), for a few minutes.
The second device presents the code once and gets the token back; the row is
deleted at once. Without the code, the row reveals nothing.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from datetime import UTC, datetime, timedelta
from typing import Final

from sqlalchemy import DateTime, ForeignKey, String, delete, select
from sqlalchemy.orm import Mapped, mapped_column

from wordarena.store.database import Database
from wordarena.store.schema import Base

#: Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L).
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 10  # 31^10: about 49 bits, for a code that lives VALID_FOR
VALID_FOR: Final = timedelta(minutes=10)
_SALT: Final = b"wordarena identity transfer"
_ROUNDS: Final = 100_000


class IdentityTransferRow(Base):
    __tablename__ = "identity_transfers"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    sealed_token: Mapped[str] = mapped_column(String(256))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def normalize_code(code: str) -> str:
    """What a person types back: spaces and dashes dropped, upper case."""
    return "".join(c for c in code.upper() if c.isalnum())


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def shown(code: str) -> str:
    """ABCDE-FGHJK: easier to read aloud and type."""
    return f"{code[:5]}-{code[5:]}"


def _derived(code: str, length: int) -> bytes:
    """PBKDF2 of the code: its first 32 bytes name the row, the next ones seal the token."""
    return hashlib.pbkdf2_hmac("sha256", normalize_code(code).encode(), _SALT, _ROUNDS, dklen=32 + length)


def _lookup(code: str) -> str:
    return _derived(code, 0).hex()


def _seal(token: str, code: str) -> tuple[str, str]:
    data = token.encode()
    derived = _derived(code, len(data))
    sealed = bytes(a ^ b for a, b in zip(data, derived[32:], strict=True))
    return derived[:32].hex(), base64.urlsafe_b64encode(sealed).decode()


def _unseal(sealed: str, code: str) -> str:
    data = base64.urlsafe_b64decode(sealed.encode())
    key = _derived(code, len(data))[32:]
    return bytes(a ^ b for a, b in zip(data, key, strict=True)).decode()


class TransferRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def create(self, player_id: str, token: str, now: datetime | None = None) -> tuple[str, timedelta]:
        """A one-time code for this identity (its token as the browser holds it), and how long it lives."""
        now = now or datetime.now(UTC)
        code = new_code()
        lookup, sealed = _seal(token, code)
        with self.db.transaction() as session:
            session.execute(delete(IdentityTransferRow).where(IdentityTransferRow.expires_at < now))
            session.add(
                IdentityTransferRow(
                    code_hash=lookup, player_id=player_id, sealed_token=sealed, expires_at=now + VALID_FOR
                )
            )
        return shown(code), VALID_FOR

    def claim(self, code: str, now: datetime | None = None) -> tuple[str, str] | None:
        """(player id, token) for a valid code, used up at once; None for a wrong, used or expired one."""
        now = now or datetime.now(UTC)
        code = normalize_code(code)
        if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
            return None
        lookup = _lookup(code)
        with self.db.transaction() as session:
            row = session.scalar(select(IdentityTransferRow).where(IdentityTransferRow.code_hash == lookup))
            if row is None:
                return None
            session.delete(row)
            expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=UTC)
            if expires < now:
                return None
            return row.player_id, _unseal(row.sealed_token, code)
