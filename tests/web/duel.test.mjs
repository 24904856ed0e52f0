import { test } from "node:test";
import assert from "node:assert/strict";
import { boardWithRows, fakeHost, location } from "./fake-dom.mjs";
import "./constants.mjs";
import { DuelClient, roomFromPath } from "../../src/wordarena/web/duel.js";
import { SESSION, readJson } from "../../src/wordarena/web/storage.js";
import { ALPHABETS } from "./alphabets.mjs";
import { duelClient, duelView } from "./duel-views.mjs";

globalThis.fetch = async () => ({ ok: false, json: async () => null }); // no store behind these tests

test("a room's link opens that room, and the view picks lobby or game", () => {
  const { duel, host } = duelClient();
  assert.equal(roomFromPath(), "ABCD");
  assert.equal(duel.afterHello(), true);
  assert.deepEqual(host.sent, [{ type: "join", room: "ABCD" }]);
  assert.equal(duel.screen(), null);
  duel.onView(duelView({ phase: "lobby" }));
  assert.equal(duel.screen(), "lobby");
  assert.equal(duel.inGame(), false);
  assert.equal(duel.isHost(), true);
  duel.onView(duelView({ version: 2, phase: "card" }));
  assert.equal(duel.screen(), "game");
  assert.equal(duel.inGame(), true);
  assert.deepEqual(host.announced, ["game.round"]);
});

test("views keep their order; a closed room sends the player home", () => {
  const { duel, host } = duelClient();
  duel.onView(duelView({ version: 4 }));
  duel.onView(duelView({ version: 3, phase: "reveal" }));
  assert.equal(duel.view.phase, "playing");
  duel.onView(duelView({ version: 5, phase: "closed" }));
  assert.equal(duel.view, null);
  assert.equal(duel.roomCode, null);
  assert.equal(location.pathname, "/");
  assert.equal(host.errors.length, 1);
});

test("an accepted guess clears the row and is read out; a solve sounds", () => {
  const { duel, host } = duelClient();
  duel.onView(duelView());
  for (const key of "crane") duel.press(key);
  duel.press("enter");
  assert.deepEqual(host.sent.at(-1), { type: "guess", word: "crane" });
  assert.equal(duel.awaitingGuess, true);
  const row = { letters: [..."crane"], pattern: "GGGGG" };
  duel.onView(duelView({ version: 2, rows: [row] }));
  assert.equal(duel.composer.typed.length, 0);
  assert.equal(duel.awaitingGuess, false);
  assert.equal(host.announced.at(-1), "announce.row");
});

test("typed letters survive a reload of the same round", () => {
  const { duel } = duelClient();
  duel.onView(duelView());
  duel.press("c");
  duel.press("r");
  const again = new DuelClient(fakeHost(ALPHABETS));
  again.onView(duelView());
  assert.deepEqual(again.composer.typed, ["c", "r"]);
  again.onView(duelView({ version: 2, round: { number: 2, of: 3, clock_ms: 90_000 } }));
  assert.deepEqual(again.composer.typed, []); // a new round starts afresh
});

test("a refused guess shakes the row, and a word not in the list is kept for a report", () => {
  const { duel, host } = duelClient();
  duel.onView(duelView());
  for (const key of "xqzvw") duel.press(key);
  duel.press("enter");
  const rows = boardWithRows("board", 6);
  duel.onRefused({ type: "refused", code: "not_in_list", game: "duel", room: "ABCD" });
  assert.equal(rows[0].classList.contains("shake"), true);
  assert.deepEqual(duel.refusedWords(), ["xqzvw"]);
  assert.equal(host.said.length, 1);
  const again = boardWithRows("board", 6);
  duel.onRefused({ type: "refused", code: "not_host", game: "duel", room: "ABCD" }); // not about a guess
  assert.equal(again[0].classList.contains("shake"), false);
});

test("a join refused sends the player home and says why", () => {
  const { duel, host } = duelClient();
  duel.afterHello();
  duel.onRefused({ type: "refused", code: "room_full", game: "duel", room: "ABCD" });
  assert.equal(duel.roomCode, null);
  assert.equal(host.errors.length, 1);
  duel.onRefused({ type: "refused", code: "already_seated", game: "duel", room: "ABCD" });
  assert.equal(host.errors.length, 1); // joining again after a reconnection: nothing to say
});

test("a Korean room says five jamo, not five letters", () => {
  const { duel } = duelClient();
  duel.onView(duelView({ options: { lang: "ko", clock_s: 90, rounds: 3 } }));
  assert.equal(duel.wordLengthKey("refused.wrong_length"), "refused.wrong_length_ko");
  assert.equal(duel.lang(duel.view), "ko");
});

test("leaving forgets the room, and its late views are ignored", () => {
  const { duel, host } = duelClient();
  duel.onView(duelView());
  duel.leave();
  assert.deepEqual(host.sent.at(-1), { type: "leave" });
  duel.onView(duelView({ version: 9 }));
  assert.equal(duel.view, null);
  assert.equal(readJson(sessionStorage, SESSION.typed), null);
});

test("the tab's title counts the rounds while the player still plays", () => {
  const { duel, host } = duelClient();
  duel.onView(duelView());
  assert.equal(duel.attentionText(), "attention.round");
  host.detachedNow = true;
  assert.equal(duel.attentionText(), "");
  assert.equal(duel.canType(), false);
});

test("play again: the host reopens the room, a quick game asks for another one", () => {
  const { duel, host } = duelClient();
  duel.onView(duelView({ phase: "finished", standings: { rounds: [1] } }));
  duel.playAgain();
  assert.deepEqual(host.sent.at(-1), { type: "play_again" });
  duel.onView(duelView({ version: 2, phase: "finished", quick: true, standings: { rounds: [1] } }));
  duel.playAgain();
  assert.deepEqual(host.sent.slice(-2), [{ type: "leave" }, { type: "quick", lang: "en" }]);
});
