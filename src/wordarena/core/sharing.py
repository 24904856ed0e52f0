"""Parts of a view that many recipients share, built once per broadcast.

A view is made per player (docs/design.md, Views), but most of it is the same for everybody in
the room: the seats' colours, the clock, the standings. ``view_for`` asks for each such
part through a `Share`, naming the part by a key that says everything the part depends
on besides the state and the instant (which seat, with letters or not). On its own a
view builds every part (`build_now`); the server passes a `Share` that builds each
key once per broadcast and hands every recipient the same encoded copy.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Protocol, TypeVar

T = TypeVar("T")


class Share(Protocol):
    def __call__(self, key: Hashable, build: Callable[[], T]) -> T:
        """The part named ``key``: ``build()``, or the copy already built for this broadcast."""
        ...


def build_now(key: Hashable, build: Callable[[], T]) -> T:
    """No sharing: build the part (one view on its own, the tests)."""
    return build()
