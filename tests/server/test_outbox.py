"""One socket's outgoing frames: written at the end of the tick, a superseded view dropped, order kept."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from aiohttp import WSMsgType

from wordarena.server import limits
from wordarena.server.outbox import Outbox


class FakeSocket:
    """Records frames; while ``paused`` a write waits for the transport to drain, like aiohttp's."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.closed = False
        self.close_code: int | None = None
        self.drained: asyncio.Future[None] | None = None

    async def send_frame(self, frame: bytes, opcode: WSMsgType) -> None:
        assert opcode is WSMsgType.TEXT
        self.sent.append(frame)
        if self.drained is not None:
            await self.drained

    async def close(self, *, code: int, message: bytes) -> None:
        self.closed, self.close_code = True, code


class Tick:
    """The node's side: which outboxes asked for a flush, and the tasks they spawned."""

    def __init__(self) -> None:
        self.waiting: list[Outbox] = []
        self.tasks: list[asyncio.Task[Any]] = []
        self.slow = 0

    def outbox(self, ws: FakeSocket) -> Outbox:
        return Outbox(ws, self.flush_soon, self.spawn, self.too_slow)  # type: ignore[arg-type]

    def flush_soon(self, outbox: Outbox) -> None:
        self.waiting.append(outbox)

    def spawn(self, work: Coroutine[Any, Any, Any], name: str) -> None:
        self.tasks.append(asyncio.get_running_loop().create_task(work, name=name))

    def too_slow(self) -> None:
        self.slow += 1

    def flush(self) -> int:
        waiting, self.waiting = self.waiting, []
        return sum(outbox.flush() for outbox in waiting)


async def test_frames_wait_for_the_end_of_the_tick_then_go_out_in_order() -> None:
    tick, ws = Tick(), FakeSocket()
    outbox = tick.outbox(ws)
    outbox.put(b"a")
    outbox.put(b"b")
    assert ws.sent == [] and len(tick.waiting) == 1  # one flush asked for, however many frames
    assert tick.flush() == 2
    assert ws.sent == [b"a", b"b"]


async def test_a_newer_view_of_the_same_tick_replaces_the_older_one() -> None:
    tick, ws = Tick(), FakeSocket()
    outbox = tick.outbox(ws)
    outbox.put(b"view 1", view=True)
    outbox.put(b"error")
    outbox.put(b"view 2", view=True)
    tick.flush()
    assert ws.sent == [b"error", b"view 2"]


async def test_a_write_that_must_wait_hands_the_rest_to_a_task_in_order() -> None:
    tick, ws = Tick(), FakeSocket()
    outbox = tick.outbox(ws)
    ws.drained = asyncio.get_running_loop().create_future()
    outbox.put(b"first")
    tick.flush()  # written, then the transport asks to drain
    outbox.put(b"second")
    outbox.put(b"third")
    tick.flush()
    assert ws.sent == [b"first"]
    ws.drained.set_result(None)
    await outbox.wait_closed()
    assert ws.sent == [b"first", b"second", b"third"]


async def test_close_after_sending_closes_once_the_frames_before_are_out() -> None:
    tick, ws = Tick(), FakeSocket()
    outbox = tick.outbox(ws)
    outbox.put(b"why")
    outbox.close_after(4001, b"say hello first")
    outbox.put(b"never")  # nothing goes out after the close
    tick.flush()
    await asyncio.gather(*tick.tasks)
    assert ws.sent == [b"why"] and ws.close_code == 4001


async def test_a_client_that_stops_reading_is_dropped_not_waited_for() -> None:
    tick, ws = Tick(), FakeSocket()
    outbox = tick.outbox(ws)
    ws.drained = asyncio.get_running_loop().create_future()  # never drains
    outbox.put(b"stuck")
    tick.flush()
    for _ in range(limits.OUTBOX_LIMIT + 1):
        outbox.put(b"more")
    assert tick.slow == 1 and outbox.done
    await outbox.wait_closed()  # the stuck write was cancelled
    outbox.put(b"after")
    assert tick.flush() == 0


class FakeTransport:
    """What the kernel took (``written``), and what it keeps waiting (``buffered``)."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.buffered = 0
        self.closing = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def is_closing(self) -> bool:
        return self.closing


class PlainSocket(FakeSocket):
    compress = 0  # no permessage-deflate negotiated: frames go straight to the transport


def test_frames_go_straight_to_the_transport_as_websocket_frames() -> None:
    tick, ws, transport = Tick(), PlainSocket(), FakeTransport()
    outbox = Outbox(ws, tick.flush_soon, tick.spawn, tick.too_slow, transport)  # type: ignore[arg-type]
    small, medium, large = b"x" * 125, b"y" * 126, b"z" * 65536
    for frame in (small, medium, large):
        outbox.put(frame)
    assert tick.flush() == 3 and ws.sent == []
    assert transport.written == [
        b"\x81\x7d" + small,
        b"\x81\x7e\x00\x7e" + medium,
        b"\x81\x7f" + (65536).to_bytes(8, "big") + large,
    ]
    transport.closing = True
    outbox.put(b"late")
    tick.flush()
    assert len(transport.written) == 3 and outbox.done


def test_a_client_whose_kernel_buffer_stays_full_is_dropped() -> None:
    tick, ws, transport = Tick(), PlainSocket(), FakeTransport()
    outbox = Outbox(ws, tick.flush_soon, tick.spawn, tick.too_slow, transport)  # type: ignore[arg-type]
    transport.buffered = limits.OUTBOX_LIMIT_BYTES + 1  # the client stopped reading long ago
    outbox.put(b"one more")
    tick.flush()
    assert tick.slow == 1 and outbox.done
