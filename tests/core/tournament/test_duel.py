"""One duel on a shared board (C4), on its own: turns, passes, refusals, win, draw, forfeit."""

from __future__ import annotations

import pytest

from wordarena.core import lexicon
from wordarena.core.tournament import rules
from wordarena.core.tournament.duel import (
    Duel,
    Rejection,
    check_turn,
    expire,
    forfeit,
    new_duel,
    play,
    read_guess,
)

WORDS = lexicon.word_list("en", 5)


def _duel(first: str = "a") -> Duel:
    return new_duel(("a", "b"), first, 5, "crane", start=1_000)


def _code(duel: Duel, word: str) -> str:
    with pytest.raises(Rejection) as caught:
        read_guess(duel, "en", word)
    return caught.value.code


def _wrong(count: int) -> list[str]:
    return [k for k in WORDS.answers if k != "crane"][:count]


def test_turns_alternate_from_the_first_player() -> None:
    duel = _duel(first="b")
    assert duel.current == "b" and duel.turn_ends_at == 1_000 + rules.TURN_MS
    play(duel, "b", _wrong(1)[0], 5_000)
    assert duel.current == "a" and duel.turn_ends_at == 5_000 + rules.TURN_MS
    with pytest.raises(Rejection, match="wait for your turn"):
        check_turn(duel, "b")


def test_a_timed_out_turn_is_passed_and_counts_as_used() -> None:
    duel = _duel()
    expire(duel, 31_000)
    assert duel.turns[-1].player == "a" and duel.turns[-1].key is None and duel.turns[-1].pattern is None
    assert duel.turns_left("a") == 5 and duel.turns_left("b") == 6
    assert duel.current == "b" and duel.turn_started_at == 31_000


@pytest.mark.parametrize(
    ("word", "code"),
    [
        ("cran", "wrong_length"),
        ("cranes", "wrong_length"),
        ("zzzzz", "not_in_list"),
        ("cr4ne", "not_letters"),
    ],
)
def test_refused_guesses_change_nothing(word: str, code: str) -> None:
    duel = _duel()
    assert _code(duel, word) == code
    assert duel.turns == [] and duel.turn_ends_at == 1_000 + rules.TURN_MS


def test_a_word_already_on_the_board_is_refused_for_both_players() -> None:
    duel = _duel()
    word = _wrong(1)[0]
    play(duel, "a", read_guess(duel, "en", word), 2_000)
    assert _code(duel, word.upper()) == "on_board"  # b may not replay a's word either


def test_the_first_to_find_the_word_wins() -> None:
    duel = _duel()
    play(duel, "a", _wrong(1)[0], 2_000)
    play(duel, "b", read_guess(duel, "en", "CRANE"), 3_000)
    assert (duel.winner, duel.loser(), duel.draw, duel.ended_at) == ("b", "a", False, 3_000)
    assert duel.turns[-1].pattern == "GGGGG" and duel.current is None and duel.turn_ends_at is None
    with pytest.raises(Rejection, match="over"):
        check_turn(duel, "a")


def test_twelve_rows_without_the_word_is_a_draw() -> None:
    duel = _duel()
    for i, word in enumerate(_wrong(rules.ROWS - 2)):
        play(duel, duel.current or "", word, 2_000 + i)
    expire(duel, 50_000)
    assert not duel.over
    expire(duel, 80_000)  # passing never loses by itself: all passes too is a draw
    assert duel.draw and duel.winner is None and duel.ended_at == 80_000
    assert duel.turns_left("a") == duel.turns_left("b") == 0


def test_the_last_row_can_still_win() -> None:
    duel = _duel()
    for _ in range(rules.ROWS - 1):
        expire(duel, 10)
    play(duel, "b", "crane", 20)
    assert duel.winner == "b" and not duel.draw


def test_a_forfeit_loses_a_running_duel_and_leaves_a_finished_one_alone() -> None:
    duel = _duel()
    forfeit(duel, "a", 4_000)
    assert (duel.winner, duel.forfeited_by, duel.ended_at) == ("b", "a", 4_000)
    forfeit(duel, "b", 5_000)
    assert duel.winner == "b"


def test_snapshot_round_trip() -> None:
    duel = _duel()
    play(duel, "a", _wrong(1)[0], 2_000)
    expire(duel, 32_000)
    assert Duel.from_snapshot(duel.to_snapshot()) == duel


def test_a_duel_needs_two_players_and_a_fitting_answer() -> None:
    with pytest.raises(ValueError):
        new_duel(("a", "a"), "a", 5, "crane", 0)
    with pytest.raises(ValueError):
        new_duel(("a", "b"), "c", 5, "crane", 0)
    with pytest.raises(ValueError):
        new_duel(("a", "b"), "a", 4, "crane", 0)
