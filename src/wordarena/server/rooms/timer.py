"""One timer per room, for its game's next deadline (a round's clock, a turn, a closing, an away limit)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from wordarena.server.clock import GameClock


class DeadlineTimer:
    def __init__(self, clock: GameClock, fire: Callable[[], None]) -> None:
        self.clock = clock
        self.fire = fire
        self._handle: asyncio.TimerHandle | None = None
        self._deadline: int | None = None  # what the timer is armed for

    def arm(self, deadline: int | None) -> None:
        """Be due at ``deadline`` (None: never); kept while that deadline stays the same.

        Most inputs leave it unchanged (a guess in a round with a clock): re-arming after
        every batch would leave a cancelled timer in the loop's heap per input, garbage the
        collector then has to walk.
        """
        if deadline == self._deadline and self._handle is not None:
            return
        self.cancel()
        self._deadline = deadline
        if deadline is not None:
            delay = self.clock.seconds_until(deadline)
            self._handle = asyncio.get_running_loop().call_later(delay, self._fired)

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _fired(self) -> None:
        self._handle = None  # fired: the next batch arms the next one
        self.fire()
