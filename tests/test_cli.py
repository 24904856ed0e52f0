"""The command line, run as users and scripts run it (a real subprocess)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from testkit.processes import free_port
from wordarena.core import lexicon


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wordarena", *args], input=stdin, capture_output=True, text=True, check=False
    )


def test_feedback_prints_one_mark_per_letter() -> None:
    result = run("feedback", "--lang", "fr", "ABÎME", "ALIBI")
    assert (result.returncode, result.stdout, result.stderr) == (0, "G-GY-\n", "")


def test_feedback_does_not_need_list_words() -> None:
    assert run("feedback", "--lang", "en", "zzzzq", "qzzzz").stdout == "YGGGY\n"


def test_feedback_batch() -> None:
    result = run("feedback", "--lang", "tr", "--batch", stdin="KIZIL\tİNCİR\nkızıl\tkızıl\n사람\t사람\n")
    assert result.returncode == 2  # a Korean word is not Turkish
    assert "line 3" in result.stderr
    result = run("feedback", "--lang", "tr", "--batch", stdin="İNCİR\tKİBİR\nKIZIL\tİNCİR\nkızıl\tKIZIL\n")
    assert (result.returncode, result.stdout) == (0, "-Y-GG\n-----\nGGGGG\n")


def test_letters() -> None:
    assert run("letters", "--lang", "ko", "사람").stdout == "ㅅ ㅏ ㄹ ㅏ ㅁ\n"
    assert run("letters", "--lang", "uz", "Oʻzbek").stdout == "oʻ z b e k\n"
    assert run("letters", "--lang", "nl", "IJzer").stdout == "ij z e r\n"


def test_words_prints_the_list_in_true_spelling() -> None:
    result = run("words", "--lang", "fr", "--length", "5", "--list", "answers")
    words = lexicon.word_list("fr", 5)
    assert result.stdout.splitlines() == [words.spelling(k) for k in words.answers]
    guesses = run("words", "--lang", "en", "--length", "5", "--list", "guesses").stdout.splitlines()
    assert len(guesses) == len(lexicon.word_list("en", 5).guesses)


def test_words_stats_lists_every_list() -> None:
    lines = run("words", "--stats").stdout.splitlines()
    assert len(lines) == 1 + len(lexicon.available())


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("feedback", "--lang", "xx", "a", "b"), "", "unknown language 'xx'"),
        (("feedback", "--lang", "en", "crane", "cran"), "", "has 5 letters but guess 'cran' has 4"),
        (("feedback", "--lang", "en", "crane", "cr4ne"), "", "'4'"),
        (("feedback", "--lang", "en", "", "crane"), "", "empty word"),
        (("feedback", "--lang", "en"), "", "needs ANSWER and GUESS"),
        (("feedback", "--lang", "en", "--batch"), "crane crane\n", "line 1: expected ANSWER<TAB>GUESS"),
        (("letters", "--lang", "ru", "crane"), "", "is not a letter of"),
        (("words", "--lang", "en", "--length", "9"), "", "no 9-letter word list for en"),
        (("words",), "", "needs --lang and --length"),
        (("nonsense",), "", "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...], stdin: str, message: str) -> None:
    result = run(*args, stdin=stdin)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_openers_guide() -> None:
    lines = run("openers", "--lang", "en", "--length", "5", "--top", "3").stdout.splitlines()
    assert len(lines) == 4
    left = [float(line.split()[1]) for line in lines[1:]]
    assert left == sorted(left) and left[0] < 100  # the fewest answers left first
    assert all(int(line.split()[2]) > 100 for line in lines[1:])  # and their colour patterns
    assert run("openers", "--lang", "en", "--length", "9").returncode == 2


@pytest.mark.parametrize(
    "url",
    ["not-a-url", "nosuchdb://x/y", "postgresql+psycopg://nobody@127.0.0.1:1/none?connect_timeout=2"],
)
def test_serve_with_a_database_it_cannot_use_is_one_line_and_status_2(url: str, tmp_path: Path) -> None:
    result = run("serve", "--database-url", url, "--data-dir", str(tmp_path), "--port", "0")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("wordarena: ")
    assert "Traceback" not in result.stderr


def test_serve_stops_cleanly_on_sigterm_right_after_start(tmp_path: Path) -> None:
    """SIGTERM as soon as the server answers: it exits with status 0, the bots' warm-up never holds it."""
    port = free_port()
    command = [sys.executable, "-m", "wordarena", "serve", "--port", str(port), "--data-dir", str(tmp_path)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                    break
            except OSError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                time.sleep(0.05)  # polling a child process that has no other way to say it is ready
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=30) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
