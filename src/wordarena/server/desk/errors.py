"""Why the desk did not do what a tab asked: an error code for that tab, and where its game is."""

from __future__ import annotations

from wordarena.core.groups import GroupError
from wordarena.core.seating import Seat
from wordarena.server.messages import ErrorCode


class DeskError(Exception):
    def __init__(self, code: ErrorCode, message: str, current: Seat | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.current = current  # with already_playing: where the game is


def group_error(error: GroupError) -> DeskError:
    """A group's refusal as the desk says it (the protocol's error codes of the same names)."""
    return DeskError(ErrorCode(error.code), error.message)
