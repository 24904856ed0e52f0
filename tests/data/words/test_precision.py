"""Guess precision: judged random samples of every list stay within bounds.

``precision/<lang>.txt`` holds, per list, 30 guesses drawn by
``python -m tools.lexicon.sample LANG --per-list`` (seed 2027) and read one by
one: ``!word`` is a non-word (a fragment, a foreign word, an abbreviation, a
name), ``?word`` a form the reader could not attest, a bare word a real word,
``-word`` a real word that a filter refuses on purpose (recorded with the
reason, and checked to stay refused: remove the mark when it comes back).
The samples are kept as they were judged: a rebuild does not redraw them.

* at most 10 % of a list's sample may be non-words that are still guesses;
* a word judged real must still be a guess (a filter that drops it loses a word).

``python -m tests.data.words.test_precision`` prints the rates per list.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from wordarena.core import lexicon
from wordarena.core.letters import normalize

SAMPLES = Path(__file__).parent / "precision"
LISTS = [(lang, n) for lang, n in lexicon.available() if (SAMPLES / f"{lang}.txt").exists()]


def read(lang: str) -> dict[int, list[tuple[str, str]]]:
    """length -> [(mark, word)] with mark "!", "?", "-" or ""."""
    lists: dict[int, list[tuple[str, str]]] = {}
    length = 0
    for raw in (SAMPLES / f"{lang}.txt").read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            length = int(line.strip("[]"))
            lists[length] = []
        elif line[0] in "!?-":
            lists[length].append((line[0], line[1:]))
        else:
            lists[length].append(("", line))
    return lists


def is_guess(lang: str, length: int, word: str) -> bool:
    return lexicon.word_list(lang, length).is_guess(normalize(lang, word))


def test_every_list_has_a_sample() -> None:
    assert {lang for lang, _ in lexicon.available()} == {p.stem for p in SAMPLES.glob("*.txt")}
    for lang, n in lexicon.available():
        assert len(read(lang).get(n, [])) >= 30, (lang, n)


@pytest.mark.parametrize(("lang", "length"), LISTS)
def test_precision(lang: str, length: int) -> None:
    sample = read(lang)[length]
    junk = [w for mark, w in sample if mark == "!" and is_guess(lang, length, w)]
    assert len(junk) <= 0.10 * len(sample), f"{lang} {length}: non-words accepted: {junk}"
    lost = [w for mark, w in sample if mark == "" and not is_guess(lang, length, w)]
    assert not lost, f"{lang} {length}: judged words no longer guesses: {lost}"
    back = [w for mark, w in sample if mark == "-" and is_guess(lang, length, w)]
    assert not back, f"{lang} {length}: words marked refused are guesses again (remove the mark): {back}"


def rates() -> list[str]:
    lines = ["lang len  non-words  doubtful  (of the judged sample)"]
    for lang, n in LISTS:
        sample = read(lang)[n]
        bad = sum(1 for mark, w in sample if mark == "!" and is_guess(lang, n, w))
        doubt = sum(1 for mark, w in sample if mark == "?" and is_guess(lang, n, w))
        lines.append(
            f"{lang:4} {n:3}  {bad:2}/{len(sample)} {100 * bad / len(sample):4.1f}%"
            f"  {doubt:2}/{len(sample)} {100 * doubt / len(sample):4.1f}%"
        )
    return lines


if __name__ == "__main__":
    print("\n".join(rates()))
