"""The Tournament state machine (Part C).

``game.handle(event, now)`` applies one event and returns effects for the shell;
``game.advance(now)`` lets time pass; ``game.next_deadline()`` tells the shell
when to call ``advance`` next. Deadlines that fell due are processed at their
own time, in order, so a late timer never changes the outcome.

Randomness is derived from the seed and the context (round, duel, turn), so the
state carries no random generator and replays exactly.

Places and ratings (C5, C6, C7) are settled as players are eliminated (places.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from wordarena.core import lexicon
from wordarena.core.bot_seat import BOT_LEVELS, BotFactory, ThinkTime, bot_name, default_bots
from wordarena.core.machine import Machine, require
from wordarena.core.nicknames import renamed
from wordarena.core.refusal import Refusal, Rejection
from wordarena.core.seating import Seat
from wordarena.core.tournament import duel as duels
from wordarena.core.tournament import places, rules
from wordarena.core.tournament.events import (
    DuelEnded,
    Effect,
    Event,
    GuessSubmitted,
    LobbyClosed,
    NicknameChanged,
    PlayerDisconnected,
    PlayerJoined,
    PlayerLeft,
    PlayerReconnected,
    RoomRestored,
    RoundEnded,
    RoundStarted,
    StartRequested,
    TournamentEnded,
)
from wordarena.core.tournament.pairing import pair_round
from wordarena.core.tournament.state import Entrant, Options, Phase, Round, TournamentState


class TournamentGame(Machine):
    """One tournament: lobby, rounds of parallel duels, lives, places, ratings."""

    def __init__(
        self,
        state: TournamentState,
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
        *,
        rated: bool = True,
        bot_level: str = rules.DEFAULT_BOT_LEVEL,
        bot_afk: float = 0.0,
        bot_factory: BotFactory | None = None,
        think_time: ThinkTime | None = None,
    ) -> TournamentGame:
        """A lobby. ``rated=False`` is an unrated practice tournament: bots fill the empty seats."""
        options = _options(lang, rated, bot_level, bot_afk)
        return cls(TournamentState(code=code, seed=seed, options=options), bot_factory, think_time)

    @classmethod
    def bot_match(
        cls,
        seed: int,
        lang: str,
        ratings: Sequence[int] | None = None,
        afk: float = 0.0,
        level: str = rules.DEFAULT_BOT_LEVEL,
        now: int = 0,
        *,
        bot_factory: BotFactory | None = None,
        think_time: ThinkTime | None = None,
    ) -> TournamentGame:
        """8 bots started at ``now``, rated from ``ratings`` (for simulations: no shell allows it)."""
        ratings = list(ratings) if ratings is not None else [rules.STARTING_RATING] * rules.PLAYERS
        if len(ratings) != rules.PLAYERS:
            raise ValueError(f"a tournament has {rules.PLAYERS} players, not {len(ratings)}")
        options = _options(lang, True, level, afk)
        game = cls(TournamentState(code=f"sim-{seed}", seed=seed, options=options), bot_factory, think_time)
        for rating in ratings:
            game._seat_bot(rating)
        game._begin(now)
        return game

    # ------------------------------------------------------------------ inputs

    def next_deadline(self) -> int | None:
        s = self.state
        times = [require(e.away_since) + rules.AWAY_LIMIT_MS for e in s.entrants if self._away_clock(e)]
        rnd = s.round
        if s.phase is Phase.INTRO and rnd is not None:
            times.append(rnd.intro_ends_at)
        if s.phase is Phase.PLAYING and rnd is not None:
            times += [require(d.turn_ends_at) for d in rnd.duels if not d.over]
            times += [e.bot_move_at for e in s.entrants if e.bot_move_at is not None]
            if rnd.ended_at is not None:
                times.append(rnd.ended_at + rules.ROUND_END_MS)
        return min(times, default=None)

    def _apply(self, event: Event, now: int) -> list[Effect]:
        match event:
            case PlayerJoined():
                self._join(event)
            case PlayerLeft():
                return self._leave(self._entrant(event.player), now)
            case PlayerDisconnected():
                self._disconnect(self._entrant(event.player), now)
            case PlayerReconnected():
                self._reconnect(self._entrant(event.player))
            case NicknameChanged():
                self._rename(self._entrant(event.player), event.name)
            case StartRequested():
                return self._start(now)
            case GuessSubmitted():
                entrant = self._entrant(event.player)
                if entrant.is_bot:  # bots play inside the machine only
                    raise Rejection(Refusal.BOT_SEAT, "bots play by themselves")
                return self._guess(entrant, event.word, now)
            case RoomRestored():
                self._restored(now)
        self._changed()
        return []

    # ------------------------------------------------------------------ lobby

    def _join(self, event: PlayerJoined) -> None:
        s = self.state
        if s.entrant(event.player) is not None:
            raise Rejection(Refusal.ALREADY_SEATED, "you already have a seat in this tournament")
        if s.phase is Phase.CLOSED:
            raise Rejection(Refusal.LOBBY_CLOSED, "this lobby no longer exists")
        if s.phase is not Phase.LOBBY:
            raise Rejection(Refusal.STARTED, "this tournament has already started")
        if len(s.entrants) >= rules.PLAYERS:
            raise Rejection(Refusal.LOBBY_FULL, "this lobby is full")
        s.entrants.append(Entrant(player=event.player, name=event.name, rating=event.rating))
        s.had_people = True

    def _rename(self, entrant: Entrant, name: str) -> None:
        entrant.name = renamed(name)

    def _start(self, now: int) -> list[Effect]:
        """C1: the shell starts a full lobby; a practice tournament is filled up with bots."""
        s = self.state
        if s.phase is not Phase.LOBBY:
            raise Rejection(
                Refusal.STARTED if s.phase is not Phase.CLOSED else Refusal.LOBBY_CLOSED, "cannot start"
            )
        if s.options.rated and len(s.entrants) < rules.PLAYERS:
            raise Rejection(Refusal.NEED_PLAYERS, f"a rated tournament starts with {rules.PLAYERS} players")
        if not s.entrants:
            raise Rejection(Refusal.NEED_PLAYERS, "nobody is in the lobby")
        while len(s.entrants) < rules.PLAYERS:
            self._seat_bot(rules.STARTING_RATING)
        return self._begin(now)

    def _seat_bot(self, rating: int) -> None:
        s = self.state
        taken_ids = {e.player for e in s.entrants}
        rng = random.Random(f"{s.seed}:bot-name:{len(s.entrants)}")
        name = bot_name(rng, {e.name for e in s.entrants})
        number = 1 + len(s.entrants)
        while f"bot:{number}" in taken_ids:
            number += 1
        level = s.options.bot_level
        s.entrants.append(Entrant(f"bot:{number}", name, rating, bot_level=level))

    def _begin(self, now: int) -> list[Effect]:
        s = self.state
        s.started_at = now
        for entrant in s.entrants:
            if entrant.away_since is not None:  # the 60 s count again from the start
                entrant.away_since = now
        return self._open_round(1, now)

    # ------------------------------------------------------------------ rounds

    def _open_round(self, number: int, now: int) -> list[Effect]:
        """C3: pair the players in play; each pair gets its own word and a random first player."""
        s = self.state
        previous: dict[str, str] = {}
        last_bye = None
        if s.round is not None:
            last_bye = s.round.bye
            for d in s.round.duels:
                previous[d.players[0]], previous[d.players[1]] = d.players[1], d.players[0]
        players = [e.player for e in s.entrants if e.in_play]
        pairing = pair_round(players, previous, last_bye, random.Random(f"{s.seed}:pairing:{number}"))
        start = now + rules.INTRO_MS
        this_round: set[str] = set()
        duel_list = []
        for index, (a, b) in enumerate(pairing.pairs):
            rng = random.Random(f"{s.seed}:duel:{number}:{index}")
            length = rng.choice(rules.LENGTHS)
            answer = self._draw_answer(length, (a, b), this_round, rng)
            this_round.add(answer)
            for player in (a, b):
                self._entrant(player).met.append(answer)
            duel_list.append(duels.new_duel((a, b), rng.choice((a, b)), length, answer, start))
        s.rounds.append(Round(number, duel_list, pairing.bye, intro_ends_at=start))
        s.phase = Phase.INTRO
        self._changed()
        return [RoundStarted(number)]

    def _draw_answer(
        self, length: int, pair: tuple[str, str], this_round: set[str], rng: random.Random
    ) -> str:
        """C4: a different word per pair and (decided) never an answer either player met before.

        Prefers a word nobody met in this tournament; falls back on the rule's minimum.
        """
        s = self.state
        answers = lexicon.word_list(s.options.lang, length).answers
        everyone = {answer for e in s.entrants for answer in e.met}
        theirs = {answer for p in pair for answer in self._entrant(p).met}
        for excluded in (everyone | this_round, theirs | this_round, this_round):
            fresh = [a for a in answers if a not in excluded]
            if fresh:
                return rng.choice(fresh)
        raise ValueError(f"the {length}-letter list of {s.options.lang} is too small")  # pragma: no cover

    def _start_play(self, now: int) -> list[Effect]:
        """The intro is over: every duel's first turn clock starts."""
        s = self.state
        rnd = require(s.round)
        s.phase = Phase.PLAYING
        self._changed()
        for index, d in enumerate(rnd.duels):
            if not d.over:
                self._schedule_bot(index, now)
        if all(d.over for d in rnd.duels):  # pragma: no cover - ended during the intro already
            return self._end_round(now)
        return []

    def _guess(self, entrant: Entrant, word: str, now: int) -> list[Effect]:
        s = self.state
        if s.phase is Phase.INTRO:
            raise Rejection(Refusal.ROUND_NOT_OPEN, "wait for the round to start")
        if s.phase is not Phase.PLAYING:
            raise Rejection(Refusal.NOT_PLAYING, "no duel is being played")
        if entrant.left:
            raise Rejection(Refusal.LEFT, "you have left this tournament")
        rnd = require(s.round)
        index = rnd.duel_of(entrant.player)
        if index is None:
            raise Rejection(Refusal.NO_DUEL, "you have no duel this round")
        d = rnd.duels[index]
        duels.check_turn(d, entrant.player)
        key = duels.read_guess(d, s.options.lang, word)
        duels.play(d, entrant.player, key, now)
        entrant.bot_move_at = None
        self._changed()
        if d.over:
            return self._duel_over(index, now)
        self._schedule_bot(index, now)
        return []

    def _expire(self, index: int, now: int) -> list[Effect]:
        """C4: the turn ran out; it is passed and counts as used."""
        d = require(self.state.round).duels[index]
        self._entrant(require(d.current)).bot_move_at = None
        duels.expire(d, now)
        self._changed()
        if d.over:
            return self._duel_over(index, now)
        self._schedule_bot(index, now)
        return []

    def _duel_over(self, index: int, now: int) -> list[Effect]:
        """C5: a win costs nothing, a loss one life, a draw one life each."""
        rnd = require(self.state.round)
        d = rnd.duels[index]
        losers = list(d.players) if d.draw else [require(d.loser())]
        for player in d.players:
            self._entrant(player).bot_move_at = None
        for player in losers:
            entrant = self._entrant(player)
            entrant.lives = max(0, entrant.lives - 1)
        self._changed()
        effects: list[Effect] = [DuelEnded(rnd.number, index, d.winner, d.draw)]
        if all(other.over for other in rnd.duels):
            effects += self._end_round(now)
        return effects

    def _end_round(self, now: int) -> list[Effect]:
        """C3/C5: settle the places of everybody eliminated this round, then go on or finish."""
        s = self.state
        rnd = require(s.round)
        rnd.ended_at = now
        remaining = [e for e in s.entrants if e.place is None and e.lives > 0]
        effects: list[Effect] = [RoundEnded(rnd.number)]
        effects += self._settle_eliminated(rnd)
        if len(remaining) == 1:  # the last one still in play wins
            effects += self._settle([(remaining, 1)])
        rnd.lives_after = {e.player: e.lives for e in s.entrants}
        self._changed()
        if len(remaining) <= 1:
            return effects + self._finish("finished", now)
        return effects  # the next round opens after ROUND_END_MS, once everybody saw this one end

    def _next_round(self, rnd: Round, now: int) -> list[Effect]:
        """The finished round was shown long enough: the next one, unless walk-outs meanwhile ended it all."""
        effects = self._settle_eliminated(rnd)  # who walked out during the pause: behind that round's others
        remaining = [e for e in self.state.entrants if e.place is None and e.lives > 0]
        if len(remaining) == 1:
            effects += self._settle([(remaining, 1)])
        if len(remaining) <= 1:
            return effects + self._finish("finished", now)
        return effects + self._open_round(rnd.number + 1, now)

    def _settle_eliminated(self, rnd: Round) -> list[Effect]:
        effects = places.settle_eliminated(self.state, rnd)
        if effects:
            self._changed()
        return effects

    def _settle(self, groups: list[tuple[list[Entrant], int]]) -> list[Effect]:
        effects = places.settle(self.state, groups)
        self._changed()
        return effects

    def _finish(self, reason: str, now: int) -> list[Effect]:
        s = self.state
        s.phase = Phase.FINISHED
        s.ended_at = now
        s.end_reason = reason
        for entrant in s.entrants:
            entrant.bot_move_at = None
        self._changed()
        return [TournamentEnded(reason, tuple(s.winners))]

    # ------------------------------------------------------------------ people

    def _leave(self, entrant: Entrant, now: int) -> list[Effect]:
        s = self.state
        if s.phase is Phase.LOBBY:  # C1: free before the start
            s.entrants.remove(entrant)
            self._changed()
            if not any(not e.is_bot for e in s.entrants):
                s.phase = Phase.CLOSED
                return [LobbyClosed()]
            return []
        if entrant.left:
            raise Rejection(Refusal.LEFT, "you have left this tournament")
        was_in_play = entrant.in_play
        entrant.left = True
        entrant.away_since = None
        entrant.bot_move_at = None
        self._changed()
        effects: list[Effect] = []
        if was_in_play and s.phase in (Phase.INTRO, Phase.PLAYING):
            effects += self._walk_out(entrant, now)
        if s.phase in (Phase.INTRO, Phase.PLAYING) and self._abandoned():
            effects += self._settle_eliminated(require(s.round))
            effects += self._finish("abandoned", now)
        return effects

    def _abandoned(self) -> bool:
        """Every person left a practice tournament: nobody is left to play or watch the bots."""
        s = self.state
        return s.had_people and not s.options.rated and all(e.left for e in s.entrants if not e.is_bot)

    def _walk_out(self, entrant: Entrant, now: int) -> list[Effect]:
        """C7: an automatic defeat; eliminated in this round, placed at its end behind the others."""
        rnd = require(self.state.round)
        entrant.lives = 0
        entrant.walked_out = True
        index = rnd.duel_of(entrant.player)
        if index is not None and not rnd.duels[index].over:
            duels.forfeit(rnd.duels[index], entrant.player, now)
            return self._duel_over(index, now)
        return []

    def _restored(self, now: int) -> None:
        """Back after a server stop: every person still in it is away from now (C7: 60 s)."""
        for entrant in self.state.entrants:
            if not entrant.is_bot and not entrant.left and entrant.away_since is None:
                entrant.away_since = now

    def _disconnect(self, entrant: Entrant, now: int) -> None:
        if entrant.away_since is None and not entrant.left and not entrant.is_bot:
            entrant.away_since = now

    def _reconnect(self, entrant: Entrant) -> None:
        if entrant.left:
            raise Rejection(Refusal.LEFT, "you have left this tournament")
        entrant.away_since = None

    def _away_clock(self, entrant: Entrant) -> bool:
        """C7: away for 60 s = left; in the lobby it frees the seat."""
        if entrant.away_since is None or entrant.is_bot or entrant.left:
            return False
        phase = self.state.phase
        return phase is Phase.LOBBY or (phase in (Phase.INTRO, Phase.PLAYING) and entrant.in_play)

    # ------------------------------------------------------------------ time

    def _on_deadline(self, now: int) -> list[Effect]:
        s = self.state
        for entrant in s.entrants:
            if self._away_clock(entrant) and require(entrant.away_since) + rules.AWAY_LIMIT_MS == now:
                return self._leave(entrant, now)
        rnd = require(s.round)
        if s.phase is Phase.INTRO and rnd.intro_ends_at == now:
            return self._start_play(now)
        if s.phase is Phase.PLAYING and rnd.ended_at is not None and rnd.ended_at + rules.ROUND_END_MS == now:
            return self._next_round(rnd, now)
        if s.phase is Phase.PLAYING:
            for index, d in enumerate(rnd.duels):
                if d.over:
                    continue
                current = self._entrant(require(d.current))
                if current.bot_move_at == now:
                    return self._bot_move(current, index, now)
                if d.turn_ends_at == now:
                    return self._expire(index, now)
        raise AssertionError(f"deadline {now} matched nothing")  # pragma: no cover

    # ------------------------------------------------------------------ bots

    def _schedule_bot(self, index: int, now: int) -> None:
        """When the player to move is a bot, decide when it plays (or, afk, lets the turn run out)."""
        s = self.state
        rnd = require(s.round)
        d = rnd.duels[index]
        entrant = self._entrant(require(d.current))
        if not entrant.is_bot or entrant.left:
            return
        context = f"{s.seed}:{rnd.number}:{index}:{len(d.turns)}"
        if random.Random(f"{context}:afk").random() < s.options.bot_afk:
            entrant.bot_move_at = None
            return
        rng = random.Random(f"{context}:think")
        think = self._think_time(rng, require(entrant.bot_level), d.turns_used(entrant.player))
        entrant.bot_move_at = now + min(max(think, 1), rules.TURN_MS - 1)

    def _bot_move(self, entrant: Entrant, index: int, now: int) -> list[Effect]:
        """A bot reads the shared board like a person, then submits a guess through `_guess`.

        Its mind is rebuilt for every move from a seed of (round, duel, player), so a
        restored snapshot plays on exactly as the original would have.
        """
        s = self.state
        rnd = require(s.round)
        d = rnd.duels[index]
        entrant.bot_move_at = None
        words = lexicon.word_list(s.options.lang, d.length)
        rng = random.Random(f"{s.seed}:mind:{rnd.number}:{index}:{entrant.player}")
        mind = self._bot_factory(require(entrant.bot_level), words, rng)
        guess = mind.next_guess(d.rows())
        try:
            return self._guess(entrant, words.spelling(guess), now)
        except Rejection:  # a refused word: the bot lets its turn run out
            self._changed()
            return []

    # ------------------------------------------------------------------ helpers

    def seat_of(self, player: str) -> Seat | None:
        """Where ``player`` sits (core.seating): a lobby seat, or committed while still in play."""
        return places.seat_of(self.state, player)

    def _entrant(self, player: str) -> Entrant:
        entrant = self.state.entrant(player)
        if entrant is None:
            raise Rejection(Refusal.NOT_SEATED, "you have no seat in this tournament")
        return entrant

    def _changed(self) -> None:
        self.state.version += 1


def _options(lang: str, rated: bool, level: str, afk: float) -> Options:
    if lang not in rules.LANGUAGES:
        raise ValueError(f"tournament word language must be one of {' '.join(rules.LANGUAGES)}")
    if level not in BOT_LEVELS:
        raise ValueError(f"bot level must be one of {', '.join(BOT_LEVELS)}")
    if not 0.0 <= afk <= 1.0:
        raise ValueError("afk is a probability, between 0 and 1")
    return Options(lang=lang, rated=rated, bot_level=level, bot_afk=afk)
