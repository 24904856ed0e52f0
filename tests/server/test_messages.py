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
    refused = msgspec.json.decode(messages.encode(messages.Refused(Refusal.NOT_IN_LIST, "not in word list")))
    assert refused == {"type": "refused", "code": "not_in_list", "message": "not in word list"}


def test_every_error_and_close_code_has_a_meaning() -> None:
    assert set(ERROR_MEANINGS) == set(ErrorCode) and set(CLOSE_MEANINGS) == set(CloseCode)
