"""The HTTP side under attack: hosts and origins, security headers, limits per address."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.server.conftest import Arena, FakeClock
from wordarena.client import ClientError
from wordarena.server import limits
from wordarena.server.app import make_app
from wordarena.server.config import Config
from wordarena.server.messages import CloseCode


async def get(arena: Arena, path: str, headers: dict[str, str] | None = None) -> aiohttp.ClientResponse:
    async with aiohttp.ClientSession() as session, session.get(arena.url + path, headers=headers) as response:
        await response.read()
        return response


async def server_with(tmp_path: Path, aiohttp_server: Any, **options: Any) -> Arena:
    clock = FakeClock()
    return Arena(await aiohttp_server(make_app(Config(data_dir=tmp_path, **options), clock=clock)), clock)


# ---------------------------------------------------------------- hosts and origins


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "localhost.evil.example"])
async def test_an_unknown_host_is_refused_dns_rebinding(arena: Arena, host: str) -> None:
    assert (await get(arena, "/", {"Host": host})).status == 421
    assert (await get(arena, "/healthz", {"Host": host})).status == 421


async def test_a_page_of_the_rebinding_host_cannot_open_a_socket(arena: Arena) -> None:
    """The reviewers' case: Host evil.example with Origin http://evil.example was accepted."""
    headers = {"Host": "evil.example", "Origin": "http://evil.example"}
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        async with aiohttp.ClientSession() as session:
            await session.ws_connect(f"{arena.url}/ws", headers=headers)
    assert refused.value.status == 421


async def test_the_listening_address_and_localhost_are_known(arena: Arena) -> None:
    port = arena.url.rsplit(":", 1)[1]
    assert (await get(arena, "/", {"Host": f"localhost:{port}"})).status == 200
    async with arena.client(origin=f"http://localhost:{port}") as alice:
        assert (await alice.hello())["player"]["id"]


async def test_public_origins_behind_a_trusted_proxy(tmp_path: Path, aiohttp_server: Any) -> None:
    arena = await server_with(
        tmp_path, aiohttp_server, allowed_origins=("https://play.example",), trust_proxy=True
    )
    proxied = {
        "X-Forwarded-Host": "play.example",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-For": "203.0.113.9",
    }
    assert (await get(arena, "/", proxied)).status == 200
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(
            f"{arena.url}/ws", headers={**proxied, "Origin": "https://play.example"}
        )
        await ws.close()
    assert (await get(arena, "/", {**proxied, "X-Forwarded-Host": "evil.example"})).status == 421


async def test_forwarded_headers_are_ignored_without_trust_proxy(arena: Arena) -> None:
    forged = {"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}
    assert (await get(arena, "/", forged)).status == 200  # judged by its real Host, not the forged one


# ---------------------------------------------------------------- headers


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/healthz", "/api/alphabets", "/no-such-page"])
async def test_every_answer_carries_the_security_headers(arena: Arena, path: str) -> None:
    response = await get(arena, path)
    csp = response.headers["Content-Security-Policy"]
    for rule in ("script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'"):
        assert rule in csp
    assert "unsafe-inline" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["Server"] == "wordarena"  # no versions


async def test_the_protocol_schema_is_published(arena: Arena) -> None:
    response = await get(arena, "/api/protocol.json")
    assert response.status == 200 and response.content_type == "application/json"


# ---------------------------------------------------------------- limits


async def test_a_4_kib_frame_is_accepted_and_a_bigger_one_closes_with_1009(arena: Arena) -> None:
    async with arena.client() as alice:
        await alice.hello()
        frame = '{"type":"ping","t":1}'
        frame = frame[:-1] + " " * (limits.MAX_FRAME_BYTES - len(frame)) + "}"
        assert len(frame.encode()) == limits.MAX_FRAME_BYTES
        await alice.ws.send_str(frame)
        assert (await alice.expect("pong"))["t"] == 1
        await alice.ws.send_str(frame[:-1] + " }")
        await alice._reader
        assert alice.ws.close_code == CloseCode.TOO_BIG


async def test_a_socket_that_never_says_hello_is_closed_with_4001(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "HELLO_TIMEOUT_S", 0.01)
    async with arena.client() as silent:
        await silent._reader  # the server closes it: nothing else to wait for
        assert silent.ws.close_code == 4001


async def test_sockets_per_address_are_capped(tmp_path: Path, aiohttp_server: Any) -> None:
    arena = await server_with(tmp_path, aiohttp_server, max_sockets_per_ip=2)
    async with arena.client(), arena.client():
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with arena.client():
                pass
        assert refused.value.status == 429
    async with arena.client() as again:  # the others closed: room again
        assert (await again.hello())["player"]["id"]


async def test_new_identities_per_address_are_limited_per_minute(tmp_path: Path, aiohttp_server: Any) -> None:
    arena = await server_with(tmp_path, aiohttp_server, new_identities_per_minute=2)
    now = [0.0]
    arena.node.rate_clock = lambda: now[0]
    known: list[str] = []
    for _ in range(2):
        async with arena.client() as visitor:
            await visitor.hello()
            known.append(visitor.token or "")
    async with arena.client() as third:
        with pytest.raises(ClientError) as refused:
            await third.hello()
        assert refused.value.code == "identity_limit"
        await third._reader
        assert third.ws.close_code == CloseCode.POLICY
    async with arena.client() as returning:  # a known identity is always welcome
        await returning.hello(token=known[0])
    now[0] += 60.0
    async with arena.client() as later:
        assert (await later.hello())["token"]


async def test_a_browser_asking_for_compression_gets_plain_frames(arena: Arena) -> None:
    """Every browser offers permessage-deflate; the server declines it (server.sockets says why)."""
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(f"{arena.url}/ws", compress=15)
        assert ws.compress == 0  # the handshake's answer named no extension
        await ws.send_str('{"type":"hello","ui":"en"}')
        assert (await ws.receive_json())["type"] == "welcome"
        await ws.close()
