"""A Python client of the wordarena protocol (docs/protocol.md).

Used by the server tests, the load benchmark and external bots::

    async with Client.connect("http://127.0.0.1:8000") as alice:
        await alice.hello()
        room = await alice.create(lang="fr")
        ...
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import msgspec

_decode = msgspec.json.Decoder().decode
_encode = msgspec.json.Encoder().encode


class ClientError(Exception):
    """The server answered with an ``error`` (its ``code`` says why)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


class Client:
    def __init__(self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.session = session
        self.ws = ws
        self.token: str | None = None
        self.player: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None  # the last room view received
        self.latest: dict[str, dict[str, Any]] = {}  # the last message of each type
        self.received: list[dict[str, Any]] = []  # every message, in order
        self.frames: list[str] = []  # every raw frame, for "the answer never leaks" checks
        self._unread: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    @asynccontextmanager
    async def connect(cls, base_url: str, origin: str | None = None) -> AsyncIterator[Client]:
        headers = {"Origin": origin} if origin else {}
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"{base_url}/ws", headers=headers, max_msg_size=0)
            client = cls(session, ws)
            try:
                yield client
            finally:
                await client.close()

    async def close(self) -> None:
        await self.ws.close()
        self._reader.cancel()
        await asyncio.gather(self._reader, return_exceptions=True)

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type is aiohttp.WSMsgType.TEXT:
                self.frames.append(msg.data)
                message = _decode(msg.data)
                self.received.append(message)
                if message.get("type") == "delta":  # the whole view it makes, or a resync
                    view = apply_delta(self.latest.get(message["of"]), message)
                    if view is None:
                        await self.send({"type": "resync"})
                        continue
                    message = view
                self.latest[message.get("type", "")] = message
                if message.get("type") == "room":
                    self.view = message
                await self._unread.put(message)

    # ---------------------------------------------------------------- raw

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_str(_encode(message).decode())

    async def next(self, timeout: float = 5.0) -> dict[str, Any]:
        return await asyncio.wait_for(self._unread.get(), timeout)

    async def expect(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        """The next message of ``kind``, skipping others (e.g. room updates)."""
        return await self.until(lambda m: m.get("type") == kind, timeout)

    async def until(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 5.0
    ) -> dict[str, Any]:
        async def wait() -> dict[str, Any]:
            while True:
                message = await self._unread.get()
                if predicate(message):
                    return message

        return await asyncio.wait_for(wait(), timeout)

    async def view_where(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 5.0
    ) -> dict[str, Any]:
        """The current or next room view satisfying ``predicate``."""
        if self.view is not None and predicate(self.view):
            return self.view
        return await self.until(lambda m: m.get("type") == "room" and predicate(m), timeout)

    async def latest_where(
        self, kind: str, predicate: Callable[[dict[str, Any]], bool], timeout: float = 5.0
    ) -> dict[str, Any]:
        """The last message of ``kind`` if it satisfies ``predicate``, else the next one that does."""
        last = self.latest.get(kind)
        if last is not None and predicate(last):
            return last
        return await self.until(lambda m: m.get("type") == kind and predicate(m), timeout)

    # ---------------------------------------------------------------- actions

    async def hello(
        self, token: str | None = None, ui: str | None = None, deltas: bool = False
    ) -> dict[str, Any]:
        """Say who we are (a new identity without ``token``); `ClientError` ``bad_token`` if unknown.

        ``deltas``: views after the first come as deltas; this client applies them (`apply_delta`).
        """
        message: dict[str, Any] = {"type": "hello", "token": token, "ui": ui}
        if deltas:
            message["deltas"] = True
        await self.send(message)
        welcome = await self.until(lambda m: m.get("type") in ("welcome", "error"))
        if welcome["type"] == "error":
            raise ClientError(welcome["code"], welcome["message"])
        self.token, self.player = welcome["token"], welcome["player"]
        return welcome

    async def create(self, lang: str | None = None) -> str:
        await self.send({"type": "create", "lang": lang})
        code: str = (await self.expect("created"))["room"]
        # The room's first view follows `created` (often in the same frame batch): read it, so
        # that the next wait for a view starts after it.
        await self.until(lambda m: m.get("type") == "room" and m["code"] == code)
        return code

    async def join(self, code: str) -> dict[str, Any]:
        await self.send({"type": "join", "room": code})
        return await self.view_where(lambda v: v["code"] == code)

    async def guess(self, word: str) -> None:
        await self.send({"type": "guess", "word": word})


def apply_delta(view: dict[str, Any] | None, delta: dict[str, Any]) -> dict[str, Any] | None:
    """The view a ``delta`` makes of ``view`` (a new dict), or None if it does not follow it (resync)."""
    if view is None or view.get("code") != delta["code"] or view.get("version") != delta["base"]:
        return None
    new = dict(view)
    for key, value in delta["set"].items():
        name, _, index = key.partition("/")
        if index:
            items = list(new[name])
            items[int(index)] = value
            new[name] = items
        else:
            new[name] = value
    for key in delta["unset"]:
        new.pop(key, None)
    return new
