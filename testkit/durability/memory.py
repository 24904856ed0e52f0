"""What one client has seen of one room or tournament, and the check that it never goes back.

Every view a client receives is fed to the memory of its room (`DuelMemory`,
`TournamentMemory`). A memory keeps the most a client knows: the highest
version, how far the game went (round, phase), every row of every round or duel
board it was shown, the answers revealed to it, the places settled. A view that
shows less is *rolled back*: `observe` returns what went back, and the memory
takes the new view as the truth from then on (so one rollback counts once,
not once per later view).

These rules hold for any view at any time; the durability harness checks them
across a ``kill -9`` of the server, where a view after the restart must never be
older than a view before it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

View = dict[str, Any]
#: One row as the client knows it: its pattern and, when shown, its letters.
Row = tuple[str | None, tuple[str, ...] | None]

_DUEL_PHASE = {"card": 1, "playing": 2, "reveal": 3}
_END = 10**9  # after every round


def _rows(raw: list[dict[str, Any]]) -> list[Row]:
    return [(r.get("pattern"), tuple(r["letters"]) if r.get("letters") is not None else None) for r in raw]


def _merge_rows(known: list[Row], seen: list[Row], final: bool) -> tuple[list[Row], list[str]]:
    """The rows known after a view; what the view lost or changed (empty: nothing went back).

    ``final``: the rows of that round were already shown whole (its reveal): none may be added.
    """
    problems = []
    if len(seen) < len(known):
        problems.append(f"{len(known)} row(s) seen before, {len(seen)} now")
    elif final and len(seen) > len(known):
        problems.append(f"rows added to a round already revealed ({len(known)} -> {len(seen)})")
    merged = []
    for i in range(max(len(known), len(seen))):
        old = known[i] if i < len(known) else None
        new = seen[i] if i < len(seen) else None
        if old is not None and new is not None:
            same_letters = old[1] is None or new[1] is None or old[1] == new[1]
            if old[0] != new[0] or not same_letters:
                problems.append(f"row {i + 1} was {old}, now {new}")
            merged.append((new[0], new[1] if new[1] is not None else old[1]))
        else:
            merged.append(new if new is not None else old)  # type: ignore[arg-type]
    if problems:
        return seen, problems  # the new view is the truth from now on
    return merged, []


@dataclass
class Memory:
    """What is common to both games: the room's code, its version, how far it went."""

    code: str
    kind: str  # "duel" | "tournament"
    version: int = -1
    progress: tuple[int, ...] = (-1,)
    views: int = 0
    last: View | None = None
    finished: bool = False
    lang: str = "en"

    def _order(self, view: View, progress: tuple[int, ...]) -> list[str]:
        problems = []
        if view["version"] < self.version:
            problems.append(f"version {self.version} -> {view['version']}")
        if progress < self.progress:
            problems.append(f"went back from {self._describe(self.progress)} to {self._describe(progress)}")
        self.version = view["version"]
        self.progress = progress
        self.views += 1
        self.last = view
        return problems

    @staticmethod
    def _describe(progress: tuple[int, ...]) -> str:
        return "(" + ", ".join("end" if p >= _END else str(p) for p in progress) + ")"


@dataclass
class DuelMemory(Memory):
    kind: str = "duel"
    #: (round, seat) -> the rows of that seat in that round
    rows: dict[tuple[int, int], list[Row]] = field(default_factory=dict)
    revealed: dict[int, str] = field(default_factory=dict)  # round -> answer (true spelling)
    answer_letters: dict[int, list[str]] = field(default_factory=dict)
    you: int | None = None
    standings: dict[str, Any] | None = None

    def observe(self, view: View) -> list[str]:
        phase = view["phase"]
        rnd = view.get("round")
        if phase == "lobby":
            progress: tuple[int, ...] = (0, 0)
        elif phase in _DUEL_PHASE and rnd is not None:
            progress = (rnd["number"], _DUEL_PHASE[phase])
        else:  # finished, closed
            progress = (_END, 4 if phase == "finished" else 5)
        problems = self._order(view, progress)
        self.lang = view["options"]["lang"] if "options" in view else self.lang
        if view.get("you") is not None:
            self.you = view["you"]
        if phase in ("card", "playing") and rnd is not None:
            number = rnd["number"]
            if number in self.revealed:
                problems.append(f"round {number} was revealed ({self.revealed[number]}), now {phase} again")
            for index, seat in enumerate(view["seats"]):
                problems += self._see_rows(number, index, _rows(seat.get("rows", [])), final=False)
        reveals = []
        if "reveal" in view:
            reveals.append(view["reveal"])
        if "standings" in view:
            reveals += view["standings"]["rounds"]
            self.standings = view["standings"]
            self.finished = True
        for reveal in reveals:
            problems += self._see_reveal(reveal)
        return problems

    def _see_reveal(self, reveal: dict[str, Any]) -> list[str]:
        number = reveal["number"]
        problems = []
        known = self.revealed.get(number)
        if known is not None and known != reveal["answer"]:
            problems.append(f"round {number} answer was {known}, now {reveal['answer']}")
        final = known is not None
        for seat in reveal["seats"]:
            problems += self._see_rows(number, seat["seat"], _rows(seat["rows"]), final=final)
        self.revealed[number] = reveal["answer"]
        self.answer_letters[number] = reveal["answer_letters"]
        return problems

    def _see_rows(self, number: int, seat: int, seen: list[Row], final: bool) -> list[str]:
        key = (number, seat)
        merged, problems = _merge_rows(self.rows.get(key, []), seen, final)
        self.rows[key] = merged
        return [f"round {number} seat {seat}: {p}" for p in problems]

    def latest_answer(self) -> tuple[int, list[str]] | None:
        """The last round whose answer this client saw revealed, with the answer's letters."""
        if not self.answer_letters:
            return None
        number = max(self.answer_letters)
        return number, self.answer_letters[number]


DuelKey = tuple[int, tuple[str, ...]]  # (round, the two players, sorted)


@dataclass
class Board:
    rows: list[tuple[str, str | None, bool, tuple[str, ...] | None]] = field(default_factory=list)
    over: bool = False
    answer_letters: list[str] | None = None
    length: int = 0
    mine: bool = False


@dataclass
class TournamentMemory(Memory):
    kind: str = "tournament"
    boards: dict[DuelKey, Board] = field(default_factory=dict)
    lives: dict[str, int] = field(default_factory=dict)
    out: set[str] = field(default_factory=set)  # players no longer in play
    places: dict[str, tuple[int, int | None]] = field(default_factory=dict)  # player -> (place, rating after)
    result: dict[str, Any] | None = None  # mine, once settled
    you: str | None = None
    winners: list[str] = field(default_factory=list)

    def observe(self, view: View) -> list[str]:
        phase = view["phase"]
        rnd = view.get("round")
        if phase == "lobby":
            progress: tuple[int, ...] = (0, 0, 0)
        elif phase in ("intro", "playing") and rnd is not None:
            progress = (rnd["number"], 1 if phase == "intro" else 2, int(bool(rnd["over"])))
        else:
            progress = (_END, 4 if phase == "finished" else 5, 0)
        problems = self._order(view, progress)
        self.lang = view.get("lang", self.lang)
        self.you = view.get("you") or self.you
        problems += self._see_players(view["players"])
        if view.get("result") is not None:
            result = view["result"]
            mine = (result["place"], result["rating_after"])
            if self.result is not None:
                before = (self.result["place"], self.result["rating_after"])
                if before != mine and before[1] is not None:
                    problems.append(f"my result was {before}, now {mine}")
            self.result = result
        elif self.result is not None:
            problems.append(f"my result {self.result['place']} disappeared")
        if rnd is not None:
            duels = ([view["duel"]] if view.get("duel") else []) + view.get("duels", [])
            for duel in duels:
                problems += self._see_duel(rnd["number"], duel, mine=duel is view.get("duel"))
        if phase == "finished":
            self.finished = True
            self.winners = list(view.get("winners") or [])
        return problems

    def _see_players(self, players: list[dict[str, Any]]) -> list[str]:
        problems = []
        for p in players:
            who = p["id"]
            if who in self.lives and p["lives"] > self.lives[who]:
                problems.append(f"{p['name']} had {self.lives[who]} lives, now {p['lives']}")
            self.lives[who] = p["lives"]
            if who in self.out and p["in_play"]:
                problems.append(f"{p['name']} was out, now in play again")
            if not p["in_play"]:
                self.out.add(who)
            known = self.places.get(who)
            now = (p["place"], p["rating_after"]) if p["place"] is not None else None
            if known is not None:
                if now is None:
                    problems.append(f"{p['name']}'s place {known[0]} disappeared")
                elif now[0] != known[0] or (known[1] is not None and now[1] != known[1]):
                    problems.append(f"{p['name']}'s place was {known}, now {now}")
            if now is not None:
                self.places[who] = now
        return problems

    def _see_duel(self, number: int, duel: dict[str, Any], mine: bool) -> list[str]:
        key: DuelKey = (number, tuple(sorted(duel["players"])))
        board = self.boards.setdefault(key, Board(length=duel["length"], mine=mine))
        board.mine = board.mine or mine
        seen = [
            (r["player"], r["pattern"], r["passed"], tuple(r["letters"]) if r.get("letters") else None)
            for r in duel["rows"]
        ]
        problems = []
        if board.over and not duel["over"]:
            problems.append(f"duel {key} was over, now in play again")
        if len(seen) < len(board.rows) or (board.over and len(seen) > len(board.rows)):
            problems.append(f"duel {key}: {len(board.rows)} row(s) seen before, {len(seen)} now")
        for i, (old, new) in enumerate(zip(board.rows, seen)):
            if old[:3] != new[:3] or (old[3] is not None and new[3] is not None and old[3] != new[3]):
                problems.append(f"duel {key} row {i + 1} was {old}, now {new}")
        if problems:
            board.rows = seen  # the new view is the truth from now on
        else:
            known = board.rows
            board.rows = [
                (n[0], n[1], n[2], n[3] if n[3] is not None or i >= len(known) else known[i][3])
                for i, n in enumerate(seen)
            ]
        board.over = bool(duel["over"])
        if duel.get("answer_letters"):
            if board.answer_letters is not None and board.answer_letters != duel["answer_letters"]:
                problems.append(f"duel {key} answer was {board.answer_letters}, now {duel['answer_letters']}")
            board.answer_letters = list(duel["answer_letters"])
        return problems

    def my_answers(self) -> list[tuple[DuelKey, list[str]]]:
        """The answers of my own duels that I saw revealed, latest first."""
        return sorted(
            ((k, b.answer_letters) for k, b in self.boards.items() if b.mine and b.answer_letters),
            key=lambda item: item[0][0],
            reverse=True,
        )
