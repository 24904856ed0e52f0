"""Every limit of the server, in one place (DESIGN.md: habits)."""

from __future__ import annotations

from typing import Final

MAX_FRAME_BYTES: Final = 4 * 1024  # a bigger frame closes the socket with 1009
RATE_PER_SECOND: Final = 20.0  # messages a connection may send per second...
RATE_BURST: Final = 40.0  # ...with bursts up to this many
MAX_STRIKES: Final = 100  # rate-limited messages in a row before closing with 1008
OUTBOX_LIMIT: Final = 256  # queued outgoing messages before a stuck client is dropped
HEARTBEAT_S: Final = 20.0  # WebSocket ping interval; a dead peer is noticed within ~2 beats
HELLO_TIMEOUT_S: Final = 10.0  # a socket must say hello within this time

NICKNAME_MAX: Final = 20
ROOM_CODE_BYTES: Final = 9  # 12 URL-safe characters, 72 random bits: unguessable
SNAPSHOT_EVERY_S: Final = 2.0  # a game in progress is saved at most this often (and at phase changes)
QUICK_LANGUAGES_FIRST_GAME: Final = True  # new players get their own one-round quick rooms

# WebSocket close codes (RFC 6455 and the private range).
CLOSE_GOING_AWAY: Final = 1001
CLOSE_POLICY: Final = 1008
CLOSE_TOO_BIG: Final = 1009
CLOSE_NO_HELLO: Final = 4001
