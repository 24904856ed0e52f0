"""Finished games, written whole in one transaction, and snapshots of games in progress."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.dialects import postgresql, sqlite

from wordarena.store.database import Database
from wordarena.store.schema import GameRow, GameSeatRow, LiveRoomRow, PlayerRow, RoundRow, RoundSeatRow


class GameRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def save_duel(
        self, record: dict[str, Any], room_code: str, rounds_planned: int, end_reason: str,
        player_ids: list[str | None], bot_levels: list[str | None], quick: bool,
    ) -> int:  # fmt: skip
        """Store a game record (the shape of `core.duel.record.game_record`) atomically.

        ``player_ids[i]`` is the identity in seat i (None for a bot). The same
        transaction counts the game for every person and drops the live snapshot.
        """
        with self.db.transaction() as session:
            game = GameRow(
                mode="duel",
                room_code=room_code,
                lang=record["lang"],
                clock_s=record["clock"],
                rounds_planned=rounds_planned,
                seed=record["seed"],
                end_reason=end_reason,
                draw=record["draw"],
            )
            session.add(game)
            session.flush()
            for seat in record["seats"]:
                index = seat["seat"]
                session.add(
                    GameSeatRow(
                        game_id=game.id,
                        seat=index,
                        player_id=player_ids[index],
                        name=seat["name"],
                        bot_level=bot_levels[index],
                        total=record["totals"][index],
                        winner=index in record["winners"],
                    )
                )
            for number, rnd in enumerate(record["rounds"], 1):
                session.add(
                    RoundRow(
                        game_id=game.id,
                        number=number,
                        answer=rnd["answer"],
                        ended_by=rnd["ended_by"],
                        duration_ms=rnd["duration_ms"],
                        first_solve_ms=rnd["first_solve_ms"],
                    )
                )
                for seat in rnd["seats"]:
                    session.add(
                        RoundSeatRow(
                            game_id=game.id,
                            number=number,
                            seat=seat["seat"],
                            guesses=seat["guesses"],
                            solved=seat["solved"],
                            solve_rank=seat["solve_rank"],
                            points=seat["points"],
                        )
                    )
            people = [p for p in player_ids if p is not None]
            values: dict[str, Any] = {"games_played": PlayerRow.games_played + 1}
            if quick:
                values["quick_games_played"] = PlayerRow.quick_games_played + 1
            if people:
                session.execute(update(PlayerRow).where(PlayerRow.id.in_(people)).values(**values))
            session.execute(delete(LiveRoomRow).where(LiveRoomRow.code == room_code))
            return game.id

    def game(self, game_id: int) -> dict[str, Any] | None:
        """A stored game back as plain data (for tests and a future history page)."""
        with self.db.transaction() as session:
            game = session.get(GameRow, game_id)
            if game is None:
                return None
            seats = session.scalars(select(GameSeatRow).where(GameSeatRow.game_id == game_id)).all()
            rounds = session.scalars(
                select(RoundRow).where(RoundRow.game_id == game_id).order_by(RoundRow.number)
            ).all()
            round_seats = session.scalars(
                select(RoundSeatRow)
                .where(RoundSeatRow.game_id == game_id)
                .order_by(RoundSeatRow.number, RoundSeatRow.seat)
            ).all()
            return {
                "id": game.id,
                "room_code": game.room_code,
                "lang": game.lang,
                "end_reason": game.end_reason,
                "draw": game.draw,
                "seats": [
                    {
                        "seat": s.seat,
                        "player_id": s.player_id,
                        "name": s.name,
                        "total": s.total,
                        "winner": s.winner,
                    }
                    for s in sorted(seats, key=lambda s: s.seat)
                ],
                "rounds": [
                    {
                        "answer": r.answer,
                        "ended_by": r.ended_by,
                        "seats": [
                            {
                                "seat": x.seat,
                                "guesses": x.guesses,
                                "points": x.points,
                                "solve_rank": x.solve_rank,
                            }
                            for x in round_seats
                            if x.number == r.number
                        ],
                    }
                    for r in rounds
                ],
            }

    def games_of_room(self, room_code: str) -> list[int]:
        with self.db.transaction() as session:
            return list(session.scalars(select(GameRow.id).where(GameRow.room_code == room_code)).all())

    # ---------------------------------------------------------------- games in progress

    def save_live(self, code: str, snapshot: str, players: list[str]) -> None:
        self.save_live_many([(code, snapshot, players)])

    def save_live_many(self, rooms: list[tuple[str, str, list[str]]]) -> None:
        """Upsert the snapshots (JSON text) of several rooms in one statement, one transaction."""
        if not rooms:
            return
        dialect = sqlite if self.db.engine.dialect.name == "sqlite" else postgresql
        statement = dialect.insert(LiveRoomRow)
        statement = statement.on_conflict_do_update(
            index_elements=[LiveRoomRow.code],
            set_={"snapshot": statement.excluded.snapshot, "players": statement.excluded.players},
        )
        rows = [{"code": code, "snapshot": snapshot, "players": players} for code, snapshot, players in rooms]
        with self.db.transaction() as session:
            session.execute(statement, rows)

    def drop_live(self, code: str) -> None:
        with self.db.transaction() as session:
            session.execute(delete(LiveRoomRow).where(LiveRoomRow.code == code))

    def live_rooms(self) -> list[tuple[str, dict[str, Any]]]:
        with self.db.transaction() as session:
            return [(r.code, json.loads(r.snapshot)) for r in session.scalars(select(LiveRoomRow)).all()]
