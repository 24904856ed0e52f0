"""Bot players: legal and new guesses, levels that differ, determinism, no peeking, Korean."""

from __future__ import annotations

import inspect
import random
import statistics

import pytest

from wordarena.core import bot, lexicon
from wordarena.core.bot import BotBrain, think_time_ms
from wordarena.core.bot_seat import BotLevel
from wordarena.core.feedback import pattern
from wordarena.core.letters import normalize
from wordarena.core.solver import Row

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
    """A real list thinned out, so the hard bot's exhaustive opener stays quick."""
    return lexicon.WordList(words.lang, words.length, words.answers[::step], words.guesses, words.spellings)


def answers_for(words: lexicon.WordList, count: int, seed: int = 7) -> list[str]:
    return random.Random(seed).sample(words.answers, count)


@pytest.mark.parametrize("level", list(BotLevel))
def test_every_guess_is_legal_and_new(level: BotLevel) -> None:
    words = english() if level is not BotLevel.HARD else small(english(), 10)
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


def test_the_hard_bot_finds_every_answer_of_a_small_list_within_six() -> None:
    words = small(english(), 10)
    for answer in words.answers:
        assert play("hard", words, answer, seed=0)[-1][0] == answer


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


@pytest.mark.parametrize("level", list(BotLevel))
def test_same_seed_same_game_and_a_rebuilt_mind_plays_the_same(level: BotLevel) -> None:
    words = english() if level is not BotLevel.HARD else small(english(), 10)
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
    ranges = {BotLevel.EASY: (6_000, 14_000), BotLevel.MEDIUM: (4_000, 10_000), BotLevel.HARD: (3_000, 8_000)}
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


# A handful of two-syllable words of five basic jamo (RULES.md A3), so the Korean
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
            if level is BotLevel.HARD:
                assert history[-1][0] == answer


def test_bots_play_the_korean_list() -> None:
    words = lexicon.word_list("ko", 5)
    thin = small(words, max(1, len(words.answers) // 150))
    for level, pool in [("easy", words), ("medium", words), ("hard", thin)]:
        for seed, answer in enumerate(answers_for(pool, 5)):
            history = play(level, pool, answer, seed)
            assert all(pool.is_guess(guess) for guess, _ in history)
            if level == "hard":
                assert history[-1][0] == answer


def test_warm_up_computes_the_opener_once() -> None:
    words = small(english(), 20)
    opener = bot.warm_up(words)
    assert bot.solver(words).best_guess([]) == opener
    assert BotBrain("hard", words, random.Random(1)).next_guess([]) == opener
