"""The public id of a finished game's replay: derived one way from the game's secret seed.

The seed decides every answer, so it never leaves the server; a keyed hash of it
gives an id that is stable (the same after a restore, on any process, with
nothing stored to find it) and tells nothing of the seed or of any other game's id.
"""

from __future__ import annotations

import base64
import hashlib

#: Bytes of the id: 72 bits, 12 URL-safe characters (never guessed, never colliding in practice).
ID_BYTES = 9


def replay_id(seed: int, *where: int) -> str:
    """The id of one game of a room (its game number) or one duel of a tournament (round, index)."""
    text = ":".join(["replay", str(seed), *(str(n) for n in where)]).encode()
    digest = hashlib.blake2b(text, digest_size=ID_BYTES, person=b"wordarena").digest()
    return base64.urlsafe_b64encode(digest).decode()


def replay_path(seed: int, *where: int) -> str:
    """The replay's page (its JSON is the same path under /api)."""
    return f"/games/{replay_id(seed, *where)}"
