"""What one server process holds: rooms' leases, takeovers, per-player locks (server/node.py)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

from tests.server.conftest import Arena, until
from wordarena.core.player_events import PlayerLeft
from wordarena.server.cluster.directory import LEASE_TTL_MS
from wordarena.server.room_inputs import Decide
from wordarena.server.rooms.codes import room_key


async def test_a_lobby_closed_by_its_last_leaver_lets_go_of_its_lease(arena: Arena) -> None:
    """Found by the fuzz: the lease stayed 5 s, then the reaper tried to take the dropped room over."""
    async with arena.client() as alice:
        await alice.hello()
        code = await alice.create(lang="en")
        await alice.send({"type": "leave"})
        await until(lambda: code not in arena.node.registry.rooms)
        await arena.settle()
        assert await arena.node.directory.owner(room_key(code)) is None


async def test_a_takeover_cancelled_with_nobody_waiting_leaves_nothing_to_log(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the fuzz: a takeover cancelled at shutdown left a future failed with CancelledError
    that nobody awaited: asyncio logged "Future exception was never retrieved". Cancelled, it logs nothing."""
    started = asyncio.Event()

    async def slow(code: str) -> None:
        started.set()
        await asyncio.Event().wait()

    monkeypatch.setattr(arena.node.registry, "_take_over", slow)
    task = asyncio.ensure_future(arena.node.registry.take_over("some-room"))
    await started.wait()
    shared = arena.node.registry.taking["some-room"]  # what a second caller would await
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert shared.cancelled()


async def test_the_seat_lock_of_a_player_goes_with_its_last_user(arena: Arena) -> None:
    node = arena.node
    async with node.seating.lock("p"):
        waiting = asyncio.ensure_future(_hold(node, "p"))
        await until(lambda: node.seating._locks["p"][1] == 2)
    await waiting
    assert node.seating._locks == {}


async def _hold(node: object, player: str) -> None:
    async with node.seating.lock(player):  # type: ignore[attr-defined]
        pass


async def test_a_room_being_stored_keeps_its_lease(arena: Arena, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the fuzz benchmark: a new room's lease ran out while its opening write was landing
    (a loaded server): the reaper took the room over from the store while it was being opened, and
    one process held two copies of it (fence 1 and 2; UNIQUE errors on its events, a stuck room)."""
    node, directory = arena.node, arena.node.directory
    now = [0.0]
    monkeypatch.setattr(type(directory), "_now", staticmethod(lambda: now[0]))
    journal, landed, gate = node.journal, asyncio.Event(), asyncio.Event()
    original = journal.write

    def slow(writes: Any) -> asyncio.Future[None]:
        async def later() -> None:
            await original(writes)  # in the store: a takeover would find it
            landed.set()
            await gate.wait()

        return asyncio.ensure_future(later())

    journal.write = slow  # type: ignore[method-assign]
    creating = asyncio.ensure_future(node.registry.create_room("en"))
    await landed.wait()
    now[0] += LEASE_TTL_MS + 1_000  # the opening took longer than a lease
    await node._renew_and_reap(orphans=True)
    journal.write = original  # type: ignore[method-assign]
    gate.set()
    room = await creating
    assert node.registry.rooms[room.code] is room and room.fence == 1
    assert node.metrics.takeovers._value.get() == 0  # type: ignore[attr-defined]


async def test_an_input_for_a_room_being_opened_waits_for_it(arena: Arena) -> None:
    """Found by the fuzz benchmark: a player given a tournament seat just before the room was stored
    left it at once (another tab sat down elsewhere); the PlayerLeft took the room over from the store
    while it was being opened: two copies, and the one left was an empty lobby nobody could start."""
    node, journal, landed, gate = arena.node, arena.node.journal, asyncio.Event(), asyncio.Event()
    original, codes = journal.write, []

    def slow(writes: Any) -> asyncio.Future[None]:
        async def later() -> None:
            await original(writes)
            codes.append(writes[0].code)
            landed.set()
            await gate.wait()

        return asyncio.ensure_future(later())

    journal.write = slow  # type: ignore[method-assign]
    creating = asyncio.ensure_future(node.registry.create_room("en"))
    await landed.wait()
    journal.write = original  # type: ignore[method-assign]
    taking, reached = node.registry.take_over, asyncio.Event()

    async def take_over(code: str) -> Any:
        reached.set()  # the post asks for the room: it waits on the opening from here on
        return await taking(code)

    node.registry.take_over = take_over  # type: ignore[method-assign]
    posting = asyncio.ensure_future(node.router.post(codes[0], "duel", Decide(event=PlayerLeft("x"))))
    await reached.wait()
    gate.set()
    room = await creating
    assert await posting
    await room.settled()
    assert node.registry.rooms[room.code] is room and not room.closed
    assert node.metrics.takeovers._value.get() == 0  # type: ignore[attr-defined]
