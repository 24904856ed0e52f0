"""Everything the desk knows, as plain data: saved for the next owner in a cluster, read back as it was."""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from wordarena.core.duel.quick import QuickRoom
from wordarena.core.groups import Group
from wordarena.core.matchmaking import Party
from wordarena.server.refs import ConnRef, Who


@dataclass
class DeskState:
    parties: dict[str, Party] = field(default_factory=dict)
    groups: dict[str, Group] = field(default_factory=dict)
    group_of: dict[str, str] = field(default_factory=dict)  # player -> group code
    known: dict[str, Who] = field(default_factory=dict)  # the latest name and rating of players shown
    queued_tab: dict[str, ConnRef] = field(default_factory=dict)  # the tab attached when a tournament starts
    online: dict[str, list[str]] = field(default_factory=dict)  # the processes holding a player's tabs
    quick_rooms: dict[str, QuickRoom] = field(default_factory=dict)  # forming quick rooms


encode_state = msgspec.json.Encoder().encode
decode_state = msgspec.json.Decoder(DeskState).decode
