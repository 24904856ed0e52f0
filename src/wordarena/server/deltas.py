"""Views as deltas: after a first whole view, a tab that asked for it gets only what changed.

A view is kept as its parts: a shared part's JSON (what the broadcast encoded once:
the options, the round, a tournament's round), for a list of shared parts (a room's
seats, a tournament's players and duels) each item's JSON, the player's own lists and
objects (the keyboard) as JSON, and their numbers and strings (``you``, the version) as
they are. The next view of the same tab is compared part by part, bytes against bytes
and values against values: a field that changed goes in ``set`` whole, or item by item
(``seats/3``) when its list kept its length. Nothing is decoded, a small field is
encoded only when it changed, and a delta carries nothing the whole view would not:
views stay per player.

The client checks that ``base`` is the version of the view it holds; if not (a frame
lost between processes, say) it asks for a whole view with ``resync``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal

import msgspec

from wordarena.server import messages

#: A view's parts: a shared part's JSON, the JSON of each item of a list of shared parts, or a
#: field of the player's own: JSON if a list or an object, else the number or string itself.
#: A shared part stays the broadcast's own `msgspec.Raw` (server.broadcast): every member's
#: parts point to the same bytes, never a copy each.
Part = msgspec.Raw | tuple[msgspec.Raw, ...] | Any
Parts = dict[str, Part]


def parts_of(view: Mapping[str, Any]) -> Parts:
    parts: Parts = {}
    for key, value in view.items():
        if type(value) is list and value and type(value[0]) is msgspec.Raw:
            # a list is shared item by item or not at all (core.sharing)
            parts[key] = tuple(value)
        elif type(value) is list or type(value) is dict:
            # compared as JSON: in Python [1] == [True], and the client would miss the change
            parts[key] = msgspec.Raw(_encode(value))
        else:  # a number, a string, true, false or null: compared with its type (server.deltas.delta)
            parts[key] = value
    return parts


def whole(parts: Parts) -> bytes:
    """The whole view, as one frame."""
    fields = (b'"%s":%s' % (key.encode(), _json(part)) for key, part in parts.items())
    return b"{" + b",".join(fields) + b"}"


def delta(
    code: str, of: Literal["room", "tournament"], version: int, base: int, old: Parts, new: Parts
) -> bytes:
    """What changed from ``old`` (the view of version ``base``) to ``new``, as one frame."""
    changed: dict[str, Any] = {}
    for key, part in new.items():
        before = old.get(key, _MISSING)
        if part is before or (type(part) is type(before) and part == before):
            continue
        if type(part) is tuple and type(before) is tuple and len(part) == len(before):
            for index, (item, was) in enumerate(zip(part, before, strict=True)):
                if item != was:
                    changed[f"{key}/{index}"] = item
        elif type(part) is tuple:
            changed[key] = list(part)
        else:
            changed[key] = part
    unset = [key for key in old if key not in new]
    return messages.encode(messages.Delta(code, of, version, base, changed, unset))


#: What no view holds (``None`` is a value a field may have).
_MISSING: Final = object()


def _json(part: Part) -> bytes:
    if type(part) is tuple:
        return b"[" + b",".join(part) + b"]"
    if type(part) is msgspec.Raw:
        return bytes(part)
    return _encode(part)


_encode: Final = msgspec.json.Encoder().encode  # a field of the player's own
