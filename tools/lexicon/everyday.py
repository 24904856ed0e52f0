"""Everyday vocabulary: reviewed lists of the concrete words of a home, per language.

Answers are cut by wordfreq's counts, which come mostly from the web and the
news: they underrate the words of a kitchen, a wardrobe, a garden or a
nursery (spoon, sock, cucumber, to swim). ``everyday/<lang>.txt`` lists those
words in the language's own base forms (several a line, ``#`` comments), by domain (food, kitchen, clothes,
animals, body, house, school, garden, weather, family, actions, colours...),
written by hand and read word by word. `write_lists` makes each of them an
answer when the pipeline confirms it:

* its key has the length of the list being written;
* it is already a guess of that list (so a dictionary of the language holds
  it, in that spelling or one that folds to the same key), or, where the
  dictionaries are thin (kk and uz have no banana, no scissors, no shoes), the
  word list of Tesseract's model for the language (`tessdata.py`: forms met in
  web text) holds it: a second, independent source; the word then joins the
  guesses too;
* the language's deny list does not refuse it (the deny list was read word by
  word too; a conflict is printed by ``--check`` so that one of the two lists
  is corrected).

Whether each word is a base form is checked by ``--check`` with simplemma
(where simplemma knows the language): a word it lemmatises to another word is
printed for a second look (simplemma takes some nouns for forms: nl fiets).

    PYTHONPATH=src:. python -m tools.lexicon.everyday --check LANG...   # report only
    PYTHONPATH=src:. python -m tools.lexicon.everyday LANG...           # rewrite the committed lists
    PYTHONPATH=src:. python -m tools.lexicon.everyday --base OLD LANG   # the same, from older lists

The second form rewrites the committed lists through `common.write_lists`
(the same step a full build ends with), so the result is the one a rebuild
gives.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

from tools.lexicon.common import DATA, WordLists, deny_list, key_of, write_lists

FOLDER = Path(__file__).resolve().parent / "everyday"


def everyday_words(lang: str) -> dict[str, str]:
    """Key -> spelling of the words of ``everyday/<lang>.txt`` (first spelling wins)."""
    words: dict[str, str] = {}
    path = FOLDER / f"{lang}.txt"
    if not path.exists():
        return words
    for line in path.read_text(encoding="utf-8").splitlines():
        for word in line.split("#", 1)[0].split():  # several words a line, by domain
            key = key_of(lang, word)
            if key is not None and key not in words:
                words[key] = word
    return words


def attested(lang: str, key: str) -> bool:
    """Whether Tesseract's web word list of ``lang`` holds ``key`` (False without one)."""
    from tools.lexicon import tessdata

    return lang in tessdata.CODES and key in tessdata.web_words(lang)


def committed(lang: str, length: int, base: Path = DATA) -> WordLists:
    folder = base / lang / str(length)
    answers = (folder / "answers.txt").read_text(encoding="utf-8").split()
    guesses = gzip.decompress((folder / "guesses.txt.gz").read_bytes()).decode("utf-8").split()
    return WordLists(answers=answers, guesses=guesses)


def lengths(lang: str) -> list[int]:
    return sorted(int(p.name) for p in (DATA / lang).iterdir() if p.is_dir() and p.name.isdigit())


def check(lang: str) -> list[str]:
    """Report lines: words of the everyday list the pipeline does not take, and why."""
    words = everyday_words(lang)
    denied = deny_list(lang)
    lines = []
    sizes = lengths(lang)
    guesses = {n: {key_of(lang, w) for w in committed(lang, n).guesses} for n in sizes}
    lemma = _lemmatizer(lang)
    taken = 0
    for key, word in words.items():
        if len(key) not in guesses:
            continue
        if key not in guesses[len(key)]:
            if key in denied or not attested(lang, key):
                lines.append(f"{lang} not a guess: {word}")
                continue
            taken += 1
            lines.append(f"{lang} not a guess, attested in web text (added): {word}")
        elif key in denied:
            lines.append(f"{lang} denied: {word}")
        else:
            taken += 1
            if lemma is not None and not _own_lemma(lang, word, key, lemma):
                lines.append(f"{lang} simplemma lemma {lemma(word)!r}: {word}")
    lines.append(f"{lang}: {taken} of {len(words)} everyday words are answers of lengths {sizes}")
    return lines


def _own_lemma(lang: str, word: str, key: str, lemma) -> bool:  # type: ignore[no-untyped-def]
    """Whether simplemma takes ``word`` for a base form (German nouns: capitalised too)."""
    tries = [word, word.capitalize()] if lang == "de" else [word]
    return any(key_of(lang, lemma(w).lower()) == key for w in tries)


def _lemmatizer(lang: str):  # type: ignore[no-untyped-def]
    try:
        import simplemma
    except ImportError:
        return None
    if lang not in {"en", "de", "fr", "es", "it", "nl", "pl", "pt", "ru", "uk", "tr", "id"}:
        return None
    return lambda word: simplemma.lemmatize(word, lang=lang)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--check", action="store_true", help="only report")
    parser.add_argument(
        "--base",
        type=Path,
        default=DATA,
        help="read the lists from this copy of the words folder (the build's output before"
        " an everyday list lost words: the committed lists already hold them)",
    )
    args = parser.parse_args(argv)
    for lang in args.langs:
        if args.check:
            print("\n".join(check(lang)))
            continue
        for length in lengths(lang):
            answers, guesses = write_lists(lang, length, committed(lang, length, args.base))
            print(f"{lang} {length}: {answers} answers, {guesses} guesses", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
