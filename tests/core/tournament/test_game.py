"""Wordle Tournament rules, one test each (Part C), with a fake clock."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from tests.core.tournament.conftest import PEOPLE, Table, fill, new_table, refused
from wordarena.core.rating import rating_changes
from wordarena.core.seating import Seat
from wordarena.core.tournament import rules
from wordarena.core.tournament.duel import Duel, Turn
from wordarena.core.tournament.events import (
    DuelEnded,
    GuessSubmitted,
    LobbyClosed,
    NicknameChanged,
    PlaceSettled,
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
from wordarena.core.tournament.game import TournamentGame
from wordarena.core.tournament.state import Phase
from wordarena.core.tournament.view import view_for


def lower_seat_wins(d: Duel) -> str:
    return min(d.players, key=PEOPLE.index)


def play_out(table: Table, winner_of: Callable[[Duel], str | None] = lower_seat_wins) -> None:
    while table.state.phase is not Phase.FINISHED:
        table.resolve_round(winner_of)


def lives(table: Table) -> dict[str, int]:
    return {e.player: e.lives for e in table.state.entrants}


# ---------------------------------------------------------------- C1 lobby


def test_the_numbers_of_part_c() -> None:
    assert (rules.PLAYERS, rules.LIVES, rules.TURN_MS, rules.TURNS_EACH, rules.ROWS) == (8, 3, 30_000, 6, 12)
    assert (rules.INTRO_MS, rules.AWAY_LIMIT_MS, rules.LENGTHS) == (6_000, 60_000, (4, 5, 6))
    assert rules.LANGUAGES == ("en", "id", "de", "es", "fr", "it", "nl", "uz", "pl", "pt", "kk", "ru", "uk")
    assert rules.STARTING_RATING == 1000


def test_a_lobby_takes_eight_and_refuses_a_ninth_or_a_double(table: Table) -> None:
    for player in PEOPLE:
        assert table.do(PlayerJoined(player, player)) == []
    assert refused(table.do(PlayerJoined("p0", "again"))) == ["already_seated"]
    assert refused(table.do(PlayerJoined("p8", "P8"))) == ["lobby_full"]
    assert [e.rating for e in table.state.entrants] == [1000] * 8


def test_leaving_the_lobby_is_free_and_an_empty_lobby_closes(table: Table) -> None:
    table.do(PlayerJoined("p0", "P0"))
    table.do(PlayerJoined("p1", "P1"))
    assert table.do(PlayerLeft("p0")) == []
    assert [e.player for e in table.state.entrants] == ["p1"]
    table.do(PlayerJoined("p0", "P0"))  # back, no penalty
    table.do(PlayerLeft("p0"))
    assert LobbyClosed() in table.do(PlayerLeft("p1"))
    assert refused(table.do(PlayerJoined("p2", "P2"))) == ["lobby_closed"]


def test_away_60_s_in_the_lobby_frees_the_seat(table: Table) -> None:
    table.do(PlayerJoined("p0", "P0"))
    table.do(PlayerJoined("p1", "P1"))
    table.do(PlayerDisconnected("p1"))
    table.wait(59_999)
    assert len(table.state.entrants) == 2
    table.wait(1)
    assert [e.player for e in table.state.entrants] == ["p0"]


def test_a_rated_tournament_starts_with_eight_people_only(table: Table) -> None:
    for player in PEOPLE[:7]:
        table.do(PlayerJoined(player, player))
    assert refused(table.do(StartRequested())) == ["need_players"]
    table.do(PlayerJoined("p7", "p7"))
    assert RoundStarted(1) in table.do(StartRequested())
    assert table.state.phase is Phase.INTRO
    assert all(not e.is_bot for e in table.state.entrants)
    assert refused(table.do(PlayerJoined("late", "Late"))) == ["started"]
    assert refused(table.do(StartRequested())) == ["started"]


def test_a_practice_tournament_fills_empty_seats_with_bots() -> None:
    table = new_table(rated=False)
    assert refused(table.do(StartRequested())) == ["need_players"]
    table.do(PlayerJoined("p0", "P0", 1234))
    table.do(PlayerJoined("p1", "P1"))
    table.do(StartRequested())
    bots = [e for e in table.state.entrants if e.is_bot]
    assert len(table.state.entrants) == 8 and len(bots) == 6
    assert len({e.name for e in table.state.entrants}) == 8 and all("(bot)" in b.name for b in bots)


def test_nicknames_can_change_any_time(started: Table) -> None:
    started.do(NicknameChanged("p3", "  Zed  "))
    assert started.entrant("p3").name == "Zed"
    assert refused(started.do(NicknameChanged("p3", "x" * 21))) == ["bad_name"]


# ---------------------------------------------------------------- C3 rounds and pairing


def test_a_6_s_intro_shows_the_pairings_then_every_duel_starts_at_once() -> None:
    table = fill(new_table())
    rnd = table.state.round
    assert rnd is not None and rnd.number == 1 and len(rnd.duels) == 4 and rnd.bye is None
    assert sorted(p for d in rnd.duels for p in d.players) == sorted(PEOPLE)
    table.wait(rules.INTRO_MS - 1)
    d = rnd.duels[0]
    assert refused(table.do(GuessSubmitted(d.first, table.wrong_word(d)))) == ["round_not_open"]
    table.wait(1)
    assert table.state.phase is Phase.PLAYING
    assert {x.turn_ends_at for x in rnd.duels} == {table.now + rules.TURN_MS}


def test_the_round_ends_when_its_last_duel_is_over(started: Table) -> None:
    rnd = started.state.round
    assert rnd is not None
    for d in rnd.duels[:3]:
        started.win(d.players[0])
    assert started.state.phase is Phase.PLAYING and not rnd.over
    started.draw(rnd.duels[3])
    assert rnd.ended_at == started.now and RoundEnded(1) in started.effects


def test_a_finished_round_stays_on_screen_before_the_next_intro(started: Table) -> None:
    """(decided) every duel's end (winner or draw, the word) is shown ROUND_END_MS before the next intro."""
    rnd = started.state.round
    assert rnd is not None
    for d in rnd.duels:
        started.win(d.players[0])
    view = view_for(started.state, "p7", started.now)
    assert view["phase"] == "playing" and view["round"] is not None and view["round"]["over"]
    assert (
        all("answer" in duel for duel in view["duels"])
        and view["duel"] is not None
        and "answer" in view["duel"]
    )
    assert refused(started.do(GuessSubmitted("p0", "crane"))) == ["duel_over"]
    started.wait(rules.ROUND_END_MS - 1)
    assert started.state.round is rnd and RoundStarted(2) not in started.effects
    started.wait(1)
    assert RoundStarted(2) in started.effects
    assert started.state.phase is Phase.INTRO and started.state.round.number == 2  # type: ignore[union-attr]


def test_the_next_round_avoids_last_rounds_opponents(started: Table) -> None:
    for _ in range(4):
        before = {frozenset(d.players) for d in started.state.round.duels}  # type: ignore[union-attr]
        started.resolve_round(lambda d: None)  # draws: everybody stays in play for 2 more rounds
        if started.state.phase is Phase.FINISHED:
            break
        after = {frozenset(d.players) for d in started.state.round.duels}  # type: ignore[union-attr]
        assert not before & after


def test_an_odd_round_gives_one_bye_that_costs_no_life(started: Table) -> None:
    started.do(PlayerLeft("p7"))  # 7 left in play from round 2 on
    started.resolve_round(lambda d: None)
    rnd = started.state.round
    assert rnd is not None and rnd.number == 2 and rnd.bye is not None
    bye = rnd.bye
    assert rnd.duel_of(bye) is None
    assert refused(started.do(GuessSubmitted(bye, "crane"))) == ["round_not_open"]
    started.to_play()
    assert refused(started.do(GuessSubmitted(bye, "crane"))) == ["no_duel"]
    before = started.entrant(bye).lives
    started.resolve_round(lambda d: None)
    assert started.entrant(bye).lives == before
    assert started.state.rounds[2].bye not in (None, bye)  # never twice in a row


# ---------------------------------------------------------------- C4 the duel


def test_who_plays_first_is_random() -> None:
    firsts: Counter[int] = Counter()
    for seed in range(12):
        table = fill(new_table(seed=seed))
        for d in table.state.round.duels:  # type: ignore[union-attr]
            firsts[d.players.index(d.first)] += 1
    assert firsts[0] > 10 and firsts[1] > 10


def test_word_lengths_are_4_5_6_equally_likely_and_each_pair_has_its_own_word() -> None:
    lengths: Counter[int] = Counter()
    for seed in range(30):
        table = fill(new_table(seed=seed))
        duels = table.state.round.duels  # type: ignore[union-attr]
        assert len({d.answer for d in duels}) == len(duels)
        lengths.update(d.length for d in duels)
    assert set(lengths) == {4, 5, 6} and all(25 <= n <= 55 for n in lengths.values())  # 120 draws


def test_a_turn_runs_30_s_then_passes_and_counts(started: Table) -> None:
    d = started.duel_of("p0")
    mover, other = d.current, d.opponent(d.current or "")
    started.wait(rules.TURN_MS - 1)
    assert d.current == mover
    started.wait(1)
    assert d.current == other and d.turns_left(mover or "") == 5 and d.turns[-1].key is None


def test_refused_guesses_keep_the_turn_and_its_clock(started: Table) -> None:
    d = started.duel_of("p0")
    mover = d.current or ""
    started.wait(29_000)
    for word in ("abc", "zzzzzz"[: d.length], "x1" + "a" * (d.length - 2)):
        assert refused(started.do(GuessSubmitted(mover, word)))
    waiting = d.opponent(mover)
    assert refused(started.do(GuessSubmitted(waiting, started.wrong_word(d)))) == ["not_your_turn"]
    assert d.turns == [] and d.turn_ends_at == started.now + 1_000
    started.do(GuessSubmitted(mover, started.wrong_word(d)))
    word = d.turns[-1].key or ""
    assert refused(started.do(GuessSubmitted(waiting, word))) == ["on_board"]


def test_the_first_to_find_wins_and_twelve_rows_without_is_a_draw(started: Table) -> None:
    rnd = started.state.round
    assert rnd is not None
    started.win("p0")
    won = started.duel_of("p0")
    assert DuelEnded(1, rnd.duels.index(won), "p0", False) in started.effects
    other = next(d for d in rnd.duels if d is not won)
    for _ in range(rules.ROWS):  # nobody plays at all: every turn passes, and it is a draw
        started.wait(rules.TURN_MS)
    assert other.draw and len(other.turns) == rules.ROWS


def test_no_player_meets_the_same_answer_twice() -> None:
    table = fill(new_table(seed=3))
    play_out(table, lambda d: None)
    for entrant in table.state.entrants:
        assert len(entrant.met) == len(set(entrant.met)) == len(entrant.met)
    every = [d.answer for r in table.state.rounds for d in r.duels]
    assert len(every) == len(set(every))  # with lists this long, no answer repeats at all


# ---------------------------------------------------------------- C5 lives, elimination, places


def test_win_costs_nothing_loss_one_life_draw_one_each(started: Table) -> None:
    rnd = started.state.round
    assert rnd is not None
    winners = [d.players[0] for d in rnd.duels[:3]]
    for player in winners:
        started.win(player)
    started.draw(rnd.duels[3])
    after = lives(started)
    for d in rnd.duels[:3]:
        assert (after[d.players[0]], after[d.players[1]]) == (3, 2)
    assert {after[p] for p in rnd.duels[3].players} == {2}


def test_everybody_out_in_the_same_round_share_the_place_and_nobody_replays(started: Table) -> None:
    play_out(started, lambda d: None)  # only draws: all eight reach 0 lives in round 3
    state = started.state
    assert len(state.rounds) == 3 and state.phase is Phase.FINISHED
    assert {e.place for e in state.entrants} == {1} and state.winners == PEOPLE
    assert {e.rating_change for e in state.entrants} == {0}
    assert TournamentEnded("finished", tuple(PEOPLE)) in started.effects


def test_the_last_one_in_play_wins_and_places_follow_elimination_rounds(started: Table) -> None:
    play_out(started)
    state = started.state
    assert state.winners == ["p0"] and started.entrant("p0").place == 1
    for e in state.entrants:
        later = [o for o in state.entrants if o.place is not None and o.place < (e.place or 0)]
        same_round = [o for o in state.entrants if o.eliminated_in == e.eliminated_in]
        assert e.place == 1 + len(later)  # shared places count every player ahead
        if e.eliminated_in is not None:
            assert {o.place for o in same_round} == {e.place}
            assert all((o.eliminated_in or 99) > e.eliminated_in for o in later)
    assert state.rounds[-1].eliminated and all(r.lives_after for r in state.rounds)


def test_places_and_rating_changes_are_settled_at_elimination() -> None:
    ratings = [1400, 1300, 1200, 1100, 1000, 900, 800, 700]
    table = fill(new_table(seed=11), ratings)
    settled: dict[str, tuple[int, int, int]] = {}
    while table.state.phase is not Phase.FINISHED:
        table.resolve_round(lambda d: max(d.players, key=PEOPLE.index))  # the lower-rated wins
        for effect in table.effects:
            if isinstance(effect, PlaceSettled):
                assert settled.setdefault(effect.player, (effect.place, effect.rating_after, table.now)) == (
                    effect.place,
                    effect.rating_after,
                    settled[effect.player][2],
                )
                entrant = table.entrant(effect.player)
                assert entrant.rating_after == effect.rating_after  # already applied
    final = rating_changes(
        {e.player: e.rating for e in table.state.entrants},
        {e.player: e.place or 0 for e in table.state.entrants},
    )
    for e in table.state.entrants:
        assert e.rating_change == final[e.player]
        assert settled[e.player][1] == e.rating + final[e.player]
    assert final["p7"] > 25  # the lowest-rated won: beating stronger players earns more
    assert len({at for _, _, at in settled.values()}) > 1  # not all at the end


# ---------------------------------------------------------------- C7 leaving and connection loss


def test_leaving_loses_the_duel_and_is_placed_last_when_the_round_ends(started: Table) -> None:
    d = started.duel_of("p3")
    opponent = d.opponent("p3")
    started.do(PlayerLeft("p3"))
    assert d.winner == opponent and d.forfeited_by == "p3"
    assert started.entrant(opponent).lives == 3
    p3 = started.entrant("p3")
    assert (p3.lives, p3.left, p3.place) == (0, True, None)  # C5: settled with the round's others
    assert refused(started.do(GuessSubmitted("p3", "crane"))) == ["left"]
    started.resolve_round(lambda d: d.players[0])
    assert (p3.place, p3.rating_change) == (8, -25)
    assert PlaceSettled("p3", 8, 1000, 975) in started.effects


def test_a_leaver_is_placed_behind_the_others_eliminated_that_round(started: Table) -> None:
    while started.state.round.number < 3:  # type: ignore[union-attr]
        started.resolve_round(lambda d: None)  # draws: everybody down to 1 life
    started.to_play()
    rnd = started.state.round
    assert rnd is not None and set(lives(started).values()) == {1}
    started.draw(rnd.duels[0])  # two players reach 0 lives: their place waits for the round's end
    assert {started.entrant(p).place for p in rnd.duels[0].players} == {None}
    leaver = rnd.duels[1].players[0]
    started.do(PlayerLeft(leaver))
    assert started.entrant(leaver).place is None  # so does the leaver's
    for d in rnd.duels[2:]:
        started.win(d.players[0])
    out = [*rnd.duels[0].players, rnd.duels[2].players[1], rnd.duels[3].players[1]]
    assert {started.entrant(p).place for p in out} == {4}  # 4th to 7th, shared; the leaver 8th
    assert started.entrant(leaver).place == 8
    assert rnd.eliminated[-1] == leaver and set(rnd.eliminated[:-1]) == set(out)
    started.to_next_round()
    assert started.state.phase is Phase.INTRO  # three go on


def test_simultaneous_leavers_share_their_place_whatever_the_order(started: Table) -> None:
    """C5: six players who leave in the same round share 3rd–8th, with one rating change."""
    d = started.duel_of("p0")
    stay = [d.players[0], d.players[1]]
    leavers = [p for p in PEOPLE if p not in stay]
    for player in reversed(leavers):
        started.do(PlayerLeft(player))
    started.win(stay[0])
    places = {p: started.entrant(p).place for p in leavers}
    changes = {started.entrant(p).rating_change for p in leavers}
    assert set(places.values()) == {3} and len(changes) == 1
    assert changes.pop() < 0  # nobody gains by walking out
    assert started.entrant(stay[1]).place is None  # the two who stayed play on


def test_leaving_during_the_intro_forfeits_the_coming_duel() -> None:
    table = fill(new_table())
    d = table.duel_of("p5")
    table.do(PlayerLeft("p5"))
    assert d.over and d.winner == d.opponent("p5") and d.turns == []


def test_seven_departures_share_second_place(started: Table) -> None:
    for player in PEOPLE[:7]:
        started.do(PlayerLeft(player))
    places = {e.player: e.place for e in started.state.entrants}
    assert places == {**{f"p{i}": 2 for i in range(7)}, "p7": 1}
    assert [started.entrant(p).rating_change for p in PEOPLE] == [-4] * 7 + [25]
    assert started.state.phase is Phase.FINISHED and started.state.winners == ["p7"]


def test_a_player_out_of_lives_who_then_leaves_keeps_the_better_place(started: Table) -> None:
    while started.state.round.number < 3:  # type: ignore[union-attr]
        started.resolve_round(lambda d: None)
    started.to_play()
    rnd = started.state.round
    assert rnd is not None
    started.draw(rnd.duels[0])  # out by the duel ...
    beaten = rnd.duels[0].players[0]
    started.do(PlayerLeft(beaten))  # ... then leaves: not a walk-out
    walker = rnd.duels[1].players[0]
    started.do(PlayerLeft(walker))
    for d in rnd.duels[2:]:
        started.win(d.players[0])
    assert started.entrant(beaten).place == 4 and started.entrant(walker).place == 8


def test_leaving_once_out_of_lives_is_free(started: Table) -> None:
    while all(e.place is None for e in started.state.entrants):
        started.resolve_round(lower_seat_wins)
    out = next(e for e in started.state.entrants if e.place is not None)
    place, change = out.place, out.rating_change
    started.do(PlayerLeft(out.player))
    assert (out.place, out.rating_change, out.left) == (place, change, True)


def test_turns_of_a_disconnected_player_expire_then_60_s_away_is_leaving(started: Table) -> None:
    d = started.duel_of("p2")
    started.do(PlayerDisconnected("p2"))
    if d.current != "p2":
        started.pass_with_a_guess(d)
    started.wait(rules.TURN_MS)  # p2's turn passes
    assert d.turns[-1].player == "p2" and d.turns[-1].key is None
    started.pass_with_a_guess(d)
    started.wait(rules.AWAY_LIMIT_MS - rules.TURN_MS - 1)
    assert not started.entrant("p2").left
    started.wait(1)
    p2 = started.entrant("p2")
    assert p2.left and p2.walked_out and d.winner == d.opponent("p2")


def test_coming_back_within_60_s_keeps_the_seat(started: Table) -> None:
    started.do(PlayerDisconnected("p2"))
    started.wait(50_000)
    started.do(PlayerReconnected("p2"))
    started.wait(50_000)
    assert not started.entrant("p2").left and started.entrant("p2").away_since is None
    started.do(PlayerLeft("p2"))
    assert refused(started.do(PlayerReconnected("p2"))) == ["left"]


# ---------------------------------------------------------------- bots (practice tournaments)


def test_practice_bots_play_their_turns_under_30_s_and_no_rating_changes() -> None:
    table = new_table(rated=False)
    table.do(PlayerJoined("p0", "P0", 1300))
    table.do(StartRequested())
    table.do(PlayerLeft("p0"))  # the person leaves at once ...
    assert table.state.phase is Phase.FINISHED and table.state.end_reason == "abandoned"
    table = new_table(rated=False)
    table.do(PlayerJoined("p0", "P0", 1300))
    table.do(StartRequested())
    table.to_play()
    bot_duel = next(d for d in table.state.round.duels if "p0" not in d.players)  # type: ignore[union-attr]
    table.wait(5_000)  # fixed_think: each bot move 5 s after its turn starts
    assert len(bot_duel.turns) == 1 and bot_duel.turns[0].key is not None
    while table.state.phase is not Phase.FINISHED:
        table.wait(10_000)
    assert table.state.end_reason == "finished"
    assert all(e.rating_change == 0 and e.rating_after == e.rating for e in table.state.entrants)
    assert all(t.at - start < rules.TURN_MS for t, start in _bot_turns(table))


def _bot_turns(table: Table) -> list[tuple[Turn, int]]:
    """Every turn a bot played, with the instant its turn started."""
    found = []
    for rnd in table.state.rounds:
        for d in rnd.duels:
            starts = [d.started_at, *(t.at for t in d.turns)]
            found += [
                (t, start) for t, start in zip(d.turns, starts) if t.player.startswith("bot:") and t.key
            ]
    return found


def test_afk_bots_let_their_turns_time_out() -> None:
    game = TournamentGame.bot_match(5, "en", afk=1.0)
    table = Table(game)
    while table.state.phase is not Phase.FINISHED:
        table.wait(30_000)
    duels = [d for r in table.state.rounds for d in r.duels]
    assert all(d.draw and all(t.key is None for t in d.turns) for d in duels)
    assert len(table.state.rounds) == 3 and table.state.winners == [e.player for e in table.state.entrants]


def test_bad_options_are_programming_errors() -> None:
    with pytest.raises(ValueError):
        TournamentGame.create("t", 1, "tr")
    with pytest.raises(ValueError):
        TournamentGame.create("t", 1, "en", bot_afk=2.0)
    with pytest.raises(ValueError):
        TournamentGame.bot_match(1, "en", ratings=[1000] * 7)


# ---------------------------------------------------------------- the shell's view of a seat


def test_a_restored_tournament_counts_every_person_away_from_now(started: Table) -> None:
    started.wait(1_000)
    started.do(RoomRestored())
    assert {e.away_since for e in started.state.entrants} == {started.now}
    started.do(PlayerReconnected("p1"))
    started.wait(rules.AWAY_LIMIT_MS)
    assert not started.entrant("p1").left and started.entrant("p2").left


def test_a_seat_is_committed_while_in_play(table: Table) -> None:
    table.do(PlayerJoined("p0", "P0", 1000))
    assert table.game.seat_of("p0") == Seat("tournament", "t1", "waiting")  # C1: free to leave
    fill_from = [f"p{i}" for i in range(1, 8)]
    for player in fill_from:
        table.do(PlayerJoined(player, player.upper(), 1000))
    table.do(StartRequested())
    assert table.game.seat_of("p0") == Seat("tournament", "t1", "playing")
    table.do(PlayerLeft("p0"))
    assert table.game.seat_of("p0") is None
