"""The replay of a finished game as a JSON-ready document: every guess in order, its colours, time, analysis.

Two kinds, built from the states the core holds at the end (or rebuilt from the
seed and the events): a Duel de Mots game with all its rounds (`duel_replay`), and
one Tournament duel (`tournament_duel_replay`). Players are named by their seat
(in a room, its seat index; in a duel, 0 or 1 in pairing order), never by their
identity: a replay is public. Words are in their true spelling, with ``letters``
as the tiles show them (a Korean syllable is several tiles), and ``pattern`` in the
CLI's form: ``G`` green, ``Y`` amber, ``-`` grey. ``at_ms`` counts from the start of
the round's clock (Duel de Mots) or of the duel's first turn. Refused words never
reach the core's rows, so they are not in a replay; a Tournament turn that ran
out is a pass, listed apart.

A replay holds the answer: it exists only once its game is over (`NotFinished`).
For a Tournament duel the shell also asks `tournament_duel_public` before showing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from wordarena.core import analysis, lexicon
from wordarena.core.analysis import GuessAnalysis, Play
from wordarena.core.duel import rules as duel_rules
from wordarena.core.duel.state import DuelState, RoundResult
from wordarena.core.duel.state import Phase as DuelPhase
from wordarena.core.letters import alphabet
from wordarena.core.lexicon import WordList
from wordarena.core.replay_ids import replay_id
from wordarena.core.scoring import winners
from wordarena.core.tournament import rules as tournament_rules
from wordarena.core.tournament.duel import Duel
from wordarena.core.tournament.state import Phase as TournamentPhase
from wordarena.core.tournament.state import TournamentState

#: Version of the document's shape, for a store that keeps documents built earlier.
FORMAT: Final = 1
#: Duels a tournament can have at most: each takes at least one life, and 8 players have 24.
MAX_DUELS: Final = tournament_rules.PLAYERS * tournament_rules.LIVES


class NotFinished(LookupError):
    """The game (or duel) is still in play: its replay would give its answer away."""


def tiles(lang: str, key: str) -> list[str]:
    """The letters of a key as its tiles show them (upper case, one per tile: Uzbek ``SH``, jamo)."""
    abc = alphabet(lang)
    return [abc.display_letter(code) for code in key]


def _guess(
    words: WordList, player: int, row: int, key: str, marks: str, at_ms: int, found: GuessAnalysis | None
) -> dict[str, Any]:
    guess: dict[str, Any] = {
        "player": player,
        "word": words.spelling(key),
        "pattern": marks,
        "at_ms": at_ms,
        "row": row,
        "letters": tiles(words.lang, key),
    }
    if found is not None:
        guess["analysis"] = found.to_json(words)
    return guess


# ---------------------------------------------------------------- Duel de Mots


def duel_replay(state: DuelState, *, analyse: bool = True) -> dict[str, Any]:
    """The replay of the room's finished game (its last one: play again starts afresh).

    ``analyse=False`` leaves the analysis out (the guesses alone cost next to nothing).
    """
    if state.phase is not DuelPhase.FINISHED:
        raise NotFinished("the game is still in play")
    lang = state.options.lang
    words = lexicon.word_list(lang, duel_rules.WORD_LENGTH)
    seats = range(len(state.seats))
    totals = {str(i): seat.total for i, seat in enumerate(state.seats)}
    top, draw = winners(totals)
    rounds = []
    everything: list[GuessAnalysis] = []
    for result in state.results:
        plays = _duel_plays(result)
        found = _analyse(words, result.answer, [p for p, _, _ in plays], False) if analyse else None
        everything += found or ()
        start = result.clock_started_at
        rounds.append(
            {
                "number": result.number,
                "answer": words.spelling(result.answer),
                "answer_letters": tiles(lang, result.answer),
                "ended_by": result.ended_by,
                "duration_ms": result.ended_at - start,
                "first_solve_ms": None if result.first_solve_at is None else result.first_solve_at - start,
                "guesses": [
                    _guess(words, p.player, row, p.word, p.pattern, at - start, a)
                    for (p, row, at), a in zip(plays, _each(found, len(plays)), strict=True)
                ],
                "results": [
                    {
                        "player": seat.seat,
                        "guesses": len(seat.rows),
                        "solved": seat.solve_rank is not None,
                        "solve_rank": seat.solve_rank,
                        "points": seat.points,
                    }
                    for seat in result.seats
                ],
            }
        )
    document: dict[str, Any] = {
        "format": FORMAT,
        "id": replay_id(state.seed, state.game_number),
        "mode": "duel",
        "lang": lang,
        "length": duel_rules.WORD_LENGTH,
        "clock_s": state.options.clock_s,
        "end_reason": state.end_reason,
        "players": [
            {"seat": i, "name": seat.name, "bot": seat.bot_level, "left": seat.gone}
            for i, seat in enumerate(state.seats)
        ],
        "rounds": rounds,
        "totals": [seat.total for seat in state.seats],
        "places": places([seat.total for seat in state.seats]),
        "winners": [int(i) for i in top],
        "draw": draw,
    }
    if analyse:
        document["summary"] = [s.to_json() for s in analysis.summarise(everything, seats)]
    return document


def _duel_plays(result: RoundResult) -> list[tuple[Play, int, int]]:
    """Every row of the round as (play, row in its grid, accepted at), in the order they were accepted.

    Rows hold the millisecond they were accepted; rows of the same millisecond keep
    the order of the solves they made (the server's), then the seats'.
    """
    rows = []
    for seat in result.seats:
        for number, row in enumerate(seat.rows):
            solved = number == len(seat.rows) - 1 and seat.solve_rank is not None
            order = seat.solve_rank if solved and seat.solve_rank is not None else 0
            rows.append(((row.at, order, seat.seat, number), Play(seat.seat, row.key, row.pattern), number))
    rows.sort(key=lambda item: item[0])
    return [(play, number, key[0]) for key, play, number in rows]


def places(totals: Sequence[int]) -> list[int]:
    """Each seat's place: one more than the seats with a higher total (ties share a place)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


# ---------------------------------------------------------------- Tournament duels


def tournament_duel_replay(
    state: TournamentState, round_number: int, index: int, *, analyse: bool = True
) -> dict[str, Any]:
    """The replay of duel ``index`` of round ``round_number`` (from 1), once that duel is over."""
    d = _duel(state, round_number, index)
    if not d.over:
        raise NotFinished("the duel is still in play")
    lang = state.options.lang
    words = lexicon.word_list(lang, d.length)
    seat = {player: i for i, player in enumerate(d.players)}
    plays = [
        (Play(seat[t.player], t.key, t.pattern), number, t.at)
        for number, t in enumerate(d.turns)
        if t.key is not None and t.pattern is not None
    ]
    found = _analyse(words, d.answer, [p for p, _, _ in plays], True) if analyse else None
    players = [_duel_player(state, player, seat[player]) for player in d.players]
    start = d.started_at
    document: dict[str, Any] = {
        "format": FORMAT,
        "id": replay_id(state.seed, round_number, index),
        "code": state.code,
        "mode": "tournament_duel",
        "lang": lang,
        "length": d.length,
        "round": round_number,
        "duel": index,
        "rated": state.options.rated,
        "players": players,
        "first": seat[d.first],
        "answer": words.spelling(d.answer),
        "answer_letters": tiles(lang, d.answer),
        "guesses": [
            _guess(words, p.player, row, p.word, p.pattern, at - start, a)
            for (p, row, at), a in zip(plays, _each(found, len(plays)), strict=True)
        ],
        "passes": [
            {"player": seat[t.player], "row": number, "at_ms": t.at - start}
            for number, t in enumerate(d.turns)
            if t.key is None
        ],
        "outcome": {
            "winner": None if d.winner is None else seat[d.winner],
            "draw": d.draw,
            "forfeited_by": None if d.forfeited_by is None else seat[d.forfeited_by],
            "duration_ms": None if d.ended_at is None else d.ended_at - start,
        },
    }
    if found is not None:
        document["summary"] = [s.to_json() for s in analysis.summarise(found, range(2))]
    return document


def _duel_player(state: TournamentState, player: str, seat: int) -> dict[str, Any]:
    """A duel's player as a public replay names them: seat, name, bot level, rating and place."""
    entrant = state.entrant(player)
    if entrant is None:
        return dict.fromkeys(("name", "bot", "rating_before", "rating_after", "place"), None) | {"seat": seat}
    return {
        "seat": seat,
        "name": entrant.name,
        "bot": entrant.bot_level,
        "rating_before": entrant.rating,
        "rating_after": entrant.rating_after,
        "place": entrant.place,
    }


def tournament_duel_replays(state: TournamentState, *, analyse: bool = True) -> list[dict[str, Any]]:
    """The replays of every duel of the tournament that is over, round by round."""
    return [
        tournament_duel_replay(state, rnd.number, index, analyse=analyse)
        for rnd in state.rounds
        for index, d in enumerate(rnd.duels)
        if d.over
    ]


def reuses_answers(lang: str) -> bool:
    """Whether a tournament in ``lang`` could draw the answer of one of its duels again.

    A duel's answer is drawn among the words nobody in the tournament has met while
    any is left. A tournament has at most `MAX_DUELS` duels, so a list of at least
    that many answers always has one left: its answers never come back.
    """
    return any(
        len(lexicon.word_list(lang, length).answers) < MAX_DUELS for length in tournament_rules.LENGTHS
    )


def tournament_duel_public(state: TournamentState, round_number: int, index: int) -> bool:
    """May the duel's replay be shown now? Once it is over, if nothing in it can help a player still in play.

    Players still in play see other duels' colours but not their letters; a replay
    shows the letters and the answer. That helps only if the answer can be drawn
    again in this tournament, so the replay waits for the tournament's end when
    its lists are small enough for that (`reuses_answers`), else it is public at once.
    """
    d = _duel(state, round_number, index)
    if not d.over:
        return False
    return state.phase is TournamentPhase.FINISHED or not reuses_answers(state.options.lang)


def _duel(state: TournamentState, round_number: int, index: int) -> Duel:
    if not 1 <= round_number <= len(state.rounds):
        raise LookupError(f"no round {round_number}")
    duels = state.rounds[round_number - 1].duels
    if not 0 <= index < len(duels):
        raise LookupError(f"no duel {index} in round {round_number}")
    return duels[index]


def _analyse(words: WordList, answer: str, plays: Sequence[Play], shared: bool) -> tuple[GuessAnalysis, ...]:
    return analysis.analyse_round(words, answer, plays, shared_board=shared)


def _each(found: Sequence[GuessAnalysis] | None, count: int) -> Sequence[GuessAnalysis | None]:
    return [None] * count if found is None else found
