"""What only the host of a Duel de Mots room decides (B1, D5): the options, and who may watch."""

from __future__ import annotations

from wordarena.core.duel import rules
from wordarena.core.duel.events import OptionsChanged, WatchersSet
from wordarena.core.duel.state import DuelState, Phase
from wordarena.core.refusal import Refusal, Rejection


def require_host(state: DuelState, player: str) -> None:
    if player != state.host:
        raise Rejection(Refusal.NOT_HOST, "only the host can do that")


def require_lobby_host(state: DuelState, player: str) -> None:
    require_host(state, player)
    if state.phase is not Phase.LOBBY:
        raise Rejection(Refusal.GAME_STARTED, "the game has already started")


def set_options(state: DuelState, event: OptionsChanged) -> None:
    """The word language, the round clock and the rounds: in the lobby of a private room only."""
    require_lobby_host(state, event.player)
    if state.quick:
        raise Rejection(Refusal.NOT_ALLOWED, "a quick game uses the default options")
    options = state.options
    if event.lang is not None and event.lang not in rules.LANGUAGES:
        raise Rejection(Refusal.BAD_OPTION, f"word language must be one of {' '.join(rules.LANGUAGES)}")
    if event.clock_s is not None and event.clock_s not in rules.CLOCK_CHOICES_S:
        raise Rejection(Refusal.BAD_OPTION, "round clock must be 60, 90 or 120 seconds")
    if event.rounds is not None and event.rounds not in rules.ROUND_CHOICES:
        raise Rejection(Refusal.BAD_OPTION, "rounds must be 1, 3 or 5")
    options.lang = event.lang or options.lang
    options.clock_s = event.clock_s or options.clock_s
    options.rounds = event.rounds or options.rounds


def set_watchers(state: DuelState, event: WatchersSet) -> None:
    """Open or closed to watchers (D5): the host's choice at any time, kept by play again."""
    require_host(state, event.player)
    if state.phase is Phase.CLOSED:
        raise Rejection(Refusal.ROOM_CLOSED, "this room no longer exists")
    state.watchers_open = event.open
