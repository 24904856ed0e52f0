"""Places, rating changes and tournament records: each written once, ratings applied as changes."""

from __future__ import annotations

from wordarena.store.database import Database
from wordarena.store.players import PlayerRepository
from wordarena.store.rooms import RoomRepository
from wordarena.store.tournaments import TournamentRepository
from wordarena.store.writes import PlaceStored, RoomOpened, TournamentStored


def test_a_place_and_its_rating_change_are_stored_once(database: Database) -> None:
    players = PlayerRepository(database)
    rooms = RoomRepository(database)
    _, ann = players.create("Ann")
    rooms.commit([RoomOpened("t1", "{}", [ann.id])])
    place = PlaceStored("t1", ann.id, 1, 1000, 1025, rated=True)
    rooms.commit([place])
    rooms.commit([place])  # replayed after a restore: nothing more
    assert TournamentRepository(database).places("t1") == [(ann.id, 1, 1000, 1025)]
    assert players.get(ann.id).rating == 1025  # type: ignore[union-attr]


def test_a_rating_is_applied_as_a_change_never_as_a_stale_absolute_value(database: Database) -> None:
    """Two tournaments that both started from 1000 both count: +25 then −4 is 1021, not 996."""
    players = PlayerRepository(database)
    rooms = RoomRepository(database)
    _, ann = players.create("Ann")
    rooms.commit([RoomOpened("t1", "{}", [ann.id]), RoomOpened("t2", "{}", [ann.id])])
    rooms.commit([PlaceStored("t1", ann.id, 1, 1000, 1025, rated=True)])
    rooms.commit([PlaceStored("t2", ann.id, 5, 1000, 996, rated=True)])
    assert players.get(ann.id).rating == 1021  # type: ignore[union-attr]


def test_a_practice_place_changes_no_rating(database: Database) -> None:
    players = PlayerRepository(database)
    rooms = RoomRepository(database)
    _, ann = players.create("Ann")
    rooms.commit([RoomOpened("p1", "{}", [ann.id]), PlaceStored("p1", ann.id, 1, 1000, 1025, rated=False)])
    assert players.get(ann.id).rating == 1000  # type: ignore[union-attr]
    assert TournamentRepository(database).places("p1") == [(ann.id, 1, 1000, 1000)]


def test_a_tournament_record_is_stored_once(database: Database) -> None:
    players = PlayerRepository(database)
    rooms = RoomRepository(database)
    _, ann = players.create("Ann")
    record = {"mode": "tournament", "lang": "en", "seed": 3, "players": [], "rounds": [], "winners": []}
    stored = TournamentStored("t3", record, True, "finished", [ann.id])
    rooms.commit([RoomOpened("t3", "{}", [ann.id]), stored])
    rooms.commit([stored])
    assert TournamentRepository(database).record("t3") == record
    assert players.get(ann.id).games_played == 1  # type: ignore[union-attr]
