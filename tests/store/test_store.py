"""The store's contract, on both databases."""

from __future__ import annotations

import pytest
import sqlalchemy.exc

from wordarena.simulate import simulate_duel
from wordarena.store.database import Database
from wordarena.store.games import GameRepository
from wordarena.store.players import PlayerRepository, hash_token


def test_migrations_are_idempotent(database: Database) -> None:
    database.migrate()
    database.migrate()


def test_identities_keep_only_the_token_hash(database: Database) -> None:
    players = PlayerRepository(database)
    token, player = players.create("Swift Otter 12")
    assert players.by_token(token) == player
    assert players.by_token("not-" + token) is None
    assert (player.rating, player.games_played) == (1000, 0)
    with database.transaction() as session:
        stored = session.execute(sqlalchemy.text("SELECT token_hash FROM players")).scalars().all()
    assert stored == [hash_token(token)] and token not in stored
    players.rename(player.id, "Alice")
    assert players.get(player.id).nickname == "Alice"  # type: ignore[union-attr]


def _record() -> dict[str, object]:
    return simulate_duel("en", 3, 3, 90, seed=11, levels=["medium"])


def test_a_finished_game_is_stored_whole(database: Database) -> None:
    players = PlayerRepository(database)
    games = GameRepository(database)
    _, alice = players.create("Alice")
    record = _record()
    games.save_live("room-a", '{"some": "snapshot"}', [alice.id])
    game_id = games.save_duel(
        record, "room-a", 3, "finished", [alice.id, None, None], [None, "hard", "easy"], True
    )
    stored = games.game(game_id)
    assert stored is not None
    assert [s["total"] for s in stored["seats"]] == record["totals"]
    assert [r["answer"] for r in stored["rounds"]] == [r["answer"] for r in record["rounds"]]  # type: ignore[attr-defined]
    first_guesses = stored["rounds"][0]["seats"][0]["guesses"]
    assert first_guesses == record["rounds"][0]["seats"][0]["guesses"]  # type: ignore[index]
    assert players.get(alice.id).games_played == 1  # type: ignore[union-attr]
    assert players.get(alice.id).quick_games_played == 1  # type: ignore[union-attr]
    assert games.live_rooms() == []  # the same transaction dropped the snapshot


def test_a_failed_save_writes_nothing(database: Database) -> None:
    games = GameRepository(database)
    record = _record()
    with pytest.raises(sqlalchemy.exc.IntegrityError):  # an unknown player id breaks the foreign key
        games.save_duel(record, "room-b", 3, "finished", ["nobody", None, None], [None, None, None], False)
    assert games.games_of_room("room-b") == []


def test_live_snapshots_are_upserted(database: Database) -> None:
    games = GameRepository(database)
    games.save_live("room-c", '{"v": 1}', ["p"])
    games.save_live_many([("room-c", '{"v": 2}', ["p"]), ("room-d", '{"v": 3}', [])])
    assert sorted(games.live_rooms()) == [("room-c", {"v": 2}), ("room-d", {"v": 3})]
    games.drop_live("room-d")
    games.drop_live("room-c")
    assert games.live_rooms() == []
