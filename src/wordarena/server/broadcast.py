"""One state change told to every member of a room, each shared part encoded once.

The core's views ask for their shared parts through a `core.sharing.Share`. Here each
part is built and encoded with msgspec the first time a recipient needs it, and every
later recipient gets the same bytes as a ``msgspec.Raw``: a room of six encodes the
seats' colours, the clock and the standings once, and per player only the small part
that is theirs (``you``, the keyboard, the letters of their own rows).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

import msgspec

from wordarena.server import messages

T = TypeVar("T")


class Broadcast:
    """A `Share` for one broadcast: one state, one instant."""

    def __init__(self) -> None:
        self._parts: dict[Hashable, msgspec.Raw] = {}

    def __call__(self, key: Hashable, build: Callable[[], T]) -> T:
        part = self._parts.get(key)
        if part is None:
            part = self._parts[key] = msgspec.Raw(messages.encode(cast(Any, build())))
        # The view holds encoded bytes where the part would be: it is only ever encoded.
        return cast(T, part)
