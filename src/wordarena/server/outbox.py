"""What goes out on one socket: gathered during a tick, written at its end, straight to the socket.

A tick may produce several frames for one tab (an answer, then a view; two views when
two batches land together). They wait here until the service's end-of-tick flush
(`Service.flush_soon`), which:

- drops a view superseded by a newer one of the same tick (a view is the whole screen,
  so only the last one matters);
- writes each frame from the flush itself, with no task: aiohttp writes an uncompressed
  or small frame to the transport at once and only suspends when the transport asks to
  drain. Only then does a task take over (`_drain`), and later frames queue behind it.

A client that stops reading is dropped (close code 1008), never waited for.
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
    ) -> None:
        self.ws = ws
        self._flush_soon = flush_soon
        self._spawn = spawn
        self._on_slow = on_slow
        self._frames: list[bytes | None] = []  # this tick's frames; None: a view superseded since
        self._view_at: int | None = None  # where this tick's latest view is in _frames
        self._backlog: collections.deque[bytes] = collections.deque()  # behind a write that waits
        self._draining: asyncio.Task[None] | None = None
        self._close: tuple[int, bytes] | None = None  # close once everything before has gone out
        self.done = False  # closed, or dropped: nothing more goes out

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
        if len(self._frames) + len(self._backlog) > limits.OUTBOX_LIMIT:
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
            else:
                self._write_now(frame)
        if self._close is not None and self._draining is None and not self.done:
            self.done = True
            code, reason = self._close
            self._spawn(self.ws.close(code=code, message=reason), "close")
        return written

    def drop(self) -> None:
        """Nothing more goes out (the socket is closed, or its client too slow)."""
        self.done = True
        self._frames.clear()
        self._backlog.clear()
        if self._draining is not None:
            self._draining.cancel()

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
                await self.ws.send_frame(self._backlog.popleft(), WSMsgType.TEXT)
            self._draining = None
            if self._close is not None and not self.done:
                self.done = True
                code, reason = self._close
                await self.ws.close(code=code, message=reason)
        except (ConnectionError, RuntimeError):
            self.done = True
        finally:
            self._draining = None


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
