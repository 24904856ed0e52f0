"""``wordarena words --diff OLD_DIR``: per-list counts before and after, and the changed words."""

from __future__ import annotations

import gzip
from pathlib import Path

from tests.test_cli import run
from wordarena import words_diff
from wordarena.core import lexicon


def _write(folder: Path, answers: list[str], guesses: list[str]) -> None:
    folder.mkdir(parents=True)
    (folder / "answers.txt").write_text("".join(w + "\n" for w in answers), encoding="utf-8")
    (folder / "guesses.txt.gz").write_bytes(gzip.compress("".join(w + "\n" for w in guesses).encode()))


def test_diff_counts_added_and_removed_words(tmp_path: Path) -> None:
    now = lexicon.word_list("fr", 5)
    kept = list(now.answers[:10])
    _write(tmp_path / "fr" / "5", [*kept, "zzzzz"], [*kept, "zzzzz", "yyyyy"])
    (result,) = words_diff.diff(tmp_path, "fr", 5)
    assert result.old_answers == {*kept, "zzzzz"}
    assert result.new_answers - result.old_answers == set(now.answers) - set(kept)
    assert result.old_guesses - result.new_guesses == {"zzzzz", "yyyyy"}
    assert "-zzzzz" in result.words()


def test_a_list_missing_before_counts_from_zero(tmp_path: Path) -> None:
    diffs = {(d.lang, d.length): d for d in words_diff.diff(tmp_path)}
    assert set(diffs) == set(lexicon.available())
    assert not diffs["en", 5].old_answers and diffs["en", 5].new_answers


def test_cli_prints_one_row_per_list_and_words_for_one_language(tmp_path: Path) -> None:
    now = lexicon.word_list("es", 4)
    _write(tmp_path / "es" / "4", ["zzzz"], ["zzzz"])
    lines = run("words", "--diff", str(tmp_path), "--lang", "es").stdout.splitlines()
    assert lines[0].startswith("lang")
    assert lines[1].split()[:5] == ["es", "4", "1", "->", str(len(now.answers))]
    assert "-zzzz" in lines
    assert run("words", "--diff", str(tmp_path / "nope")).returncode == 2
