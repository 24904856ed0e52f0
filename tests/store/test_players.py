"""Anonymous identities, on both databases."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy

from wordarena.store.database import Database
from wordarena.store.players import PlayerRepository, hash_token
from wordarena.store.rooms import RoomRepository
from wordarena.store.writes import PlaceStored, RoomOpened


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


def test_identities_that_never_played_are_forgotten_after_a_while(database: Database) -> None:
    players = PlayerRepository(database)
    rooms = RoomRepository(database)
    _, idle = players.create("Idle")
    _, online = players.create("Online")
    _, played = players.create("Played")
    rooms.commit(
        [RoomOpened("t1", "{}", [played.id]), PlaceStored("t1", played.id, 1, 1000, 1025, rated=True)]
    )
    assert players.forget_unplayed(datetime.now(UTC) - timedelta(days=1), keep=set()) == 0  # all too young
    forgotten = players.forget_unplayed(datetime.now(UTC) + timedelta(days=1), keep={online.id})
    assert forgotten == 1 and players.get(idle.id) is None
    assert players.get(online.id) is not None and players.get(played.id) is not None
