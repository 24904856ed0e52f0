"""Connections before any request: counted per address, cut when idle, bad requests answered and summed up."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import FakeClock
from wordarena.server import limits, listener
from wordarena.server.app import make_app
from wordarena.server.config import Config
from wordarena.server.listener import ConnectionGuard

# ---------------------------------------------------------------- the guard, alone


def test_every_connection_counts_against_its_address() -> None:
    guard = ConnectionGuard(per_address=2, capacity=100)
    assert [guard.admit("a") for _ in range(3)] == [None, None, "connections_per_ip"]
    assert guard.admit("b") is None
    guard.release("a")
    assert guard.admit("a") is None
    assert guard.total == 3


def test_the_last_places_are_kept_for_addresses_with_few_connections() -> None:
    guard = ConnectionGuard(per_address=None, capacity=100, reserve=10)
    for _ in range(90):
        assert guard.admit("crowd") is None
    assert guard.admit("crowd") == "server_full"  # a crowded address meets the reserve
    for n in range(10):
        assert guard.admit(f"newcomer-{n}") is None  # a new address is always served...
    assert guard.admit("one-more") == "server_full"  # ...until every descriptor is in use


def test_behind_a_trusted_proxy_no_address_is_counted() -> None:
    guard = ConnectionGuard(per_address=None, capacity=1_000)
    assert all(guard.admit("proxy") is None for _ in range(900))


def test_the_descriptor_limit_is_raised_and_a_reserve_kept() -> None:
    import resource

    capacity = listener.descriptor_capacity()
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert capacity == min(soft, limits.MAX_DESCRIPTORS) - limits.FD_RESERVE


def test_the_loop_reports_running_out_of_descriptors_once_per_period(
    caplog: pytest.LogCaptureFixture,
) -> None:
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.WARNING):
            for _ in range(1_000):
                listener._quiet_accept_errors(
                    loop,
                    {"message": "socket.accept() out of system resource", "exception": OSError(24, "EMFILE")},
                )
    finally:
        loop.close()
    lines = [r for r in caplog.records if "out of file descriptors" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None


# ---------------------------------------------------------------- a live server


async def served(tmp_path: Path, aiohttp_server: Any, **options: Any) -> tuple[str, int]:
    server = await aiohttp_server(make_app(Config(data_dir=tmp_path, **options), clock=FakeClock()))
    return server.host, server.port


async def raw(
    host: str, port: int, source: str = "127.0.0.1"
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection(host, port, local_addr=(source, 0))


async def test_idle_tcp_connections_count_and_a_new_address_is_still_served(
    tmp_path: Path, aiohttp_server: Any
) -> None:
    """Before, only WebSockets counted: 1,100 idle connections of one address took every descriptor."""
    host, port = await served(tmp_path, aiohttp_server, max_sockets_per_ip=5)
    idle = [await raw(host, port) for _ in range(5)]
    refused = [await raw(host, port) for _ in range(20)]
    for reader, _ in refused:
        assert (await asyncio.wait_for(reader.read(), 5)).startswith(b"HTTP/1.1 429")
    reader, writer = await raw(host, port, source="127.0.0.2")  # another address
    writer.write(f"GET /healthz HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode())
    assert (await asyncio.wait_for(reader.read(), 5)).startswith(b"HTTP/1.1 200")
    for _, w in idle + refused:
        w.close()


async def test_a_connection_that_never_finishes_its_headers_is_closed(
    tmp_path: Path, aiohttp_server: Any
) -> None:
    server = await aiohttp_server(
        make_app(Config(data_dir=tmp_path), clock=FakeClock()), keepalive_timeout=0.3
    )
    silent = await raw(server.host, server.port)
    dribbling = await raw(server.host, server.port)
    dribbling[1].write(b"GET / HTTP/1.1\r\nHost: x")

    async def dribble() -> None:
        while not dribbling[0].at_eof():
            dribbling[1].write(b"x")
            await asyncio.sleep(0.05)

    feeding = asyncio.create_task(dribble())
    assert await asyncio.wait_for(silent[0].read(), 5) == b""  # closed, with nothing said
    assert await asyncio.wait_for(dribbling[0].read(), 5) == b""
    feeding.cancel()


def test_the_served_keep_alive_is_a_few_seconds() -> None:
    assert 1 <= limits.KEEPALIVE_S <= 10  # aiohttp's own default is an hour: idle sockets held the caps


MALFORMED = [
    b"GET /" + b"a" * 9_000 + b" HTTP/1.1\r\nHost: h\r\n\r\n",  # a URL over 8 KiB
    b"GET / HTTP/1.1\r\nHost: h\r\nX-Long: " + b"b" * 9_000 + b"\r\n\r\n",  # a header line over 8 KiB
    b"GET / HTTP/1.1\r\nHost: h\r\n" + b"".join(b"X-%d: 1\r\n" % n for n in range(200)) + b"\r\n",
    b"GET / HTTP/1.1\r\nHost: h\r\nHost: i\r\n\r\n",  # two Host headers
    b"\x16\x03\x01garbage that is no request line\r\n\r\n",
]


async def test_malformed_requests_are_answered_plainly_and_logged_once_per_cause(
    tmp_path: Path, aiohttp_server: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Before, each one logged a traceback at ERROR, and the answer named Python's and aiohttp's versions."""
    host, port = await served(tmp_path, aiohttp_server, max_sockets_per_ip=10_000)
    answers = []
    with caplog.at_level(logging.DEBUG):
        for n in range(1_000):
            reader, writer = await raw(host, port)
            writer.write(MALFORMED[n % len(MALFORMED)])
            answers.append(await asyncio.wait_for(reader.read(), 5))
            writer.close()
    lines = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert len(lines) < 20, [r.getMessage() for r in lines]
    assert not any(r.exc_info for r in lines)
    head = answers[0].split(b"\r\n\r\n")[0].decode()
    assert head.startswith(("HTTP/1.1 4", "HTTP/1.0 4"))
    assert "Server: wordarena" in head and "aiohttp" not in head and "Python" not in head
    assert "Content-Security-Policy" in head and "X-Frame-Options: DENY" in head


async def test_refused_sockets_are_summed_up_in_the_access_log(
    tmp_path: Path, aiohttp_server: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Before, every 429 at the per-address cap wrote an access-log line: 842 for one client's attempts."""
    host, port = await served(tmp_path, aiohttp_server)
    request = f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode()
    with caplog.at_level(logging.INFO):
        for _ in range(1_000):
            reader, writer = await raw(host, port)
            writer.write(request)  # not an upgrade: refused by the application
            await asyncio.wait_for(reader.read(), 5)
            writer.close()
    assert len([r for r in caplog.records if r.name == "aiohttp.access"]) < 20
