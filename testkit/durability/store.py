"""The store the server under test writes, and reading it directly (SQL, not through the server).

`fresh_store` gives an empty SQLite file in a temporary directory, or an empty
schema of its own on a PostgreSQL server, dropped afterwards: the tests pass the
server of their ``postgres_url`` fixture; the benchmark uses ``WORDARENA_TEST_POSTGRES_URL``,
default the loopback ``test`` database.

`StoreReader.audit` compares the stored results with one another and with what
the clients saw: every finished game and tournament stored once, places equal to
the tournament records, ratings equal to 1000 + the stored changes, games played
equal to the stored games and tournaments.
"""

from __future__ import annotations

import json
import os
import secrets
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, text

from testkit.durability.memory import DuelMemory, Memory, TournamentMemory
from wordarena.core.letters import normalize

POSTGRES_URL = os.environ.get(
    "WORDARENA_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
STARTING_RATING = 1000


@dataclass(frozen=True)
class Store:
    kind: str  # "sqlite" | "postgresql"
    url: str  # what the audit reads
    data_dir: Path

    def server_args(self) -> list[str]:
        args = ["--data-dir", str(self.data_dir)]
        if self.kind == "postgresql":
            args += ["--database-url", self.url]
        return args


@contextmanager
def fresh_store(kind: str, tmp: Path, keep: bool = False, server_url: str | None = None) -> Iterator[Store]:
    """An empty store; ``keep``: the PostgreSQL schema is left for a post-mortem (its name is in the URL)."""
    data_dir = tmp / f"data-{kind}"
    data_dir.mkdir(parents=True, exist_ok=True)
    if kind == "sqlite":
        yield Store(kind, f"sqlite:///{data_dir / 'wordarena.sqlite3'}", data_dir)
        return
    if kind != "postgresql":
        raise ValueError(f"unknown store {kind!r}")
    server_url = server_url or POSTGRES_URL
    schema = f"durability_{secrets.token_hex(5)}"
    admin = create_engine(server_url)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in server_url else "?"
    try:
        yield Store(kind, f"{server_url}{separator}options=-csearch_path%3D{schema}", data_dir)
    finally:
        if not keep:
            with admin.begin() as connection:
                connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@dataclass(frozen=True)
class Mismatch:
    check: str  # "lost" (a finished game a client saw is not stored) or "store"
    code: str
    detail: str


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


class StoreReader:
    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url)

    def close(self) -> None:
        self.engine.dispose()

    def _rows(self, sql: str, **params: Any) -> list[Any]:
        with self.engine.connect() as connection:
            return list(connection.execute(text(sql), params))

    def has_result(self, kind: str, code: str) -> bool:
        """Is a finished game of that room (or that tournament) stored?"""
        if kind == "duel":
            return bool(self._rows("SELECT 1 FROM games WHERE room_code = :c", c=code))
        return bool(self._rows("SELECT 1 FROM tournaments WHERE code = :c", c=code))

    def activity(self) -> list[Any]:
        """PostgreSQL: what every session of this database is doing, and who waits for a lock."""
        if self.engine.dialect.name != "postgresql":
            return []
        return self._rows(
            "SELECT pid, state, wait_event_type, wait_event, now() - xact_start AS xact, "
            "pg_blocking_pids(pid) AS blocked_by, left(query, 120) AS query "
            "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )

    def counts(self) -> tuple[int, int]:
        """Finished Duel de Mots games and tournaments stored."""
        games = self._rows("SELECT count(*) FROM games")[0][0]
        tournaments = self._rows("SELECT count(*) FROM tournaments")[0][0]
        return int(games), int(tournaments)

    # ---------------------------------------------------------------- the audit

    def audit(self, memories: Iterable[Memory]) -> list[Mismatch]:
        """Everything the store holds agrees with itself and with what clients saw."""
        found: list[Mismatch] = []
        games = self._rows("SELECT id, room_code, game_number FROM games")
        seats = self._rows("SELECT game_id, seat, player_id, total FROM game_seats")
        rounds = self._rows("SELECT game_id, number, answer FROM game_rounds")
        round_seats = self._rows("SELECT game_id, number, seat, guesses FROM round_seats")
        tournaments = self._rows("SELECT code, rated, record FROM tournaments")
        places = self._rows(
            "SELECT tournament_code, player_id, place, rated, rating_before, rating_after "
            "FROM tournament_places"
        )
        players = self._rows("SELECT id, rating, games_played FROM players")

        # once: a game per (room, game number), a tournament per code, a place per (tournament, player)
        for key, n in Counter((g.room_code, g.game_number) for g in games).items():
            if n > 1:
                found.append(Mismatch("store", key[0], f"game {key[1]} stored {n} times"))
        for code, n in Counter(t.code for t in tournaments).items():
            if n > 1:
                found.append(Mismatch("store", code, f"tournament stored {n} times"))
        for key, n in Counter((p.tournament_code, p.player_id) for p in places).items():
            if n > 1:
                found.append(Mismatch("store", key[0], f"place of {key[1]} stored {n} times"))

        # every stored place equals the place in the tournament record
        place_of = {(p.tournament_code, p.player_id): p for p in places}
        known_players = {p.id for p in players}
        records = {t.code: _json(t.record) for t in tournaments}
        for code, record in records.items():
            for entry in record["players"]:
                if entry["id"] not in known_players:
                    continue  # a bot
                stored = place_of.get((code, entry["id"]))
                if stored is None:
                    found.append(Mismatch("store", code, f"no stored place for {entry['id']}"))
                elif stored.place != entry["place"] or (
                    stored.rated and stored.rating_after != entry["rating_after"]
                ):
                    found.append(
                        Mismatch(
                            "store",
                            code,
                            f"{entry['id']}: stored place {stored.place} / {stored.rating_after}, "
                            f"record {entry['place']} / {entry['rating_after']}",
                        )
                    )

        # ratings: 1000 + the stored changes; games played: stored games + tournaments
        change: dict[str, int] = defaultdict(int)
        for p in places:
            if p.rated:
                change[p.player_id] += p.rating_after - p.rating_before
        played: dict[str, int] = Counter(s.player_id for s in seats if s.player_id is not None)
        for record in records.values():
            for entry in record["players"]:
                played[entry["id"]] += 1
        for p in players:
            if p.rating != STARTING_RATING + change[p.id]:
                found.append(
                    Mismatch("store", p.id, f"rating {p.rating} != 1000 + changes {change[p.id]:+d}")
                )
            if p.games_played != played[p.id]:
                found.append(
                    Mismatch("store", p.id, f"games_played {p.games_played} != stored games {played[p.id]}")
                )

        # what the clients saw: finished games stored, with the same totals, answers and rows
        by_room: dict[str, list[Any]] = defaultdict(list)
        for g in games:
            by_room[g.room_code].append(g)
        seats_of: dict[int, dict[int, Any]] = defaultdict(dict)
        for s in seats:
            seats_of[s.game_id][s.seat] = s
        answers: dict[tuple[int, int], str] = {(r.game_id, r.number): r.answer for r in rounds}
        guesses: dict[tuple[int, int, int], list[Any]] = {
            (r.game_id, r.number, r.seat): _json(r.guesses) for r in round_seats
        }
        for memory in memories:
            if isinstance(memory, DuelMemory) and memory.standings is not None:
                found += _compare_duel(memory, by_room.get(memory.code, []), seats_of, answers, guesses)
            elif isinstance(memory, TournamentMemory):
                found += _compare_tournament(memory, records.get(memory.code), place_of)
        return list(dict.fromkeys(found))  # several clients saw the same thing: one mismatch


def _compare_duel(
    memory: DuelMemory,
    stored: list[Any],
    seats_of: dict[int, dict[int, Any]],
    answers: dict[tuple[int, int], str],
    guesses: dict[tuple[int, int, int], list[Any]],
) -> list[Mismatch]:
    code = memory.code
    if not stored:
        return [Mismatch("lost", code, "a client saw this game finished; the store has no game of this room")]
    if len(stored) > 1:
        return [Mismatch("store", code, f"{len(stored)} games stored; clients saw one")]
    game = stored[0]
    found = []
    assert memory.standings is not None
    for standing in memory.standings["order"]:
        seat = seats_of[game.id].get(standing["seat"])
        if seat is None or seat.total != standing["total"]:
            got = None if seat is None else seat.total
            found.append(
                Mismatch("store", code, f"seat {standing['seat']}: saw {standing['total']}, stored {got}")
            )
    for number, answer in memory.revealed.items():
        if answers.get((game.id, number)) != answer:
            found.append(
                Mismatch(
                    "store", code, f"round {number}: saw {answer}, stored {answers.get((game.id, number))}"
                )
            )
    for (number, seat), rows in memory.rows.items():
        if number not in memory.revealed:
            continue
        stored_rows = [(g["pattern"], g["word"]) for g in guesses.get((game.id, number, seat), [])]
        if not _same_rows(memory.lang, rows, stored_rows):
            found.append(
                Mismatch("store", code, f"round {number} seat {seat}: rows seen {rows}, stored {stored_rows}")
            )
    return found


def _same_rows(
    lang: str,
    seen: list[tuple[str | None, tuple[str, ...] | None]],
    stored: list[tuple[str | None, str | None]],
) -> bool:
    """The same patterns, and the same words wherever the client saw the letters."""
    if [pattern for pattern, _ in seen] != [pattern for pattern, _ in stored]:
        return False
    return all(
        letters is None or (word is not None and normalize(lang, "".join(letters)) == normalize(lang, word))
        for (_, letters), (_, word) in zip(seen, stored)
    )


def _compare_tournament(
    memory: TournamentMemory, record: dict[str, Any] | None, place_of: dict[tuple[str, str], Any]
) -> list[Mismatch]:
    code = memory.code
    found = []
    if memory.finished:
        if record is None:
            return [Mismatch("lost", code, "a client saw this tournament finished; the store has no record")]
        if sorted(record["winners"]) != sorted(memory.winners):
            found.append(
                Mismatch("store", code, f"winners seen {memory.winners}, stored {record['winners']}")
            )
        found += _compare_boards(memory, record)
    for who, (place, rating_after) in memory.places.items():
        stored = place_of.get((code, who))
        if stored is None:
            if not who.startswith("bot"):
                found.append(Mismatch("store", code, f"{who} seen placed {place}; no stored place"))
        elif stored.place != place or (
            stored.rated and rating_after is not None and stored.rating_after != rating_after
        ):
            found.append(
                Mismatch(
                    "store",
                    code,
                    f"{who} seen placed {place} / {rating_after}; "
                    f"stored {stored.place} / {stored.rating_after}",
                )
            )
    return found


def _compare_boards(memory: TournamentMemory, record: dict[str, Any]) -> list[Mismatch]:
    """Every duel board a client saw over is the stored one: the same rows, words and answer."""
    stored = {
        (rnd["number"], tuple(sorted(duel["players"]))): duel
        for rnd in record["rounds"]
        for duel in rnd["duels"]
    }
    found = []
    for key, board in memory.boards.items():
        duel = stored.get(key)
        if not board.over:
            continue
        if duel is None:
            found.append(Mismatch("store", memory.code, f"duel {key} seen over; not in the record"))
            continue
        seen = [(r[1], r[3]) for r in board.rows]
        turns = [(t["pattern"], t["word"]) for t in duel["turns"]]
        if [r[0] for r in board.rows] != [t["player"] for t in duel["turns"]] or not _same_rows(
            memory.lang, seen, turns
        ):
            found.append(Mismatch("store", memory.code, f"duel {key}: board seen {seen}, stored {turns}"))
        if board.answer_letters is not None and normalize(memory.lang, "".join(board.answer_letters)) != (
            normalize(memory.lang, duel["answer"])
        ):
            found.append(Mismatch("store", memory.code, f"duel {key}: answer seen {board.answer_letters}"))
    return found
