import { test } from "node:test";
import assert from "node:assert/strict";
import { finishedViewFromGame, lettersOf } from "../../src/wordarena/web/duel-result.js";
import { ALPHABETS } from "./alphabets.mjs";
import "./constants.mjs"; // the folds, from the server

test("a stored game becomes a finished view for a spectator", () => {
  const game = {
    lang: "fr",
    draw: false,
    end_reason: "finished",
    seats: [{ seat: 0, name: "Ada", total: 50, winner: false }, { seat: 1, name: "Hana (bot)", total: 75, winner: true }],
    rounds: [{ answer: "abîme", ended_by: "closing", seats: [{ seat: 0, guesses: [{ word: "alibi", pattern: "G-GY-" }], points: 0, solve_rank: null }, { seat: 1, guesses: [{ word: "abîme", pattern: "GGGGG" }], points: 75, solve_rank: 1 }] }],
  };
  const view = finishedViewFromGame("room1", game, ALPHABETS.fr);
  assert.equal(view.phase, "finished");
  assert.equal(view.you, null);
  assert.deepEqual(view.standings.order.map((o) => o.seat), [1, 0]);
  assert.deepEqual(view.standings.winners, [1]);
  assert.deepEqual(view.standings.rounds[0].seats[1].rows[0].letters, ["a", "b", "i", "m", "e"]);
  assert.equal(view.seats[1].bot, "bot");
});

test("stored words back into tiles: accents folded, Dutch ij, Korean jamo", () => {
  assert.deepEqual(lettersOf("Abîme", "fr", ALPHABETS.fr), ["a", "b", "i", "m", "e"]);
  assert.deepEqual(lettersOf("ijzer", "nl", ALPHABETS.nl), ["ij", "z", "e", "r"]);
  assert.deepEqual(lettersOf("사람", "ko", ALPHABETS.ko), [..."ㅅㅏㄹㅏㅁ"]);
});
