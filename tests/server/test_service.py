"""What one server process holds: rooms' leases, takeovers, per-player locks (server/service.py)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

from tests.server.conftest import Arena, until
from wordarena.core.player_events import PlayerLeft
from wordarena.server.cluster.directory import LEASE_TTL_MS
from wordarena.server.rooms import Envelope, room_key


async def test_a_lobby_closed_by_its_last_leaver_lets_go_of_its_lease(arena: Arena) -> None:
    """Found by the fuzz: the lease stayed 5 s, then the reaper tried to take the dropped room over."""
    async with arena.client() as alice:
        await alice.hello()
        code = await alice.create(lang="en")
        await alice.send({"type": "leave"})
        await until(lambda: code not in arena.service.rooms)
        await arena.settle()
        assert await arena.service.the_directory.owner(room_key(code)) is None


async def test_a_takeover_cancelled_with_nobody_waiting_leaves_nothing_to_log(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the fuzz: a takeover cancelled at shutdown left a future failed with CancelledError
    that nobody awaited: asyncio logged "Future exception was never retrieved". Cancelled, it logs nothing."""
    started = asyncio.Event()

    async def slow(code: str) -> None:
        started.set()
        await asyncio.Event().wait()

    monkeypatch.setattr(arena.service, "_take_over", slow)
    task = asyncio.ensure_future(arena.service.take_over("some-room"))
    await started.wait()
    shared = arena.service._taking["some-room"]  # what a second caller would await
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert shared.cancelled()


async def test_the_seat_lock_of_a_player_goes_with_its_last_user(arena: Arena) -> None:
    service = arena.service
    async with service.seat_lock("p"):
        waiting = asyncio.ensure_future(_hold(service, "p"))
        await until(lambda: service._seat_locks["p"][1] == 2)
    await waiting
    assert service._seat_locks == {}


async def _hold(service: object, player: str) -> None:
    async with service.seat_lock(player):  # type: ignore[attr-defined]
        pass


async def test_a_room_being_stored_keeps_its_lease(arena: Arena, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the fuzz benchmark: a new room's lease ran out while its opening write was landing
    (a loaded server): the reaper took the room over from the store while it was being opened, and
    one process held two copies of it (fence 1 and 2; UNIQUE errors on its events, a stuck room)."""
    service, directory = arena.service, arena.service.the_directory
    now = [0.0]
    monkeypatch.setattr(type(directory), "_now", staticmethod(lambda: now[0]))
    journal, landed, gate = service.journal, asyncio.Event(), asyncio.Event()
    original = journal.write

    def slow(writes: Any) -> asyncio.Future[None]:
        async def later() -> None:
            await original(writes)  # in the store: a takeover would find it
            landed.set()
            await gate.wait()

        return asyncio.ensure_future(later())

    journal.write = slow  # type: ignore[method-assign]
    creating = asyncio.ensure_future(service.create_room("en"))
    await landed.wait()
    now[0] += LEASE_TTL_MS + 1_000  # the opening took longer than a lease
    await service._renew_and_reap(orphans=True)
    journal.write = original  # type: ignore[method-assign]
    gate.set()
    room = await creating
    assert service.rooms[room.code] is room and room.fence == 1
    assert service.metrics.takeovers._value.get() == 0  # type: ignore[attr-defined]


async def test_an_input_for_a_room_being_opened_waits_for_it(arena: Arena) -> None:
    """Found by the fuzz benchmark: a player given a tournament seat just before the room was stored
    left it at once (another tab sat down elsewhere); the PlayerLeft took the room over from the store
    while it was being opened: two copies, and the one left was an empty lobby nobody could start."""
    service, journal, landed, gate = arena.service, arena.service.journal, asyncio.Event(), asyncio.Event()
    original, codes = journal.write, []

    def slow(writes: Any) -> asyncio.Future[None]:
        async def later() -> None:
            await original(writes)
            codes.append(writes[0].code)
            landed.set()
            await gate.wait()

        return asyncio.ensure_future(later())

    journal.write = slow  # type: ignore[method-assign]
    creating = asyncio.ensure_future(service.create_room("en"))
    await landed.wait()
    journal.write = original  # type: ignore[method-assign]
    posting = asyncio.ensure_future(
        service.post(codes[0], "duel", Envelope("event", None, event=PlayerLeft("x")))
    )
    for _ in range(3):  # let the post run until it waits (on the opening, or on a takeover's thread)
        await asyncio.sleep(0)
    gate.set()
    room = await creating
    assert await posting
    await room.settled()
    assert service.rooms[room.code] is room and not room.closed
    assert service.metrics.takeovers._value.get() == 0  # type: ignore[attr-defined]
