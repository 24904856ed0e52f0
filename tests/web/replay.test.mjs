// The replay page's steps: what a finished game's document shows at each step.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  analysisFigures,
  delayAfter,
  expectedText,
  luckWord,
  MIN_GAP_MS,
  ROUND_PAUSE_MS,
  roundStarts,
  scoreText,
  shownAt,
  summaries,
  tileStates,
  timeText,
  timeline,
} from "../../src/wordarena/web/replay-steps.js";

const analysis = (skill, luck, best = "crane") => ({ left_before: 100, left_after: 4, expected_after: 6.25, best, best_expected: 5.5, skill, luck });
const guess = (player, word, pattern, at_ms, row, extra = {}) => ({ player, word, pattern, at_ms, row, letters: [...word.toUpperCase()], ...extra });

const duel = {
  id: "abc",
  mode: "duel",
  lang: "en",
  length: 5,
  players: [
    { seat: 0, name: "Ann", bot: null, left: false },
    { seat: 1, name: "Bot", bot: "hard", left: false },
  ],
  rounds: [
    {
      number: 1,
      answer: "crane",
      answer_letters: [..."CRANE"],
      ended_by: "closing",
      duration_ms: 30_000,
      first_solve_ms: 9_000,
      guesses: [
        guess(0, "pilot", "-----", 4_000, 0, { analysis: analysis(40, 70) }),
        guess(1, "crate", "GGG-G", 5_000, 0, { analysis: analysis(100, 30) }),
        guess(0, "crane", "GGGGG", 9_000, 1, { analysis: analysis(100, 50) }),
        guess(1, "crane", "GGGGG", 9_000, 1, { analysis: analysis(100, 50) }),
      ],
      results: [
        { player: 0, guesses: 2, solved: true, solve_rank: 1, points: 70 },
        { player: 1, guesses: 2, solved: true, solve_rank: 2, points: 60 },
      ],
    },
    {
      number: 2,
      answer: "moist",
      answer_letters: [..."MOIST"],
      ended_by: "clock",
      duration_ms: 90_000,
      first_solve_ms: null,
      guesses: [guess(1, "pilot", "--Y-Y", 2_000, 0)],
      results: [
        { player: 0, guesses: 0, solved: false, solve_rank: null, points: 0 },
        { player: 1, guesses: 1, solved: false, solve_rank: null, points: 5 },
      ],
    },
  ],
  totals: [70, 65],
  places: [1, 2],
  winners: [0],
  draw: false,
  summary: [
    { player: 0, guesses: 2, skill: 70.4, luck: 60, best_played: 1 },
    { player: 1, guesses: 3, skill: 99.6, luck: 40, best_played: 2 },
  ],
};

test("a duel's steps: each round's start, every guess in order, its end", () => {
  const steps = timeline(duel);
  assert.deepEqual(
    steps.map((s) => `${s.round}:${s.kind}`),
    ["0:start", "0:guess", "0:guess", "0:guess", "0:guess", "0:end", "1:start", "1:guess", "1:end"],
  );
  assert.deepEqual(roundStarts(steps), [0, 6]);
  assert.equal(steps[5].at_ms, 30_000); // the round's end is its real end, not its last guess
});

test("an autoplay waits the real time between guesses, faster at x2 and x4", () => {
  const steps = timeline(duel);
  assert.equal(delayAfter(steps, 0), 4_000); // the round's start to the first guess
  assert.equal(delayAfter(steps, 1), 1_000);
  assert.equal(delayAfter(steps, 1, 2), 500);
  assert.equal(delayAfter(steps, 1, 4), 250);
  assert.equal(delayAfter(steps, 3), MIN_GAP_MS); // the same millisecond: still a moment each
  assert.equal(delayAfter(steps, 5), ROUND_PAUSE_MS); // from one round's end to the next's start
  assert.equal(delayAfter(steps, steps.length - 1), null);
});

test("at each step every grid holds its own rows so far, the answer and points at the end", () => {
  const steps = timeline(duel);
  const start = shownAt(duel, steps, 0);
  assert.deepEqual(start.grids.map((g) => g.rows.length), [0, 0]);
  assert.equal(start.answer, null);
  const second = shownAt(duel, steps, 2);
  assert.deepEqual(second.grids.map((g) => g.rows.map((r) => r.word)), [["pilot"], ["crate"]]);
  assert.equal(second.current.word, "crate");
  assert.deepEqual(second.grids.map((g) => g.latest), [false, true]);
  assert.deepEqual(second.grids.map((g) => g.points), [null, null]);
  const solved = shownAt(duel, steps, 3);
  assert.equal(solved.grids[0].solved, true);
  assert.equal(solved.grids[0].solved_ms, 9_000);
  assert.equal(solved.grids[0].solve_rank, 1);
  assert.equal(solved.grids[1].solved, false);
  assert.equal(solved.closing_from_ms, 9_000); // someone found it: the closing runs
  const end = shownAt(duel, steps, 5);
  assert.equal(end.answer.word, "crane");
  assert.equal(end.ended_by, "closing");
  assert.deepEqual(end.grids.map((g) => [g.points, g.total]), [[70, 70], [60, 60]]);
  assert.equal(end.final, null);
  const next = shownAt(duel, steps, 6);
  assert.equal(next.number, 2);
  assert.deepEqual(next.grids.map((g) => [g.rows.length, g.total]), [[0, 70], [0, 60]]);
  const last = shownAt(duel, steps, 99); // clamped to the last step
  assert.deepEqual(last.grids.map((g) => g.total), [70, 65]);
  assert.deepEqual(last.final.winners, [0]);
});

const tournament = {
  id: "t1",
  mode: "tournament_duel",
  lang: "en",
  length: 4,
  players: [
    { seat: 0, name: "Ann", bot: null },
    { seat: 1, name: "Bo", bot: null },
  ],
  first: 1,
  answer: "kite",
  answer_letters: [..."KITE"],
  guesses: [guess(1, "bake", "--YG", 3_000, 0), guess(1, "kite", "GGGG", 70_000, 2)],
  passes: [{ player: 0, row: 1, at_ms: 33_000 }],
  outcome: { winner: 1, draw: false, forfeited_by: null, duration_ms: 70_000 },
};

test("a tournament duel's shared board: rows in turn order, a turn run out among them", () => {
  const steps = timeline(tournament);
  assert.deepEqual(steps.map((s) => s.kind), ["start", "guess", "pass", "guess", "end"]);
  const passed = shownAt(tournament, steps, 2);
  assert.deepEqual(passed.rows.map((r) => [r.player, r.passed]), [[1, false], [0, true]]);
  assert.equal(passed.passed.player, 0);
  assert.equal(passed.answer, null);
  const end = shownAt(tournament, steps, 4);
  assert.equal(end.rows.length, 3);
  assert.equal(end.answer.word, "kite");
  assert.equal(end.outcome.winner, 1);
  assert.equal(delayAfter(steps, 1), 30_000);
});

test("formats of times, scores and the analysis", () => {
  assert.equal(timeText(7_240), "0:07.2");
  assert.equal(timeText(75_000), "1:15.0");
  assert.equal(scoreText(99.6), "100");
  assert.equal(scoreText(null), "–");
  assert.equal(expectedText(6.25), "6.3");
  assert.equal(expectedText(141.2), "141");
  assert.deepEqual([luckWord(87.5), luckWord(37.5), luckWord(50)], ["lucky", "unlucky", "even"]);
  assert.deepEqual(tileStates("GY-"), ["correct", "present", "absent"]);
  const figures = analysisFigures(duel.rounds[0].guesses[1]);
  assert.equal(figures.played_best, false);
  assert.deepEqual([figures.before, figures.after, figures.skill, figures.luck, figures.best], [100, 4, "100", "30", "crane"]);
  assert.equal(analysisFigures(duel.rounds[1].guesses[0]), null); // not analysed (yet)
  assert.equal(analysisFigures(duel.rounds[0].guesses[2]).played_best, true);
});

test("per player the summary in seat order, none before the analysis", () => {
  assert.deepEqual(
    summaries(duel).map((s) => [s.name, s.skill, s.luck, s.best_played]),
    [["Ann", "70", "60", 1], ["Bot", "100", "40", 2]],
  );
  assert.deepEqual(summaries({ ...duel, summary: undefined }), []);
});
