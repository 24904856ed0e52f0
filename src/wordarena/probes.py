"""Misbehaving clients, to test the server's defences: raw WebSocket frames over a plain TCP socket.

`wordarena.client` is a well-behaved client of the protocol. This one is not: it
can send frames faster than any rate, stop reading, or send nothing at all, and it
reads the server's frames itself, close frames included, so that a test sees
exactly what a hostile client would.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct
from dataclasses import dataclass

CLOSE = 0x8


@dataclass
class Frame:
    opcode: int
    payload: bytes

    @property
    def close_code(self) -> int | None:
        return struct.unpack("!H", self.payload[:2])[0] if self.opcode == CLOSE and self.payload else None


def text_frame(text: str) -> bytes:
    """A client's text frame (masked, as RFC 6455 requires of clients)."""
    data = text.encode()
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
    if len(data) < 126:
        header = bytes((0x81, 0x80 | len(data)))
    else:
        header = bytes((0x81, 0x80 | 126)) + struct.pack("!H", len(data))
    return header + mask + masked


class RawSocket:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(
        cls, host: str, port: int, *, receive_buffer: int | None = None, source: str | None = None
    ) -> RawSocket:
        """A TCP connection; ``receive_buffer`` small makes a non-reader fill up quickly."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        if source is not None:
            sock.bind((source, 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, (host, port))
        reader, writer = await asyncio.open_connection(sock=sock, limit=receive_buffer or 2**16)
        return cls(reader, writer)

    async def upgrade(self, host: str, port: int, path: str = "/ws") -> None:
        key = base64.b64encode(os.urandom(16)).decode()
        self.writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://{host}:{port}\r\n\r\n".encode()
        )
        status = await self.reader.readuntil(b"\r\n\r\n")
        if not status.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(status.split(b"\r\n")[0].decode())

    def send(self, text: str) -> None:
        self.writer.write(text_frame(text))

    async def read_frame(self) -> Frame:
        first, second = await self.reader.readexactly(2)
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", await self.reader.readexactly(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", await self.reader.readexactly(8))
        return Frame(first & 0x0F, await self.reader.readexactly(length))

    async def until_closed(self) -> tuple[list[Frame], bool]:
        """Every frame up to the end of the connection, and whether it ended cleanly (EOF, not a reset)."""
        frames: list[Frame] = []
        try:
            while True:
                frames.append(await self.read_frame())
        except asyncio.IncompleteReadError:
            return frames, True
        except ConnectionError:
            return frames, False

    def close(self) -> None:
        self.writer.close()
