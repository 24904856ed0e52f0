"""The writes a room hands the store: immutable records, each with the writer's fence."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from wordarena.store import writes


def test_every_write_names_its_room_and_carries_a_fence() -> None:
    for kind in typing.get_args(writes.Write):
        fields = {f.name: f for f in dataclasses.fields(kind)}
        assert "code" in fields and fields["fence"].default == 0
        assert kind.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_a_write_cannot_change_after_it_is_handed_over() -> None:
    event = writes.EventAppended("r", 1, "[]")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seq = 2  # type: ignore[misc]
