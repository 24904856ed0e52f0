"""Anonymous identities, on both databases."""

from __future__ import annotations

import sqlalchemy

from wordarena.store.database import Database
from wordarena.store.players import PlayerRepository, hash_token


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
