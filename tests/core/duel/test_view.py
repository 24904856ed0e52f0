"""What one player may see of a room: own letters, others' colours, the answer only once revealed."""

from __future__ import annotations

import json
from typing import Any

from tests.core.duel.conftest import Table
from wordarena.core import lexicon
from wordarena.core.duel import rules
from wordarena.core.duel.events import GuessSubmitted
from wordarena.core.duel.state import DuelState
from wordarena.core.duel.view import view_for
from wordarena.core.letters import letters, normalize


def all_answer_forms(state: DuelState) -> list[str]:
    assert state.answer is not None
    words = lexicon.word_list(state.options.lang, rules.WORD_LENGTH)
    forms = [state.answer, words.spelling(state.answer), words.spelling(state.answer).upper()]
    forms.append(json.dumps(letters(state.options.lang, state.answer), ensure_ascii=False)[1:-1])
    return forms


def view_values(view: Any) -> Any:
    """The view without its field names ("points" holds the answer "point" as a name, not as data)."""
    if isinstance(view, dict):
        return [view_values(v) for v in view.values()]
    if isinstance(view, list):
        return [view_values(v) for v in view]
    return view


def test_views_never_carry_the_answer_before_the_reveal(started: Table) -> None:
    started.do(GuessSubmitted("alice", started.wrong_words(1)[0]))
    for player in ("alice", "bob", None):
        text = json.dumps(view_values(view_for(started.state, player, started.now)), ensure_ascii=False)
        for form in all_answer_forms(started.state):  # in what the view says, not its field names
            assert form not in text
    started.wait(90_000)
    revealed = view_for(started.state, "bob", started.now)
    assert revealed["reveal"]["answer"] == started.answer_word()


def test_views_show_own_letters_and_only_colours_of_others(started: Table) -> None:
    started.do(GuessSubmitted("alice", started.wrong_words(1)[0]))
    mine = view_for(started.state, "alice", started.now)
    theirs = view_for(started.state, "bob", started.now)
    assert "letters" in mine["seats"][0]["rows"][0]
    assert theirs["seats"][0]["rows"] == [{"pattern": mine["seats"][0]["rows"][0]["pattern"]}]
    assert mine["round"]["clock_ms"] == 90_000
    assert "keyboard" in mine


def test_points_show_as_soon_as_a_seat_solves(started: Table) -> None:
    started.do(GuessSubmitted("bob", started.wrong_words(1)[0]))
    started.do(GuessSubmitted("bob", started.answer_word()))
    view = view_for(started.state, "alice", started.now)
    assert view["seats"][1]["points"] == 50 + 15  # two guesses, first to solve
    assert view["seats"][0]["points"] is None


def test_the_reveal_shows_every_seats_rows_with_letters_and_the_standings_every_round(started: Table) -> None:
    wrong = started.wrong_words(1)[0]
    started.do(GuessSubmitted("bob", wrong))
    started.wait(90_000)
    reveal = view_for(started.state, "alice", started.now)["reveal"]
    assert reveal["seats"][1]["rows"][0]["letters"] == letters("en", normalize("en", wrong))
    while started.state.phase.value != "finished":
        started.wait(10_000)
    standings = view_for(started.state, "alice", started.now)["standings"]
    assert [r["number"] for r in standings["rounds"]] == [1, 2, 3]
