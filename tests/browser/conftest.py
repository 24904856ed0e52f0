"""Browser tests: the real page in headless Chromium (Playwright), the real server in-process.

The server runs on its own event loop in a thread, on loopback, with a clock
that follows real time but can be jumped forward (`LiveServer.jump`), so a test
never sleeps through a round card, a closing countdown or a reveal card.
Chromium comes from the system's packages (`/usr/bin/chromium`, installed by
`make test` when missing), never from a download.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from aiohttp import web
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

from testkit.processes import free_port
from wordarena.core import lexicon
from wordarena.server.app import NODE, app_runner, make_app
from wordarena.server.config import Config
from wordarena.server.node import Node
from wordarena.server.rooms.base import Room
from wordarena.server.rooms.tournament import TournamentRoom

#: How long a check waits for a page to show something. CI runs the browsers beside the whole
#: suite on two cores: a check of Playwright's 5 s default failed there once (a closing banner
#: after a solve) and passed every time it ran alone.
expect.set_options(timeout=10_000)


T = TypeVar("T")

CHROMIUM = os.environ.get("WORDARENA_CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class JumpClock:
    """Real milliseconds plus whatever the test jumped over."""

    def __init__(self) -> None:
        self.offset = 0

    def __call__(self) -> int:
        return int(time.time() * 1000) + self.offset


class LiveServer:
    def __init__(self, data_dir: Path) -> None:
        self.clock = JumpClock()
        self.loop = asyncio.new_event_loop()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._runner: web.AppRunner | None = None
        on_loop = os.environ.get("WORDARENA_COMMIT_ON_LOOP", "1") in ("1", "true", "yes")
        config = Config(port=self.port, data_dir=data_dir, commit_on_loop=on_loop)
        self._app = make_app(config, clock=self.clock)
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def start(self) -> None:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(timeout=30)

    async def _start(self) -> None:
        self._runner = app_runner(self._app)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self.loop).result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)

    @property
    def node(self) -> Node:
        return self._app[NODE]

    def jump(self, ms: int) -> None:
        """Move time forward, and wait until the desk and every room have caught up with it."""
        self.clock.offset += ms
        asyncio.run_coroutine_threadsafe(self._settle(), self.loop).result(timeout=30)

    def end_round(self, code: str) -> None:
        """Jump to the end of the round in play (its closing or its clock), not past it.

        The clock also runs in real time: jumping a whole closing (20 s) from a closing that
        began some real seconds ago would eat that much of the reveal that follows.
        """

        def left() -> int:
            state = self.room(code).state
            ends = [t for t in (state.clock_ends_at, state.closing_ends_at) if t is not None]
            return max(0, min(ends) - self.clock()) if ends else 0

        self.jump(self.call(left))

    async def _settle(self) -> None:
        await self.node.link.desk.tick()
        for room in list(self.node.registry.rooms.values()):
            await room.settled()

    def call(self, function: Callable[[], T]) -> T:
        """Run ``function`` on the server's loop (where the games live) and return its result."""

        async def run() -> T:
            return function()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout=30)

    def until(self, predicate: Callable[[], bool], what: str, timeout_s: float = 10.0) -> None:
        """Wait for a state of the server (read on its loop), as `expect` waits for one of a page."""

        async def watch() -> bool:
            deadline = self.loop.time() + timeout_s
            while not predicate():
                if self.loop.time() > deadline:
                    return False
                await asyncio.sleep(0.02)
            return True

        if not asyncio.run_coroutine_threadsafe(watch(), self.loop).result(timeout=timeout_s + 5):
            raise AssertionError(f"never: {what}")

    def room(self, code: str) -> Room:
        """A room, to read inside `call` only (its state belongs to the server's loop)."""
        return self.node.registry.rooms[code]

    def answer(self, code: str) -> str:
        """The hidden word, read inside the server, on its loop (a test may; no client can)."""

        def read() -> str:
            state = self.room(code).state
            assert state.answer is not None
            return lexicon.word_list(state.options.lang, 5).spelling(state.answer)

        return self.call(read)

    def tournament_of(self, player_name: str) -> TournamentRoom:
        def find() -> TournamentRoom:
            for room in self.node.registry.rooms.values():
                if isinstance(room, TournamentRoom) and any(
                    e.name == player_name for e in room.state.entrants
                ):
                    return room
            raise LookupError(player_name)

        return self.call(find)

    def wrong_word(self, code: str, index: int = 0) -> str:
        def read() -> str:
            state = self.room(code).state
            words = lexicon.word_list(state.options.lang, 5)
            return words.spelling([k for k in words.answers if k != state.answer][index])

        return self.call(read)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path)
    server.start()
    yield server
    server.stop()


# Module scope, not session: Playwright's sync API keeps an event loop running in
# this thread while it is open, which the asyncio tests that follow cannot share.
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: `make test` installs it (apt-get install chromium)")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
    yield browser
    browser.close()


#: The small phone every screen must work on.
SMALL_PHONE = {"width": 360, "height": 640}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def new_page(
    browser: Browser,
    live: LiveServer,
    phone: bool = False,
    locale: str = "en-US",
    small: bool = False,
    **options: Any,
) -> Page:
    viewport = (
        SMALL_PHONE if small else {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    )
    context: BrowserContext = browser.new_context(viewport=viewport, locale=locale, **options)  # type: ignore[arg-type]
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(live.url)
    return page
