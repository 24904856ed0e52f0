"""Nicknames (A4): assigned at the first visit, changeable at any time, and readable.

A nickname is accepted when, after NFC and collapsing spaces:
- it has 1 to `NICKNAME_MAX` user-perceived characters (an emoji with its
  modifiers or a family joined by zero-width joiners counts as one), and at most
  `NICKNAME_MAX_CODE_POINTS` code points in all;
- it contains at least one visible letter or digit (not a blank "filler" letter
  such as U+3164, nor only symbols or marks);
- it has no control, private-use, unassigned, invisible format or other
  default-ignorable characters (a zero-width joiner is allowed only between two
  emoji, a variation selector only after one);
- no letter carries more than `MAX_MARKS_PER_LETTER` combining marks, counted on the
  decomposed text, so a precomposed letter counts its own accents (no "Zalgo" text);
- it does not look like a bot's name: "(bot)" marks bots, and nobody else, in any
  case, width or look-alike letters ("(bоt)" with a Cyrillic о, "(ʙᴏᴛ)"), compared
  on a skeleton of confusable characters (Unicode TR39; data/lookalikes.txt).
"""

from __future__ import annotations

import functools
import random
import re
import unicodedata
from importlib import resources
from typing import Final, Literal

NICKNAME_MAX: Final = 20  # user-perceived characters
NICKNAME_MAX_CODE_POINTS: Final = 80  # what the store keeps at most (long emoji sequences add up)
MAX_MARKS_PER_LETTER: Final = 2  # enough for Vietnamese (ệ = e + ̣ + ̂), not for Zalgo

#: The names given at the first visit, in the interface language: (adjectives, animals). Every
#: adjective agrees with every animal (Russian: masculine animals; French, Spanish: adjectives
#: of one form for both genders).
_NAME_PARTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "en": (
        ("Swift", "Brave", "Quiet", "Lucky", "Clever", "Sunny", "Bold", "Calm", "Witty", "Keen"),
        ("Otter", "Falcon", "Lynx", "Heron", "Panda", "Fox", "Koala", "Ibis", "Yak", "Gecko"),
    ),
    "fr": (
        ("Rapide", "Brave", "Calme", "Agile", "Habile", "Sage", "Drôle", "Tranquille", "Aimable", "Solide"),
        ("Loutre", "Faucon", "Lynx", "Héron", "Panda", "Renard", "Koala", "Ibis", "Yack", "Gecko"),
    ),
    "es": (
        ("Veloz", "Valiente", "Audaz", "Feliz", "Ágil", "Alegre", "Amable", "Genial", "Sutil", "Tenaz"),
        ("Nutria", "Halcón", "Lince", "Garza", "Panda", "Zorro", "Koala", "Ibis", "Yak", "Gecko"),
    ),
    "tr": (
        ("Hızlı", "Cesur", "Sakin", "Şanslı", "Zeki", "Neşeli", "Gözüpek", "Usta", "Çevik", "Sevimli"),
        ("Şahin", "Vaşak", "Balıkçıl", "Panda", "Tilki", "Koala", "Kartal", "Yunus", "Kelebek", "Sincap"),
    ),
    "ru": (
        ("Быстрый", "Смелый", "Тихий", "Ловкий", "Умный", "Весёлый", "Бодрый", "Мудрый", "Храбрый", "Добрый"),
        ("Сокол", "Енот", "Лис", "Барсук", "Ёж", "Филин", "Бобр", "Дельфин", "Тигр", "Кит"),
    ),
    "ko": (
        ("날쌘", "용감한", "조용한", "행운의", "똑똑한", "씩씩한", "느긋한", "명랑한", "상냥한", "재빠른"),
        ("수달", "매", "스라소니", "왜가리", "판다", "여우", "코알라", "따오기", "고슴도치", "도마뱀"),
    ),
}
#: Languages that put the adjective after the animal ("Loutre Rapide").
_ANIMAL_FIRST: Final = frozenset({"fr", "es"})
_SPACES = re.compile(r"\s+")
_BOT_MARK = "(bot)"
_ZWJ = "\u200d"
#: Characters that draw nothing and that renderers skip (Unicode's Default_Ignorable_Code_Point),
#: besides the format characters refused by category: U+17B4 is a "vowel" of this kind.
_IGNORABLE_RANGES: Final = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip
#: Left out of the skeleton: what a reader's eye skips between the letters of "(bot)".
_SKIPPED_IN_SKELETON = frozenset({"Zs", "Mn", "Me", "Cf", "Pd", "Po", "Pc"})
#: Letters that draw nothing (Hangul fillers, the Braille blank): they never make a name visible.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_JOINED_BY_PREVIOUS = {"Mn", "Me", "Mc", "Sk"}  # marks and emoji skin-tone modifiers join their base


#: Which rule a refused nickname broke (a client words it in its own language).
NameRule = Literal["empty", "too_long", "no_letter", "invisible", "accents", "lone_accent", "bot_mark"]


class BadName(ValueError):
    def __init__(self, reason: NameRule, message: str) -> None:
        super().__init__(message)
        self.reason: NameRule = reason


def renamed(raw: str) -> str:
    """`clean_nickname` for a game: a bad name is refused like any action, and nothing changes."""
    from wordarena.core.refusal import Refusal, Rejection

    try:
        return clean_nickname(raw)
    except BadName as bad:
        raise Rejection(Refusal.BAD_NAME, str(bad)) from None


def generated_nickname(ui: str | None = None, rng: random.Random | None = None) -> str:
    """A name for a new identity, in its interface language (English when unknown): "Loutre Rapide 42"."""
    rng = rng or random.SystemRandom()
    lang = ui if ui in _NAME_PARTS else "en"
    adjectives, animals = _NAME_PARTS[lang]
    adjective, animal = rng.choice(adjectives), rng.choice(animals)
    words = f"{animal} {adjective}" if lang in _ANIMAL_FIRST else f"{adjective} {animal}"
    return f"{words} {rng.randint(10, 99)}"


def clean_nickname(raw: str) -> str:
    """The nickname as stored and shown, or `BadName` saying what is wrong with it."""
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", raw)).strip()
    if not name:
        raise BadName("empty", "the nickname is empty")
    _check_characters(name)
    if perceived_length(name) > NICKNAME_MAX or len(name) > NICKNAME_MAX_CODE_POINTS:
        raise BadName("too_long", f"the nickname is longer than {NICKNAME_MAX} characters")
    if not any(_visible_letter_or_digit(c) for c in name):
        raise BadName("no_letter", "the nickname needs at least one visible letter or digit")
    if looks_like_the_bot_mark(name):
        raise BadName("bot_mark", '"(bot)" is kept for bots, and so is anything that looks like it')
    return name


def perceived_length(name: str) -> int:
    """Characters as a reader counts them: marks, variation selectors and joined emoji add nothing."""
    count = 0
    previous = ""
    for c in name:
        joins = (
            unicodedata.category(c) in _JOINED_BY_PREVIOUS
            or 0xFE00 <= ord(c) <= 0xFE0F
            or 0x1F3FB <= ord(c) <= 0x1F3FF
            or c == _ZWJ
            or previous == _ZWJ
        )
        if not joins:
            count += 1
        previous = c
    return count


def looks_like_the_bot_mark(name: str) -> bool:
    """Does ``name`` hold "(bot)", in any case or width, spaced out, or in look-alike letters?"""
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    seen = [c for c in folded if unicodedata.category(c) not in _SKIPPED_IN_SKELETON]
    looks = _lookalikes()
    options = [c + looks.get(c, "") for c in seen]
    width = len(_BOT_MARK)
    return any(
        all(mark in option for mark, option in zip(_BOT_MARK, options[start : start + width]))
        for start in range(len(options) - width + 1)
    )


@functools.cache
def _lookalikes() -> dict[str, str]:
    """Each character that can be taken for ASCII letters, digits or brackets: those characters."""
    table = {}
    text = resources.files("wordarena.data").joinpath("lookalikes.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            code, targets = line.split()
            table[chr(int(code, 16))] = targets
    return table


def _check_characters(name: str) -> None:
    for index, c in enumerate(name):
        category = unicodedata.category(c)
        if c == _ZWJ:
            if not (0 < index < len(name) - 1 and _emoji(name[index - 1]) and _emoji(name[index + 1])):
                raise BadName("invisible", "the nickname contains an invisible character")
        elif 0xFE00 <= ord(c) <= 0xFE0F:  # a variation selector: only to choose how an emoji looks
            if not (index > 0 and _emoji(name[index - 1])):
                raise BadName("invisible", "the nickname contains an invisible character")
        elif category in ("Cc", "Cf", "Cs", "Co", "Cn") or c in _BLANKS or _ignorable(c):
            raise BadName("invisible", "the nickname contains a control or invisible character")
        if category in ("Mn", "Me") and index == 0:
            raise BadName("lone_accent", "the nickname starts with a lone accent")
    marks = 0
    for c in unicodedata.normalize("NFD", name):  # à́̂ is one letter with three accents, however encoded
        marks = marks + 1 if unicodedata.category(c) in ("Mn", "Me") and not _selector(c) else 0
        if marks > MAX_MARKS_PER_LETTER:
            raise BadName("accents", "the nickname has too many accents on one letter")


def _ignorable(c: str) -> bool:
    code = ord(c)
    return any(low <= code <= high for low, high in _IGNORABLE_RANGES)


def _selector(c: str) -> bool:
    return 0xFE00 <= ord(c) <= 0xFE0F


def _visible_letter_or_digit(c: str) -> bool:
    return unicodedata.category(c)[0] in ("L", "N") and c not in _BLANKS


def _emoji(c: str) -> bool:
    return unicodedata.category(c) == "So" or 0x1F3FB <= ord(c) <= 0x1F3FF
