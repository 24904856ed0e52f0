"""What a server process holds in memory, for the fuzz benchmark (bench/fuzz.py, ``/bench/memory``).

Bench-only: the server the benchmark starts (``python -m bench.fuzz --serve``) adds
this route to the real application; ``wordarena serve`` never has it. It answers with
the process's RSS, the allocators' own figures (glibc ``mallinfo2``, pymalloc's
arenas), what the node holds (rooms, tabs, seats, the desk's tables, caches),
the commonest object types, and with ``trace`` a tracemalloc comparison between two
named snapshots. ``trim`` calls glibc's ``malloc_trim(0)`` first and says what it
gave back: memory the allocator kept after the objects were freed (a high-water
mark) is returned by it; memory held by live objects is not.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import re
import sys
import tempfile
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

from aiohttp import web

from wordarena.core import bot_tables, candidates, lexicon, solver
from wordarena.server.app import NODE
from wordarena.server.desk.actor import TournamentDesk
from wordarena.server.node import Node

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
_snapshots: dict[str, tracemalloc.Snapshot] = {}


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in [
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        ]
    ]


def rss_kib(pid: int | None = None) -> int:
    status = Path(f"/proc/{pid or os.getpid()}/status").read_text()
    match = re.search(r"VmRSS:\s+(\d+)", status)
    return int(match.group(1)) if match else 0


def malloc_figures() -> dict[str, int]:
    """glibc: heap obtained from the system (brk arenas + mmapped blocks), in use, and free but kept."""
    _libc.mallinfo2.restype = _MallInfo2
    info = _libc.mallinfo2()
    return {
        "heap_kib": (info.arena + info.hblkhd) // 1024,
        "in_use_kib": (info.uordblks + info.hblkhd) // 1024,
        "free_kept_kib": info.fordblks // 1024,
    }


def pymalloc_figures() -> dict[str, int]:
    """pymalloc: arenas (1 MiB here) held, and the bytes of live small objects in them."""
    with tempfile.TemporaryFile() as out:
        saved = os.dup(2)
        os.dup2(out.fileno(), 2)  # _debugmallocstats writes to the C stderr
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        text = out.read().decode(errors="replace")
    figures: dict[str, int] = {}
    for label, key in (
        ("# arenas allocated current", "arenas"),
        ("# bytes in allocated blocks", "live_bytes"),
        ("# bytes in available blocks", "free_block_bytes"),
        ("Total", "arena_bytes"),
    ):
        match = re.search(re.escape(label) + r"\s*=\s*([\d,]+)", text)
        if match:
            figures[key] = int(match.group(1).replace(",", ""))
    return {
        "arenas": figures.get("arenas", 0),
        "arena_kib": figures.get("arena_bytes", 0) // 1024,
        "live_kib": figures.get("live_bytes", 0) // 1024,
        "free_blocks_kib": figures.get("free_block_bytes", 0) // 1024,
    }


def held(node: Node) -> dict[str, int]:
    """How many of each thing the process keeps (a leak is one of these growing with nobody online)."""
    desk = node.link.desk
    counts = {
        "rooms": len(node.registry.rooms),
        "conns": len(node.delivery.conns),
        "online": len(node.delivery.online),
        "tasks": len(node.tasks.running),
        "seat_locks": len(node.seating._locks),
        "owners_cache": len(node.owners._owners),
        "dead_nodes": len(node.router.dead),
        "guard_addresses": len(node.guards._identities),
        "guard_sockets": len(node.guards.sockets),
        "word_lists_cached": lexicon.word_list.cache_info().currsize,
        "solvers_cached": solver.solver_for.cache_info().currsize,
        "answer_indexes_cached": candidates.index_for.cache_info().currsize,
        "bot_trees_cached": bot_tables.shipped.cache_info().currsize,
        "solver_decisions": sum(len(o._decisions) for o in gc.get_objects() if isinstance(o, solver.Solver)),
    }
    seats = getattr(node.seats, "seats", None)
    if isinstance(seats, dict):
        counts["seats"] = len(seats)
    leases = getattr(node.directory, "leases", None)
    if leases is not None:
        counts["leases"] = len(leases.expiry)
    hub = getattr(node.bus, "hub", None)
    if hub is not None:
        counts["bus_watchers"] = len(hub.watchers)
    if isinstance(desk, TournamentDesk):
        state = desk.state
        counts |= {
            "desk_known": len(state.known),
            "desk_online": len(state.online),
            "desk_groups": len(state.groups),
            "desk_group_of": len(state.group_of),
            "desk_parties": len(state.parties),
            "desk_queued_tab": len(state.queued_tab),
            "desk_quick_rooms": len(state.quick_rooms),
            "desk_waiting": len(desk._waiting),
        }
    return counts


async def memory(request: web.Request) -> web.Response:
    """``GET /bench/memory[?trim][&types][&snapshot=NAME][&against=NAME]``."""
    query = request.query
    gc.collect()
    out: dict[str, Any] = {
        "rss_kib": rss_kib(),
        "malloc": malloc_figures(),
        "pymalloc": pymalloc_figures(),
        "held": held(request.app[NODE]),
        "gc_objects": len(gc.get_objects()),
    }
    if "trim" in query:
        _libc.malloc_trim(0)
        out["rss_after_trim_kib"] = rss_kib()
        out["malloc_after_trim"] = malloc_figures()
    node = request.app[NODE]
    out["rooms"] = [
        {
            "code": code,
            "kind": room.kind,
            "phase": str(room.game.state.phase),
            "members": len(room.members),
            "people": {p: str(room.game.seat_of(p)) for p in room.people()},
            "deadline": room.game.next_deadline(),
            "now": node.clock.now(),
            "state": repr(room.game.state)[:1500],
        }
        for code, room in list(node.registry.rooms.items())[:5]
    ]
    desk = node.link.desk
    if isinstance(desk, TournamentDesk):
        out["desk"] = repr(desk.state.quick_rooms)[:500] + repr(desk.state.queued_tab)[:300]
    if "types" in query:
        counts = Counter(type(o).__name__ for o in gc.get_objects())
        out["types"] = counts.most_common(25)
    if tracemalloc.is_tracing():
        out["traced_kib"] = tracemalloc.get_traced_memory()[0] // 1024
        if "snapshot" in query:
            snapshot = tracemalloc.take_snapshot().filter_traces(
                [tracemalloc.Filter(False, tracemalloc.__file__)]
            )
            _snapshots[query["snapshot"]] = snapshot
            if "against" in query:
                stats = snapshot.compare_to(_snapshots[query["against"]], "filename")
                out["grew_by_file"] = [
                    [str(s.traceback[0]), s.size_diff // 1024, s.size // 1024] for s in stats[:25]
                ]
                stats = snapshot.compare_to(_snapshots[query["against"]], "lineno")
                out["grew_by_line"] = [
                    [str(s.traceback[0]), s.size_diff // 1024, s.count_diff] for s in stats[:25]
                ]
    return web.json_response(out)
