"""What goes out on one socket: gathered during a tick, written at its end, straight to the socket.

A tick may produce several frames for one tab (an answer, then a view; two views when
two batches land together). They wait here until the service's end-of-tick flush
(`Delivery.flush_soon`), which:

- drops a view superseded by a newer one of the same tick (a view is the whole screen,
  so only the last one matters);
- writes each frame from the flush itself, with no task: straight to the transport as a
  WebSocket frame (our sockets negotiate no compression), which keeps what the kernel
  does not take yet. Without a transport, or with compression, aiohttp writes it and
  suspends when the transport asks to drain; only then does a task take over (`_drain`),
  and later frames queue behind it.

A client that stops reading is dropped (close code 1008), never waited for: once what
this process holds for it (frames behind a waiting write, and the transport's buffer)
passes `OUTBOX_LIMIT_BYTES` or `OUTBOX_LIMIT` frames, or a write has waited
`SLOW_CLIENT_S`, whatever else the client sends (pongs keep a socket alive).
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Callable, Coroutine, Generator
from typing import Any

from aiohttp import WSMsgType, web

from wordarena.server import limits
from wordarena.server.messages import CloseCode


class Outbox:
    def __init__(
        self,
        ws: web.WebSocketResponse,
        flush_soon: Callable[[Outbox], None],
        spawn: Callable[[Coroutine[Any, Any, Any], str], object],
        on_slow: Callable[[], None],
        transport: asyncio.Transport | None = None,
    ) -> None:
        self.ws = ws
        self._transport = transport
        #: Frames go straight to the transport (`_write_now`): our sockets negotiate no compression.
        self._direct = transport if transport is not None and not ws.compress else None
        self._flush_soon = flush_soon
        self._spawn = spawn
        self._on_slow = on_slow
        self._frames: list[bytes | None] = []  # this tick's frames; None: a view superseded since
        self._view_at: int | None = None  # where this tick's latest view is in _frames
        self._backlog: collections.deque[bytes] = collections.deque()  # behind a write that waits
        self._backlog_bytes = 0
        self._draining: asyncio.Task[None] | None = None
        self._stalled: asyncio.TimerHandle | None = None  # fires when a write waited too long
        self._close: tuple[int, bytes] | None = None  # close once everything before has gone out
        self.done = False  # closed, or dropped: nothing more goes out
        self.cutting: asyncio.Future[None] | None = None  # `cut`: done when the connection is cut
        self.flooding = False  # cut for a flood: nothing more is read

    def put(self, frame: bytes, view: bool = False) -> None:
        """Send ``frame`` at the end of this tick; a ``view`` replaces an earlier view of the tick."""
        if self.done or self._close is not None:
            return
        if not self._frames:
            self._flush_soon(self)
        if view:
            if self._view_at is not None:
                self._frames[self._view_at] = None
            self._view_at = len(self._frames)
        self._frames.append(frame)
        if self._draining is not None and self._over_limit():
            self._give_up()

    @property
    def waiting(self) -> bool:
        """The client reads slower than it is sent to: the kernel is full, frames wait here."""
        if self._draining is not None:
            return True
        return self._transport is not None and self._transport.get_write_buffer_size() > 0

    def held_bytes(self) -> int:
        """Bytes held here for the socket: frames behind a waiting write, and the transport's buffer."""
        transport = self._transport
        buffered = transport.get_write_buffer_size() if transport is not None else 0
        return self._backlog_bytes + sum(len(f) for f in self._frames if f is not None) + buffered

    def _over_limit(self) -> bool:
        return (
            len(self._frames) + len(self._backlog) > limits.OUTBOX_LIMIT
            or self.held_bytes() > limits.OUTBOX_LIMIT_BYTES
        )

    def _give_up(self) -> None:
        if not self.done:
            self.drop()
            self._on_slow()

    def close_after(self, code: int, reason: bytes) -> None:
        """Close the socket once what is queued has gone out, so the client learns why."""
        if self.done or self._close is not None:
            return
        self._close = (code, reason)
        if not self._frames:
            self._flush_soon(self)

    def flush(self) -> int:
        """Write this tick's frames (the service calls this at the end of the tick); returns how many."""
        frames, self._frames, self._view_at = self._frames, [], None
        written = 0
        for frame in frames:
            if frame is None or self.done:
                continue
            written += 1
            if self._draining is not None:
                self._backlog.append(frame)
                self._backlog_bytes += len(frame)
            else:
                self._write_now(frame)
        if self._close is not None and self._draining is None and not self.done:
            self.done = True
            code, reason = self._close
            self._spawn(self.ws.close(code=code, message=reason), "close")
        elif self.waiting and not self.done:  # (the usual case, a client that keeps up, stops here)
            if self._over_limit():  # aiohttp buffers well past its own limit before it waits
                self._give_up()
            else:
                self._watch_stall()
        elif self._stalled is not None:
            self._watch_stall()
        return written

    def _watch_stall(self) -> None:
        """While the client lags, a timer: still lagging `SLOW_CLIENT_S` later, it is given up."""
        if self.done or not self.waiting:
            if self._stalled is not None:
                self._stalled.cancel()
                self._stalled = None
        elif self._stalled is None:
            self._stalled = asyncio.get_running_loop().call_later(limits.SLOW_CLIENT_S, self._stall_over)

    def _stall_over(self) -> None:
        self._stalled = None
        if self.waiting:
            self._give_up()

    def drop(self) -> None:
        """Nothing more goes out (the socket is closed, or its client too slow)."""
        self.done = True
        self._frames.clear()
        self._backlog.clear()
        self._backlog_bytes = 0
        if self._stalled is not None:
            self._stalled.cancel()
        if self._draining is not None:
            self._draining.cancel()

    def cut(self, code: int, reason: bytes, flooding: bool = False) -> None:
        """Close a misbehaving client's socket now, and make sure it goes: a flood, a client too slow.

        The close frame goes straight to the transport, behind what is already there (a
        client that reads again learns why), then the end of our side (FIN). A client
        too slow is then given `CLOSE_LINGER_S` to read it (and to answer, which ends the
        connection at once) before the connection is cut. A flooding client is no longer
        read (``flooding``): one that sends without ever reading learns of the close once
        its own writes block, and `FLOOD_LINGER_S` later the connection is cut. Closing
        at once, while its data is still arriving, would reset it (RST), the 1008 with it.
        """
        self.drop()
        loop = asyncio.get_running_loop()
        self.cutting = loop.create_future()
        self.flooding = flooding
        transport = self._transport
        if transport is None or transport.is_closing():
            self._spawn(self.ws.close(code=code, message=reason), "close")
            self.cutting.set_result(None)
            return
        if flooding:
            transport.pause_reading()
        transport.write(_close_frame(code, reason))
        if transport.can_write_eof():
            transport.write_eof()
        linger = limits.FLOOD_LINGER_S if flooding else limits.CLOSE_LINGER_S
        loop.call_later(linger, self.end_cut)

    def end_cut(self) -> None:
        """The end of `cut`'s linger (or the server's shutdown): the connection goes now."""
        transport = self._transport
        if self.cutting is None or self.cutting.done() or transport is None:
            return
        if transport.get_write_buffer_size() == 0:
            transport.close()  # all of it is with the kernel, which delivers it (the 1008 last) or gives up
        else:
            transport.abort()  # still not reading: nothing more is kept for it
        if self.cutting is not None and not self.cutting.done():
            self.cutting.set_result(None)

    def fail(self) -> None:
        """A write failed unexpectedly: close the socket (1011), so the client reconnects and resyncs."""
        self.drop()
        self._spawn(self.ws.close(code=CloseCode.SERVER_ERROR, message=b"server error"), "close-failed")

    async def wait_closed(self) -> None:
        """Let a write in flight end (the connection's last step)."""
        if self._draining is not None:
            await asyncio.gather(self._draining, return_exceptions=True)

    # ------------------------------------------------------------------ writing

    def _write_now(self, frame: bytes) -> None:
        if self.ws.closed:
            self.done = True
            return
        transport = self._direct
        if transport is not None:
            # The frame as aiohttp would write it, without its coroutine: a view shared by a
            # room's watchers is written to each of them, and this runs for every frame.
            # The transport buffers what the kernel does not take; `waiting` reads it.
            if transport.is_closing():
                self.done = True
            else:
                transport.write(_text_frame(frame))
            return
        sending = self.ws.send_frame(frame, WSMsgType.TEXT)
        try:
            waiting = sending.send(None)
        except StopIteration:
            return  # written to the transport: the usual case
        except (ConnectionError, RuntimeError):
            self.done = True
            return
        # The transport asked to drain: the rest of this write, and the frames after it, go in a task.
        loop = asyncio.get_running_loop()
        self._draining = loop.create_task(self._drain(sending, waiting), name="socket-drain")

    async def _drain(self, sending: Coroutine[Any, Any, None], waiting: Any) -> None:
        try:
            await _Resumed(sending, waiting)
            while self._backlog:
                frame = self._backlog.popleft()
                self._backlog_bytes -= len(frame)
                await self.ws.send_frame(frame, WSMsgType.TEXT)
            self._draining = None
            self._watch_stall()
            if self._close is not None and not self.done:
                self.done = True
                code, reason = self._close
                await self.ws.close(code=code, message=reason)
        except (ConnectionError, RuntimeError):
            self.done = True
        finally:
            self._draining = None


def _text_frame(payload: bytes) -> bytes:
    """A server's text frame (RFC 6455 §5.2: final, unmasked, the length in 7, 16 or 64 bits)."""
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)) + payload
    if size < 65536:
        return b"\x81\x7e" + size.to_bytes(2, "big") + payload
    return b"\x81\x7f" + size.to_bytes(8, "big") + payload


def _close_frame(code: int, reason: bytes) -> bytes:
    """A server's close frame (RFC 6455 §5.5.1: unmasked, code then reason, at most 125 bytes)."""
    payload = code.to_bytes(2, "big") + reason[:123]
    return bytes((0x88, len(payload))) + payload


class _Resumed:
    """Await a coroutine that already ran up to its first suspension, where it yielded ``waiting``.

    This is what ``await`` does after its first step (PEP 380's expansion): it lets the
    first step run in the flush, synchronously, and the rest in a task only when needed.
    """

    def __init__(self, coro: Coroutine[Any, Any, None], waiting: Any) -> None:
        self._coro = coro
        self._waiting = waiting

    def __await__(self) -> Generator[Any, Any, None]:
        value = self._waiting
        while True:
            try:
                sent = yield value
            except GeneratorExit:
                self._coro.close()
                raise
            except BaseException as exc:  # cancelled, say: the write learns it where it waits
                try:
                    value = self._coro.throw(exc)
                except StopIteration:
                    return
            else:
                try:
                    value = self._coro.send(sent)
                except StopIteration:
                    return
