"""Finished Duel de Mots games: stored whole, and once (both databases)."""

from __future__ import annotations

from typing import Any

from wordarena.simulate import simulate_duel
from wordarena.store.database import Database
from wordarena.store.games import GameRepository
from wordarena.store.players import PlayerRepository
from wordarena.store.rooms import RoomRepository
from wordarena.store.writes import DuelStored, RoomOpened


def _record() -> dict[str, Any]:
    return simulate_duel("en", 3, 3, 90, seed=11, levels=["medium"])


def duel_stored(code: str, player_ids: list[str | None], number: int = 1) -> DuelStored:
    return DuelStored(code, number, _record(), 3, "finished", player_ids, [None, "hard", "easy"], quick=True)


def test_a_finished_game_is_stored_whole_and_once(database: Database) -> None:
    players = PlayerRepository(database)
    rooms = RoomRepository(database)
    _, alice = players.create("Alice")
    rooms.commit([RoomOpened("room-a", "{}", [alice.id])])
    write = duel_stored("room-a", [alice.id, None, None])
    rooms.commit([write])
    rooms.commit([write])  # a retry, or a restore that replays the events: a no-op
    [stored] = GameRepository(database).stored_games("room-a")
    record = write.record
    assert [s["total"] for s in stored["seats"]] == record["totals"]
    assert [r["answer"] for r in stored["rounds"]] == [r["answer"] for r in record["rounds"]]
    assert stored["rounds"][0]["seats"][0]["guesses"] == record["rounds"][0]["seats"][0]["guesses"]
    assert players.get(alice.id).games_played == 1  # type: ignore[union-attr]
    assert players.get(alice.id).quick_games_played == 1  # type: ignore[union-attr]


def test_play_again_stores_the_next_game_of_the_room(database: Database) -> None:
    rooms = RoomRepository(database)
    rooms.commit([RoomOpened("room-b", "{}", [])])
    rooms.commit([duel_stored("room-b", [None, None, None], number=1)])
    rooms.commit([duel_stored("room-b", [None, None, None], number=2)])
    assert [g["game_number"] for g in GameRepository(database).stored_games("room-b")] == [1, 2]


def test_the_last_games_say_the_place_shared_totals_sharing_it(database: Database) -> None:
    """Before, the statistics said "Lost · 45 points" for a shared second of four: no place."""
    from wordarena.store.history import HistoryRepository

    players = PlayerRepository(database)
    rooms = RoomRepository(database)
    _, alice = players.create("Alice")
    rooms.commit([RoomOpened("room-c", "{}", [alice.id])])
    write = duel_stored("room-c", [alice.id, None, None])
    rooms.commit([write])
    totals = write.record["totals"]
    [game] = HistoryRepository(database).statistics(alice.id)["recent"]
    assert game["of"] == 3
    assert game["place"] == 1 + sum(1 for t in totals if t > totals[0])
