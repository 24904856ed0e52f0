"""Views as deltas: after a first whole view, a tab that asked for it gets only what changed.

A view is kept as its encoded parts: each top-level field's JSON, and for a list of
shared parts (a room's seats, a tournament's players and duels) each item's JSON.
The next view of the same tab is compared part by part, bytes against bytes: a field
that changed goes in ``set`` whole, or item by item (``seats/3``) when its list kept
its length. The comparison costs no decoding, and a delta carries nothing the whole
view would not: views stay per player.

The client checks that ``base`` is the version of the view it holds; if not (a frame
lost between processes, say) it asks for a whole view with ``resync``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from wordarena.server import messages

#: A view's encoded parts: a field's JSON, or the JSON of each item of a list of shared parts.
#: A shared part stays the broadcast's own `msgspec.Raw` (server.broadcast): every member's
#: parts point to the same bytes, never a copy each.
Part = msgspec.Raw | tuple[msgspec.Raw, ...]
Parts = dict[str, Part]


def parts_of(view: Mapping[str, Any]) -> Parts:
    parts: Parts = {}
    for key, value in view.items():
        if isinstance(value, msgspec.Raw):
            parts[key] = value
        elif isinstance(value, list) and value and all(isinstance(item, msgspec.Raw) for item in value):
            parts[key] = tuple(value)
        else:
            parts[key] = msgspec.Raw(messages.encode(value))
    return parts


def whole(parts: Parts) -> bytes:
    """The whole view, as one frame."""
    fields = (b'"%s":%s' % (key.encode(), _json(part)) for key, part in parts.items())
    return b"{" + b",".join(fields) + b"}"


def delta(
    code: str, of: Literal["room", "tournament"], version: int, base: int, old: Parts, new: Parts
) -> bytes:
    """What changed from ``old`` (the view of version ``base``) to ``new``, as one frame."""
    changed: dict[str, msgspec.Raw] = {}
    for key, part in new.items():
        before = old.get(key)
        if part == before:
            continue
        if isinstance(part, tuple) and isinstance(before, tuple) and len(part) == len(before):
            for index, (item, was) in enumerate(zip(part, before, strict=True)):
                if item != was:
                    changed[f"{key}/{index}"] = item
        else:
            changed[key] = msgspec.Raw(_json(part))
    unset = [key for key in old if key not in new]
    return messages.encode(messages.Delta(code, of, version, base, changed, unset))


def _json(part: Part) -> bytes:
    return b"[" + b",".join(part) + b"]" if isinstance(part, tuple) else bytes(part)
