import { test } from "node:test";
import assert from "node:assert/strict";
import { boardWithRows, fakeHost, location, resetPage } from "./fake-dom.mjs";
import "./constants.mjs";
import { DuelClient, roomFromPath } from "../../src/wordarena/web/duel.js";
import { SESSION, readJson } from "../../src/wordarena/web/storage.js";
import { ALPHABETS } from "./alphabets.mjs";

globalThis.fetch = async () => ({ ok: false, json: async () => null }); // no store behind these tests

/** A Duel de Mots view as the server sends it to seat 0 (cut down to what the client reads). */
function view({ version = 1, phase = "playing", rows = [], ...rest } = {}) {
  return {
    type: "room",
    code: "ABCD",
    version,
    phase,
    host: 0,
    you: 0,
    quick: false,
    options: { lang: "en", clock_s: 90, rounds: 3 },
    round: { number: 1, of: 3, clock_ms: 90_000 },
    seats: [
      { name: "Ada", rows, done: false, solved: false },
      { name: "Bob", rows: [], done: false, solved: false },
    ],
    ...rest,
  };
}

function client(path = "/r/ABCD") {
  resetPage(path);
  const host = fakeHost(ALPHABETS);
  const duel = new DuelClient(host);
  duel.renderRows = () => {}; // the drawing is the browser tests'
  return { duel, host };
}

test("a room's link opens that room, and the view picks lobby or game", () => {
  const { duel, host } = client();
  assert.equal(roomFromPath(), "ABCD");
  assert.equal(duel.afterHello(), true);
  assert.deepEqual(host.sent, [{ type: "join", room: "ABCD" }]);
  assert.equal(duel.screen(), null);
  duel.onView(view({ phase: "lobby" }));
  assert.equal(duel.screen(), "lobby");
  assert.equal(duel.inGame(), false);
  assert.equal(duel.isHost(), true);
  duel.onView(view({ version: 2, phase: "card" }));
  assert.equal(duel.screen(), "game");
  assert.equal(duel.inGame(), true);
  assert.deepEqual(host.announced, ["game.round"]);
});

test("views keep their order; a closed room sends the player home", () => {
  const { duel, host } = client();
  duel.onView(view({ version: 4 }));
  duel.onView(view({ version: 3, phase: "reveal" }));
  assert.equal(duel.view.phase, "playing");
  duel.onView(view({ version: 5, phase: "closed" }));
  assert.equal(duel.view, null);
  assert.equal(duel.roomCode, null);
  assert.equal(location.pathname, "/");
  assert.equal(host.errors.length, 1);
});

test("an accepted guess clears the row and is read out; a solve sounds", () => {
  const { duel, host } = client();
  duel.onView(view());
  for (const key of "crane") duel.press(key);
  duel.press("enter");
  assert.deepEqual(host.sent.at(-1), { type: "guess", word: "crane" });
  assert.equal(duel.awaitingGuess, true);
  const row = { letters: [..."crane"], pattern: "GGGGG" };
  duel.onView(view({ version: 2, rows: [row] }));
  assert.equal(duel.composer.typed.length, 0);
  assert.equal(duel.awaitingGuess, false);
  assert.equal(host.announced.at(-1), "announce.row");
});

test("typed letters survive a reload of the same round", () => {
  const { duel } = client();
  duel.onView(view());
  duel.press("c");
  duel.press("r");
  const again = new DuelClient(fakeHost(ALPHABETS));
  again.onView(view());
  assert.deepEqual(again.composer.typed, ["c", "r"]);
  again.onView(view({ version: 2, round: { number: 2, of: 3, clock_ms: 90_000 } }));
  assert.deepEqual(again.composer.typed, []); // a new round starts afresh
});

test("a refused guess shakes the row, and a word not in the list is kept for a report", () => {
  const { duel, host } = client();
  duel.onView(view());
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
  const { duel, host } = client();
  duel.afterHello();
  duel.onRefused({ type: "refused", code: "room_full", game: "duel", room: "ABCD" });
  assert.equal(duel.roomCode, null);
  assert.equal(host.errors.length, 1);
  duel.onRefused({ type: "refused", code: "already_seated", game: "duel", room: "ABCD" });
  assert.equal(host.errors.length, 1); // joining again after a reconnection: nothing to say
});

test("a Korean room says five jamo, not five letters", () => {
  const { duel } = client();
  duel.onView(view({ options: { lang: "ko", clock_s: 90, rounds: 3 } }));
  assert.equal(duel.wordLengthKey("refused.wrong_length"), "refused.wrong_length_ko");
  assert.equal(duel.lang(duel.view), "ko");
});

test("leaving forgets the room, and its late views are ignored", () => {
  const { duel, host } = client();
  duel.onView(view());
  duel.leave();
  assert.deepEqual(host.sent.at(-1), { type: "leave" });
  duel.onView(view({ version: 9 }));
  assert.equal(duel.view, null);
  assert.equal(readJson(sessionStorage, SESSION.typed), null);
});

test("the tab's title counts the rounds while the player still plays", () => {
  const { duel, host } = client();
  duel.onView(view());
  assert.equal(duel.attentionText(), "attention.round");
  host.detachedNow = true;
  assert.equal(duel.attentionText(), "");
  assert.equal(duel.canType(), false);
});

test("play again: the host reopens the room, a quick game asks for another one", () => {
  const { duel, host } = client();
  duel.onView(view({ phase: "finished", standings: { rounds: [1] } }));
  duel.playAgain();
  assert.deepEqual(host.sent.at(-1), { type: "play_again" });
  duel.onView(view({ version: 2, phase: "finished", quick: true, standings: { rounds: [1] } }));
  duel.playAgain();
  assert.deepEqual(host.sent.slice(-2), [{ type: "leave" }, { type: "quick", lang: "en" }]);
});
