"""What watchers are told: they have no seat to act with; the host closed the room to them (D5)."""

from __future__ import annotations

from wordarena.core.refusal import Refusal
from wordarena.server import messages
from wordarena.server.ports import Deliverer
from wordarena.server.refs import ConnRef

CLOSED = "the host closed this room to watchers"


def no_seat(kind: messages.GameKind, code: str) -> messages.Refused:
    """A watcher guessed, typed or asked for what only a seat may do."""
    return messages.Refused(Refusal.NOT_SEATED, "you are watching: you have no seat here", kind, code)


def send_away(delivery: Deliverer, code: str, kind: messages.GameKind, refs: list[ConnRef]) -> None:
    for ref in refs:
        delivery.detached(ref, code)
        delivery.deliver(ref, messages.Refused(Refusal.NO_WATCHERS, CLOSED, kind, code))
