"""Client messages, validated on arrival (docs/protocol.md). msgspec does the checking.

A frame that is not JSON, has an unknown ``type``, or a missing or wrong-typed
field becomes a `BadMessage` with a readable reason; nothing reaches a room.
"""

from __future__ import annotations

import msgspec

from wordarena.core.duel.rules import LANGUAGES as DUEL_LANGUAGES
from wordarena.core.tournament.rules import LANGUAGES as TOURNAMENT_LANGUAGES
from wordarena.server.messages import ErrorCode


def _duel_language(lang: str | None) -> None:
    """Checked as the message is read: a wrong language is a `bad_message` naming the right ones."""
    if lang is not None and lang not in DUEL_LANGUAGES:
        raise ValueError(f"Duel de Mots is played in {' '.join(DUEL_LANGUAGES)}")


def _tournament_language(lang: str) -> None:
    if lang not in TOURNAMENT_LANGUAGES:
        raise ValueError(f"tournaments are in {' '.join(TOURNAMENT_LANGUAGES)}")


class Hello(msgspec.Struct, tag="hello", forbid_unknown_fields=True):
    token: str | None = None
    ui: str | None = None
    deltas: bool = False  # views after the first as `delta` messages (docs/protocol.md)


class Rename(msgspec.Struct, tag="rename", forbid_unknown_fields=True):
    name: str


class Create(msgspec.Struct, tag="create", forbid_unknown_fields=True):
    lang: str | None = None

    def __post_init__(self) -> None:
        _duel_language(self.lang)


class Join(msgspec.Struct, tag="join", forbid_unknown_fields=True):
    room: str


class Quick(msgspec.Struct, tag="quick", forbid_unknown_fields=True):
    lang: str

    def __post_init__(self) -> None:
        _duel_language(self.lang)


class Leave(msgspec.Struct, tag="leave", forbid_unknown_fields=True):
    """Leave this tab's game; with ``code``, the player's seat there, from any tab (to join elsewhere)."""

    code: str | None = None


class AddBot(msgspec.Struct, tag="add_bot", forbid_unknown_fields=True):
    level: str


class RemoveBot(msgspec.Struct, tag="remove_bot", forbid_unknown_fields=True):
    seat: int


class SetOptions(msgspec.Struct, tag="options", forbid_unknown_fields=True):
    lang: str | None = None
    clock_s: int | None = None
    rounds: int | None = None


class Watchers(msgspec.Struct, tag="watchers", forbid_unknown_fields=True):
    """The host opens the room to watchers or closes it (closing sends the watchers away)."""

    open: bool


class Start(msgspec.Struct, tag="start", forbid_unknown_fields=True):
    pass


class Guess(msgspec.Struct, tag="guess", forbid_unknown_fields=True):
    word: str


class PlayAgain(msgspec.Struct, tag="play_again", forbid_unknown_fields=True):
    pass


class Resync(msgspec.Struct, tag="resync", forbid_unknown_fields=True):
    """Send the whole view again (a `delta` did not follow the view this tab holds)."""


class Ping(msgspec.Struct, tag="ping", forbid_unknown_fields=True):
    t: float | None = None


class Queue(msgspec.Struct, tag="queue", forbid_unknown_fields=True):
    lang: str
    practice: bool = False

    def __post_init__(self) -> None:
        _tournament_language(self.lang)


class Unqueue(msgspec.Struct, tag="unqueue", forbid_unknown_fields=True):
    pass


class GroupCreate(msgspec.Struct, tag="group_create", forbid_unknown_fields=True):
    pass


class GroupJoin(msgspec.Struct, tag="group_join", forbid_unknown_fields=True):
    group: str


class GroupLeave(msgspec.Struct, tag="group_leave", forbid_unknown_fields=True):
    pass


class GroupLaunch(msgspec.Struct, tag="group_launch", forbid_unknown_fields=True):
    lang: str
    practice: bool = False

    def __post_init__(self) -> None:
        _tournament_language(self.lang)


class TournamentJoin(msgspec.Struct, tag="tournament_join", forbid_unknown_fields=True):
    tournament: str


ClientMessage = (
    Hello
    | Rename
    | Create
    | Join
    | Quick
    | Leave
    | AddBot
    | RemoveBot
    | SetOptions
    | Watchers
    | Start
    | Guess
    | PlayAgain
    | Ping
    | Resync
    | Queue
    | Unqueue
    | GroupCreate
    | GroupJoin
    | GroupLeave
    | GroupLaunch
    | TournamentJoin
)

_decoder = msgspec.json.Decoder(ClientMessage)


class BadMessage(ValueError):
    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse(text: str | bytes) -> ClientMessage:
    """The typed message of a frame, or `BadMessage`: whatever the frame holds, nothing else escapes.

    JSON nested deeper than the decoder's stack allows (a 2 KiB frame can nest a thousand
    arrays) raises RecursionError inside msgspec; it is bad JSON like any other.
    """
    try:
        message: ClientMessage = _decoder.decode(text)
        return message
    except msgspec.ValidationError as error:
        # msgspec checks the shape as it reads: "[" fails as "not an object" before the end
        # of the text says it is not JSON at all. The protocol says bad_json for that.
        try:
            msgspec.json.decode(text)
        except msgspec.DecodeError as not_json:
            raise BadMessage(ErrorCode.BAD_JSON, f"not valid JSON: {not_json}") from None
        except RecursionError:
            raise BadMessage(ErrorCode.BAD_JSON, "not valid JSON: nested too deep") from None
        raise BadMessage(ErrorCode.BAD_MESSAGE, f"invalid message: {error}") from None
    except msgspec.DecodeError as error:
        raise BadMessage(ErrorCode.BAD_JSON, f"not valid JSON: {error}") from None
    except RecursionError:
        raise BadMessage(ErrorCode.BAD_JSON, "not valid JSON: nested too deep") from None
