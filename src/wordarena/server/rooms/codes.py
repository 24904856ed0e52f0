"""Room codes: unguessable links, and their names in the directory of owners."""

from __future__ import annotations

import secrets

from wordarena.server import limits


def new_room_code() -> str:
    return secrets.token_urlsafe(limits.ROOM_CODE_BYTES)


def room_key(code: str) -> str:
    return f"room:{code}"
