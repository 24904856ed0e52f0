"""What one batch of a room's inputs produced, to act on once its writes are durable."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from wordarena.server.refs import ConnRef
from wordarena.store.writes import Write


@dataclass
class Batch:
    """What one batch of inputs produced, to act on once its writes are durable."""

    writes: list[Write] = field(default_factory=list)
    notices: list[tuple[ConnRef, msgspec.Struct]] = field(default_factory=list)
    reactions: list[Any] = field(default_factory=list)  # effects to act on (close, tell the desk)
    fresh: list[tuple[str, ConnRef]] = field(default_factory=list)  # attached now: the full screen
    fresh_watchers: list[ConnRef] = field(default_factory=list)  # watching now: the watchers' screen
    guesses: list[float] = field(default_factory=list)  # arrival times of the guesses in it
