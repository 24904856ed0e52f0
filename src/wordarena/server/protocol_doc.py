"""The protocol described from the code: the JSON Schema of every message, and the tables of docs/protocol.md.

`python -m wordarena.server.protocol_doc --write` regenerates the tables inside
docs/protocol.md (between ``<!-- generated:NAME -->`` and ``<!-- end:NAME -->``);
a test fails when the document and the code disagree.
"""

from __future__ import annotations

import functools
import inspect
import re
import sys
import types
import typing
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import Any

import msgspec

from wordarena.core.duel.state import Phase as DuelPhase
from wordarena.core.duel.view import RoomView
from wordarena.core.refusal import MEANINGS as REFUSAL_MEANINGS
from wordarena.core.tournament.state import Phase as TournamentPhase
from wordarena.core.tournament.view import TournamentView
from wordarena.server import limits, messages, protocol

DOC = Path(__file__).resolve().parents[3] / "docs" / "protocol.md"
_BLOCK = re.compile(r"(<!-- generated:(?P<name>[a-z-]+) -->\n)(?P<body>.*?)(<!-- end:(?P=name) -->)", re.S)


def client_messages() -> list[type[msgspec.Struct]]:
    return list(typing.get_args(protocol.ClientMessage))


def server_messages() -> list[Any]:
    return [*typing.get_args(messages.ServerMessage), RoomView, TournamentView]


@functools.cache
def schema_json() -> bytes:
    """``/api/protocol.json``: the JSON Schema of every client and server message."""
    (client, *server), components = msgspec.json.schema_components(
        [protocol.ClientMessage, *server_messages()], ref_template="#/$defs/{name}"
    )
    return msgspec.json.encode({"client": client, "server": {"anyOf": server}, "$defs": components})


def _tag(cls: Any) -> str:
    config = getattr(cls, "__struct_config__", None)
    if config is not None:
        return str(config.tag)
    return str(typing.get_type_hints(cls)["type"].__args__[0])  # a TypedDict's Literal type


def _type_name(hint: Any) -> str:
    """A field's type as the tables write it: ``str?`` may be null, ``[X]`` a list, ``{str: X}`` an object."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.NotRequired:
        return _type_name(args[0])
    if origin in (typing.Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        name = " or ".join(_type_name(a) for a in kinds)
        return f"{name}?" if len(kinds) < len(args) else name
    if origin is list:
        return f"[{_type_name(args[0])}]"
    if origin is dict:
        return f"{{{_type_name(args[0])}: {_type_name(args[1])}}}"
    if origin is typing.Literal:
        return " or ".join(f'"{a}"' for a in args)
    if isinstance(hint, type):
        return hint.__name__
    return str(hint)


def _optional(cls: Any, name: str) -> bool:
    hints = typing.get_type_hints(cls, include_extras=True)
    return typing.get_origin(hints[name]) is typing.NotRequired


def _fields(cls: Any) -> str:
    hints = typing.get_type_hints(cls, include_extras=True)
    names = [n for n in hints if n != "type"]
    if not names:
        return "—"
    parts = [f"`{n}{' (optional)' if _optional(cls, n) else ''}: {_type_name(hints[n])}`" for n in names]
    return ", ".join(parts)


def _objects() -> list[Any]:
    """Every object type that messages nest, in the order they are first met."""
    found: list[Any] = []

    def visit(hint: Any) -> None:
        for arg in typing.get_args(hint):
            visit(arg)
        if _is_object(hint) and hint not in found:
            found.append(hint)
            for field in typing.get_type_hints(hint, include_extras=True).values():
                visit(field)

    for message in server_messages():
        for field in typing.get_type_hints(message, include_extras=True).values():
            visit(field)
    return found


def _is_object(hint: Any) -> bool:
    return isinstance(hint, type) and (issubclass(hint, msgspec.Struct) or typing.is_typeddict(hint))


def _table(header: str, rows: Iterator[tuple[str, ...]]) -> str:
    columns = header.count("|") - 1
    lines = [header, "|" + "---|" * columns]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _enum_values(enum: type[Enum]) -> str:
    return ", ".join(f"`{member.value}`" for member in enum)


def blocks() -> dict[str, str]:
    """Every generated table of docs/protocol.md, by name."""
    return {
        "client-messages": _table(
            "| type | fields |",
            ((f"`{_tag(c)}`", _fields(c)) for c in client_messages()),
        ),
        "server-messages": _table(
            "| type | fields |",
            ((f"`{_tag(c)}`", _fields(c)) for c in server_messages()),
        ),
        "objects": _table(
            "| object | fields |",
            ((f"`{o.__name__}`", _fields(o)) for o in _objects()),
        ),
        "error-codes": _table(
            "| code | meaning |",
            ((f"`{code.value}`", meaning) for code, meaning in messages.ERROR_MEANINGS.items()),
        ),
        "refusal-codes": _table(
            "| code | meaning |",
            ((f"`{code.value}`", meaning) for code, meaning in REFUSAL_MEANINGS.items()),
        ),
        "close-codes": _table(
            "| code | meaning |",
            ((f"**{code.value}**", meaning) for code, meaning in messages.CLOSE_MEANINGS.items()),
        ),
        "phases": _table(
            "| game | phases |",
            iter([("Duel de Mots", _enum_values(DuelPhase)), ("Tournament", _enum_values(TournamentPhase))]),
        ),
        "limits": _table("| name | value | meaning |", _limits()),
    }


_LIMIT = re.compile(r"^(?P<name>[A-Z_]+): Final = (?P<value>[^#]+?)\s*(?:#\s*(?P<why>.*))?$", re.M)


def _limits() -> Iterator[tuple[str, str, str]]:
    """Every named limit, with its value and the comment beside it in server/limits.py."""
    source = inspect.getsource(limits)
    for match in _LIMIT.finditer(source):
        name = match["name"]
        yield f"`{name}`", f"{getattr(limits, name)!r}", (match["why"] or "").replace("|", "/")


def render(document: str) -> str:
    generated = blocks()

    def fill(match: re.Match[str]) -> str:
        name = match["name"]
        return f"{match.group(1)}{generated.get(name, match['body'])}{match.group(4)}"

    return _BLOCK.sub(fill, document)


def main(argv: list[str]) -> int:
    text = DOC.read_text(encoding="utf-8")
    rendered = render(text)
    if "--write" in argv:
        DOC.write_text(rendered, encoding="utf-8")
        return 0
    sys.stdout.write(rendered)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
