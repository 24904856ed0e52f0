"""Finished Duel de Mots games: written once, whole, in the journal's transaction."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from wordarena.store.database import Database
from wordarena.store.schema import GameRow, GameSeatRow, PlayerRow, RoundRow, RoundSeatRow
from wordarena.store.writes import DuelStored


def store_duel(session: Session, write: DuelStored) -> bool:
    """Store a game record (the shape of `core.duel.record.game_record`); False if already stored.

    ``player_ids[i]`` is the identity in seat i (None for a bot). The game counts
    as played for every person only when it is new, in the same transaction.
    """
    exists = session.scalar(
        select(GameRow.id).where(GameRow.room_code == write.code, GameRow.game_number == write.game_number)
    )
    if exists is not None:
        return False
    record = write.record
    game = GameRow(
        mode="duel",
        room_code=write.code,
        game_number=write.game_number,
        lang=record["lang"],
        clock_s=record["clock"],
        rounds_planned=write.rounds_planned,
        seed=record["seed"],
        end_reason=write.end_reason,
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
                player_id=write.player_ids[index],
                name=seat["name"],
                bot_level=write.bot_levels[index],
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
    people = [p for p in write.player_ids if p is not None]
    values: dict[str, Any] = {"games_played": PlayerRow.games_played + 1}
    if write.quick:
        values["quick_games_played"] = PlayerRow.quick_games_played + 1
    if people:
        session.execute(update(PlayerRow).where(PlayerRow.id.in_(people)).values(**values))
    return True


class GameRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def stored_games(self, room_code: str) -> list[dict[str, Any]]:
        """Every stored game of a room, in order, as plain data (the final result, a history)."""
        with self.db.transaction() as session:
            games = session.scalars(
                select(GameRow).where(GameRow.room_code == room_code).order_by(GameRow.game_number)
            ).all()
            return [_game(session, game) for game in games]


def _game(session: Session, game: GameRow) -> dict[str, Any]:
    seats = session.scalars(
        select(GameSeatRow).where(GameSeatRow.game_id == game.id).order_by(GameSeatRow.seat)
    )
    rounds = session.scalars(
        select(RoundRow).where(RoundRow.game_id == game.id).order_by(RoundRow.number)
    ).all()
    round_seats = session.scalars(
        select(RoundSeatRow)
        .where(RoundSeatRow.game_id == game.id)
        .order_by(RoundSeatRow.number, RoundSeatRow.seat)
    ).all()
    return {
        "id": game.id,
        "room_code": game.room_code,
        "game_number": game.game_number,
        "lang": game.lang,
        "end_reason": game.end_reason,
        "draw": game.draw,
        "seats": [
            {"seat": s.seat, "player_id": s.player_id, "name": s.name, "total": s.total, "winner": s.winner}
            for s in seats
        ],
        "rounds": [
            {
                "answer": r.answer,
                "ended_by": r.ended_by,
                "seats": [
                    {"seat": x.seat, "guesses": x.guesses, "points": x.points, "solve_rank": x.solve_rank}
                    for x in round_seats
                    if x.number == r.number
                ],
            }
            for r in rounds
        ],
    }
