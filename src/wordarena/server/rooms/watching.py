"""Watchers sent away: the host closed the room to them (D5). Each tab is told why and detached."""

from __future__ import annotations

from wordarena.core.refusal import Refusal
from wordarena.server import messages
from wordarena.server.ports import Deliverer
from wordarena.server.refs import ConnRef

CLOSED = "the host closed this room to watchers"


def send_away(delivery: Deliverer, code: str, kind: messages.GameKind, refs: list[ConnRef]) -> None:
    for ref in refs:
        delivery.detached(ref, code)
        delivery.deliver(ref, messages.Refused(Refusal.NO_WATCHERS, CLOSED, kind, code))
