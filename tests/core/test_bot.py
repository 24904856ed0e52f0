"""Bot players: legal and new guesses, levels that differ, determinism, no peeking, Korean, trees."""

from __future__ import annotations

import inspect
import random
import statistics

import pytest

from wordarena.core import bot, bot_tables, lexicon
from wordarena.core.bot import BotBrain, think_time_ms
from wordarena.core.bot_seat import BotLevel
from wordarena.core.feedback import pattern
from wordarena.core.letters import normalize
from wordarena.core.solver import Row, Solver, solver_for

#: The levels that play a shipped list from its tree, and off it compute.
TREE_LEVELS = (BotLevel.HARD, BotLevel.EXPERT)

ROWS = 6


def play(level: str, words: lexicon.WordList, answer: str, seed: int, rebuild: bool = False) -> list[Row]:
    """One grid: six rows at most, stopping on the answer, like a seat of the duel game."""
    brain = BotBrain(level, words, random.Random(seed))
    history: list[Row] = []
    while len(history) < ROWS:
        if rebuild:  # the duel game rebuilds the mind for every move from the same seed
            brain = BotBrain(level, words, random.Random(seed))
        guess = brain.next_guess(history)
        history.append((guess, pattern(answer, guess)))
        if guess == answer:
            break
    return history


def english() -> lexicon.WordList:
    return lexicon.word_list("en", 5)


def small(words: lexicon.WordList, step: int) -> lexicon.WordList:
    """A real list thinned out: no tree fits it, and the solver's exhaustive opener stays quick."""
    return lexicon.WordList(words.lang, words.length, words.answers[::step], words.guesses, words.spellings)


def answers_for(words: lexicon.WordList, count: int, seed: int = 7) -> list[str]:
    return random.Random(seed).sample(words.answers, count)


@pytest.mark.parametrize("thin", [False, True], ids=["shipped", "thinned"])
@pytest.mark.parametrize("level", list(BotLevel))
def test_every_guess_is_legal_and_new(level: BotLevel, thin: bool) -> None:
    words = small(english(), 10) if thin else english()
    for seed, answer in enumerate(answers_for(words, 15)):
        guesses = [guess for guess, _ in play(level, words, answer, seed)]
        assert all(words.is_guess(guess) for guess in guesses)
        assert len(set(guesses)) == len(guesses)


def test_medium_plays_only_words_consistent_with_its_rows() -> None:
    words = english()
    for seed, answer in enumerate(answers_for(words, 15)):
        history = play("medium", words, answer, seed)
        for n, (guess, _) in enumerate(history):
            assert guess in words.answers
            assert all(pattern(guess, earlier) == marks for earlier, marks in history[:n])


@pytest.mark.parametrize("level", TREE_LEVELS)
def test_hard_and_expert_find_every_answer_within_six(level: BotLevel) -> None:
    for words in (english(), small(english(), 10)):  # from the tree, then off any tree
        for answer in words.answers:
            assert play(level, words, answer, seed=0)[-1][0] == answer


def solve_rate(level: str, words: lexicon.WordList, answers: list[str]) -> tuple[int, int]:
    """(games solved, rows used) over ``answers``, one seed per game."""
    games = [play(level, words, answer, seed) for seed, answer in enumerate(answers)]
    return sum(g[-1][0] == a for g, a in zip(games, answers)), sum(map(len, games))


def test_easy_often_misses_and_medium_rarely_does() -> None:
    words = english()
    answers = answers_for(words, 40)
    easy, medium = solve_rate("easy", words, answers)[0], solve_rate("medium", words, answers)[0]
    assert easy <= 0.75 * len(answers)
    assert medium >= 0.85 * len(answers)
    assert easy >= 0.2 * len(answers)  # misses often, yet still a player


def test_hard_needs_fewer_rows_than_medium() -> None:
    words = small(english(), 10)
    answers = answers_for(words, 40)
    (hard_solved, hard_rows), (_, medium_rows) = (
        solve_rate("hard", words, answers),
        solve_rate("medium", words, answers),
    )
    assert hard_solved == len(answers)
    assert hard_rows < medium_rows


@pytest.mark.parametrize("thin", [False, True], ids=["shipped", "thinned"])
@pytest.mark.parametrize("level", list(BotLevel))
def test_same_seed_same_game_and_a_rebuilt_mind_plays_the_same(level: BotLevel, thin: bool) -> None:
    words = small(english(), 10) if thin else english()
    for seed, answer in enumerate(answers_for(words, 5)):
        kept = play(level, words, answer, seed)
        assert play(level, words, answer, seed) == kept
        assert play(level, words, answer, seed, rebuild=True) == kept


@pytest.mark.parametrize("level", [BotLevel.EASY, BotLevel.MEDIUM])
def test_other_seeds_other_games(level: BotLevel) -> None:
    words = english()
    answer = words.answers[100]
    games = {tuple(play(level, words, answer, seed)) for seed in range(8)}
    assert len(games) >= 6


def test_bots_are_never_given_the_answer() -> None:
    assert list(inspect.signature(BotBrain).parameters) == ["level", "words", "rng"]
    assert list(inspect.signature(BotBrain.next_guess).parameters) == ["self", "history"]


def test_think_times_are_human_and_ordered_by_level() -> None:
    rng = random.Random(11)
    ranges = {
        BotLevel.EASY: (6_000, 14_000),
        BotLevel.MEDIUM: (4_000, 10_000),
        BotLevel.HARD: (3_000, 8_000),
        BotLevel.EXPERT: (3_000, 8_000),  # thinks like hard
    }
    means = {}
    for level, (low, high) in ranges.items():
        later = [think_time_ms(rng, level, row) for row in range(1, 6) for _ in range(200)]
        first = [think_time_ms(rng, level, 0) for _ in range(200)]
        assert all(low <= t <= high for t in later)
        assert statistics.fmean(first) < statistics.fmean(later)
        assert len(set(later)) > 500  # varied, not a fixed delay
        means[level] = statistics.fmean(later)
    assert means[BotLevel.EASY] > means[BotLevel.MEDIUM] > means[BotLevel.HARD]
    assert think_time_ms(random.Random(5), "hard", 2) == think_time_ms(random.Random(5), "hard", 2)


# A handful of two-syllable words of five basic jamo (A3), so the Korean
# path is exercised even where the Korean list is not shipped.
HANGUL_WORDS = ("사람", "하늘", "가방", "학교", "친구", "시간", "사랑", "마음", "소금", "가을")
HANGUL_WORDS += ("사진", "공부", "노랑", "구름", "바람", "이름", "거울", "수박", "기름")


def test_korean_jamo_keys_work_with_every_level() -> None:
    keys = tuple(sorted(normalize("ko", word) for word in HANGUL_WORDS))
    assert {len(key) for key in keys} == {5}
    words = lexicon.WordList("ko", 5, keys, frozenset(keys), {})
    for level in BotLevel:
        for seed, answer in enumerate(keys):
            history = play(level, words, answer, seed)
            assert all(guess in words.guesses for guess, _ in history)
            if level in TREE_LEVELS:
                assert history[-1][0] == answer


def test_bots_play_the_korean_list() -> None:
    words = lexicon.word_list("ko", 5)
    thin = small(words, max(1, len(words.answers) // 150))
    cases = [("easy", words), ("medium", words), ("hard", words), ("expert", words), ("hard", thin)]
    for level, pool in cases:
        for seed, answer in enumerate(answers_for(pool, 5)):
            history = play(level, pool, answer, seed)
            assert all(pool.is_guess(guess) for guess, _ in history)
            if level in TREE_LEVELS:
                assert history[-1][0] == answer


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_shipped_lists_are_played_without_any_solver(lang: str) -> None:
    """Every level plays a Duel de Mots list without building a solver: lookups and bit sets only."""
    words = lexicon.word_list(lang, 5)
    solver_for.cache_clear()
    bot._planner.cache_clear()
    for level in BotLevel:
        for seed, answer in enumerate(answers_for(words, 10)):
            play(level, words, answer, seed)
    assert solver_for.cache_info().currsize == 0
    assert bot._planner.cache_info().currsize == 0


def test_the_hard_tree_is_the_solver_and_off_it_the_solver_decides() -> None:
    words = english()
    tree = bot_tables.tree_for(words, "hard")
    assert tree is not None
    solver = Solver(words.answers, words.guesses, opener=tree[""])
    for seed, answer in enumerate(answers_for(words, 8)):
        history = play("hard", words, answer, seed)
        for n in range(1, len(history)):
            assert history[n][0] == solver.best_guess(history[:n])
    thin = small(words, 10)
    assert bot_tables.tree_for(thin, "hard") is None
    for seed, answer in enumerate(answers_for(thin, 8)):
        history = play("hard", thin, answer, seed)
        assert [g for g, _ in history] == [
            bot.solver(thin).best_guess(history[:n]) for n in range(len(history))
        ]


def test_the_expert_needs_fewer_guesses_than_hard() -> None:
    words = english()
    rows = {
        level: sum(len(play(level, words, answer, 0)) for answer in words.answers) for level in TREE_LEVELS
    }
    assert rows[BotLevel.EXPERT] < rows[BotLevel.HARD]


def test_a_history_off_the_tree_is_answered_by_a_computation() -> None:
    """Rows a tree never leads to (as on a Tournament's shared board) still get a fitting guess."""
    words = english()
    history = [("zesty", pattern("cigar", "zesty")), ("lunch", pattern("cigar", "lunch"))]
    for level in TREE_LEVELS:
        guess = BotBrain(level, words, random.Random(1)).next_guess(history)
        assert words.is_guess(guess) and guess not in ("zesty", "lunch")
