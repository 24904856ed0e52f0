"""Who sits where in a Duel de Mots room: people and bots, the host, and the player's seat (core.seating)."""

from __future__ import annotations

from wordarena.core.duel.state import DuelState, Phase, Seat
from wordarena.core.machine import require
from wordarena.core.seating import Seat as PlayerSeat


def people(state: DuelState) -> list[Seat]:
    """The people still in the game (not bots, not gone)."""
    return [seat for seat in state.seats if not seat.is_bot and not seat.gone]


def find_seat(state: DuelState, player: str) -> Seat | None:
    return next((seat for seat in state.seats if seat.player == player), None)


def player_seat(state: DuelState, player: str) -> PlayerSeat | None:
    """Where ``player`` sits in this room (core.seating): committed while a game is in progress."""
    seat = find_seat(state, player)
    if seat is None or seat.gone or state.phase is Phase.CLOSED:
        return None
    if state.phase is Phase.LOBBY:
        return PlayerSeat("duel", state.code, "waiting")
    if state.phase is Phase.FINISHED:
        return PlayerSeat("duel", state.code, "finished")
    return PlayerSeat("duel", state.code, "playing")


def pass_host(state: DuelState, leaving: str) -> None:
    """B1 (decided): the host role passes to the next person in seat order."""
    if state.host != leaving:
        return
    others = [seat for seat in state.seats if not seat.is_bot and not seat.gone and seat.player != leaving]
    state.host = others[0].player if others else None


def clear_round(seat: Seat) -> None:
    seat.rows = []
    seat.solve_rank = None
    seat.keyboard = {}
    seat.bot_move_at = None


def away_clock_running(seat: Seat) -> bool:
    return seat.away_since is not None and not seat.gone and not seat.is_bot


def clock_end(state: DuelState) -> int:
    return require(state.clock_ends_at)
