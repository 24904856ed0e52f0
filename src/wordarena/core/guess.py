"""Reading a guess (A2): letters of the language, the length, the word list.

Both games refuse a bad guess the same way, and a refusal consumes nothing.
"""

from __future__ import annotations

from wordarena.core import lexicon
from wordarena.core.letters import LetterError, normalize
from wordarena.core.refusal import Refusal, Rejection


def read_word(lang: str, length: int, word: str) -> str:
    """The key of ``word`` if it is a guess of the ``length``-letter list of ``lang``."""
    try:
        key = normalize(lang, word)
    except LetterError as error:
        raise Rejection(Refusal.NOT_LETTERS, str(error)) from None
    if len(key) != length:
        raise Rejection(Refusal.WRONG_LENGTH, f"the word must have {length} letters")
    if not lexicon.word_list(lang, length).is_guess(key):
        raise Rejection(Refusal.NOT_IN_LIST, "not in word list")
    return key
