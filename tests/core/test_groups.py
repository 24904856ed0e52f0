"""Groups of friends (C2): organiser, hand-over, cap, away members, who may launch."""

from __future__ import annotations

import pytest

from wordarena.core.groups import AWAY_LIMIT_MS, MAX_MEMBERS, Group, GroupError


def group_of(*players: str) -> Group:
    group = Group.create("g1", players[0])
    for player in players[1:]:
        group.join(player)
    return group


def test_the_creator_organises_and_joining_twice_changes_nothing() -> None:
    group = group_of("ann", "bob")
    group.join("bob")  # a second tab, a reload
    assert group.organiser == "ann" and group.players == ["ann", "bob"]


def test_at_most_eight_members() -> None:
    group = group_of(*(f"p{i}" for i in range(MAX_MEMBERS)))
    with pytest.raises(GroupError) as refused:
        group.join("late")
    assert refused.value.code == "group_full"
    group.join("p3")  # a member coming back is never refused


def test_the_organiser_role_passes_to_the_next_member_in_joining_order() -> None:
    group = group_of("ann", "bob", "cid")
    group.leave("ann")
    assert group.organiser == "bob" and group.players == ["bob", "cid"]
    group.leave("cid")
    group.leave("bob")
    assert group.empty


def test_a_reload_keeps_the_role_and_only_a_long_absence_ends_membership() -> None:
    group = group_of("ann", "bob")
    group.disconnected("ann", now=1_000)
    assert group.next_deadline() == 1_000 + AWAY_LIMIT_MS
    assert group.expire(1_000 + AWAY_LIMIT_MS - 1) == []
    group.reconnected("ann")
    assert group.next_deadline() is None and group.organiser == "ann"
    group.disconnected("ann", now=2_000)
    assert group.expire(2_000 + AWAY_LIMIT_MS) == ["ann"]
    assert group.organiser == "bob"


def test_only_the_organiser_launches_once_nobody_is_busy() -> None:
    group = group_of("ann", "bob")
    assert group.can_launch("ann", {}) and not group.can_launch("bob", {})
    for player, busy, code in (
        ("bob", {}, "not_organiser"),
        ("ann", {"bob": True}, "members_busy"),
        ("zed", {}, "unknown_group"),
    ):
        with pytest.raises(GroupError) as refused:
            group.check_launch(player, busy)
        assert refused.value.code == code
    group.check_launch("ann", {"bob": False})
