"""What each player sees (docs/design.md, Views; C3–C5 and D1)."""

from __future__ import annotations

from tests.core.tournament.conftest import Table, fill, leaks, new_table
from wordarena.core.letters import letters
from wordarena.core.tournament import rules
from wordarena.core.tournament.events import GuessSubmitted, PlayerLeft
from wordarena.core.tournament.view import view_for


def test_the_intro_shows_pairings_and_its_countdown() -> None:
    table = fill(new_table())
    table.wait(1_000)
    view = view_for(table.state, "p0", table.now)
    assert view["phase"] == "intro" and view["round"]["intro_ms"] == 5_000
    assert sorted(p for pair in view["round"]["pairings"] for p in pair) == sorted(f"p{i}" for i in range(8))
    assert view["duel"]["turn"] is None and view["duel"]["turn_ms"] is None
    assert [p["lives"] for p in view["players"]] == [rules.LIVES] * 8


def test_own_board_shows_both_players_letters_turn_and_time(started: Table) -> None:
    d = started.duel_of("p0")
    first = d.current or ""
    started.wait(4_000)
    started.pass_with_a_guess(d)
    started.wait(1_000)
    played = d.turns[0].key or ""
    for player in d.players:
        mine = view_for(started.state, player, started.now)["duel"]
        assert mine["rows"] == [
            {
                "player": first,
                "pattern": d.turns[0].pattern,
                "passed": False,
                "letters": letters("en", played),
            }
        ]
        assert (mine["turn"], mine["turn_ms"], mine["rows_total"]) == (d.opponent(first), 29_000, 12)
        assert mine["turns_left"] == {first: 5, d.opponent(first): 6}
        assert "answer" not in mine and set(mine["keyboard"]) <= set(letters("en", played))


def test_players_in_play_see_other_duels_as_colours_only(started: Table) -> None:
    rnd = started.state.round
    assert rnd is not None
    for d in rnd.duels:
        started.pass_with_a_guess(d)
    view = view_for(started.state, "p0", started.now)
    assert len(view["duels"]) == 3
    for other in view["duels"]:
        assert "p0" not in other["players"]
        assert all(set(row) == {"player", "pattern", "passed"} for row in other["rows"])
        assert other["turn_ms"] == rules.TURN_MS


def test_an_answer_appears_only_once_its_duel_is_over(started: Table) -> None:
    rnd = started.state.round
    assert rnd is not None
    d = started.duel_of("p0")
    started.win("p0")
    for player in ("p0", d.opponent("p0")):
        mine = view_for(started.state, player, started.now)["duel"]
        assert mine["answer"] == started.answer(d) and mine["winner"] == "p0"
    someone_else = next(p for x in rnd.duels if x is not d for p in x.players)
    seen = view_for(started.state, someone_else, started.now)
    assert next(x for x in seen["duels"] if x["index"] == rnd.duels.index(d))["answer"] == started.answer(d)
    for x in rnd.duels:
        if not x.over:
            assert not leaks(view_for(started.state, "p0", started.now), x, "en")
    assert leaks(seen, d, "en")


def test_spectators_watch_other_duels_live_with_letters_but_no_answer(started: Table) -> None:
    started.do(PlayerLeft("p0"))  # out: from now on a spectator
    rnd = started.state.round
    assert rnd is not None
    running = [d for d in rnd.duels if not d.over]
    for d in running:
        started.pass_with_a_guess(d)
    view = view_for(started.state, "p0", started.now)
    assert view["result"] is None  # placed when the round ends (C5)
    for shown in view["duels"]:
        if not shown["over"]:
            assert all("letters" in row for row in shown["rows"]) and "answer" not in shown
    started.resolve_round(lambda d: d.players[0] if d.players[0] != "p0" else d.players[1])
    view = view_for(started.state, "p0", started.now)
    assert view["result"] == {
        "place": 8,
        "rating_before": 1000,
        "rating_after": 975,
        "rating_change": -25,
        "eliminated_in": 1,
    }
    assert next(p for p in view["players"] if p["id"] == "p0")["place"] == 8


def test_a_player_still_in_play_has_no_result_and_an_observer_sees_colours(started: Table) -> None:
    assert view_for(started.state, "p1", started.now)["result"] is None
    observer = view_for(started.state, None, started.now)
    assert observer["you"] is None and observer["duel"] is None and len(observer["duels"]) == 4
    d = started.duel_of("p1")
    started.pass_with_a_guess(d)
    shown = view_for(started.state, None, started.now)["duels"][started.state.round.duels.index(d)]  # type: ignore[union-attr]
    assert "letters" not in shown["rows"][0]


def test_an_observer_reads_a_duels_letters_once_it_is_over(started: Table) -> None:
    """A watcher by the link may be a player in play elsewhere: letters only of duels that are over."""
    rnd = started.state.round
    assert rnd is not None
    for x in rnd.duels:
        started.pass_with_a_guess(x)
    d = started.duel_of("p1")
    started.win("p1")
    observer = view_for(started.state, None, started.now)
    for shown in observer["duels"]:
        if shown["rows"]:
            with_letters = all("letters" in row for row in shown["rows"])
            assert with_letters == shown["over"], shown
    finished = next(x for x in observer["duels"] if x["index"] == rnd.duels.index(d))
    assert finished["rows"] and finished["answer"] == started.answer(d)


def test_a_refused_guess_changes_no_view(started: Table) -> None:
    d = started.duel_of("p0")
    before = view_for(started.state, "p0", started.now)
    started.do(GuessSubmitted(d.current or "", "zz"))
    assert view_for(started.state, "p0", started.now) == before
