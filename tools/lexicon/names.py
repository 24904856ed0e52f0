"""Proper nouns among the guesses: which spellings are names, which are words.

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

Every language, then: which guesses spelt like a name of the registries'
lists (`name_lists`: countries, first names, towns, brands) are names and
leave the lists, and which are words all the same (`registry_dropped`: an
answer, an everyday word, a reviewed homograph, a form of a common word).
"""

from __future__ import annotations

import functools
import unicodedata
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from tools.lexicon.common import NAME_DICTIONARIES, capitalised_only, lower_case_stems
from tools.lexicon.name_lists import (
    NAME_TAGS,
    _analyzer,
    morphology_names,
    name_keys,
    own_dictionary_names,
    popular_first_names,
    registry_names,
    shared_spellings,
)


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


#: A form of another word keeps a name's spelling when that word is at least
#: this frequent (wordfreq zipf): ru куба (куб 3.6), pl radom (rada 4.9), es
#: irán (ir 5.9), pl indyka (indyk 2.99), kluski (kluska 2.7), niziny (nizina
#: 2.0) stay; pl solą (read as solić 1.1, not sól) and rare verbs' forms go.
#: 3.0 at first: it dropped the plurals and cases of Polish household nouns
#: that a village or a surname spells (kluski, pianki, piórek, indyka).
COMMON_LEMMA = 2.0
#: Fifth pass: a form of a common word keeps a name's spelling only when the
#: word's other forms are about as frequent as that spelling (wordfreq zipf of
#: the lemma's family, the spelling left out, at least the spelling's own zipf
#: less this margin). When the spelling is much more frequent than the rest of
#: its word, the name is what is read (es suiza 4.3 beside suizo, suizos,
#: suizas 3.6; fr paris 5.7 beside pari, paris' other forms; pt índia 4.8 beside
#: índio 4.0); when the word is as common, the form stays (es irán: ir 6+; fr
#: élise: élire; ru марта: март).
NAME_DOMINANCE = 0.0
#: The languages it is used in. Not Polish, Russian, Ukrainian: a case form is
#: often more frequent than the rest of its word (pl ziemi, rynku, środę; ru
#: того), and the other forms' sum misjudges it.
DOMINANCE_LANGS = frozenset({"de", "es", "fr", "pt"})
#: Russian: OpenCorpora's counts, as pymorphy3 ships them, give each reading
#: of a spelling a share; a spelling whose name readings (a first name, a
#: place, a brand) hold more than this share is read as the name (Маня 0.67,
#: Валера 0.83, Индия 0.95), unless it is an answer, an everyday word
#: or a reviewed homograph. An even split is no evidence (лыжа, десна, манила:
#: 0.5 where the corpus never met the spelling) and keeps the word.
NAME_SHARE = 0.5
#: ... but OpenCorpora met many spellings a few times only: a spelling that is
#: also a form of a word of at least this frequency (wordfreq zipf) stays
#: whatever its share (лука, the genitive of лук; марку, славой, павлин).
SHARE_COMMON_LEMMA = 3.0
#: The readings that count as names there: first names, places, brands (a
#: surname is spelt like a word as often as not: Лгун, Катишь).
SHARE_TAGS = frozenset({"Name", "Geox", "Orgn", "Trad"})

HOMOGRAPHS = Path(__file__).resolve().parent / "homographs"


def homographs(lang: str, outweigh: bool = False) -> set[str]:
    """Keys of the reviewed ``homographs/<lang>.txt``: names that are also words, kept.

    ``outweigh``: only the words of its groups whose header starts
    `OUTWEIGH_GROUP` (common words that outweigh a popular first name).
    """
    from tools.lexicon.common import key_of

    path = HOMOGRAPHS / f"{lang}.txt"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    keys, strong = set(), False
    for raw in lines:
        if raw.startswith("#"):
            strong = raw.lower().startswith(OUTWEIGH_GROUP)
            continue
        if outweigh and not strong:
            continue
        for word in raw.split("#", 1)[0].split():  # several a line
            if (key := key_of(lang, word)) is not None:
                keys.add(key)
    return keys


#: Sixth pass: a reviewed homograph does not keep a first name of this
#: gender-guesser class or more (about one person in 200 of the country bears
#: it: en simon, nancy, albert; fr serge, robert, marc): a player reads the
#: name, and the word of that spelling is rare (a "nancy", "serge" the cloth).
#: The words that do outweigh such a name (en carol, de frank) are listed in
#: a group of the homograph file whose header starts `OUTWEIGH_GROUP`; an
#: answer, an everyday word or a form of another common word still keeps it.
HOMOGRAPH_POPULAR = 6
OUTWEIGH_GROUP = "# common:"


SIMPLEMMA_LANGS = frozenset({"en", "de", "fr", "es", "it", "nl", "pl", "pt", "tr", "id"})


@functools.cache
def _form_table(lang: str) -> dict[str, str]:
    """simplemma's table of forms (form -> lemma, drawn from Wiktionary and corpora)."""
    if lang not in SIMPLEMMA_LANGS:
        return {}
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    return dict(DefaultDictionaryFactory().get_dictionary(lang))


def other_lemmas(lang: str, word: str) -> set[str]:
    """The lemmas of which ``word`` is an inflected form (not itself), names aside.

    Russian and Ukrainian: pymorphy3's readings that are no name; the others:
    simplemma's form table (its rules guess, the table knows; German nouns are
    looked up capitalised too).
    """
    if lang in {"ru", "uk"}:
        return {
            p.normal_form
            for p in _analyzer(lang).parse(word)
            if p.normal_form != word and not set(p.tag.grammemes) & NAME_TAGS
        }
    table = _form_table(lang)
    tries = [word, word.capitalize()] if lang == "de" else [word]
    return {lemma.lower() for t in tries if (lemma := table.get(t)) is not None and lemma.lower() != word}


def _zipf(lang: str, word: str) -> float:
    from wordfreq import zipf_frequency

    if lang in {"kk", "uz"}:  # wordfreq has neither: it would answer with Russian
        return 0.0
    if lang == "ru":
        return max(zipf_frequency(word.replace("ё", "е"), lang), zipf_frequency(word, lang))
    return zipf_frequency(word, lang)


def _common_other(lang: str, lemma: str, key: str, word: str = "") -> bool:
    """Whether ``lemma`` is a common word other than ``key``'s, and not a name of
    the registries (a dictionary's capitals name many words too: pl Rada);
    with ``word``, also that the word's uses are not dwarfed by the spelling
    ``word`` itself (`NAME_DOMINANCE`)."""
    from tools.lexicon.common import key_of

    other = key_of(lang, lemma)
    return (
        other is not None
        and other != key
        and other not in registry_names(lang)
        and _zipf(lang, lemma) >= COMMON_LEMMA
        and (not word or _not_dwarfed(lang, lemma, word))
    )


def _not_dwarfed(lang: str, lemma: str, word: str) -> bool:
    """Whether the uses of ``lemma`` other than the spelling ``word`` are about
    as frequent as ``word`` (`NAME_DOMINANCE`), in `DOMINANCE_LANGS` only: in
    Polish, Russian and Ukrainian a case form is often more frequent than the
    rest of its word (pl ziemi; ru того, тот)."""
    if lang not in DOMINANCE_LANGS:
        return True
    return _family_zipf(lang, lemma, word) >= _zipf(lang, word) - NAME_DOMINANCE


def name_share(lang: str, word: str) -> float:
    """Russian only (Ukrainian has no such counts): the share of pymorphy3's
    dictionary readings of ``word`` that are names (`NAME_SHARE`); 0.0 where
    the dictionary does not know the spelling or reads it as a form of a
    common word (`SHARE_COMMON_LEMMA`)."""
    if lang != "ru":
        return 0.0
    parses = [p for p in _analyzer("ru").parse(word) if p.is_known]
    total = sum(p.score for p in parses)
    if not parses or total <= 0:
        return 0.0
    if any(
        not set(p.tag.grammemes) & NAME_TAGS and _zipf("ru", p.normal_form) >= SHARE_COMMON_LEMMA
        for p in parses
    ):
        return 0.0
    return sum(p.score for p in parses if set(p.tag.grammemes) & SHARE_TAGS) / total


def _parses(lang: str, word: str) -> list:  # type: ignore[type-arg]
    return _analyzer(lang).parse(word) if lang in {"ru", "uk"} else []


@functools.cache
def _forms_of(lang: str) -> dict[str, tuple[str, ...]]:
    """simplemma's table turned round: lemma -> its forms."""
    forms: dict[str, list[str]] = {}
    for form, lemma in _form_table(lang).items():
        forms.setdefault(lemma.lower(), []).append(form.lower())
    return {lemma: tuple(sorted(set(f))) for lemma, f in forms.items()}


def _family_zipf(lang: str, lemma: str, word: str) -> float:
    """The frequency (zipf) of ``lemma``'s uses other than the spelling ``word``.

    ru, uk: the lemma's own (a noun's nominative). Elsewhere the lemma with
    every form that simplemma's table gives it, ``word`` left out: a verb's
    forms are used more than its infinitive (fr aime 5.5, aimer 4.7, but
    aimer, aimé, aiment together 5.2), and an adjective's feminine or plural
    is as much the word as its masculine (es suiza is the name when suizo,
    suizos, suizas together are much rarer).
    """
    if lang in {"ru", "uk"}:
        return _zipf(lang, lemma)
    import math

    total = sum(
        10 ** _zipf(lang, f)
        for f in {lemma, *_forms_of(lang).get(lemma, ())}
        if f != word and _zipf(lang, f) > 0
    )
    return math.log10(total) if total else 0.0


def _common_reading(lang: str, word: str) -> bool:
    """ru, uk: whether pymorphy3's dictionary (not its guesser) has a reading of
    ``word`` that is no name of a person, place or brand, of a word from
    `COMMON_LEMMA` (the vocative of a rare чуйка does not save the surname Чуйко),
    whose uses are not dwarfed by the spelling itself (`NAME_DOMINANCE`: a
    lemma's own spelling is always as frequent as itself)."""
    if lang not in {"ru", "uk"}:
        return False
    return any(
        p.is_known
        and not set(p.tag.grammemes) & NAME_TAGS
        and _zipf(lang, p.normal_form) >= COMMON_LEMMA
        and (p.normal_form == word or _not_dwarfed(lang, p.normal_form, word))
        for p in _analyzer(lang).parse(word)
    )


def registry_dropped(lang: str, guesses: dict[str, str], keep: Iterable[str]) -> set[str]:
    """The keys of ``guesses`` (key -> spelling) that leave the lists as names.

    ``keep``: keys that are words whatever the name lists say (answers,
    everyday words).
    """
    names = name_keys(lang)
    strong = (
        registry_names(lang)
        | own_dictionary_names(lang)
        | morphology_names(lang, own=True)
        | popular_first_names(lang)
    )
    popular = popular_first_names(lang, HOMOGRAPH_POPULAR)
    kept = set(keep) | (homographs(lang) - popular) | homographs(lang, outweigh=True)
    shared = shared_spellings()
    dropped = set()
    for key, word in guesses.items():
        if (key not in names and word not in shared) or key in kept:
            continue
        # Russian: a spelling read mostly as a name (`NAME_SHARE`) is the name.
        if name_share(lang, word) > NAME_SHARE:
            dropped.add(key)
            continue
        # A minor name (a small town, a region of Faker's lists, a first name
        # of gender-guesser's) is weaker evidence: a form of any word that the
        # form table or pymorphy3 knows keeps it (es rosas, ramos, caldas:
        # plurals of rosa, ramo, calda; tr sever, "loves").
        if (
            key not in strong
            and word not in shared
            and (
                any(_not_dwarfed(lang, lemma, word) for lemma in other_lemmas(lang, word))
                or any(
                    p.is_known
                    and not set(p.tag.grammemes) & NAME_TAGS
                    and _not_dwarfed(lang, p.normal_form, word)
                    for p in _parses(lang, word)
                )
            )
        ):
            continue
        # A form of a common word that is itself no name (radom: rada), not
        # dwarfed by the name's spelling (`NAME_DOMINANCE`).
        if any(_common_other(lang, lemma, key, word) for lemma in other_lemmas(lang, word)):
            continue
        # Russian and Ukrainian: a spelling that pymorphy3's dictionary also
        # reads as a common word (uk носик, пузир, мошки beside the surnames
        # Носик, Пузир, Мошки) is that word.
        if _common_reading(lang, word):
            continue
        dropped.add(key)
    return dropped
