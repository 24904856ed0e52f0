"""Duel de Mots rules, one test each (Part B), with a fake clock."""

from __future__ import annotations

import pytest

from tests.core.duel.conftest import Table, new_table
from wordarena.core.duel import rules
from wordarena.core.duel.events import (
    BotAdded,
    BotRemoved,
    GameEnded,
    GuessSubmitted,
    NicknameChanged,
    OptionsChanged,
    PlayAgainRequested,
    PlayerDisconnected,
    PlayerJoined,
    PlayerLeft,
    PlayerReconnected,
    Refused,
    RoomClosed,
    RoomRestored,
    RoundEnded,
    StartRequested,
    WatchersSet,
)
from wordarena.core.duel.game import DuelGame
from wordarena.core.duel.state import Phase
from wordarena.core.seating import Seat


def refused(effects: list[object]) -> list[str]:
    return [e.code for e in effects if isinstance(e, Refused)]


# ---------------------------------------------------------------- B1 room


def test_first_person_is_host_and_seats_fill_up_to_six(table: Table) -> None:
    for i in range(6):
        assert table.do(PlayerJoined(f"p{i}", f"P{i}")) == []
    assert table.state.host == "p0"
    assert refused(table.do(PlayerJoined("p6", "P6"))) == ["room_full"]


def test_double_join_is_refused(table: Table) -> None:
    table.do(PlayerJoined("alice", "Alice"))
    assert refused(table.do(PlayerJoined("alice", "Alice again"))) == ["already_seated"]
    assert len(table.state.seats) == 1


def test_only_the_host_adds_and_removes_bots(table: Table) -> None:
    table.do(PlayerJoined("alice", "Alice"))
    table.do(PlayerJoined("bob", "Bob"))
    assert refused(table.do(BotAdded("bob", "easy"))) == ["not_host"]
    assert refused(table.do(BotAdded("alice", "genius"))) == ["bad_option"]
    table.do(BotAdded("alice", "hard"))
    assert table.state.seats[2].bot_level == "hard"
    assert "(bot)" in table.state.seats[2].name
    assert refused(table.do(BotRemoved("alice", 0))) == ["no_such_bot"]
    table.do(BotRemoved("alice", 2))
    assert len(table.state.seats) == 2


def test_options_and_their_defaults(table: Table) -> None:
    table.do(PlayerJoined("alice", "Alice"))
    assert (table.state.options.clock_s, table.state.options.rounds) == (90, 3)
    assert rules.default_language("fr") == "fr"
    assert rules.default_language("de") == "en"
    for bad in (
        OptionsChanged("alice", lang="de"),
        OptionsChanged("alice", clock_s=45),
        OptionsChanged("alice", rounds=2),
    ):
        assert refused(table.do(bad)) == ["bad_option"]
    table.do(OptionsChanged("alice", lang="ko", clock_s=60, rounds=5))
    assert (table.state.options.lang, table.state.options.clock_s, table.state.options.rounds) == (
        "ko",
        60,
        5,
    )


def test_only_the_host_closes_the_room_to_watchers_at_any_time(started: Table) -> None:
    """D5: open by default; the host's choice in any phase, kept by play again; never once closed."""
    assert started.state.watchers_open
    assert refused(started.do(WatchersSet("bob", open=False))) == ["not_host"]
    assert started.state.watchers_open
    version = started.state.version
    assert started.do(WatchersSet("alice", open=False)) == []
    assert not started.state.watchers_open and started.state.version > version
    assert started.do(WatchersSet("alice", open=True)) == [] and started.state.watchers_open


def test_start_needs_the_host_and_two_seats(table: Table) -> None:
    table.do(PlayerJoined("alice", "Alice"))
    assert refused(table.do(StartRequested("alice"))) == ["too_few_seats"]
    table.do(BotAdded("alice", "easy"))
    table.do(PlayerJoined("bob", "Bob"))
    assert refused(table.do(StartRequested("bob"))) == ["not_host"]
    table.do(StartRequested("alice"))
    assert table.state.phase is Phase.CARD
    assert refused(table.do(PlayerJoined("carol", "Carol"))) == ["game_started"]
    assert refused(table.do(OptionsChanged("alice", rounds=1))) == ["game_started"]


def test_host_passes_to_the_next_person(table: Table) -> None:
    table.do(PlayerJoined("alice", "Alice"))
    table.do(BotAdded("alice", "easy"))
    table.do(PlayerJoined("bob", "Bob"))
    table.do(PlayerLeft("alice"))
    assert table.state.host == "bob"


def test_an_emptied_lobby_closes(table: Table) -> None:
    table.do(PlayerJoined("alice", "Alice"))
    table.do(BotAdded("alice", "easy"))
    assert RoomClosed() in table.do(PlayerLeft("alice"))
    assert refused(table.do(PlayerJoined("bob", "Bob"))) == ["room_closed"]


def test_a_lobby_nobody_came_to_closes(table: Table) -> None:
    """(decided) A room made for someone who never sat down (their tab closed on the way) does not
    stay open for ever: EMPTY_LOBBY_MS after it was made, still empty, it closes."""
    game = DuelGame.create("room2", 7, "en", quick=True, now=1_000)
    assert game.next_deadline() == 1_000 + rules.EMPTY_LOBBY_MS
    assert game.advance(1_000 + rules.EMPTY_LOBBY_MS) == [RoomClosed()]
    assert game.state.phase is Phase.CLOSED and game.next_deadline() is None
    joined = DuelGame.create("room3", 7, "en", quick=True, now=1_000)
    joined.handle(PlayerJoined("alice", "Alice"), 2_000)  # someone came: the quick wait runs instead
    assert joined.next_deadline() == 2_000 + rules.QUICK_WAIT_MS
    assert RoomClosed() not in joined.advance(1_000 + rules.EMPTY_LOBBY_MS - 1)


def test_nickname_change(started: Table) -> None:
    started.do(NicknameChanged("bob", "Robert"))
    assert started.state.seats[1].name == "Robert"


# ---------------------------------------------------------------- B2, B3 rounds


def test_round_card_lasts_2_6_s_and_blocks_typing(table: Table) -> None:
    table.do(PlayerJoined("alice", "Alice"))
    table.do(PlayerJoined("bob", "Bob"))
    table.do(StartRequested("alice"))
    table.wait(rules.ROUND_CARD_MS - 1)
    assert refused(table.do(GuessSubmitted("alice", table.wrong_words(1)[0]))) == ["round_not_open"]
    table.wait(1)
    assert table.state.phase is Phase.PLAYING
    assert table.state.clock_ends_at == table.now + 90_000


@pytest.mark.parametrize(
    ("word", "code"),
    [("abc", "wrong_length"), ("abcdef", "wrong_length"), ("zzzzz", "not_in_list"), ("ab1de", "not_letters")],
)
def test_refused_guesses_consume_nothing(started: Table, word: str, code: str) -> None:
    assert refused(started.do(GuessSubmitted("alice", word))) == [code]
    assert started.state.seats[0].rows == []


def test_a_repeated_word_is_refused(started: Table) -> None:
    word = started.wrong_words(1)[0]
    started.do(GuessSubmitted("alice", word))
    assert refused(started.do(GuessSubmitted("alice", word.upper()))) == ["repeated"]
    assert len(started.state.seats[0].rows) == 1
    assert refused(started.do(GuessSubmitted("bob", word))) == []  # each player has their own grid


def test_six_rows_then_done(started: Table) -> None:
    for word in started.wrong_words(6):
        started.do(GuessSubmitted("alice", word))
    assert started.state.seats[0].done
    assert refused(started.do(GuessSubmitted("alice", started.answer_word()))) == ["seat_done"]


def test_keyboard_keeps_the_best_hint(started: Table) -> None:
    started.do(GuessSubmitted("alice", started.wrong_words(1)[0]))
    started.do(GuessSubmitted("alice", started.answer_word()))
    assert set(started.state.seats[0].keyboard[k] for k in started.state.answer or "") == {"G"}


def test_first_solve_opens_a_20_s_closing(started: Table) -> None:
    started.wait(10_000)
    started.do(GuessSubmitted("alice", started.answer_word()))
    assert started.state.closing_ends_at == started.now + 20_000
    started.wait(19_999)
    assert started.state.phase is Phase.PLAYING
    assert RoundEnded(1) in started.wait(1)
    assert started.state.results[-1].ended_by == "closing"


def test_closing_never_lengthens_the_round(started: Table) -> None:
    started.wait(85_000)
    started.do(GuessSubmitted("alice", started.answer_word()))
    started.wait(5_000)
    assert started.state.phase is Phase.REVEAL
    assert started.state.results[-1].ended_by == "clock"
    assert started.state.results[-1].ended_at == started.state.results[-1].clock_started_at + 90_000


def test_round_ends_when_every_seat_is_done(started: Table) -> None:
    started.do(GuessSubmitted("alice", started.answer_word()))
    for word in started.wrong_words(6):
        started.do(GuessSubmitted("bob", word))
    assert started.state.phase is Phase.REVEAL
    assert started.state.results[-1].ended_by == "all_done"


def test_reveal_lasts_6_5_s_then_next_round_with_a_new_word(started: Table) -> None:
    first = started.state.answer
    started.wait(90_000)
    assert started.state.phase is Phase.REVEAL
    started.wait(rules.REVEAL_MS - 1)
    assert started.state.phase is Phase.REVEAL
    started.wait(1)
    assert (started.state.phase, started.state.round_number) == (Phase.CARD, 2)
    assert started.state.answer != first


def test_no_answer_repeats_in_a_game() -> None:
    table = new_table()
    table.do(PlayerJoined("alice", "Alice"))
    table.do(PlayerJoined("bob", "Bob"))
    table.do(OptionsChanged("alice", rounds=5))
    table.do(StartRequested("alice"))
    while table.state.phase is not Phase.FINISHED:
        table.wait(1_000)
    answers = [r.answer for r in table.state.results]
    assert len(answers) == 5 == len(set(answers))


# ---------------------------------------------------------------- B4, B5 points


def test_points_with_order_bonus(started: Table) -> None:
    started.do(PlayerJoined("x", "x"))  # refused: the game has started
    wrong = started.wrong_words(4)
    for word in wrong[:4]:
        started.do(GuessSubmitted("alice", word))
    started.do(GuessSubmitted("alice", started.answer_word()))  # 5 guesses, 1st: 20 + 15
    for word in wrong[:2]:
        started.do(GuessSubmitted("bob", word))
    started.do(GuessSubmitted("bob", started.answer_word()))  # 3 guesses, 2nd: 40 + 10
    result = started.state.results[-1]
    assert [s.points for s in result.seats] == [35, 50]
    assert [s.solve_rank for s in result.seats] == [1, 2]
    assert [seat.total for seat in started.state.seats] == [35, 50]


def test_unsolved_scores_zero_and_a_full_game_has_winners(started: Table) -> None:
    started.do(GuessSubmitted("alice", started.answer_word()))  # 60 + 15 each round
    while started.state.phase is not Phase.FINISHED:
        if started.state.phase is Phase.PLAYING and not started.state.seats[0].done:
            started.do(GuessSubmitted("alice", started.answer_word()))
        started.wait(500)
    assert [seat.total for seat in started.state.seats] == [225, 0]
    assert GameEnded("finished") in started.effects


def test_game_of_bots_and_a_person_is_deterministic() -> None:
    def play(seed: int) -> list[tuple[str, list[int]]]:
        table = new_table(seed=seed)
        table.do(PlayerJoined("alice", "Alice"))
        table.do(BotAdded("alice", "medium"))
        table.do(BotAdded("alice", "hard"))
        table.do(StartRequested("alice"))
        while table.state.phase is not Phase.FINISHED:
            table.wait(700)
        return [(r.answer, [s.points for s in r.seats]) for r in table.state.results]

    assert play(3) == play(3)
    assert play(3) != play(4)


# ---------------------------------------------------------------- disconnection and leaving


def test_a_seat_away_60_s_no_longer_holds_the_round(started: Table) -> None:
    started.do(PlayerDisconnected("bob"))
    started.wait(59_999)
    started.do(GuessSubmitted("alice", started.answer_word()))
    assert started.state.phase is Phase.PLAYING  # bob still holds the round open
    started.wait(1)
    assert started.state.seats[1].gone
    assert started.state.phase is Phase.REVEAL
    assert started.state.results[-1].ended_by == "all_done"


def test_a_player_back_within_60_s_keeps_playing(started: Table) -> None:
    started.do(PlayerDisconnected("bob"))
    started.wait(30_000)
    started.do(PlayerReconnected("bob"))
    started.wait(40_000)
    assert not started.state.seats[1].gone
    assert refused(started.do(GuessSubmitted("bob", started.wrong_words(1)[0]))) == []


def test_a_leaver_keeps_their_points_and_the_host_moves_on(started: Table) -> None:
    started.do(GuessSubmitted("alice", started.answer_word()))
    started.do(PlayerLeft("alice"))
    assert started.state.host == "bob"
    assert started.state.seats[0].gone
    started.wait(20_000)
    assert started.state.results[-1].seats[0].points == 75
    assert refused(started.do(GuessSubmitted("alice", "crane"))) == ["round_not_open"]


def test_the_game_ends_when_no_person_is_left() -> None:
    table = new_table()
    table.do(PlayerJoined("alice", "Alice"))
    table.do(BotAdded("alice", "easy"))
    table.do(StartRequested("alice"))
    table.to_clock()
    effects = table.do(PlayerLeft("alice"))
    assert GameEnded("abandoned") in effects
    assert table.state.phase is Phase.FINISHED
    assert table.game.next_deadline() is None


# ---------------------------------------------------------------- quick game and play again


def test_quick_game_starts_after_15_s_with_bots_up_to_four() -> None:
    table = new_table(quick=True)
    table.do(PlayerJoined("alice", "Alice"))
    table.wait(5_000)
    table.do(PlayerJoined("bob", "Bob"))
    assert refused(table.do(OptionsChanged("alice", rounds=5))) == ["not_allowed"]
    table.wait(9_999)
    assert table.state.phase is Phase.LOBBY
    table.wait(1)
    assert table.state.phase is Phase.CARD
    assert sum(seat.bot_level is not None for seat in table.state.seats) == 2


def test_quick_game_starts_when_full() -> None:
    table = new_table(quick=True)
    for i in range(6):
        table.do(PlayerJoined(f"p{i}", f"P{i}"))
    assert table.state.phase is Phase.CARD
    assert all(seat.bot_level is None for seat in table.state.seats)


def test_a_quick_room_for_newcomers_is_one_round() -> None:
    assert new_table(quick=True, for_newcomers=True).state.options.rounds == 1
    assert new_table(quick=True).state.options.rounds == 3
    assert new_table(for_newcomers=True).state.options.rounds == 3  # private rooms: the host decides


def test_play_again_in_a_quick_room_is_a_regular_quick_game() -> None:
    table = new_table(quick=True, for_newcomers=True)
    table.do(PlayerJoined("alice", "Alice"))
    table.wait(15_000)  # starts with bots
    while table.state.phase is not Phase.FINISHED:
        table.wait(1_000)
    table.do(PlayAgainRequested("alice"))
    s = table.state
    assert s.phase is Phase.LOBBY and not s.for_newcomers and s.options.rounds == 3
    assert s.auto_start_at == table.now + 15_000  # it starts by itself again


def test_bot_ids_stay_unique_after_a_removal(table: Table) -> None:
    table.do(PlayerJoined("alice", "Alice"))
    table.do(BotAdded("alice", "easy"))
    table.do(BotAdded("alice", "easy"))
    table.do(BotRemoved("alice", 1))
    table.do(BotAdded("alice", "hard"))
    ids = [seat.player for seat in table.state.seats]
    assert len(set(ids)) == len(ids) == 3


def test_a_restored_room_counts_everybody_away_from_now(started: Table) -> None:
    started.do(PlayerDisconnected("bob"))
    away = started.state.seats[1].away_since
    started.wait(1_000)
    started.do(RoomRestored())
    assert started.state.seats[0].away_since == started.now  # 60 s to come back from now
    assert started.state.seats[1].away_since == away  # already away: its clock keeps running


def test_a_seat_is_committed_only_while_a_game_is_in_progress(table: Table) -> None:
    table.do(PlayerJoined("alice", "Alice"))
    table.do(PlayerJoined("bob", "Bob"))
    assert table.game.seat_of("alice") == Seat("duel", "room1", "waiting")
    assert table.game.seat_of("nobody") is None
    table.do(StartRequested("alice"))
    assert table.game.seat_of("alice") == Seat("duel", "room1", "playing")
    table.do(PlayerLeft("bob"))
    assert table.game.seat_of("bob") is None  # gone: free to play elsewhere


def test_play_again_keeps_the_room(started: Table) -> None:
    assert refused(started.do(PlayAgainRequested("alice"))) == ["not_finished"]
    while started.state.phase is not Phase.FINISHED:
        started.wait(1_000)
    used = list(started.state.used_answers)
    assert refused(started.do(PlayAgainRequested("bob"))) == ["not_host"]
    started.do(PlayAgainRequested("alice"))
    assert started.state.phase is Phase.LOBBY
    assert [seat.total for seat in started.state.seats] == [0, 0]
    started.do(StartRequested("alice"))
    assert started.state.answer not in used
