"""Proper nouns that a language's dictionary lists in lower case (issue 10, third pass).

Several dictionaries list place names, first names and brands in lower case
(es_ES: perú, berlín, murcia, diego; pl_PL: kraków, nokia, texas; it_IT: udine;
nl_NL: viagra), usually beside a rare common sense (málaga the wine) or
with no reason at all. The evidence used here:

- **other languages**: the 22 dictionaries of `common.NAME_DICTIONARIES` other
  than the language's own; a word that several of them list only capitalised
  (compared with accents folded, so Spanish "perú" meets English "Peru") is a
  name there (`foreign_names`);
- **a second source for the language**: simplemma's form table (forms and
  lemmas drawn from Wiktionary and corpora). A word it knows is kept: it is a
  word of the language too (cuba "vat", chile "chili", diana "target", toma,
  quito "I remove"). A word only the dictionary knows is a name.

What a language loses by this rule was read word by word; the real words it
would drop are listed in the language module (``NOT_NAMES``).
"""

from __future__ import annotations

import functools
import unicodedata
from collections import Counter
from collections.abc import Iterable

from tools.lexicon.common import NAME_DICTIONARIES, capitalised_only, lower_case_stems


def fold(word: str) -> str:
    """Lower case, accents removed (Perú -> peru, Kraków -> krakow)."""
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@functools.cache
def foreign_names(own: str) -> frozenset[str]:
    """Folded words that the name dictionaries other than ``own`` treat as names.

    The same test as `common.shared_names` (several list the word only
    capitalised and clearly fewer list it in lower case), on folded spellings.
    """
    upper: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    for name in NAME_DICTIONARIES:
        if name != own:
            upper.update({fold(w) for w in capitalised_only(name)})
            lower.update({fold(w) for w in lower_case_stems(name)})
    return frozenset(
        w for w, n in upper.items() if (n >= 2 and n > 2 * lower[w]) or (n >= 4 and n > lower[w])
    )


@functools.cache
def lemma_table_words(lang: str) -> frozenset[str]:
    """Every form and lemma of simplemma's table for ``lang``."""
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    table = DefaultDictionaryFactory().get_dictionary(lang)
    return frozenset(table) | frozenset(table.values())


def names_among(lang: str, words: Iterable[str], own: str, keep: Iterable[str] = ()) -> set[str]:
    """The words of ``words`` that are names: foreign dictionaries' names that
    simplemma does not know as words of ``lang``, except the reviewed ``keep``."""
    foreign = foreign_names(own)
    known = lemma_table_words(lang)
    kept = set(keep)
    return {w for w in words if fold(w) in foreign and w not in known and w not in kept}
