"""Clients that send without reading, or send as fast as the network goes: bounded, and closed with 1008."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from tests.server.conftest import Arena, until
from wordarena.probes import CLOSE, RawSocket, text_frame
from wordarena.server import limits
from wordarena.server.connection import Connection
from wordarena.server.messages import CloseCode

FRAME = b'{"type":"pong","t":' + b"1" * 4_000 + b"}"  # what the server sends does not matter here


async def raw_player(arena: Arena, receive_buffer: int | None = None) -> tuple[RawSocket, Connection]:
    host, port = arena.server.host, arena.server.port
    raw = await RawSocket.connect(host, port, receive_buffer=receive_buffer)
    await raw.upgrade(host, port)
    raw.send('{"type":"hello","ui":"en"}')
    assert (await raw.read_frame()).payload.startswith(b'{"type":"welcome"')
    (conn,) = [c for c in arena.node.delivery.conns.values() if c.player is not None]
    return raw, conn


async def metric(arena: Arena, name: str) -> float:
    body = arena.node.metrics.render().decode()
    (line,) = [
        line for line in body.splitlines() if line.startswith(name + " ") or line.startswith(name + "{")
    ]
    return float(line.rsplit(" ", 1)[1])


async def push(conn: Connection, frames: int) -> None:
    for _ in range(frames):
        conn.send_frame(FRAME)
    await until(lambda: not conn.outbox._frames)  # the end of the tick wrote them


async def push_until(conn: Connection, condition: Callable[[], bool]) -> int:
    """Frames sent one tick after another until ``condition`` (how many the kernels take varies)."""
    for sent in range(1, 1_000):
        await push(conn, 1)
        if condition():
            return sent
    raise AssertionError("the condition never held")


async def test_a_client_that_stops_reading_is_bounded_reported_and_closed_with_1008(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, a stopped reader held 0.8 MB until the heartbeat, and no 1008 ever reached it."""
    monkeypatch.setattr(limits, "CLOSE_LINGER_S", 5.0)  # this client will read again: give it time
    raw, conn = await raw_player(arena, receive_buffer=4_096)
    sent = await push_until(conn, lambda: conn.outbox.waiting)  # the kernels are full: a write waits
    assert await metric(arena, "wordarena_sockets_slow") == 1
    held = await metric(arena, "wordarena_socket_bytes_waiting")
    assert 0 < held <= limits.OUTBOX_LIMIT_BYTES
    sent += await push_until(conn, lambda: conn.outbox.done)  # past the bound: given up at once
    assert conn.outbox.held_bytes() == 0 or conn.outbox.done
    frames, clean = await raw.until_closed()  # the client reads again: what it missed, then why
    assert frames[-1].opcode == CLOSE and frames[-1].close_code == CloseCode.POLICY
    assert frames[-1].payload[2:] == b"too slow" and clean
    assert len(frames) - 1 <= sent  # what was held past the bound was never sent
    assert 'code="slow_client"} 1.0' in arena.node.metrics.render().decode()
    await until(lambda: conn not in arena.node.delivery.conns.values())


async def test_a_client_that_never_reads_again_is_cut_whatever_it_sends(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, a non-reader sending pongs kept its socket (and its place under the caps) for minutes."""
    monkeypatch.setattr(limits, "CLOSE_LINGER_S", 0.2)
    raw, conn = await raw_player(arena, receive_buffer=4_096)
    await push_until(conn, lambda: conn.outbox.done)
    raw.send('{"type":"ping","t":1}')  # still talking, never reading
    await until(lambda: conn not in arena.node.delivery.conns.values(), timeout=10)
    assert arena.node.guards.sockets.get("127.0.0.1", 0) == 0
    raw.close()


async def test_a_write_that_waits_too_long_gives_up_even_under_the_bound(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "SLOW_CLIENT_S", 0.2)
    monkeypatch.setattr(limits, "CLOSE_LINGER_S", 0.2)
    raw, conn = await raw_player(arena, receive_buffer=4_096)
    await push_until(conn, lambda: conn.outbox.waiting)
    await until(lambda: conn.outbox.done, timeout=10)  # nothing more was sent: the wait alone decided
    await until(lambda: conn not in arena.node.delivery.conns.values(), timeout=10)
    raw.close()


async def test_a_flood_at_full_speed_is_closed_with_1008_not_reset(arena: Arena) -> None:
    """Before, 32,000 frames a second were closed with 1006: the server reset a connection full of data."""
    raw, conn = await raw_player(arena)
    chunk = text_frame('{"type":"ping","t":1}') * 2_000
    blocked = False
    for _ in range(200):  # up to 400,000 frames, never reading
        raw.writer.write(chunk)
        try:
            await asyncio.wait_for(raw.writer.drain(), 0.3)
        except TimeoutError:  # the server stopped reading: our writes block, as a flooder's would
            blocked = True
            break
    assert blocked
    frames, clean = await raw.until_closed()
    closes = [f for f in frames if f.opcode == CLOSE]
    assert closes and closes[-1].close_code == CloseCode.POLICY and clean
    assert closes[-1].payload[2:] == b"too many messages"
    await until(lambda: conn not in arena.node.delivery.conns.values(), timeout=10)
