"""Replays of games played through the core's machines: what the players were shown, in order, analysed."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from tests.core.duel.conftest import FirstConsistentMind, fixed_think
from tests.core.duel.conftest import Table as DuelTable
from tests.core.duel.conftest import new_table as new_duel_table
from tests.core.tournament.conftest import Table as TournamentTable
from tests.core.tournament.conftest import fill
from tests.core.tournament.conftest import new_table as new_tournament_table
from wordarena.core import lexicon, replay
from wordarena.core.alphabets import TOURNAMENT_LANGUAGES
from wordarena.core.duel.events import BotAdded, GuessSubmitted, OptionsChanged, PlayerJoined, StartRequested
from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.state import DuelState, Phase
from wordarena.core.feedback import pattern
from wordarena.core.letters import normalize
from wordarena.core.lexicon import WordList
from wordarena.core.player_events import Refused
from wordarena.core.replay import NotFinished, duel_replay, places, tournament_duel_replay
from wordarena.core.tournament import events as tevents
from wordarena.core.tournament.state import Phase as TournamentPhase
from wordarena.simulate import simulate_tournament


def consistent(words: WordList, rows: Sequence[tuple[str, str]]) -> int:
    """Brute force, as a checker would count: the answers that give every row its colours."""
    return sum(1 for a in words.answers if all(pattern(a, g) == m for g, m in rows))


def refused(effects: Sequence[object]) -> list[str]:
    return [e.code for e in effects if isinstance(e, Refused)]


def play_duel(lang: str = "en", rounds: int = 3) -> DuelTable:
    """Alice (host), Bob and a bot; Alice tries two words that are refused in round 1."""
    table = new_duel_table(lang)
    table.do(PlayerJoined("alice", "Alice"))
    table.do(PlayerJoined("bob", "Bob"))
    table.do(BotAdded("alice", "medium"))
    table.do(OptionsChanged("alice", rounds=rounds))
    table.do(StartRequested("alice"))
    for number in range(rounds):
        table.to_clock()
        wrong = table.wrong_words(3)
        if number == 0:
            assert refused(table.do(GuessSubmitted("alice", "qqqqq"))) in (["not_in_list"], ["not_letters"])
            table.do(GuessSubmitted("alice", wrong[0]))
            assert refused(table.do(GuessSubmitted("alice", wrong[0]))) == ["repeated"]
        table.wait(1_000)
        table.do(GuessSubmitted("bob", wrong[1]))
        table.wait(1_500)
        table.do(GuessSubmitted("alice", table.answer_word()))
        table.wait(700)
        table.do(GuessSubmitted("bob", wrong[2]))
        with pytest.raises(NotFinished):
            duel_replay(table.state)  # a game still in play has no replay
        while table.state.phase is Phase.PLAYING:
            table.wait(1_000)
        if table.state.phase is Phase.REVEAL:
            table.wait(table.state.phase_ends_at - table.now if table.state.phase_ends_at else 0)
    assert table.state.phase is Phase.FINISHED
    return table


@pytest.fixture(scope="module")
def finished() -> DuelTable:
    return play_duel()


def test_a_duel_replay_lists_players_language_and_results(finished: DuelTable) -> None:
    state = finished.state
    document = json.loads(json.dumps(duel_replay(state), ensure_ascii=False))
    assert (document["mode"], document["lang"], document["length"], document["format"]) == (
        "duel",
        "en",
        5,
        1,
    )
    assert document["players"] == [
        {"seat": 0, "name": "Alice", "bot": None, "left": False},
        {"seat": 1, "name": "Bob", "bot": None, "left": False},
        {"seat": 2, "name": state.seats[2].name, "bot": "medium", "left": False},
    ]
    assert document["totals"] == [seat.total for seat in state.seats]
    assert document["places"] == places(document["totals"])
    assert len(document["rounds"]) == 3
    assert "alice" not in json.dumps(document)  # seats, never identities


def test_every_guess_is_what_the_players_were_shown_in_order(finished: DuelTable) -> None:
    state = finished.state
    document = duel_replay(state)
    words = lexicon.word_list("en", 5)
    for result, rnd in zip(state.results, document["rounds"], strict=True):
        assert rnd["answer"] == words.spelling(result.answer)
        shown = sorted(
            (row.at - result.clock_started_at, seat.seat, row.key, row.pattern)
            for seat in result.seats
            for row in seat.rows
        )
        listed = [(g["at_ms"], g["player"], normalize("en", g["word"]), g["pattern"]) for g in rnd["guesses"]]
        assert listed == shown
        assert [g["at_ms"] for g in rnd["guesses"]] == sorted(g["at_ms"] for g in rnd["guesses"])
        for guess in rnd["guesses"]:
            assert set(guess) == {"player", "word", "pattern", "at_ms", "row", "letters", "analysis"}
            assert guess["pattern"] == pattern(result.answer, normalize("en", guess["word"]))
        assert [(r["player"], r["points"], r["solve_rank"]) for r in rnd["results"]] == [
            (s.seat, s.points, s.solve_rank) for s in result.seats
        ]


def test_refused_words_are_not_guesses(finished: DuelTable) -> None:
    first = duel_replay(finished.state)["rounds"][0]
    alice = [g["word"] for g in first["guesses"] if g["player"] == 0]
    assert "qqqqq" not in alice
    assert len(alice) == len(set(alice)) == 2  # the repeated word once, then the answer


def test_left_before_and_after_are_each_players_own_count(finished: DuelTable) -> None:
    state = finished.state
    words = lexicon.word_list("en", 5)
    document = duel_replay(state)
    for rnd in document["rounds"]:
        hints: dict[int, list[tuple[str, str]]] = {}
        for guess in rnd["guesses"]:
            own = hints.setdefault(guess["player"], [])
            assert guess["analysis"]["left_before"] == consistent(words, own)
            own.append((normalize("en", guess["word"]), guess["pattern"]))
            assert guess["analysis"]["left_after"] == consistent(words, own)
            assert guess["row"] == len(own) - 1
    summary = document["summary"]
    assert [s["player"] for s in summary] == [0, 1, 2]
    guesses = [sum(1 for r in document["rounds"] for g in r["guesses"] if g["player"] == p) for p in range(3)]
    assert [s["guesses"] for s in summary] == guesses


def test_the_replay_of_a_restored_game_is_the_same(finished: DuelTable) -> None:
    restored = finished.restored(
        lambda data: DuelGame(DuelState.from_snapshot(data), FirstConsistentMind, fixed_think)
    )
    assert duel_replay(restored.state) == duel_replay(finished.state)


def test_without_analysis_the_guesses_are_the_same(finished: DuelTable) -> None:
    full, bare = duel_replay(finished.state), duel_replay(finished.state, analyse=False)
    assert "summary" not in bare
    for a, b in zip(full["rounds"], bare["rounds"], strict=True):
        assert [{k: v for k, v in g.items() if k != "analysis"} for g in a["guesses"]] == b["guesses"]


def test_korean_words_are_syllables_and_their_tiles_jamo() -> None:
    table = play_duel("ko", rounds=1)
    rnd = duel_replay(table.state)["rounds"][0]
    words = lexicon.word_list("ko", 5)
    assert rnd["answer"] == words.spelling(table.state.results[0].answer)
    for guess in rnd["guesses"]:
        assert len(guess["letters"]) == len(guess["pattern"]) == 5
        assert "".join(guess["letters"]) == normalize("ko", guess["word"])
        assert guess["word"] != "".join(guess["letters"])  # two syllables, five jamo


def test_places_share_ties() -> None:
    assert places([50, 70, 50, 10]) == [2, 1, 2, 4]
    assert places([0, 0]) == [1, 1]


# ---------------------------------------------------------------- Tournament duels


def _board_checks(document: dict[str, Any], lang: str) -> None:
    words = lexicon.word_list(lang, document["length"])
    board: list[tuple[str, str]] = []
    for guess in document["guesses"]:
        assert guess["analysis"]["left_before"] == consistent(words, board)
        board.append((normalize(lang, guess["word"]), guess["pattern"]))
        assert guess["analysis"]["left_after"] == consistent(words, board)


@pytest.fixture(scope="module")
def tournament() -> tuple[TournamentTable, dict[str, Any], dict[str, Any]]:
    """p0's duel: a wrong word, a turn run out, the winning word; its replay then, and at the end."""
    table = fill(new_tournament_table())
    table.to_play()
    d = table.duel_of("p0")
    rnd = table.state.round
    assert rnd is not None
    index = rnd.duels.index(d)
    with pytest.raises(NotFinished):
        tournament_duel_replay(table.state, 1, index)
    assert not replay.tournament_duel_public(table.state, 1, index)
    table.wait(1_200)
    table.pass_with_a_guess(d)
    assert refused(table.do(tevents.GuessSubmitted(d.current or "", "q" * d.length))) == ["not_in_list"]
    table.wait(30_000)  # the turn runs out: a pass
    table.win(d.current or "")
    during = tournament_duel_replay(table.state, 1, index)
    assert replay.tournament_duel_public(table.state, 1, index)  # the lists never draw an answer again
    while table.state.phase is not TournamentPhase.FINISHED:
        table.resolve_round(lambda x: x.players[0])
    return table, during, tournament_duel_replay(table.state, 1, index)


def test_a_tournament_duel_replay(tournament: tuple[TournamentTable, dict[str, Any], dict[str, Any]]) -> None:
    table, during, document = tournament
    assert json.loads(json.dumps(document)) == document
    assert (document["mode"], document["lang"], document["round"]) == ("tournament_duel", "en", 1)
    d = table.state.rounds[0].duels[document["duel"]]
    names = [table.entrant(p).name for p in d.players]
    assert [p["name"] for p in document["players"]] == names
    assert [p["seat"] for p in document["players"]] == [0, 1]
    assert document["answer"] == lexicon.word_list("en", d.length).spelling(d.answer)
    turns = [t for t in d.turns if t.key is not None]
    assert [
        (g["player"], normalize("en", g["word"]), g["pattern"], g["at_ms"]) for g in document["guesses"]
    ] == [(d.players.index(t.player), t.key, t.pattern, t.at - d.started_at) for t in turns]
    assert [p["row"] for p in document["passes"]] == [i for i, t in enumerate(d.turns) if t.key is None]
    assert len(document["passes"]) == 1 and "q" * d.length not in json.dumps(document)
    winner = document["outcome"]["winner"]
    assert d.players[winner] == d.winner and document["outcome"]["draw"] is False
    assert document["guesses"][-1]["pattern"] == "G" * d.length
    _board_checks(document, "en")
    # Places and ratings are there once settled: at the end, not while the tournament ran.
    assert all(p["place"] is not None and p["rating_after"] is not None for p in document["players"])
    assert {k: v for k, v in during.items() if k != "players"} == {
        k: v for k, v in document.items() if k != "players"
    }


def test_every_finished_duel_has_a_replay(
    tournament: tuple[TournamentTable, dict[str, Any], dict[str, Any]],
) -> None:
    table, _, _ = tournament
    documents = replay.tournament_duel_replays(table.state, analyse=False)
    assert len(documents) == sum(len(r.duels) for r in table.state.rounds)
    with pytest.raises(LookupError):
        tournament_duel_replay(table.state, 99, 0)


def test_a_tournament_never_draws_an_answer_again() -> None:
    # Each duel takes at least one life: 8 players with 3 lives play at most 24 duels.
    for seed in range(6):
        record = simulate_tournament("de", seed, afk=0.2 * (seed % 3))
        answers = [d["answer"] for r in record["rounds"] for d in r["duels"]]
        assert len(answers) <= replay.MAX_DUELS
        assert len(answers) == len(set(answers))
    assert not any(replay.reuses_answers(lang) for lang in TOURNAMENT_LANGUAGES)


def test_with_a_small_list_a_duel_waits_for_the_tournaments_end(monkeypatch: pytest.MonkeyPatch) -> None:
    real = lexicon.word_list

    def small(lang: str, length: int) -> WordList:
        words = real(lang, length)
        if length != 4:
            return words
        return WordList(lang, length, words.answers[:10], words.guesses, words.spellings)

    monkeypatch.setattr(lexicon, "word_list", small)
    assert replay.reuses_answers("en")
    table = fill(new_tournament_table())
    table.to_play()
    rnd = table.state.round
    assert rnd is not None
    table.win(rnd.duels[0].players[0])
    assert rnd.duels[0].over and not replay.tournament_duel_public(table.state, 1, 0)
