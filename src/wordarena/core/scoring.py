"""Duel de Mots points for one round (B4)."""

from __future__ import annotations

from typing import Final

from wordarena.core.duel.rules import ROWS

MAX_GUESSES: Final = ROWS  # one guess per row of the grid
#: Order bonus by solve rank (1st, 2nd, 3rd); later solvers get 0. 3rd is (decided).
ORDER_BONUS: Final = (15, 10, 5)


def round_points(guesses_used: int | None, solve_rank: int | None) -> int:
    """Points of one seat: ``70 - 10·n`` plus the order bonus, 0 when not solved.

    ``guesses_used`` is n (1–6) when solved, None otherwise; ``solve_rank`` is 1
    for the first seat the server saw solve, 2 for the next, …
    """
    if guesses_used is None or solve_rank is None:
        return 0
    if not 1 <= guesses_used <= MAX_GUESSES:
        raise ValueError(f"a solve takes 1 to {MAX_GUESSES} guesses, not {guesses_used}")
    if solve_rank < 1:
        raise ValueError(f"solve rank starts at 1, not {solve_rank}")
    bonus = ORDER_BONUS[solve_rank - 1] if solve_rank <= len(ORDER_BONUS) else 0
    return 70 - 10 * guesses_used + bonus


def winners(totals: dict[str, int]) -> tuple[list[str], bool]:
    """Seats with the best total, and whether the game is a draw (B5).

    Tied best totals share the victory; only when *every* seat has the same
    total is it a draw (then nobody is listed as winner).
    """
    if not totals:
        return [], False
    best = max(totals.values())
    top = [seat for seat, total in totals.items() if total == best]
    if len(totals) > 1 and len(top) == len(totals):
        return [], True
    return top, False
