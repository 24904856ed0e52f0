"""Reading a guess (RULES.md A2): letters of the language, the length, the word list.

Both games refuse a bad guess the same way, and a refusal consumes nothing.
"""

from __future__ import annotations

from wordarena.core import lexicon
from wordarena.core.letters import LetterError, normalize


class Rejection(Exception):
    """An action that does nothing; a game turns it into a `Refused` effect for its player."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def read_word(lang: str, length: int, word: str) -> str:
    """The key of ``word`` if it is a guess of the ``length``-letter list of ``lang``."""
    try:
        key = normalize(lang, word)
    except LetterError as error:
        raise Rejection("not_letters", str(error)) from None
    if len(key) != length:
        raise Rejection("wrong_length", f"the word must have {length} letters")
    if not lexicon.word_list(lang, length).is_guess(key):
        raise Rejection("not_in_list", "not in word list")
    return key
