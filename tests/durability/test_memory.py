"""The harness's own checks can fail: every kind of rollback is seen, nothing else is."""

from __future__ import annotations

from typing import Any

from testkit.durability.harness import Options, World
from testkit.durability.memory import DuelMemory, TournamentMemory


def row(pattern: str, word: str | None = None) -> dict[str, Any]:
    return {"pattern": pattern} if word is None else {"pattern": pattern, "letters": list(word)}


def duel(
    version: int, phase: str, number: int | None, *seats: list[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    view = {
        "type": "room",
        "code": "R",
        "version": version,
        "phase": phase,
        "you": 0,
        "round": None if number is None else {"number": number},
        "seats": [{"rows": rows} for rows in seats],
    }
    return view | extra


def reveal(number: int, answer: str, *seats: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "number": number,
        "answer": answer,
        "answer_letters": list(answer),
        "seats": [{"seat": i, "rows": rows} for i, rows in enumerate(seats)],
    }


def test_a_duel_played_forward_is_never_a_rollback() -> None:
    m = DuelMemory("R")
    assert m.observe(duel(1, "lobby", None)) == []
    assert m.observe(duel(2, "card", 1, [], [])) == []
    assert m.observe(duel(3, "playing", 1, [row("-G---", "crane")], [row("Y----")])) == []
    assert m.observe(duel(3, "playing", 1, [row("-G---", "crane")], [row("Y----")])) == []  # same again
    shown = reveal(1, "gravy", [row("-G---", "crane"), row("GGGGG", "gravy")], [row("Y----", "about")])
    assert m.observe(duel(5, "reveal", 1, reveal=shown)) == []
    assert m.observe(duel(6, "card", 2, [], [])) == []
    assert m.latest_answer() == (1, list("gravy"))


def test_every_kind_of_duel_rollback_is_seen() -> None:
    m = DuelMemory("R")
    m.observe(duel(3, "playing", 1, [row("-G---", "crane"), row("--G--", "proud")], []))
    assert "version 3 -> 2" in m.observe(duel(2, "playing", 1, [row("-G---", "crane")], []))[0]
    m = DuelMemory("R")
    m.observe(duel(3, "playing", 1, [row("-G---", "crane"), row("--G--", "proud")], []))
    assert "2 row(s) seen before, 1 now" in m.observe(duel(4, "playing", 1, [row("-G---", "crane")], []))[0]
    assert m.observe(duel(5, "playing", 1, [row("-G---", "crane"), row("Y----", "about")], [])) == []
    m = DuelMemory("R")
    m.observe(duel(3, "playing", 1, [row("-G---", "crane")], []))
    assert "row 1" in m.observe(duel(4, "playing", 1, [row("--G--", "crane")], []))[0]  # its colours changed
    m = DuelMemory("R")
    m.observe(duel(5, "reveal", 1, reveal=reveal(1, "gravy", [row("GGGGG", "gravy")])))
    problems = m.observe(duel(6, "playing", 1, [row("GGGGG", "gravy")]))
    assert any("went back" in p for p in problems) and any("was revealed" in p for p in problems)
    m = DuelMemory("R")
    m.observe(duel(5, "reveal", 1, reveal=reveal(1, "gravy", [row("GGGGG", "gravy")])))
    assert "answer was gravy" in m.observe(duel(6, "reveal", 1, reveal=reveal(1, "crane", [row("GGGGG")])))[0]
    m = DuelMemory("R")
    m.observe(duel(5, "reveal", 1, reveal=reveal(1, "gravy", [row("-----", "about")])))
    added = reveal(1, "gravy", [row("-----", "about"), row("GGGGG", "gravy")])
    assert "rows added to a round already revealed" in m.observe(duel(6, "reveal", 1, reveal=added))[0]


def player(pid: str, lives: int, place: int | None = None, after: int | None = None) -> dict[str, Any]:
    return {
        "id": pid,
        "name": pid,
        "lives": lives,
        "in_play": lives > 0,
        "place": place,
        "rating_after": after,
    }


def board(rows: list[tuple[str, str | None, str | None]], over: bool = False) -> dict[str, Any]:
    shown = [
        {"player": who, "pattern": marks, "passed": marks is None, "letters": list(w) if w else None}
        for who, marks, w in rows
    ]
    return {"index": 0, "players": ["a", "b"], "length": 5, "rows": shown, "over": over} | (
        {"answer_letters": list("gravy")} if over else {}
    )


def tournament(
    version: int,
    phase: str,
    number: int,
    players: list[dict[str, Any]],
    mine: dict[str, Any] | None,
    **extra: Any,
) -> dict[str, Any]:
    view = {
        "type": "tournament",
        "code": "T",
        "version": version,
        "phase": phase,
        "you": "a",
        "players": players,
        "round": {"number": number, "over": False},
        "duel": mine,
        "duels": [],
        "result": None,
        "winners": [],
    }
    return view | extra


def test_every_kind_of_tournament_rollback_is_seen() -> None:
    two = [player("a", 3), player("b", 3)]
    m = TournamentMemory("T")
    assert m.observe(tournament(4, "playing", 1, two, board([("a", "-G---", "crane")]))) == []
    rows = [("a", "-G---", "crane"), ("b", None, None)]
    assert m.observe(tournament(5, "playing", 1, two, board(rows))) == []  # b's turn ran out
    assert (
        "2 row(s) seen before, 1 now"
        in m.observe(tournament(6, "playing", 1, two, board([("a", "-G---", "crane")])))[0]
    )
    m = TournamentMemory("T")
    done = [*rows, ("a", "GGGGG", "gravy")]
    m.observe(tournament(7, "playing", 1, [player("a", 3), player("b", 2)], board(done, over=True)))
    assert m.my_answers() == [((1, ("a", "b")), list("gravy"))]
    problems = m.observe(tournament(8, "playing", 1, [player("a", 3), player("b", 3)], board(done)))
    assert any("was over" in p for p in problems) and any("had 2 lives, now 3" in p for p in problems)
    m = TournamentMemory("T")
    placed = [player("a", 3), player("b", 0, place=2, after=982)]
    m.observe(tournament(9, "intro", 2, placed, None))
    moved = [player("a", 3), player("b", 0, place=3, after=975)]
    assert "place was (2, 982), now (3, 975)" in m.observe(tournament(10, "intro", 2, moved, None))[0]
    m = TournamentMemory("T")
    m.observe(tournament(9, "intro", 2, two, None, result={"place": 1, "rating_after": 1025}))
    assert "my result 1 disappeared" in m.observe(tournament(10, "intro", 2, two, None))[0]
    m = TournamentMemory("T")
    m.observe(tournament(9, "intro", 2, two, None))
    assert "went back" in m.observe(tournament(10, "playing", 1, two, None))[0]


def test_a_view_older_than_what_any_client_saw_before_the_kill_is_a_rollback() -> None:
    world = World(Options(), server=None, reader=None)  # type: ignore[arg-type]
    assert world.versions_seen("R", 7, "alice") == []
    world.kills, world._floor = 1, dict(world._versions)  # killed: alice had seen version 7
    assert "another client saw version 7" in world.versions_seen("R", 5, "bob")[0]
    assert world.versions_seen("R", 6, "bob") == []  # counted once per client and restart
    assert world.versions_seen("R", 8, "carol") == []
