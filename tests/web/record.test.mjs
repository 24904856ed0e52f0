import { test } from "node:test";
import assert from "node:assert/strict";
import { recordRated, reviewRounds, storedView } from "../../src/wordarena/web/tournament-record.js";
import { lettersOf } from "../../src/wordarena/web/duel-result.js";
import { ALPHABETS } from "./alphabets.mjs";
import "./constants.mjs"; // the folds, from the server

// The shape of GET /api/tournaments/{code} (core/tournament/record.py), cut down to two rounds.
const record = {
  mode: "tournament",
  lang: "fr",
  players: [
    { id: "p1", name: "Ada", bot: false, rating_before: 1000, rating_after: 1025, place: 1 },
    { id: "p2", name: "Hana (bot)", bot: true, rating_before: 1000, rating_after: 1000, place: 2 },
    { id: "p3", name: "Bob", bot: false, rating_before: 1010, rating_after: 985, place: 3 },
  ],
  rounds: [
    {
      number: 1,
      bye: "p3",
      duels: [
        {
          players: ["p1", "p2"],
          first: "p1",
          length: 5,
          answer: "abîme",
          turns: [
            { player: "p1", word: "alibi", pattern: "G-GY-", at_ms: 4000 },
            { player: "p2", word: null, pattern: null, at_ms: 30000 },
            { player: "p1", word: "abîme", pattern: "GGGGG", at_ms: 41000 },
          ],
          winner: "p1",
          draw: false,
        },
      ],
      lives_after: { p1: 3, p2: 2, p3: 3 },
      eliminated: [],
    },
    { number: 2, bye: null, duels: [], lives_after: { p1: 3, p2: 0, p3: 0 }, eliminated: ["p2", "p3"] },
  ],
  winners: ["p1"],
};

test("a stored tournament is the final standings of one of its players", () => {
  const view = storedView("T1", record, "p3");
  assert.equal(view.phase, "finished");
  assert.equal(view.you, "p3");
  assert.equal(view.rated, true); // ratings moved
  assert.deepEqual(view.result, { place: 3, rating_before: 1010, rating_after: 985, rating_change: -25, eliminated_in: null });
  assert.deepEqual(view.players.map((p) => [p.id, p.place, p.rating, p.rating_after, p.lives]), [
    ["p1", 1, 1000, 1025, 3],
    ["p2", 2, 1000, 1000, 0],
    ["p3", 3, 1010, 985, 0],
  ]);
  assert.equal(view.round.number, 2);
  assert.deepEqual(view.winners, ["p1"]);
  assert.equal(view.stored, true);
});

test("anybody else sees it as a watcher; a practice one is unrated", () => {
  assert.equal(storedView("T1", record, "someone").you, null);
  assert.equal(storedView("T1", record, "p2").you, null); // a bot's id is nobody's
  const practice = { ...record, players: record.players.map((p) => ({ ...p, rating_after: p.rating_before })) };
  assert.equal(recordRated(practice), false);
  assert.equal(recordRated({ ...practice, rated: true }), true); // the record's word wins
});

test("every duel of every round, with its letters, passed turns and word", () => {
  const rounds = reviewRounds(record, ALPHABETS.fr);
  assert.deepEqual(rounds.map((r) => [r.number, r.duels.length, r.bye]), [[1, 1, "p3"], [2, 0, null]]);
  const duel = rounds[0].duels[0];
  assert.equal(duel.over, true);
  assert.equal(duel.answer, "abîme");
  assert.equal(duel.rows_total, 3); // only the rows played
  assert.deepEqual(duel.rows[0], { player: "p1", pattern: "G-GY-", passed: false, letters: ["a", "l", "i", "b", "i"] });
  assert.deepEqual(duel.rows[1], { player: "p2", pattern: null, passed: true, letters: null });
  assert.deepEqual(duel.rows[2].letters, ["a", "b", "i", "m", "e"]); // the accent folded, as the tiles show it
});

test("a stored spelling keeps the letters its alphabet has", () => {
  assert.deepEqual(lettersOf("Çiçek", "tr", ALPHABETS.tr), ["ç", "i", "ç", "e", "k"]);
  assert.deepEqual(lettersOf("IŞIK", "tr", ALPHABETS.tr), ["ı", "ş", "ı", "k"]);
  assert.deepEqual(lettersOf("shamol", "uz", ALPHABETS.uz), ["sh", "a", "m", "o", "l"]);
  assert.deepEqual(lettersOf("cœur", "fr", ALPHABETS.fr), ["c", "o", "e", "u", "r"]);
});
