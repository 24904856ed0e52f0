"""What a game needs of a bot seat: its levels and a name marked as a bot's."""

from __future__ import annotations

import random

from wordarena.core.bot_seat import BOT_LEVELS, BotLevel, bot_name


def test_four_levels_from_one_place() -> None:
    assert BOT_LEVELS == ("easy", "medium", "hard", "expert") == tuple(BotLevel)


def test_bot_names_are_marked_and_never_taken_twice() -> None:
    rng = random.Random(1)
    taken: set[str] = set()
    for _ in range(12):
        name = bot_name(rng, taken)
        assert name.endswith(" (bot)") and name not in taken
        taken.add(name)
    assert bot_name(rng, taken) == "Bot 13"  # every name in use: still unique
