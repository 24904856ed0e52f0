"""Every message the server sends, typed (docs/protocol.md is generated from these).

Views of a game (``room``, ``tournament``) are built by the core as typed dicts
(`core.duel.view.RoomView`, `core.tournament.view.TournamentView`); everything
else is a msgspec Struct here. Error codes are `ErrorCode`; refusal codes come
from the games (`core.refusal.Refusal`).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Any, Final, Literal

import msgspec

from wordarena.core.nicknames import NameRule
from wordarena.core.refusal import Refusal
from wordarena.core.seating import Seat


class ErrorCode(StrEnum):
    """Why the server did not act on a message (``error``); nothing changed."""

    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    NOT_HELLO = "not_hello"
    BAD_TOKEN = "bad_token"
    IDENTITY_LIMIT = "identity_limit"
    BAD_NAME = "bad_name"
    UNKNOWN_ROOM = "unknown_room"
    UNKNOWN_TOURNAMENT = "unknown_tournament"
    UNKNOWN_GROUP = "unknown_group"
    NO_ROOM = "no_room"
    NOT_QUEUED = "not_queued"
    ALREADY_PLAYING = "already_playing"
    GROUP_FULL = "group_full"
    NOT_ORGANISER = "not_organiser"
    MEMBERS_BUSY = "members_busy"
    RATE_LIMITED = "rate_limited"
    REPLACED = "replaced"
    UNAVAILABLE = "unavailable"
    INTERNAL = "internal"


ERROR_MEANINGS: Final[dict[ErrorCode, str]] = {
    ErrorCode.BAD_JSON: "the frame is not JSON",
    ErrorCode.BAD_MESSAGE: "unknown `type`, a missing or wrong-typed field, a binary frame, or a message "
    "that does not apply (a second `hello`, a word language a game does not have)",
    ErrorCode.NOT_HELLO: "`hello` must come first",
    ErrorCode.BAD_TOKEN: "this server does not know that identity token: say `hello` again without one",
    ErrorCode.IDENTITY_LIMIT: "too many new identities from this address this minute; the socket closes",
    ErrorCode.BAD_NAME: "a nickname that breaks the rules (see Nicknames)",
    ErrorCode.UNKNOWN_ROOM: "no such Duel de Mots room (or it no longer exists)",
    ErrorCode.UNKNOWN_TOURNAMENT: "no such tournament (or it is over)",
    ErrorCode.UNKNOWN_GROUP: "no such group, or you are not in one",
    ErrorCode.NO_ROOM: "an action that needs a room or a tournament, before joining one",
    ErrorCode.NOT_QUEUED: "`unqueue` while not in a queue",
    ErrorCode.ALREADY_PLAYING: "a game in progress holds your seat (`current` says where): leave it first",
    ErrorCode.GROUP_FULL: "a group has at most 8 players",
    ErrorCode.NOT_ORGANISER: "only the group's organiser launches it",
    ErrorCode.MEMBERS_BUSY: "a member of the group is still in a game or a queue",
    ErrorCode.RATE_LIMITED: "too many messages: this one was dropped (sent at most once a second)",
    ErrorCode.REPLACED: "this game was opened in another tab of the same player: this tab is detached",
    ErrorCode.UNAVAILABLE: "the server cannot reach its storage now: nothing was done, try again",
    ErrorCode.INTERNAL: "a bug: nothing was done, try again",
}


class CloseCode(IntEnum):
    """WebSocket close codes the server uses (RFC 6455 and the private range)."""

    GOING_AWAY = 1001
    POLICY = 1008
    TOO_BIG = 1009
    SERVER_ERROR = 1011
    SERVICE_RESTART = 1012
    NO_HELLO = 4001


CLOSE_MEANINGS: Final[dict[CloseCode, str]] = {
    CloseCode.GOING_AWAY: "the server is shutting down: reconnect (with backoff) and `hello` again",
    CloseCode.POLICY: "a flood (over the message rate for a whole window, or at full speed), a client "
    "too slow to read (its connection is then cut a few seconds later), or too many new identities "
    "from one address",
    CloseCode.TOO_BIG: "a frame over the size limit",
    CloseCode.SERVER_ERROR: "writing to this socket failed on the server: reconnect and `hello` again "
    "(a full view follows)",
    CloseCode.SERVICE_RESTART: "this server process hands its games over (a restart or a deploy): "
    "reconnect at once, to any process",
    CloseCode.NO_HELLO: "no `hello` within the hello timeout",
}


class Current(msgspec.Struct, frozen=True):
    """Where a player holds a seat now."""

    kind: Literal["duel", "tournament", "queue"]
    code: str  # the room, the tournament, or the queue's word language
    stage: Literal["waiting", "playing", "finished"]


def current_of(seat: Seat | None) -> Current | None:
    return None if seat is None else Current(seat.kind, seat.code, seat.stage)


class PlayerInfo(msgspec.Struct, frozen=True):
    id: str
    name: str
    games_played: int
    rating: int


class Welcome(msgspec.Struct, tag="welcome", frozen=True):
    """The answer to ``hello`` (and to ``rename``: the new name). ``token`` only when new."""

    token: str | None
    player: PlayerInfo
    current: Current | None = None


class Created(msgspec.Struct, tag="created", frozen=True):
    room: str


#: Which game a message concerns: a client with both games on screen knows whose code it reads.
GameKind = Literal["duel", "tournament"]


def game_kind(kind: str | None) -> GameKind | None:
    """A room's kind as messages name it (None: no game)."""
    return None if kind is None else "tournament" if kind == "tournament" else "duel"


class Error(msgspec.Struct, tag="error", frozen=True):
    code: ErrorCode
    message: str
    current: Current | None = None  # with already_playing
    reason: NameRule | None = None  # with bad_name: the rule the nickname broke
    game: GameKind | None = None  # the game it concerns, when it concerns one


class Refused(msgspec.Struct, tag="refused", frozen=True):
    """A game did not accept an action; nothing was consumed (a refused guess shakes the row)."""

    code: Refusal
    message: str
    game: GameKind  # the game that refused
    room: str  # its code


class Pong(msgspec.Struct, tag="pong", frozen=True):
    t: float | None


class Delta(msgspec.Struct, tag="delta", frozen=True):
    """What changed in your view of a room (``of`` "room") or tournament since the one of version ``base``.

    Only to a tab that said ``hello`` with ``deltas: true``, after a first whole view.
    ``set``: each changed field by name, or one item of a list by ``name/index`` (the list
    kept its length); ``unset``: fields no longer in the view. When ``base`` is not the
    version of the view you hold, ignore it and send ``resync``: a whole view comes back.
    """

    code: str
    of: Literal["room", "tournament"]
    version: int
    base: int
    set: dict[str, Any]
    unset: list[str]


class LobbyMember(msgspec.Struct, frozen=True):
    id: str
    name: str
    rating: int


class LobbyInfo(msgspec.Struct, frozen=True):
    size: int  # people in your forming lobby
    of: int  # a tournament starts with this many
    mean: int  # its mean rating
    members: list[LobbyMember]


QueueEnd = Literal["you", "organiser", "member", "started"]


class QueueStatus(msgspec.Struct, tag="queue", frozen=True):
    """Your place in matchmaking; ``queued: false`` once you are out of it, and why (``reason``):
    you left it, your group's organiser cancelled it, a member of your group left it (``by``:
    their name; a group queues whole or not at all), or your tournament starts."""

    queued: bool
    lang: str
    practice: bool
    rating: int | None = None
    waiting: int | None = None  # people queued for that word language
    lobby: LobbyInfo | None = None
    reason: QueueEnd | None = None
    by: str | None = None


class GroupMember(msgspec.Struct, frozen=True):
    id: str
    name: str
    rating: int
    busy: bool  # in a game in progress or a queue
    queued: bool
    away: bool  # every tab closed (60 s to come back)


class GroupView(msgspec.Struct, tag="group", frozen=True):
    code: str
    organiser: str
    members: list[GroupMember]
    you: str
    can_launch: bool


class GroupLeft(msgspec.Struct, tag="group_left", frozen=True):
    """You are no longer in that group (you left it, or were away too long)."""

    code: str


ServerMessage = Welcome | Created | Error | Refused | Pong | QueueStatus | GroupView | GroupLeft | Delta

_encoder = msgspec.json.Encoder()


def encode(message: msgspec.Struct | dict[str, Any]) -> bytes:
    return _encoder.encode(message)
