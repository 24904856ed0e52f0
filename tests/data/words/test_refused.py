"""Spellings the reviews found to be no word of the language are no guesses.

Abbreviations written without their full stop, names, foreign words and
fragments that the sources once let through: each was removed by a general
rule (deny groups, the names pass, a second source), and none may come back.
"""

from __future__ import annotations

import pytest

from wordarena.core import lexicon
from wordarena.core.letters import normalize

REFUSED = {
    # abbreviations, and fragments of the frequency list
    "en": "dept natl intl geog biol chem hist recd rept acct asst ibid misc priv ordn yest agcy exch"
    " invt publ arrs subak ginny polit dding",
    "de": "asien europa indien japans pavia tetris guts",
    "ru": "дима диме диму димы",
    "pl": "olek lublin drugs domain bpom",
    "pt": "paris",
    "it": "wagon",
    "nl": "oempa",
    "es": "atta cunchu",
    "fr": "spitta protos nobo univ",
    "id": "pustu tatib",
    "tr": "çorum",
}


@pytest.mark.parametrize("lang", sorted(REFUSED))
def test_refused_are_no_guesses(lang: str) -> None:
    accepted = []
    for word in REFUSED[lang].split():
        key = normalize(lang, word)
        if lexicon.word_list(lang, len(key)).is_guess(key):
            accepted.append(word)
    assert not accepted, f"{lang}: accepted as guesses"
