import { test } from "node:test";
import assert from "node:assert/strict";
import { fillDuelPlaces } from "../../src/wordarena/web/places.js";

const stored = {
  rounds: [{ answer: "crane" }, { answer: "slate" }],
  seats: [{ total: 80 }, { total: 45 }, { total: 45 }, { total: 10 }],
};

test("a shared second of four is said, from the room's stored game", async () => {
  const games = [
    { kind: "duel", code: "R1", words: ["crane", "slate"], total: 45, won: false },
    { kind: "tournament", code: "T1", place: 3 },
    { kind: "duel", code: "R2", words: ["other"], total: 45 }, // the room played again since: unknown
  ];
  const asked = [];
  await fillDuelPlaces(games, async (code) => {
    asked.push(code);
    return stored;
  });
  assert.deepEqual([games[0].place, games[0].of], [2, 4]);
  assert.equal(games[2].place, undefined);
  assert.deepEqual(asked, ["R1", "R2"]); // one after the other, only the duels without a place
});

test("a place the server already gives is kept as it is", async () => {
  const games = [{ kind: "duel", code: "R1", words: ["crane", "slate"], total: 45, place: 3, of: 5 }];
  await fillDuelPlaces(games, async () => assert.fail("not asked"));
  assert.equal(games[0].place, 3);
});
