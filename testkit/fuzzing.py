"""Fuzzed frames for a live wordarena server: malformed ones, and valid messages in the wrong state.

One generator for the fuzz test (tests/server/test_fuzz.py: Hypothesis makes every
choice, so a failure shrinks to a short sequence of steps) and the fuzz benchmark
(bench/fuzz.py: a seeded `random.Random` makes them). Each frame comes with what the
server must answer to it whatever the state of the game (`Expect`): a malformed
frame gets its exact error, an oversized one a 1009 close, a join of a code nobody
made ``unknown_room``... What depends on the state (a guess before a round, a
launch by a member, a queue from a room) is left to the server; the test checks
that the answer is typed and documented, and that the invariants still hold.

A `Tab` is one WebSocket of the fuzz: it records every frame and close code, and
what its player has seen (rooms, tournaments, groups, word lengths) so that later
frames can aim at real codes and real words.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import aiohttp
import msgspec

from wordarena.core import lexicon
from wordarena.core.duel import rules as duel_rules
from wordarena.core.tournament import rules as tournament_rules
from wordarena.server import limits, protocol_doc
from wordarena.server.messages import CloseCode

T = TypeVar("T")

DUEL_LANGUAGES: tuple[str, ...] = tuple(duel_rules.LANGUAGES)
TOURNAMENT_LANGUAGES: tuple[str, ...] = tuple(tournament_rules.LANGUAGES)
CLIENT_TAGS = frozenset(protocol_doc._tag(cls) for cls in protocol_doc.client_messages())
#: Each server message's type, by its ``type`` tag (views are the core's typed dicts).
SERVER_TYPES = {protocol_doc._tag(cls): cls for cls in protocol_doc.server_messages()}
CLOSE_CODES = frozenset(int(code) for code in CloseCode)


class Source(Protocol):
    """Where the choices come from: Hypothesis (the test) or a seeded random.Random (the benchmark)."""

    def pick(self, options: Sequence[T]) -> T: ...

    def number(self, low: int, high: int) -> int: ...

    def text(self, max_size: int) -> str: ...


#: Characters worth trying: ASCII, accents, Cyrillic, Hangul syllables and jamo, Turkish i's,
#: combining marks, blanks that look like letters, zero-width and control characters, emoji.
ODD_CHARACTERS = (
    string.ascii_letters
    + string.digits
    + string.punctuation
    + " éèÎçñüßøæœıİğşÄÖ"
    + "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
    + "사람한국어글자ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣ"
    + "\u0301\u0308\u0327\u3164\u2800\u200b\u200d\u202e\ufeff\u00a0\u0000\u0007\u001b\n\t"
    + "😀👍🏽👨\u200d👩\u200d👧🇫🇷"
)


class RandomSource:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def number(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def text(self, max_size: int) -> str:
        size = self.rng.randint(0, max_size)
        return "".join(self.rng.choice(ODD_CHARACTERS) for _ in range(size))


# ---------------------------------------------------------------- what a frame must get back


@dataclass(frozen=True)
class Expect:
    """What the server must answer to a frame, whatever the state.

    ``codes``: one of these ``error``/``refused`` codes must come back; ``close``: the
    socket must be closed with this code; otherwise some answer must come, unless
    ``silent`` (a ``leave`` is not answered to the one who left). ``may_close``: closes
    that are a right answer too (``identity_limit`` closes with 1008).
    """

    codes: frozenset[str] = frozenset()
    close: int | None = None
    silent: bool = False
    may_close: frozenset[int] = frozenset()


ANSWER = Expect()
SILENT = Expect(silent=True)


def errors(*codes: str) -> Expect:
    return Expect(codes=frozenset(codes))


@dataclass(frozen=True)
class Frame:
    data: str | bytes  # bytes: a binary frame
    kind: str  # which generator made it (the benchmark counts them)
    expect: Expect


# ---------------------------------------------------------------- what the fuzz knows


@functools.cache
def words(lang: str, length: int) -> tuple[str, ...]:
    """Some answers of a list, as players type them (accepted guesses once a round is open)."""
    listed = lexicon.word_list(lang, length)
    step = max(1, len(listed.answers) // 200)
    return tuple(listed.spelling(key) for key in listed.answers[::step])


@dataclass
class World:
    """Codes any tab has seen (to aim frames at real ones), and what may be fuzzed where."""

    rooms: list[str] = field(default_factory=list)
    tournaments: list[str] = field(default_factory=list)
    groups: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    #: Practice tournaments are played by bots whose word tables cost a second of CPU per
    #: language: the test keeps to a few languages, the benchmark may use all of them.
    practice_languages: tuple[str, ...] = ("en",)
    #: Word languages of the rooms made by the fuzz (the test keeps to a few lists in memory).
    duel_languages: tuple[str, ...] = DUEL_LANGUAGES

    def saw(self, codes: list[str], code: str) -> None:
        if code not in codes:
            codes.append(code)
            del codes[:-50]  # the latest few are enough to aim at


class Tab:
    """One socket of the fuzz, what it received, and what its player has seen."""

    def __init__(self, name: str, ws: aiohttp.ClientWebSocketResponse, world: World) -> None:
        self.name = name
        self.ws = ws
        self.world = world
        self.token: str | None = None
        self.player: str | None = None
        self.frames: list[str] = []  # every text frame received, raw
        self.messages: list[dict[str, Any]] = []
        self.binary = 0  # binary frames received (never expected)
        self.checked = 0  # frames already checked against the typed messages
        self.room: str | None = None  # the last Duel de Mots room seen
        self.room_lang = "en"
        self.tournament: str | None = None
        self.tournament_lang = "en"
        self.duel_length = 5
        self.group: str | None = None
        self.arrived = asyncio.Event()  # set on every frame (and the close)
        self.reader = asyncio.get_running_loop().create_task(self._read(), name=f"fuzz-{name}")

    def __repr__(self) -> str:  # Hypothesis prints the tabs it drew
        return f"Tab({self.name})"

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, url: str, name: str, world: World) -> Tab:
        ws = await session.ws_connect(f"{url}/ws", max_msg_size=0, autoping=True)
        return cls(name, ws, world)

    @property
    def helloed(self) -> bool:
        return self.player is not None

    @property
    def closed(self) -> bool:
        return self.reader.done()

    @property
    def close_code(self) -> int | None:
        return self.ws.close_code if self.closed else None

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type is aiohttp.WSMsgType.TEXT:
                self.frames.append(msg.data)
                message = msgspec.json.decode(msg.data)
                self.messages.append(message)
                self._learn(message)
            elif msg.type is aiohttp.WSMsgType.BINARY:
                self.binary += 1
            self.arrived.set()
        self.arrived.set()

    def _learn(self, message: dict[str, Any]) -> None:
        kind, world = message.get("type"), self.world
        if kind == "welcome":
            self.player = message["player"]["id"]
            if message["token"]:
                self.token = message["token"]
                world.saw(world.tokens, message["token"])
        elif kind == "created":
            self.room = message["room"]
            world.saw(world.rooms, message["room"])
        elif kind == "room":
            self.room, self.room_lang = message["code"], message["options"]["lang"]
            world.saw(world.rooms, message["code"])
        elif kind == "tournament":
            self.tournament, self.tournament_lang = message["code"], message["lang"]
            world.saw(world.tournaments, message["code"])
            if message.get("duel"):
                self.duel_length = message["duel"]["length"]
        elif kind == "group":
            self.group = message["code"]
            world.saw(world.groups, message["code"])
        elif kind == "group_left" and self.group == message["code"]:
            self.group = None
        elif kind == "delta" and message["of"] == "tournament":
            duel = message["set"].get("duel")
            if isinstance(duel, dict) and "length" in duel:
                self.duel_length = duel["length"]

    async def send(self, frame: Frame) -> bool:
        """False when the socket is already closed (a frame after a close is not sent)."""
        if self.ws.closed:
            return False
        try:
            if isinstance(frame.data, bytes):
                await self.ws.send_bytes(frame.data)
            else:
                await self.ws.send_str(frame.data)
        except (ConnectionError, RuntimeError):
            return False
        return True

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.gather(self.reader, return_exceptions=True)


def typed(frame: str) -> None:
    """Raises unless ``frame`` is exactly one of the protocol's typed server messages."""
    tag = msgspec.json.decode(frame)["type"]
    msgspec.json.decode(frame, type=SERVER_TYPES[tag], strict=True)


# ---------------------------------------------------------------- the frames


def _json(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False)


def random_code(src: Source) -> str:
    """A code nobody made (room codes are 12 URL-safe characters)."""
    return src.pick(["", "x", "no-such-room", "AAAAAAAAAAAA", "../../etc", "a" * 200, "ünïcödé", "0"])


def _bad_json(src: Source, tab: Tab) -> Frame:
    fixed = [
        "",
        " ",
        "{",
        "}",
        "[",
        '{"type":',
        '{"type":"ping"',
        "{'type':'ping'}",
        "ping",
        "NaN",
        '{"type":"ping",}',
        '{"type":"ping"}{"type":"ping"}',
        '{"type":"ping"} x',
        "\ufeff{}",
        '{"type":"guess","word":"abc}',
    ]
    return Frame(src.pick(fixed), "bad_json", errors("bad_json"))


def _garbage(src: Source, tab: Tab) -> Frame:
    """Random text: not JSON, or JSON of the wrong shape."""
    return Frame(src.text(60), "garbage", errors("bad_json", "bad_message"))


def _not_a_message(src: Source, tab: Tab) -> Frame:
    fixed = [
        "1",
        "[]",
        "null",
        "true",
        '"ping"',
        "{}",
        '{"t":1}',
        '{"type":null}',
        '{"type":1}',
        '{"type":["ping"]}',
        '[{"type":"ping"}]',
        '{"TYPE":"ping"}',
    ]
    return Frame(src.pick(fixed), "not_a_message", errors("bad_message"))


def _unknown_type(src: Source, tab: Tab) -> Frame:
    kind = src.pick(["PING", "Hello", "hello ", "admin", "__proto__", "", "join_room", "welcome", "room"])
    if src.pick([False, True]):
        kind = src.text(20)
    if kind in CLIENT_TAGS:
        kind += "!"
    return Frame(_json({"type": kind, "room": "x"}), "unknown_type", errors("bad_message"))


def _wrong_fields(src: Source, tab: Tab) -> Frame:
    """A known type with a field missing, of the wrong type, or one too many."""
    fixed: list[dict[str, Any]] = [
        {"type": "join"},
        {"type": "join", "room": 123},
        {"type": "join", "room": None},
        {"type": "guess"},
        {"type": "guess", "word": ["c", "r", "a", "n", "e"]},
        {"type": "guess", "word": 12345},
        {"type": "remove_bot", "seat": "0"},
        {"type": "remove_bot", "seat": 1.5},
        {"type": "options", "clock_s": "60"},
        {"type": "options", "rounds": True},
        {"type": "queue"},
        {"type": "queue", "lang": "en", "practice": "yes"},
        {"type": "queue", "lang": 7},
        {"type": "ping", "t": "now"},
        {"type": "hello", "token": 5},
        {"type": "hello", "ui": ["fr"]},
        {"type": "rename"},
        {"type": "rename", "name": {"first": "x"}},
        {"type": "group_join"},
        {"type": "group_launch", "lang": None},
        {"type": "tournament_join", "tournament": 1},
        {"type": "add_bot"},
        {"type": "ping", "t": 1, "extra": True},
        {"type": "leave", "room": "x"},
        {"type": "start", "now": 1},
        {"type": "create", "lang": "en", "private": True},
    ]
    return Frame(_json(src.pick(fixed)), "wrong_fields", errors("bad_message"))


def _oversized(src: Source, tab: Tab) -> Frame:
    """More than 4 KiB: closed with 1009 (counted in bytes: Hangul is 3 bytes a character)."""
    if src.pick([False, True]):
        name = "한" * src.number(limits.MAX_FRAME_BYTES // 3 + 1, limits.MAX_FRAME_BYTES)
    else:
        name = "x" * src.number(limits.MAX_FRAME_BYTES - 10, 4 * limits.MAX_FRAME_BYTES)
    data = _json({"type": "rename", "name": name})
    if len(data.encode()) <= limits.MAX_FRAME_BYTES:
        data += " " * (limits.MAX_FRAME_BYTES + 1 - len(data.encode()))
    return Frame(data, "oversized", Expect(close=CloseCode.TOO_BIG))


def _exactly_4_kib(src: Source, tab: Tab) -> Frame:
    """The documented limit, to the byte: accepted."""
    data = _json({"type": "ping", "t": src.number(0, 10**6)})
    data = data[:-1] + " " * (limits.MAX_FRAME_BYTES - len(data.encode())) + "}"
    return Frame(data, "exactly_4_kib", ANSWER if tab.helloed else errors("not_hello"))


def _binary(src: Source, tab: Tab) -> Frame:
    data = src.pick([b"", b"\x00\xff\xfe", b'{"type":"ping","t":1}', bytes(range(256))])
    return Frame(data, "binary", errors("bad_message"))


def _escapes(src: Source, tab: Tab) -> Frame:
    """JSON escapes of characters a text frame cannot carry raw: lone surrogates, NUL, a BOM."""
    escaped = src.pick(["\\ud800", "\\udfff", "a\\ud83d", "\\u0000", "\\ufeff", "\\ud83d\\ude00", "\\u0007"])
    field_ = src.pick(["rename:name", "guess:word", "join:room", "group_join:group", "hello:token"])
    kind, name = field_.split(":")
    data = f'{{"type":"{kind}","{name}":"{escaped}"}}'
    if tab.helloed or kind == "hello":
        return Frame(data, "escapes", ANSWER)
    return Frame(data, "escapes", errors("not_hello", "bad_json"))  # a lone surrogate is not JSON to msgspec


def _hello(src: Source, tab: Tab) -> Frame:
    world = tab.world
    token = src.pick([None, "forged-token", *world.tokens[-3:]]) if not tab.helloed else None
    message = {"type": "hello", "token": token, "ui": src.pick([None, "fr", "ko", "de", "xx", ""])}
    message["deltas"] = src.pick([False, True])  # views after the first as deltas
    if tab.helloed:
        return Frame(_json(message), "hello", errors("bad_message"))
    if token == "forged-token":
        return Frame(_json(message), "hello", errors("bad_token"))
    expect = Expect(may_close=frozenset({CloseCode.POLICY}))  # identity_limit closes
    return Frame(_json(message), "hello", expect)


NAMES = [
    "Alice",
    "Zoë",
    "사람",
    "Иван",
    "👍🏽",
    "",
    " ",
    "x" * 21,
    "a\u0000b",
    "zero\u200bwidth",
    "\u3164",
    "\u2800",
    "e\u0301\u0301\u0301",
    "Hana (bot)",
    "Ｈana （ＢＯＴ）",
    "\u202eevil",
    "<script>",
]


def _valid(src: Source, tab: Tab) -> Frame:
    """A well-formed message, often in the wrong state or with values the rules refuse."""
    world = tab.world
    kind = src.pick(
        [
            "rename",
            "create",
            "join",
            "join",
            "quick",
            "leave",
            "add_bot",
            "remove_bot",
            "options",
            "start",
            "play_again",
            "guess",
            "guess",
            "guess",
            "ping",
            "queue",
            "unqueue",
            "group_create",
            "group_join",
            "group_leave",
            "group_launch",
            "tournament_join",
            "resync",
        ]
    )
    message: dict[str, Any] = {"type": kind}
    expect = ANSWER
    match kind:
        case "rename":
            message["name"] = src.pick(NAMES) if src.pick([True, False]) else src.text(24)
        case "create":
            message["lang"] = src.pick([*world.duel_languages, None, "de", "xx", "", "EN"])
        case "join":
            code = src.pick([*world.rooms[-5:], *world.tournaments[-2:], None])
            if code is None:
                code, expect = random_code(src), errors("unknown_room")
            message["room"] = code
        case "quick":
            message["lang"] = src.pick([*world.duel_languages, "de", "xx"])
        case "leave":
            expect = SILENT
        case "add_bot":
            message["level"] = src.pick(["easy", "medium", "hard", "god", "", "EASY"])
        case "remove_bot":
            message["seat"] = src.pick([-1, 0, 1, 2, 5, 6, 99, 2**31])
        case "options":
            for name, values in (
                ("lang", [*world.duel_languages, "de", "xx"]),
                ("clock_s", [60, 90, 120, 7, 0, -1, 10**9]),
                ("rounds", [1, 3, 5, 2, 0, -3]),
            ):
                if src.pick([True, False]):
                    message[name] = src.pick(values)
        case "guess":
            message["word"] = _word(src, tab)
        case "ping":
            message["t"] = src.pick([None, 0, -1.5, 1e308, 2**53 + 1, 3.25])
        case "queue" | "group_launch":
            message["lang"] = src.pick([*TOURNAMENT_LANGUAGES[:3], *world.practice_languages, "ko", "xx", ""])
            message["practice"] = message["lang"] in world.practice_languages and src.pick([True, False])
        case "group_join":
            code = src.pick([*world.groups[-3:], None])
            if code is None:
                code, expect = random_code(src), errors("unknown_group")
            message["group"] = code
        case "tournament_join":
            code = src.pick([*world.tournaments[-3:], *world.rooms[-2:], None])
            if code is None:
                code, expect = random_code(src), errors("unknown_tournament")
            message["tournament"] = code
    if not tab.helloed:
        expect = errors("not_hello")
    if _language_refused(kind, message.get("lang")):  # refused as the message is read, hello or not
        expect = errors("bad_message")
    return Frame(_json(message), f"valid:{kind}", expect)


def _language_refused(kind: str, lang: Any) -> bool:
    """A game's word language is part of the message's shape: one the game is not played in is malformed."""
    if kind in ("create", "quick"):
        return lang is not None and lang not in DUEL_LANGUAGES
    if kind in ("queue", "group_launch"):
        return lang not in TOURNAMENT_LANGUAGES
    return False


def _word(src: Source, tab: Tab) -> str:
    """A word for a guess: often one the lists accept (a round may be open), else a broken one."""
    in_tournament = tab.tournament is not None and src.pick([True, False])
    lang = tab.tournament_lang if in_tournament else tab.room_lang
    length = tab.duel_length if in_tournament else duel_rules.WORD_LENGTH
    how = src.pick(["listed", "listed", "listed", "other_length", "letters", "jamo", "odd", "long", "case"])
    listed = words(lang, length)
    match how:
        case "listed":
            return src.pick(listed)
        case "other_length":
            return src.pick(words(lang, src.pick([4, 6]) if lang in TOURNAMENT_LANGUAGES else 5))[:-1]
        case "letters":
            return src.pick(["crane", "cr4ne", "12345", "a b c", "abc", "", "     "])
        case "jamo":
            return src.pick(["ㄱㅏㄴㅏㄷ", "ㅅㅏㄹㅏㅁ", "사람", "한국어", "ㅏㅏㅏㅏㅏ"])
        case "odd":
            return src.text(12)
        case "long":
            return "e" * src.number(6, 3000)
    return src.pick(listed).upper()


#: Malformed frames, then valid messages (in any state): the weights of a random frame.
GENERATORS: tuple[Callable[[Source, Tab], Frame], ...] = (
    _bad_json,
    _garbage,
    _not_a_message,
    _unknown_type,
    _wrong_fields,
    _wrong_fields,
    _oversized,
    _exactly_4_kib,
    _binary,
    _escapes,
    _hello,
    *[_valid] * 14,
)


def frame(src: Source, tab: Tab) -> Frame:
    """One fuzzed frame for this tab."""
    return src.pick(GENERATORS)(src, tab)


def flood_frames(count: int) -> list[Frame]:
    """Pings faster than the rate limit allows (the server refuses, then closes with 1008)."""
    return [Frame(_json({"type": "ping", "t": i}), "flood", ANSWER) for i in range(count)]


def ping(t: float) -> Frame:
    return Frame(_json({"type": "ping", "t": t}), "ping", ANSWER)
