"""The analysis of every guess: counts against brute force, the expert's choice, skill and luck by hand."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from wordarena.core import bot_tables, lexicon
from wordarena.core.analysis import (
    AnalysisError,
    GuessAnalysis,
    Play,
    analyse_guess,
    analyse_round,
    classes,
    expected_left,
    expert_choice,
    luck_score,
    skill_score,
    state_of,
    summarise,
    tree_states,
)
from wordarena.core.candidates import index_for
from wordarena.core.feedback import pattern
from wordarena.core.lexicon import WordList
from wordarena.core.solver import Row

# A list small enough to work out on paper: four answers that differ by their first letter,
# a word that tells all four apart, one that tells none.
TINY = WordList(
    lang="en",
    length=3,
    answers=("bat", "cat", "hat", "mat"),
    guesses=frozenset({"bat", "cat", "hat", "mat", "bch", "zzz"}),
    spellings={},
)


def played(answer: str, *words: str, player: int = 0) -> list[Play]:
    return [Play(player, word, pattern(answer, word)) for word in words]


def consistent(words: WordList, rows: Sequence[Row]) -> list[str]:
    """Brute force: the answers that would have given every row its pattern."""
    return [a for a in words.answers if all(pattern(a, guess) == marks for guess, marks in rows)]


def brute_expected(candidates: Sequence[str], guess: str) -> float:
    sizes = Counter(pattern(a, guess) for a in candidates).values()
    return sum(k * k for k in sizes) / len(candidates)


# ---------------------------------------------------------------- worked by hand


def test_a_first_row_worked_by_hand() -> None:
    # bat against the four: GGG for bat, -GG for the three others: classes of 1 and 3.
    (row,) = analyse_round(TINY, "cat", played("cat", "bat"))
    assert (row.left_before, row.left_after) == (4, 3)
    assert row.expected_after == 2.5  # (1² + 3²) / 4
    # The expert's first guess is the one splitting the most ways: bch leaves every answer alone.
    assert (row.best, row.best_source, row.best_expected) == ("bch", "opener", 1.0)
    assert row.skill == round(100 * math.log(4 / 2.5) / math.log(4 / 1), 1) == 33.9
    assert row.luck == 37.5  # nothing would have left more than 3; 3 of 4 left as many: half of 75 %


def test_the_same_guess_is_luckier_when_it_hits() -> None:
    (row,) = analyse_round(TINY, "bat", played("bat", "bat"))
    assert (row.left_after, row.expected_after, row.skill) == (1, 2.5, 33.9)
    assert row.luck == 87.5  # 3 of 4 would have left more, 1 of 4 as few: 75 + 12.5


def test_a_guess_that_splits_nothing_scores_no_skill_and_neutral_luck() -> None:
    (row,) = analyse_round(TINY, "hat", played("hat", "zzz"))
    assert (row.left_before, row.left_after, row.expected_after) == (4, 4, 4.0)
    assert (row.skill, row.luck) == (0.0, 50.0)


def test_the_expert_guess_scores_full_skill() -> None:
    (row,) = analyse_round(TINY, "mat", played("mat", "bch"))
    assert (row.word, row.best, row.skill, row.left_after) == ("bch", "bch", 100.0, 1)


def test_after_a_row_the_expert_looks_ahead_and_a_better_split_is_clamped_to_100() -> None:
    # After bat → -GG: cat, hat or mat. Guessing one of them (1/3 solved now, then 2 left)
    # and bch (all three apart, none solved) both take 2 more guesses on average: the
    # lookahead prefers the candidate, which leaves 5/3 on average; bch leaves 1.
    first, second = analyse_round(TINY, "hat", played("hat", "bat", "bch"))
    assert (second.left_before, second.left_after, second.expected_after) == (3, 1, 1.0)
    assert (second.best, second.best_source, second.best_expected) == ("cat", "lookahead", 1.667)
    assert second.skill == 100.0  # fewer left on average than the expert's own choice
    assert second.row == 1 and first.row == 0


def test_with_one_answer_left_only_the_answer_has_skill() -> None:
    rows = analyse_round(TINY, "cat", played("cat", "bat", "bch", "zzz", "cat"))
    zzz, cat = rows[2], rows[3]
    assert zzz.left_before == cat.left_before == 1
    assert (zzz.skill, zzz.best) == (0.0, "cat")
    assert (cat.skill, cat.luck, cat.expected_after) == (100.0, 50.0, 1.0)


def test_skill_and_luck_formulas_by_hand() -> None:
    assert expected_left([1, 3]) == 2.5
    assert expected_left([5]) == 5.0
    assert skill_score(1303, 141.367, 34.107, False) == 61.0
    assert skill_score(8, 8.0, 2.0, False) == 0.0
    assert skill_score(8, 2.0, 2.0, False) == 100.0
    assert skill_score(8, 1.5, 2.0, False) == 100.0
    assert skill_score(8, 4.0, 2.0, False) == 50.0  # half the expert's log-information
    assert luck_score([1, 3], 3) == 37.5
    assert luck_score([2, 2, 4], 2) == 75.0  # 4 worse, 4 as many: (4 + 2) / 8
    assert luck_score([2, 2, 4], 4) == 25.0
    with pytest.raises(ValueError):
        luck_score([1, 3], 2)
    with pytest.raises(ValueError):
        expected_left([])


# ---------------------------------------------------------------- who knew what


def test_in_duel_de_mots_a_player_knows_only_their_own_rows() -> None:
    plays = [Play(0, "bat", pattern("cat", "bat")), Play(1, "hat", pattern("cat", "hat"))]
    own = analyse_round(TINY, "cat", plays)
    assert [(a.player, a.row, a.left_before) for a in own] == [(0, 0, 4), (1, 0, 4)]
    board = analyse_round(TINY, "cat", plays, shared_board=True)
    assert [(a.player, a.row, a.left_before) for a in board] == [(0, 0, 4), (1, 1, 3)]


def test_one_guess_alone_equals_its_place_in_the_round() -> None:
    plays = played("mat", "bat", "hat", "mat")
    rows = analyse_round(TINY, "mat", plays)
    known = [(p.word, p.pattern) for p in plays[:2]]
    assert analyse_guess(TINY, "mat", known, plays[2]) == rows[2]


def test_rows_the_answer_cannot_have_given_are_refused() -> None:
    with pytest.raises(AnalysisError):
        analyse_round(TINY, "cat", [Play(0, "bat", "GGG")])
    with pytest.raises(AnalysisError):
        analyse_round(TINY, "cat", [Play(0, "bats", "-GG-")])
    with pytest.raises(AnalysisError):
        analyse_round(TINY, "zzz", [])  # not an answer of the list
    with pytest.raises(AnalysisError):
        analyse_guess(TINY, "cat", [("bat", "GGG")], Play(0, "hat", "-GG"))


def test_summaries_per_player() -> None:
    rows = analyse_round(TINY, "cat", played("cat", "zzz", "bch", "cat") + played("cat", "bat", player=1))
    zero, one, absent = summarise(rows, players=(0, 1, 2))
    assert (zero.player, zero.guesses, zero.best_played) == (0, 3, 2)  # bch, then cat
    assert zero.skill == round((0.0 + 100.0 + 100.0) / 3, 1)
    assert zero.luck == round(sum(a.luck for a in rows if a.player == 0) / 3, 1)
    assert (one.guesses, one.skill) == (1, 33.9)
    assert (absent.guesses, absent.skill, absent.luck) == (0, 0.0, 50.0)
    assert zero.to_json()["skill"] == zero.skill


def test_json_spells_words_as_players_read_them() -> None:
    words = lexicon.word_list("ko", 5)
    answer = words.answers[100]
    (row,) = analyse_round(words, answer, played(answer, answer))
    document = row.to_json(words)
    assert document["best"] == words.spelling(row.best)
    assert set(document) == {
        "left_before",
        "left_after",
        "expected_after",
        "best",
        "best_expected",
        "skill",
        "luck",
    }


# ---------------------------------------------------------------- the real lists


@pytest.mark.parametrize("lang", ["en", "ko", "tr"])
def test_a_first_row_of_a_duel_list_against_brute_force(lang: str) -> None:
    words = lexicon.word_list(lang, 5)
    answer, guess = words.answers[len(words.answers) // 3], words.answers[7]
    (row,) = analyse_round(words, answer, played(answer, guess))
    tree = bot_tables.tree_for(words, "expert")
    assert tree is not None
    assert row.left_before == len(words.answers)
    assert row.left_after == len(consistent(words, [(guess, pattern(answer, guess))]))
    assert row.expected_after == round(brute_expected(words.answers, guess), 3)
    assert (row.best, row.best_source) == (tree[""], "tree")
    assert row.best_expected == round(brute_expected(words.answers, tree[""]), 3)


def test_korean_is_counted_in_jamo() -> None:
    words = lexicon.word_list("ko", 5)
    answer = next(a for a in words.answers if words.spelling(a) == "사람")
    assert answer == "ㅅㅏㄹㅏㅁ"
    guess = next(a for a in words.answers if a != answer and a[0] == "ㅅ")
    (row,) = analyse_round(words, answer, played(answer, guess))
    rows = [(guess, pattern(answer, guess))]
    assert len(pattern(answer, guess)) == 5
    assert row.left_after == len(consistent(words, rows))


def test_a_tree_state_reached_by_other_rows_gets_the_tree_guess() -> None:
    words = lexicon.word_list("en", 5)
    tree = bot_tables.tree_for(words, "expert")
    assert tree is not None
    states = tree_states(words)
    index = index_for(words.answers)
    # Every path of the tree: its state's guess is the tree's (one state per node).
    for path in list(tree)[:200]:
        history: list[Row] = []
        prefix = ""
        while len(prefix) < len(path):
            marks = path[len(prefix) : len(prefix) + 5]
            history.append((tree[prefix], marks))
            prefix += marks
        state = index.mask(history)
        assert states[state] == tree[path]
        assert expert_choice(words, state) == (tree[path], "tree")
    # The same answers left by rows in another order: off the tree's paths, still its guess.
    path = next(p for p in tree if len(p) == 10 and tree[p] not in (tree[""], tree[p[:5]]))
    rows = [(tree[""], path[:5]), (tree[path[:5]], path[5:])]
    swapped = rows[::-1]
    assert bot_tables.lookup(tree, swapped) is None
    assert expert_choice(words, index.mask(swapped)) == (tree[path], "tree")


@pytest.mark.parametrize(("lang", "length"), lexicon.available())
def test_every_list_can_be_analysed(lang: str, length: int) -> None:
    """A second row on every list (the first row's expert choice is the opener search, tested apart)."""
    words = lexicon.word_list(lang, length)
    answer = words.answers[len(words.answers) // 2]
    first, second = words.answers[0], words.answers[-1]
    known = [(first, pattern(answer, first))]
    row = analyse_guess(words, answer, known, Play(1, second, pattern(answer, second)))
    candidates = consistent(words, known)
    assert row.left_before == len(candidates)
    assert row.left_after == len(consistent(words, [*known, (second, pattern(answer, second))]))
    assert row.expected_after == round(brute_expected(candidates, second), 3)
    assert row.best_expected == round(brute_expected(candidates, row.best), 3)
    assert row.best in words.guesses
    assert 0 <= row.skill <= 100 and 0 <= row.luck <= 100


def test_a_tournament_list_opens_with_the_expert_bots_opener() -> None:
    from wordarena.core import bot

    words = lexicon.word_list("de", 4)
    answer = words.answers[3]
    (row,) = analyse_round(words, answer, played(answer, words.answers[40]), shared_board=True)
    assert (row.best, row.best_source) == (bot.solver(words).opener(), "opener")
    # The expert bot's own first move on that list is the same word.
    import random

    brain = bot.BotBrain("expert", words, random.Random(1))
    assert brain.next_guess([]) == row.best


def test_the_analysis_is_deterministic() -> None:
    words = lexicon.word_list("fr", 5)
    answer = words.answers[500]
    plays = played(answer, words.answers[1], words.answers[2]) + played(answer, words.answers[3], player=1)
    assert analyse_round(words, answer, plays) == analyse_round(words, answer, plays)


# ---------------------------------------------------------------- properties

DE4 = lexicon.word_list("de", 4)
DE4_GUESSES = sorted(DE4.guesses)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answer=st.integers(0, len(DE4.answers) - 1),
    picks=st.lists(st.tuples(st.integers(0, 1), st.integers(0, len(DE4_GUESSES) - 1)), max_size=8),
    shared=st.booleans(),
)
def test_counts_hold_for_any_rows(answer: int, picks: list[tuple[int, int]], shared: bool) -> None:
    key = DE4.answers[answer]
    plays = [Play(player, DE4_GUESSES[g], pattern(key, DE4_GUESSES[g])) for player, g in picks]
    rows = analyse_round(DE4, key, plays, shared_board=shared)
    knowledge: dict[int, list[Row]] = {}
    for play, row in zip(plays, rows, strict=True):
        known = knowledge.setdefault(0 if shared else play.player, [])
        assert row.left_before == len(consistent(DE4, known))
        known.append((play.word, play.pattern))
        left = consistent(DE4, known)
        assert key in left  # the answer always stays consistent
        assert 1 <= row.left_after == len(left) <= row.left_before
        assert 1 <= row.expected_after <= row.left_before
        assert 1 <= row.best_expected <= row.left_before
        assert 0 <= row.skill <= 100 and 0 <= row.luck <= 100
        assert row.best in DE4.guesses


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=st.integers(0, len(DE4.answers) - 1), shared=st.booleans())
def test_playing_the_experts_choice_always_scores_100(answer: int, shared: bool) -> None:
    key = DE4.answers[answer]
    plays: list[Play] = []
    rows: Sequence[GuessAnalysis] = ()
    while not plays or plays[-1].word != key:
        known = [(p.word, p.pattern) for p in plays]
        best, _ = expert_choice(DE4, state_of(DE4, known))
        plays.append(Play(len(plays) % 2 if shared else 0, best, pattern(key, best)))
        rows = analyse_round(DE4, key, plays, shared_board=shared)
        assert len(plays) <= 12
    assert all(row.word == row.best and row.skill == 100.0 for row in rows)


@given(
    n=st.integers(2, 5000),
    points=st.lists(st.floats(0, 1), min_size=3, max_size=3),
)
def test_skill_is_monotone_from_the_best_to_no_split(n: int, points: list[float]) -> None:
    best, a, b = sorted(1 + p * (n - 1) for p in points)
    assume(best < n)
    assert skill_score(n, best, best, False) == 100.0
    assert skill_score(n, a, best, False) >= skill_score(n, b, best, False)
    assert skill_score(n, float(n), best, False) == 0.0


@given(st.lists(st.integers(1, 50), min_size=1, max_size=20), st.data())
def test_luck_is_a_percentile(sizes: list[int], data: st.DataObject) -> None:
    a, b = sorted(data.draw(st.sampled_from(sizes)) for _ in range(2))
    assert 0 < luck_score(sizes, a) <= 100
    assert luck_score(sizes, a) >= luck_score(sizes, b)  # fewer left: luckier
    assert luck_score([sum(sizes)], sum(sizes)) == 50.0


def test_classes_split_as_the_patterns_do() -> None:
    words = lexicon.word_list("uz", 5)  # Uzbek digraphs are one letter each
    index = index_for(words.answers)
    guess = next(w for w in words.answers if "\ue002" in w)
    found = classes(index, guess, index.everything)
    by_pattern = Counter(pattern(a, guess) for a in words.answers)
    assert sorted(c.bit_count() for c in found) == sorted(by_pattern.values())
