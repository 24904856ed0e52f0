"""The Duel de Mots state machine (Part B).

``game.handle(event, now)`` applies one event and returns effects for the shell;
``game.advance(now)`` lets time pass; ``game.next_deadline()`` tells the shell
when to call ``advance`` next. Deadlines that fell due are processed at their
own time, in order, so a late timer never changes the outcome.

Randomness is derived from the room's seed and the context (round, seat,
row), so the state carries no random generator and replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from wordarena.core import lexicon
from wordarena.core.bot_seat import BOT_LEVELS, BotFactory, ThinkTime, bot_name, default_bots
from wordarena.core.duel import host, rules
from wordarena.core.duel import seats as seating
from wordarena.core.duel.events import (
    BotAdded,
    BotRemoved,
    Effect,
    Event,
    GameEnded,
    GuessSubmitted,
    NicknameChanged,
    OptionsChanged,
    PlayAgainRequested,
    PlayerDisconnected,
    PlayerJoined,
    PlayerLeft,
    PlayerReconnected,
    RoomClosed,
    RoomRestored,
    RoundEnded,
    StartRequested,
    WatchersSet,
)
from wordarena.core.duel.state import DuelState, Options, Phase, RoundResult, Row, Seat, SeatResult
from wordarena.core.feedback import keep_best, pattern
from wordarena.core.guess import read_word
from wordarena.core.machine import Machine, require
from wordarena.core.nicknames import renamed
from wordarena.core.refusal import Refusal, Rejection
from wordarena.core.scoring import round_points
from wordarena.core.seating import Seat as PlayerSeat


class DuelGame(Machine):
    """One room: lobby, rounds, reveal, final standings, play again."""

    def __init__(
        self,
        state: DuelState,
        bot_factory: BotFactory | None = None,
        think_time: ThinkTime | None = None,
    ) -> None:
        self.state = state
        if bot_factory is None or think_time is None:
            default_factory, default_think = default_bots()
            bot_factory, think_time = bot_factory or default_factory, think_time or default_think
        self._bot_factory = bot_factory
        self._think_time = think_time

    @classmethod
    def create(
        cls,
        code: str,
        seed: int,
        lang: str = rules.DEFAULT_LANGUAGE,
        quick: bool = False,
        for_newcomers: bool = False,
        now: int | None = None,
    ) -> DuelGame:
        """A room in its lobby. A quick room for newcomers plays one round (B1).

        ``now``: when it was made; if nobody has sat down `EMPTY_LOBBY_MS` later, it closes.
        """
        options = Options(lang=lang)
        if quick and for_newcomers:
            options.rounds = rules.QUICK_FIRST_GAME_ROUNDS
        state = DuelState(
            code=code,
            seed=seed,
            options=options,
            quick=quick,
            for_newcomers=quick and for_newcomers,
            empty_since=now,
        )
        return cls(state)

    @classmethod
    def bot_match(cls, seed: int, options: Options, levels: Sequence[str], now: int = 0) -> DuelGame:
        """A game between bots only, started at ``now`` (for simulations and benchmarks)."""
        game = cls(DuelState(code=f"sim-{seed}", seed=seed, options=options))
        for level in levels:
            game._seat_bot(level)
        game._start(now)
        return game

    # ------------------------------------------------------------------ inputs

    def next_deadline(self) -> int | None:
        s = self.state
        times = [
            require(seat.away_since) + rules.AWAY_LIMIT_MS
            for seat in s.seats
            if seating.away_clock_running(seat)
        ]
        if s.phase is Phase.LOBBY and s.auto_start_at is not None:
            times.append(s.auto_start_at)
        if s.phase is Phase.LOBBY and s.empty_since is not None:
            times.append(s.empty_since + rules.EMPTY_LOBBY_MS)
        if s.phase in (Phase.CARD, Phase.REVEAL) and s.phase_ends_at is not None:
            times.append(s.phase_ends_at)
        if s.phase is Phase.PLAYING:
            times.append(self._round_end())
            times += [seat.bot_move_at for seat in s.seats if seat.bot_move_at is not None]
        return min(times, default=None)

    def _apply(self, event: Event, now: int) -> list[Effect]:
        match event:
            case PlayerJoined():
                return self._join(event, now)
            case PlayerLeft():
                return self._leave(self._seat_of(event.player), now)
            case PlayerDisconnected():
                return self._disconnect(event.player, now)
            case PlayerReconnected():
                return self._reconnect(event.player)
            case NicknameChanged():
                self._seat_of(event.player).name = renamed(event.name)
            case BotAdded():
                self._add_bot(event)
            case BotRemoved():
                self._remove_bot(event)
            case OptionsChanged():
                host.set_options(self.state, event)
            case WatchersSet():
                host.set_watchers(self.state, event)
            case StartRequested():
                self._require_host(event.player)
                return self._start(now)
            case GuessSubmitted():
                return self._guess(self._seat_of(event.player), event.word, now)
            case PlayAgainRequested():
                self._play_again(event.player, now)
            case RoomRestored():
                self._restored(now)
        self._changed()
        return []

    # ------------------------------------------------------------------ lobby

    def _join(self, event: PlayerJoined, now: int) -> list[Effect]:
        s = self.state
        if seating.find_seat(self.state, event.player) is not None:
            raise Rejection(Refusal.ALREADY_SEATED, "you already have a seat in this room")
        if s.phase is Phase.CLOSED:
            raise Rejection(Refusal.ROOM_CLOSED, "this room no longer exists")
        if s.phase is Phase.FINISHED:
            raise Rejection(Refusal.GAME_OVER, "this game is over")
        if s.phase is not Phase.LOBBY:
            raise Rejection(Refusal.GAME_STARTED, "this game has already started")
        if len(s.seats) >= rules.MAX_SEATS:
            raise Rejection(Refusal.ROOM_FULL, "this room is full")
        s.seats.append(Seat(player=event.player, name=event.name))
        s.empty_since = None
        if s.host is None:
            s.host = event.player
        if s.quick:
            if s.auto_start_at is None:
                s.auto_start_at = now + rules.QUICK_WAIT_MS
            if len(s.seats) == rules.MAX_SEATS:
                return self._start(now)
        self._changed()
        return []

    def _add_bot(self, event: BotAdded) -> None:
        self._require_lobby_host(event.player)
        if event.level not in BOT_LEVELS:
            raise Rejection(Refusal.BAD_OPTION, f"bot level must be one of {', '.join(BOT_LEVELS)}")
        if len(self.state.seats) >= rules.MAX_SEATS:
            raise Rejection(Refusal.ROOM_FULL, "this room is full")
        self._seat_bot(event.level)

    def _seat_bot(self, level: str) -> None:
        s = self.state
        rng = random.Random(f"{s.seed}:bot-name:{len(s.seats)}")
        name = bot_name(rng, {seat.name for seat in s.seats})
        taken = {seat.player for seat in s.seats}
        number = 1 + sum(seat.is_bot for seat in s.seats)
        while f"bot:{number}" in taken:  # a removed bot's number may still be in use by another
            number += 1
        s.seats.append(Seat(player=f"bot:{number}", name=name, bot_level=level))

    def _remove_bot(self, event: BotRemoved) -> None:
        self._require_lobby_host(event.player)
        seats = self.state.seats
        if not 0 <= event.seat < len(seats) or not seats[event.seat].is_bot:
            raise Rejection(Refusal.NO_SUCH_BOT, "there is no bot in that seat")
        del seats[event.seat]

    def _play_again(self, player: str, now: int) -> None:
        """Back to the lobby, same room. A quick room stays one: default options, it starts by itself."""
        s = self.state
        self._require_host(player)
        if s.phase is not Phase.FINISHED:
            raise Rejection(Refusal.NOT_FINISHED, "the game is not over yet")
        s.seats = [seat for seat in s.seats if not seat.gone]
        for seat in s.seats:
            seat.total = 0
            seating.clear_round(seat)
        s.phase = Phase.LOBBY
        s.results, s.round_number, s.end_reason, s.answer = [], 0, None, None
        if s.quick:  # everybody has now played a quick game: a regular one, starting on its own
            s.for_newcomers = False
            s.options = Options(lang=s.options.lang)
            s.auto_start_at = now + rules.QUICK_WAIT_MS

    # ------------------------------------------------------------------ rounds

    def _start(self, now: int) -> list[Effect]:
        s = self.state
        if s.phase is not Phase.LOBBY:
            raise Rejection(Refusal.GAME_STARTED, "the game has already started")
        if s.quick:
            while len(s.seats) < rules.QUICK_MIN_SEATS:
                self._seat_bot("medium")
        if len(s.seats) < rules.MIN_SEATS:
            raise Rejection(Refusal.TOO_FEW_SEATS, "at least two seats must be filled to start")
        s.auto_start_at = None
        s.game_number += 1
        s.results = []
        self._open_round(1, now)
        return []

    def _open_round(self, number: int, now: int) -> None:
        s = self.state
        s.round_number = number
        s.answer = self._draw_answer()
        s.used_answers.append(s.answer)
        s.phase = Phase.CARD
        s.phase_ends_at = now + rules.ROUND_CARD_MS
        s.clock_started_at = s.clock_ends_at = s.closing_ends_at = s.first_solve_at = None
        s.solves = 0
        for seat in s.seats:
            seating.clear_round(seat)
        self._changed()

    def _draw_answer(self) -> str:
        s = self.state
        answers = lexicon.word_list(s.options.lang, rules.WORD_LENGTH).answers
        used = set(s.used_answers)
        fresh = [a for a in answers if a not in used] or list(answers)
        rng = random.Random(f"{s.seed}:answer:{s.game_number}:{s.round_number}")
        return rng.choice(fresh)

    def _start_clock(self, now: int) -> None:
        s = self.state
        s.phase = Phase.PLAYING
        s.phase_ends_at = None
        s.clock_started_at = now
        s.clock_ends_at = now + s.options.clock_s * 1000
        for index, seat in enumerate(s.seats):
            if seat.is_bot and not seat.gone:
                seat.bot_move_at = now + self._bot_think(index, 0)
        self._changed()

    def _round_end(self) -> int:
        s = self.state
        assert s.clock_ends_at is not None
        if s.closing_ends_at is None:
            return s.clock_ends_at
        return min(s.clock_ends_at, s.closing_ends_at)

    def _guess(self, seat: Seat, word: str, now: int) -> list[Effect]:
        s = self.state
        if s.phase is not Phase.PLAYING:
            raise Rejection(Refusal.ROUND_NOT_OPEN, "wait for the round to start")
        if seat.gone:
            raise Rejection(Refusal.LEFT, "you have left this game")
        if seat.done:
            raise Rejection(Refusal.SEAT_DONE, "you have no guesses left this round")
        key = self._check_word(seat, word)
        mark = pattern(require(s.answer), key)
        seat.rows.append(Row(key, mark, now))
        keep_best(seat.keyboard, key, mark)
        if key == s.answer:
            s.solves += 1
            seat.solve_rank = s.solves
            if s.first_solve_at is None:
                s.first_solve_at = now
                s.closing_ends_at = now + rules.CLOSING_MS
        self._changed()
        if self._everyone_done():
            return self._end_round(now, "all_done")
        return []

    def _check_word(self, seat: Seat, word: str) -> str:
        """A2 and B2: refused guesses consume nothing."""
        key = read_word(self.state.options.lang, rules.WORD_LENGTH, word)
        if any(row.key == key for row in seat.rows):
            raise Rejection(Refusal.REPEATED, "you already played that word this round")
        return key

    def _everyone_done(self) -> bool:
        active = [seat for seat in self.state.seats if not seat.gone]
        return all(seat.done for seat in active)

    def _end_round(self, now: int, ended_by: str) -> list[Effect]:
        s = self.state
        seats = []
        for index, seat in enumerate(s.seats):
            solved_in = len(seat.rows) if seat.solved else None
            points = round_points(solved_in, seat.solve_rank)
            seat.total += points
            seat.bot_move_at = None
            seats.append(SeatResult(index, list(seat.rows), seat.solve_rank, points))
        s.results.append(
            RoundResult(
                number=s.round_number,
                answer=require(s.answer),
                clock_started_at=require(s.clock_started_at),
                ended_at=now,
                ended_by=ended_by,
                first_solve_at=s.first_solve_at,
                seats=seats,
            )
        )
        effects: list[Effect] = [RoundEnded(s.round_number)]
        if ended_by == "abandoned":
            return effects + self._finish("abandoned")
        s.phase = Phase.REVEAL
        s.phase_ends_at = now + rules.REVEAL_MS
        self._changed()
        return effects

    def _finish(self, reason: str) -> list[Effect]:
        s = self.state
        s.phase = Phase.FINISHED
        s.phase_ends_at = None
        s.end_reason = reason
        self._changed()
        return [GameEnded(reason)]

    # ------------------------------------------------------------------ time

    def _on_deadline(self, now: int) -> list[Effect]:
        s = self.state
        for seat in s.seats:
            if seating.away_clock_running(seat) and require(seat.away_since) + rules.AWAY_LIMIT_MS == now:
                return self._leave(seat, now)
        if s.phase is Phase.LOBBY and s.auto_start_at == now:
            return self._start(now)
        if (
            s.phase is Phase.LOBBY
            and s.empty_since is not None
            and s.empty_since + rules.EMPTY_LOBBY_MS == now
        ):
            s.phase, s.empty_since = Phase.CLOSED, None  # nobody ever came
            self._changed()
            return [RoomClosed()]
        if s.phase is Phase.CARD and s.phase_ends_at == now:
            self._start_clock(now)
            return []
        if s.phase is Phase.REVEAL and s.phase_ends_at == now:
            if s.round_number >= s.options.rounds:
                return self._finish("finished")
            self._open_round(s.round_number + 1, now)
            return []
        if s.phase is Phase.PLAYING:
            if self._round_end() == now:
                ended_by = (
                    "closing"
                    if s.closing_ends_at == now and s.closing_ends_at < seating.clock_end(s)
                    else "clock"
                )
                return self._end_round(now, ended_by)
            for index, seat in enumerate(s.seats):
                if seat.bot_move_at == now:
                    return self._bot_move(index, seat, now)
        raise AssertionError(f"deadline {now} matched nothing")  # pragma: no cover

    # ------------------------------------------------------------------ bots

    def _bot_think(self, index: int, row: int) -> int:
        s = self.state
        rng = random.Random(f"{s.seed}:think:{s.game_number}:{s.round_number}:{index}:{row}")
        return self._think_time(rng, require(s.seats[index].bot_level), row)

    def _bot_move(self, index: int, seat: Seat, now: int) -> list[Effect]:
        """A bot plays like a person: it sees only its own rows, then submits a guess.

        Its mind is rebuilt for every move from a seed of (game, round, seat), so a
        restored snapshot plays on exactly as the original would have.
        """
        s = self.state
        seat.bot_move_at = None
        words = lexicon.word_list(s.options.lang, rules.WORD_LENGTH)
        rng = random.Random(f"{s.seed}:mind:{s.game_number}:{s.round_number}:{index}")
        mind = self._bot_factory(require(seat.bot_level), words, rng)
        guess = mind.next_guess([(row.key, row.pattern) for row in seat.rows])
        try:
            effects = self._guess(seat, words.spelling(guess), now)
        except Rejection:  # a mind that proposes a refused word loses its turn to think again
            effects = []
        if s.phase is Phase.PLAYING and not seat.done:
            seat.bot_move_at = now + self._bot_think(index, len(seat.rows))
        return effects

    # ------------------------------------------------------------------ people

    def _leave(self, seat: Seat, now: int) -> list[Effect]:
        s = self.state
        if s.phase is Phase.LOBBY:
            s.seats.remove(seat)
        else:
            seat.gone = True
            seat.away_since = None
        seating.pass_host(self.state, seat.player)
        self._changed()
        if not seating.people(self.state):
            if s.phase is Phase.LOBBY:
                s.phase = Phase.CLOSED
                s.auto_start_at = None
                return [RoomClosed()]
            if s.phase is Phase.PLAYING:
                return self._end_round(now, "abandoned")
            if s.phase in (Phase.CARD, Phase.REVEAL):
                return self._finish("abandoned")
            return []
        if s.phase is Phase.PLAYING and self._everyone_done():
            return self._end_round(now, "all_done")
        return []

    def _restored(self, now: int) -> None:
        """Back after a server stop: every person still playing is away from now (B3: 60 s)."""
        for seat in self.state.seats:
            if not seat.is_bot and not seat.gone and seat.away_since is None:
                seat.away_since = now

    def _disconnect(self, player: str, now: int) -> list[Effect]:
        seat = self._seat_of(player)
        if seat.away_since is None and not seat.gone:
            seat.away_since = now
            self._changed()
        return []

    def _reconnect(self, player: str) -> list[Effect]:
        seat = self._seat_of(player)
        if seat.gone:
            raise Rejection(Refusal.LEFT, "you have left this game")
        seat.away_since = None
        self._changed()
        return []

    # ------------------------------------------------------------------ helpers

    def _seat_of(self, player: str) -> Seat:
        seat = seating.find_seat(self.state, player)
        if seat is None:
            raise Rejection(Refusal.NOT_SEATED, "you have no seat in this room")
        return seat

    def seat_of(self, player: str) -> PlayerSeat | None:
        """Where ``player`` sits in this room (core.seating): committed while a game is in progress."""
        return seating.player_seat(self.state, player)

    def seat_index(self, player: str) -> int | None:
        return next((i for i, seat in enumerate(self.state.seats) if seat.player == player), None)

    def _require_host(self, player: str) -> None:
        host.require_host(self.state, player)

    def _require_lobby_host(self, player: str) -> None:
        host.require_lobby_host(self.state, player)

    def _changed(self) -> None:
        self.state.version += 1
