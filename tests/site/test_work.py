"""The site's work stays off the games' threads, and a flood of requests is refused at once, not queued."""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.server.conftest import Arena, FakeClock, until
from wordarena.server import limits
from wordarena.server.app import make_app
from wordarena.server.config import Config
from wordarena.site.work import SITE_WORK, Busy, WorkQueue
from wordarena.store import transfers


def test_a_place_is_taken_at_once_per_address_and_in_all() -> None:
    queue = WorkQueue("t", threads=1, per_address=2, in_all=3)
    try:
        with queue.place("a"), queue.place("a"):
            with pytest.raises(Busy) as per_address:
                queue.place("a").__enter__()
            assert per_address.value.status == 429
            with queue.place("b"):
                with pytest.raises(Busy) as in_all:
                    queue.place("c").__enter__()
                assert in_all.value.status == 503
        assert queue.total == 0 and not queue.waiting
    finally:
        queue.close()


async def forwarded_site(tmp_path: Path, aiohttp_server: Any) -> Arena:
    """Behind a trusted proxy, so that one test can speak from many addresses (X-Forwarded-For)."""
    app = make_app(Config(data_dir=tmp_path, trust_proxy=True), clock=FakeClock())
    return Arena(await aiohttp_server(app), FakeClock())


async def claim(session: aiohttp.ClientSession, arena: Arena, code: str, address: str = "10.0.0.1") -> int:
    headers = {"X-Forwarded-For": address}
    async with session.post(
        f"{arena.url}/api/transfer/claim", json={"code": code}, headers=headers
    ) as answer:
        return answer.status


async def test_concurrent_wrong_claims_are_counted_before_any_await(
    tmp_path: Path, aiohttp_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the try was counted only after the derivation: 300 claims sent together all ran PBKDF2."""
    derived = Counter[str]()
    real = transfers._derived

    def counted(code: str, length: int) -> bytes:
        derived["calls"] += 1
        return real(code, length)

    monkeypatch.setattr(transfers, "_derived", counted)
    arena = await forwarded_site(tmp_path, aiohttp_server)
    async with aiohttp.ClientSession() as session:
        statuses = Counter(await asyncio.gather(*(claim(session, arena, "AAAAA-AAAAA") for _ in range(300))))
    assert statuses[429] >= 300 - limits.TRANSFER_CLAIMS_PER_IP_PER_MINUTE
    assert derived["calls"] <= limits.TRANSFER_CLAIMS_PER_IP_PER_MINUTE


async def test_blocked_site_work_never_delays_a_players_hello(
    tmp_path: Path, aiohttp_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, claims ran on the executor of the games' store calls: 300 of them held every hello.

    Here every claim blocks until released: from 100 addresses at once (each within its
    own limit), they fill what the site may use, and a player still says hello and opens a room.
    """
    release = threading.Event()

    def stuck(self: object, code: str, now: object = None) -> None:
        release.wait(30)

    monkeypatch.setattr(transfers.TransferRepository, "claim", stuck)
    arena = await forwarded_site(tmp_path, aiohttp_server)
    async with aiohttp.ClientSession() as session:
        claims = [
            asyncio.create_task(claim(session, arena, "AAAAA-AAAAA", f"10.0.{n}.1")) for n in range(100)
        ]
        try:
            hashing = arena.server.app[SITE_WORK].hashing
            # the site's part is full (the rest are refused as they come)
            await until(lambda: hashing.total == limits.KEY_DERIVATIONS_WAITING, timeout=30)
            async with arena.client() as ada:
                await asyncio.wait_for(ada.hello(), 10)  # 10 s: a loaded machine, not a blocked one
                await asyncio.wait_for(ada.create("en"), 10)
        finally:
            release.set()
        statuses = Counter(await asyncio.gather(*claims))
    assert statuses[503] >= 100 - limits.KEY_DERIVATIONS_WAITING  # refused at once, not queued


async def test_transfer_codes_per_identity_are_limited(site: Any) -> None:
    """Each code costs a key derivation: with one valid token, ten a second slowed every rename to 3 s."""
    from tests.site.test_api import bearer, new_identity

    token = await new_identity(site)
    statuses = [(await site.post("/api/transfer", json={}, headers=bearer(token))).status for _ in range(8)]
    assert statuses[: limits.TRANSFER_CODES_PER_PLAYER_PER_MINUTE] == [200] * 5
    assert set(statuses[limits.TRANSFER_CODES_PER_PLAYER_PER_MINUTE :]) == {429}


async def test_a_body_that_never_arrives_is_cut_short(site: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "BODY_TIMEOUT_S", 0.2)
    reader, writer = await asyncio.open_connection(site.server.host, site.server.port)
    writer.write(
        f"POST /api/transfer/claim HTTP/1.1\r\nHost: {site.server.host}:{site.server.port}\r\n"
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"co'.encode()
    )
    answer = await asyncio.wait_for(reader.readline(), 5)
    assert b" 408 " in answer
    writer.close()
