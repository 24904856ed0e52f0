"""Tournament matchmaking (C1, C2): lobbies formed from the whole queue."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from wordarena.core.matchmaking import (
    LOBBY_SIZE,
    PRACTICE_WAIT_MS,
    Lobby,
    Matchmaker,
    MatchmakingError,
    Party,
    compatible,
    plan,
)


def solo(player: str, rating: int, at: int = 0, lang: str = "en", practice: bool = False) -> Party:
    return Party(player, lang, practice, at, {player: rating})


def group(code: str, ratings: dict[str, int], at: int = 0, lang: str = "en") -> Party:
    return Party(f"group:{code}", lang, False, at, ratings)


def lobby_with(lobbies: list[Lobby], player: str) -> Lobby:
    return next(lobby for lobby in lobbies if player in lobby.ratings)


# ---------------------------------------------------------------- who may sit together


def test_a_player_fits_within_200_of_the_others_mean() -> None:
    assert compatible([solo("a", 1000), solo("b", 1199)])
    assert not compatible([solo("a", 1000), solo("b", 1200)])  # exactly 200 does not fit
    assert not compatible([solo("a", 1000), solo("b", 800)])
    # 1300 is 200.5 from the mean of 1000 and 1199 (1099.5): refused, never widened
    assert not compatible([solo("a", 1000), solo("b", 1199), solo("c", 1300)])
    # and every member is checked, not only the last comer: 1000 is 249 from 1199 and 1299
    assert not compatible([solo("a", 1000), solo("b", 1199), solo("c", 1299)])
    assert compatible([solo("a", 1000), solo("b", 1150), solo("c", 1100)])


def test_a_group_sits_together_whatever_its_spread_and_is_judged_by_its_mean() -> None:
    friends = group("g", {"low": 700, "high": 1500})  # mean 1100
    assert compatible([friends])
    assert compatible([friends, solo("x", 1250)])
    assert not compatible([friends, solo("x", 1300)])


def test_practice_lobbies_take_anybody_but_never_more_than_eight() -> None:
    assert compatible([solo("a", 100, practice=True), solo("b", 2900, practice=True)])
    assert not compatible([solo(f"p{i}", 1000, practice=True) for i in range(LOBBY_SIZE + 1)])


# ---------------------------------------------------------------- the plan


def test_eight_compatible_players_make_one_tournament() -> None:
    [lobby] = plan([solo(f"p{i}", 1000 + 10 * i, at=i) for i in range(LOBBY_SIZE)])
    assert lobby.size == LOBBY_SIZE and lobby.ready(0)


def test_three_and_five_compatible_players_are_merged() -> None:
    """The reported case: 3 + 5 mutually compatible people waited in two lobbies."""
    queue = [solo(f"a{i}", 1190, at=i) for i in range(3)]  # alone, these open a lobby at 1190 ...
    queue.append(solo("far", 1400, at=3))  # ... someone who fits neither ...
    queue += [solo(f"b{i}", 1000, at=10 + i) for i in range(5)]  # ... and five at 1000 in another
    lobbies = plan(queue)
    full = [lobby for lobby in lobbies if lobby.size == LOBBY_SIZE]
    assert len(full) == 1 and set(full[0].ratings) == {f"a{i}" for i in range(3)} | {
        f"b{i}" for i in range(5)
    }


def test_a_player_moves_to_complete_a_lobby_of_seven() -> None:
    """The reported case: a 1,200 player paired with a 1,300 player while a 7/8 lobby he fits waits."""
    queue = [solo("p1200", 1200, at=0), solo("p1300", 1300, at=1)]
    queue += [solo(f"s{i}", 1050, at=10 + i) for i in range(7)]  # 1300 does not fit them
    lobbies = plan(queue)
    assert lobby_with(lobbies, "p1200").size == LOBBY_SIZE
    assert lobby_with(lobbies, "p1300").size == 1


def test_a_group_enters_one_lobby_and_strangers_fill_the_rest() -> None:
    friends = group("g", {"g1": 1000, "g2": 1100, "g3": 950})
    lobbies = plan([friends, *(solo(f"x{i}", 1020, at=i + 1) for i in range(5))])
    assert [lobby.size for lobby in lobbies] == [LOBBY_SIZE]


def test_a_group_never_splits_across_lobbies() -> None:
    six = [solo(f"p{i}", 1000, at=i) for i in range(6)]
    three = group("g", {"a": 1000, "b": 1000, "c": 1000}, at=10)
    lobbies = plan([*six, three])
    assert len({id(lobby_with(lobbies, p)) for p in "abc"}) == 1


def test_lobbies_are_per_language_and_rated_never_mixes_with_practice() -> None:
    mm = Matchmaker()
    mm.queue(solo("a", 1000, lang="fr"))
    mm.queue(solo("b", 1000, lang="de"))
    mm.queue(solo("c", 1000, lang="fr", practice=True))
    assert len(mm.lobbies()) == 3
    assert mm.waiting("fr") == 1 and mm.waiting("fr", practice=True) == 1


# ---------------------------------------------------------------- the queue


def test_queueing_twice_is_refused() -> None:
    mm = Matchmaker()
    mm.queue(group("g", {"g1": 1000, "g2": 1000}))
    with pytest.raises(MatchmakingError):
        mm.queue(solo("g1", 1000))
    with pytest.raises(MatchmakingError):
        mm.queue(group("big", {f"p{i}": 1000 for i in range(LOBBY_SIZE + 1)}))


def test_eight_start_and_leave_the_queue() -> None:
    mm = Matchmaker()
    for i in range(LOBBY_SIZE - 1):
        mm.queue(solo(f"p{i}", 1000 + i, at=i))
    assert mm.take_ready(0) == []
    mm.queue(solo("last", 1000, at=9))
    [ready] = mm.take_ready(9)
    assert ready.size == LOBBY_SIZE and mm.parties == {} and mm.lobbies() == []


def test_leaving_before_the_start_is_free_and_a_member_leaves_alone() -> None:
    mm = Matchmaker()
    mm.queue(group("g", {"a": 1000, "b": 1010}))
    mm.queue(solo("c", 1000, at=1))
    assert mm.leave("a") is not None
    assert set(mm.lobbies()[0].ratings) == {"b", "c"}  # the rest of the group is still queued
    assert mm.leave_party("group:g") is not None
    assert [set(lobby.ratings) for lobby in mm.lobbies()] == [{"c"}]
    assert mm.leave("nobody") is None


def test_practice_lobbies_start_when_their_oldest_party_has_waited() -> None:
    mm = Matchmaker()
    mm.queue(solo("a", 1000, at=5, lang="nl", practice=True))
    mm.queue(solo("b", 1900, at=6, lang="nl", practice=True))
    assert mm.next_deadline() == 5 + PRACTICE_WAIT_MS
    assert mm.take_ready(4 + PRACTICE_WAIT_MS) == []
    [lobby] = mm.take_ready(5 + PRACTICE_WAIT_MS)
    assert set(lobby.ratings) == {"a", "b"} and lobby.practice


# ---------------------------------------------------------------- properties of every plan

ratings = st.integers(600, 1600)


@st.composite
def queues(draw: st.DrawFn) -> list[Party]:
    parties = []
    for index in range(draw(st.integers(0, 30))):
        size = draw(st.sampled_from([1, 1, 1, 1, 2, 3, 4]))
        members = {f"q{index}m{j}": draw(ratings) for j in range(size)}
        party_id = f"q{index}m0" if size == 1 else f"group:q{index}"
        parties.append(Party(party_id, "en", False, draw(st.integers(0, 100)), members))
    return parties


@settings(max_examples=300, deadline=None)
@given(queues())
def test_every_plan_is_a_partition_of_compatible_lobbies(queue: list[Party]) -> None:
    lobbies = plan(queue)
    placed = [party.id for lobby in lobbies for party in lobby.parties]
    assert sorted(placed) == sorted(p.id for p in queue)
    for lobby in lobbies:
        assert 1 <= lobby.size <= LOBBY_SIZE and compatible(lobby.parties)


@settings(max_examples=300, deadline=None)
@given(queues())
def test_no_two_forming_lobbies_could_be_merged(queue: list[Party]) -> None:
    forming = [lobby for lobby in plan(queue) if lobby.size < LOBBY_SIZE]
    for i, a in enumerate(forming):
        for b in forming[i + 1 :]:
            assert not compatible([*a.parties, *b.parties]), (a, b)


@settings(max_examples=300, deadline=None)
@given(queues())
def test_no_party_could_move_to_complete_a_lobby(queue: list[Party]) -> None:
    forming = [lobby for lobby in plan(queue) if lobby.size < LOBBY_SIZE]
    for target in forming:
        for source in forming:
            if source is target:
                continue
            for party in source.parties:
                rest = [p for p in source.parties if p is not party]
                completes = party.size == target.free and compatible([*target.parties, party])
                assert not (completes and compatible(rest)), (party, target)


@settings(max_examples=100, deadline=None)
@given(queues())
def test_the_plan_depends_only_on_the_queue(queue: list[Party]) -> None:
    assert plan(queue) == plan(list(reversed(queue)))


# ---------------------------------------------------------------- the queue as a machine


class QueueMachine(RuleBasedStateMachine):
    """Players and groups queue and leave while time passes; after every step the plan holds its promises."""

    def __init__(self) -> None:
        super().__init__()
        self.mm = Matchmaker()
        self.now = 0
        self.count = 0
        self.started: list[Lobby] = []

    @rule(rating=ratings, size=st.sampled_from([1, 1, 1, 2, 3]), practice=st.booleans())
    def queue(self, rating: int, size: int, practice: bool) -> None:
        self.count += 1
        members = {f"p{self.count}-{i}": rating + 37 * i for i in range(size)}
        party_id = next(iter(members)) if size == 1 else f"group:{self.count}"
        self.mm.queue(Party(party_id, "en", practice, self.now, members))
        self.started += self.mm.take_ready(self.now)

    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        queued = [p for party in self.mm.parties.values() for p in party.ratings]
        if queued:
            self.mm.leave(data.draw(st.sampled_from(queued)))
            self.started += self.mm.take_ready(self.now)

    @rule(data=st.data())
    def organiser_cancels(self, data: st.DataObject) -> None:
        groups = [p for p in self.mm.parties if p.startswith("group:")]
        if groups:
            self.mm.leave_party(data.draw(st.sampled_from(groups)))

    @rule(ms=st.sampled_from([1, 5_000, PRACTICE_WAIT_MS]))
    def wait(self, ms: int) -> None:
        self.now += ms
        self.started += self.mm.take_ready(self.now)

    @invariant()
    def started_lobbies_are_full_or_practice_and_compatible(self) -> None:
        for lobby in self.started:
            assert lobby.size == LOBBY_SIZE or lobby.practice
            assert compatible(lobby.parties)

    @invariant()
    def the_forming_plan_keeps_its_promises(self) -> None:
        forming = [lobby for lobby in self.mm.lobbies() if not lobby.ready(self.now)]
        pools: dict[tuple[str, bool], list[Lobby]] = {}
        for lobby in forming:
            pools.setdefault((lobby.lang, lobby.practice), []).append(lobby)
        for lobbies in pools.values():
            for i, a in enumerate(lobbies):
                for b in lobbies[i + 1 :]:
                    assert not compatible([*a.parties, *b.parties])

    @invariant()
    def nobody_is_queued_twice(self) -> None:
        players = [p for party in self.mm.parties.values() for p in party.ratings]
        assert len(players) == len(set(players))


QueueMachine.TestCase.settings = settings(max_examples=50, stateful_step_count=40, deadline=None)
TestQueueMachine = QueueMachine.TestCase
