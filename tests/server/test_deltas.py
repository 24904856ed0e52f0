"""Views as deltas: a tab that asks for them gets the same views for far fewer bytes, and a gap heals."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import example, given
from hypothesis import strategies as st

from tests.core.duel import conftest as duel_tables
from tests.server.conftest import Arena, check_frames
from tests.server.test_rooms import start_playing, two_players
from wordarena.client import apply_delta
from wordarena.core.duel.events import GuessSubmitted, PlayerJoined, StartRequested
from wordarena.core.duel.view import view_for
from wordarena.server.broadcast import Broadcast
from wordarena.server.deltas import delta, parts_of, whole


def test_a_delta_applied_to_the_old_view_gives_the_new_one() -> None:
    table = duel_tables.new_table()
    for player in ("alice", "bob"):
        table.do(PlayerJoined(player, player.title()))
    table.do(StartRequested("alice"))
    table.to_clock()
    before = parts_of(view_for(table.state, "alice", table.now, Broadcast()))
    old = msgspec.json.decode(whole(before))
    assert old == msgspec.json.decode(msgspec.json.encode(view_for(table.state, "alice", table.now)))
    table.do(GuessSubmitted("bob", table.wrong_words(1)[0]))
    after = parts_of(view_for(table.state, "alice", table.now, Broadcast()))
    frame = delta("room1", "room", table.state.version, old["version"], before, after)
    change = msgspec.json.decode(frame)
    assert set(change["set"]) == {"version", "seats/1"}  # bob's seat only: alice's own seat did not change
    assert apply_delta(old, change) == msgspec.json.decode(whole(after))
    assert len(frame) * 2 < len(whole(after))  # two seats of one row each: a room of six saves more


async def test_a_tab_with_deltas_sees_what_a_tab_without_sees(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        await alice.hello(deltas=True)
        await two_players(arena, alice, bob, rounds=1)
        await start_playing(arena, alice, bob)
        await bob.guess("crane")
        await alice.view_where(lambda v: len(v["seats"][1].get("rows", [])) == 1)
        await alice.guess("slate")
        seen = await alice.view_where(lambda v: len(v["seats"][0].get("rows", [])) == 1)
        assert any(m["type"] == "delta" for m in alice.received)
        assert not any(m["type"] == "delta" for m in bob.received)  # only to the tab that asked
        # The same view, whole: what resync sends (nothing changed meanwhile, the clock stands still).
        count = len(alice.received)
        await alice.send({"type": "resync"})
        await alice.until(lambda m: m["type"] == "room")
        assert [m["type"] for m in alice.received[count:]] == ["room"]
        assert alice.received[-1] == seen
        check_frames([alice, bob])


async def test_a_delta_that_does_not_follow_is_healed_by_a_whole_view(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        await alice.hello(deltas=True)
        await two_players(arena, alice, bob, rounds=1)
        await start_playing(arena, alice, bob)
        assert alice.view is not None
        held = dict(alice.view, version=alice.view["version"] - 1)  # as if a frame had been lost
        alice.view = alice.latest["room"] = held
        await bob.guess("crane")
        healed = await alice.view_where(lambda v: len(v["seats"][1].get("rows", [])) == 1)
        assert healed["version"] > held["version"]
        # The delta did not follow: the client asked for a whole view, and it came.
        assert [m["type"] for m in alice.received][-2:] == ["delta", "room"]
        check_frames([alice, bob])


_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3),
    max_leaves=6,
)
#: A shared part as the broadcast hands it over: encoded once, a `msgspec.Raw`.
_shared = _values.map(lambda value: msgspec.Raw(msgspec.json.encode(value)))
_fields = st.one_of(_values, _shared, st.lists(_shared, min_size=1, max_size=4))
_views = st.dictionaries(st.sampled_from(["you", "seats", "round", "keyboard", "x"]), _fields)


@given(old=_views, new=_views)
@example(old={"you": 1}, new={"you": True})
@example(old={"keyboard": {"a": [0]}}, new={"keyboard": {"a": [False]}})
def test_any_delta_applied_to_any_view_gives_the_next(old: dict[str, Any], new: dict[str, Any]) -> None:
    """Values against values, bytes against bytes: 1 and true, 0 and false, [] and {} all differ."""
    before = parts_of({"code": "r", "version": 1, **old})
    after = parts_of({"code": "r", "version": 2, **new})
    change = msgspec.json.decode(delta("r", "room", 2, 1, before, after))
    seen = apply_delta(msgspec.json.decode(whole(before)), change)
    # as JSON, not as Python values (where 1 == True)
    assert _json(seen) == _json(msgspec.json.decode(whole(after)))


def _json(value: Any) -> bytes:
    return msgspec.json.encode(value, order="sorted")
