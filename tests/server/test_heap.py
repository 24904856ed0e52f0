"""The serving process's heap: word lists loaded up front, start-up objects frozen, young passes rarer."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from wordarena.core import lexicon
from wordarena.server import heap


@pytest.fixture
def restored_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_every_shipped_list_is_loaded() -> None:
    assert heap.load_word_lists() == len(lexicon.available())
    assert lexicon.word_list.cache_info().currsize >= len(lexicon.available())


@pytest.mark.usefixtures("restored_gc")
def test_long_lived_objects_are_frozen_and_the_young_collected_less_often() -> None:
    survivor = [object()]  # alive through the start-up's collection
    frozen = heap.freeze_long_lived()
    assert frozen == gc.get_freeze_count() > 0
    assert not any(o is survivor for o in gc.get_objects())  # out of every generation a pass walks
    assert gc.get_threshold() == heap.GC_THRESHOLDS
    assert heap.GC_THRESHOLDS[0] > 700  # CPython's default, which the module explains away
