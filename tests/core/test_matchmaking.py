"""Tournament matchmaking (RULES.md C1, C2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordarena.core.matchmaking import LOBBY_SIZE, PRACTICE_WAIT_MS, Matchmaker, MatchmakingError


def test_a_player_joins_only_within_200_of_the_lobby_mean() -> None:
    mm = Matchmaker()
    first = mm.queue("fr", {"a": 1000}, now=0)
    assert mm.queue("fr", {"b": 1199}, now=0) is first  # |1199 − 1000| < 200
    # mean is now 1099.5: 1299 is 199.5 away (fits), 1300 is 200.5 away (does not)
    assert mm.queue("fr", {"c": 1299}, now=0) is first
    mean = first.mean
    far = int(mean + 200)
    other = mm.queue("fr", {"d": far}, now=0)
    assert other is not first
    assert first.mean == mean  # never widened


def test_exactly_200_away_does_not_fit() -> None:
    mm = Matchmaker()
    first = mm.queue("en", {"a": 1000}, now=0)
    assert mm.queue("en", {"b": 1200}, now=0) is not first
    assert mm.queue("en", {"c": 800}, now=0) is not first


def test_lobbies_are_per_language() -> None:
    mm = Matchmaker()
    assert mm.queue("fr", {"a": 1000}, now=0) is not mm.queue("de", {"b": 1000}, now=0)
    assert mm.waiting("fr") == 1


def test_eight_make_a_tournament() -> None:
    mm = Matchmaker()
    for i in range(LOBBY_SIZE - 1):
        mm.queue("uk", {f"p{i}": 1000 + i}, now=0)
    assert mm.take_ready(0) == []
    mm.queue("uk", {"last": 1000}, now=0)
    [ready] = mm.take_ready(0)
    assert len(ready.ratings) == LOBBY_SIZE
    assert mm.lobbies == []


def test_a_group_enters_one_lobby_and_matchmaking_fills_the_rest() -> None:
    mm = Matchmaker()
    group = {"g1": 1000, "g2": 1100, "g3": 950}
    lobby = mm.queue("es", group, now=0)
    assert set(group) <= set(lobby.ratings)
    assert mm.queue("es", {"x": 1020}, now=0) is lobby
    with pytest.raises(MatchmakingError):
        mm.queue("es", {"g1": 1000}, now=0)  # already queued


def test_a_group_does_not_fit_a_lobby_without_room() -> None:
    mm = Matchmaker()
    lobby = mm.queue("it", {f"p{i}": 1000 for i in range(6)}, now=0)
    assert mm.queue("it", {"a": 1000, "b": 1000, "c": 1000}, now=0) is not lobby


def test_leaving_before_the_start_is_free() -> None:
    mm = Matchmaker()
    lobby = mm.queue("pl", {"a": 1000, "b": 1010}, now=0)
    assert mm.leave("a") is lobby
    assert list(lobby.ratings) == ["b"]
    mm.leave("b")
    assert mm.lobbies == []
    assert mm.leave("nobody") is None


def test_practice_lobbies_take_anybody_and_start_after_the_wait() -> None:
    mm = Matchmaker()
    lobby = mm.queue("nl", {"a": 1000}, now=5, practice=True)
    assert mm.queue("nl", {"b": 1900}, now=6, practice=True) is lobby
    assert mm.queue("nl", {"c": 1000}, now=6) is not lobby  # rated and practice never mix
    assert mm.next_deadline() == 5 + PRACTICE_WAIT_MS
    assert mm.take_ready(4 + PRACTICE_WAIT_MS) == []
    assert mm.take_ready(5 + PRACTICE_WAIT_MS) == [lobby]


@given(st.lists(st.integers(0, 3000), min_size=1, max_size=60))
def test_every_member_was_within_the_window_when_joining(ratings: list[int]) -> None:
    mm = Matchmaker()
    for i, rating in enumerate(ratings):
        lobby = mm.queue("en", {f"p{i}": rating}, now=0)
        others = {p: r for p, r in lobby.ratings.items() if p != f"p{i}"}
        if others:
            assert abs(rating - sum(others.values()) / len(others)) < 200
        assert len(lobby.ratings) <= LOBBY_SIZE
        mm.take_ready(0)
