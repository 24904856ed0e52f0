"""Nicknames: generated at first visit, changeable, cleaned (RULES.md A4)."""

from __future__ import annotations

import random
import re
import unicodedata

from wordarena.server.limits import NICKNAME_MAX

_ADJECTIVES = ("Swift", "Brave", "Quiet", "Lucky", "Clever", "Sunny", "Bold", "Calm", "Witty", "Keen")
_ANIMALS = ("Otter", "Falcon", "Lynx", "Heron", "Panda", "Fox", "Koala", "Ibis", "Yak", "Gecko")
_SPACES = re.compile(r"\s+")


class BadName(ValueError):
    pass


def generated_nickname(rng: random.Random | None = None) -> str:
    rng = rng or random.SystemRandom()
    return f"{rng.choice(_ADJECTIVES)} {rng.choice(_ANIMALS)} {rng.randint(10, 99)}"


def clean_nickname(raw: str) -> str:
    """Trimmed, inner spaces collapsed, 1–20 characters, no control or format characters."""
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", raw)).strip()
    if not name:
        raise BadName("the nickname is empty")
    if len(name) > NICKNAME_MAX:
        raise BadName(f"the nickname is longer than {NICKNAME_MAX} characters")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
        raise BadName("the nickname contains a control or invisible character")
    return name
