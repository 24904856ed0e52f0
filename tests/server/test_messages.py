"""Server messages: typed, encoded as the documented JSON, every code with a meaning."""

from __future__ import annotations

import msgspec

from wordarena.core.refusal import Refusal
from wordarena.server import messages
from wordarena.server.messages import CLOSE_MEANINGS, ERROR_MEANINGS, CloseCode, ErrorCode


def test_messages_are_tagged_json() -> None:
    welcome = messages.Welcome(
        None, messages.PlayerInfo("p1", "Ann", 0, 1000), messages.Current("duel", "r", "playing")
    )
    assert msgspec.json.decode(messages.encode(welcome)) == {
        "type": "welcome",
        "token": None,
        "player": {"id": "p1", "name": "Ann", "games_played": 0, "rating": 1000},
        "current": {"kind": "duel", "code": "r", "stage": "playing"},
    }
    refused = messages.Refused(Refusal.NOT_IN_LIST, "not in word list", "duel", "r")
    assert msgspec.json.decode(messages.encode(refused)) == {
        "type": "refused",
        "code": "not_in_list",
        "message": "not in word list",
        "game": "duel",
        "room": "r",
    }


def test_every_error_and_close_code_has_a_meaning() -> None:
    assert set(ERROR_MEANINGS) == set(ErrorCode) and set(CLOSE_MEANINGS) == set(CloseCode)


def test_every_close_code_the_server_sends_is_a_documented_one() -> None:
    """Found after merging the outbox: a failed write closed with a bare 1011, in no table."""
    import re
    from pathlib import Path

    import wordarena.server

    sources = Path(wordarena.server.__file__).parent.rglob("*.py")
    literal = re.compile(r"close\(\s*code\s*=\s*(\d+)")
    bare = [f"{p.name}: {m.group(1)}" for p in sources for m in literal.finditer(p.read_text())]
    assert bare == []  # every close names a CloseCode (so docs/protocol.md lists it)
