"""The limits hang together (their values are documented in docs/protocol.md, generated)."""

from __future__ import annotations

from wordarena.server import limits


def test_limits_are_consistent() -> None:
    assert limits.MAX_FRAME_BYTES == 4096  # "4 KiB", as documented
    assert limits.RATE_BURST >= limits.RATE_PER_SECOND > 0
    assert limits.FLOOD_CLOSE_S > limits.FLOOD_PAUSE_S > 0
    assert limits.STORE_RETRY_MAX_S >= limits.STORE_RETRY_FIRST_S > 0
    assert limits.ROOM_CODE_BYTES * 8 >= 72  # unguessable links
    assert limits.HELLO_TIMEOUT_S < limits.HEARTBEAT_S
