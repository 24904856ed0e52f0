"""The site's blocking work (store reads and writes, key derivation) on threads of its own, bounded.

The games call the store on the event loop's default executor. Nothing a page or
an API does may queue ahead of them: a leaderboard, a statistics page or a
transfer claim runs on the site's own threads instead. What waits for those
threads is bounded per address and in all, and a place is taken before any
await, so a flood of requests is answered 429 or 503 at once rather than queued.
Key derivation (PBKDF2 of transfer codes) is slow on purpose: it has one thread
of its own and a rate for the whole process, so that it never takes more than a
part of one core.
"""

from __future__ import annotations

import asyncio
import functools
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import TypeVar

from aiohttp import web

from wordarena.server import limits
from wordarena.server.peers import client_ip
from wordarena.server.rate_limit import SlidingWindow, TokenBucket
from wordarena.site.context import SITE

T = TypeVar("T")


class Busy(Exception):
    """No place now: ``status`` 429 (this address asks too much) or 503 (the site is busy)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class WorkQueue:
    """Threads, and the places of the requests that may wait for them."""

    def __init__(
        self,
        name: str,
        threads: int,
        per_address: int,
        in_all: int,
        rate: TokenBucket | None = None,
    ) -> None:
        self.per_address, self.in_all, self.rate = per_address, in_all, rate
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix=f"site-{name}")
        self.waiting: Counter[str] = Counter()
        self.total = 0

    @contextmanager
    def place(self, address: str) -> Iterator[None]:
        """Take a place for ``address`` now (before any await), or raise `Busy`."""
        if self.waiting[address] >= self.per_address:
            raise Busy(429)
        if self.total >= self.in_all or (self.rate is not None and not self.rate.take()):
            raise Busy(503)
        self.waiting[address] += 1
        self.total += 1
        try:
            yield
        finally:
            self.total -= 1
            self.waiting[address] -= 1
            if self.waiting[address] <= 0:
                del self.waiting[address]

    async def run(self, address: str, work: Callable[..., T], *args: object) -> T:
        with self.place(address):
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.executor, functools.partial(work, *args))

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


class SiteWork:
    """The site's queues, and the per-minute limits of identity transfers."""

    def __init__(self) -> None:
        self.store = WorkQueue(
            "store", limits.SITE_THREADS, limits.SITE_REQUESTS_PER_IP, limits.SITE_REQUESTS_IN_ALL
        )
        rate = TokenBucket(limits.KEY_DERIVATIONS_PER_S, limits.KEY_DERIVATIONS_PER_S)
        self.hashing = WorkQueue("hashing", 1, 1, limits.KEY_DERIVATIONS_WAITING, rate)
        self.claims = SlidingWindow(limits.TRANSFER_CLAIMS_PER_IP_PER_MINUTE)
        self.codes = SlidingWindow(limits.TRANSFER_CODES_PER_PLAYER_PER_MINUTE)

    def close(self) -> None:
        self.store.close()
        self.hashing.close()


SITE_WORK = web.AppKey("site_work", SiteWork)


def address(request: web.Request) -> str:
    return client_ip(request, request.app[SITE].trust_proxy)


async def in_store(request: web.Request, work: Callable[..., T], *args: object) -> T:
    """Run a store call of the site on the site's threads."""
    return await request.app[SITE_WORK].store.run(address(request), work, *args)


async def hashed(request: web.Request, work: Callable[..., T], *args: object) -> T:
    """Run work that derives a key (slow on purpose) on the site's hashing thread."""
    return await request.app[SITE_WORK].hashing.run(address(request), work, *args)


@web.middleware
async def busy_answers(request: web.Request, handler: Callable[..., object]) -> web.StreamResponse:
    """A request that found no place is told so at once, with when to try again."""
    try:
        response: web.StreamResponse = await handler(request)  # type: ignore[misc]
        return response
    except Busy as busy:
        error = "too_many_requests" if busy.status == 429 else "busy"
        return web.json_response({"error": error}, status=busy.status, headers={"Retry-After": "5"})


def install(app: web.Application) -> None:
    app[SITE_WORK] = SiteWork()
    app.middlewares.append(busy_answers)

    async def close(app: web.Application) -> None:
        app[SITE_WORK].close()

    app.on_cleanup.append(close)
