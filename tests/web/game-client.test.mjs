import { test } from "node:test";
import assert from "node:assert/strict";
import { boardWithRows, clock, fakeHost, resetPage } from "./fake-dom.mjs";
import "./constants.mjs";
import { GameClient, URGENT_S, problemOwner } from "../../src/wordarena/web/game-client.js";
import { Composer } from "../../src/wordarena/web/composer.js";
import { SESSION, readJson } from "../../src/wordarena/web/storage.js";
import { ALPHABETS } from "./alphabets.mjs";

/** The smallest game: English, five letters, always the player's turn. */
class Game extends GameClient {
  lang() {
    return "en";
  }
  get boardId() {
    return "board";
  }
  canType() {
    return Boolean(this.view && this.composer);
  }
}

function game() {
  resetPage();
  const host = fakeHost(ALPHABETS);
  const g = new Game(host);
  g.hold({ code: "ABCD", version: 3 });
  g.composer = new Composer(ALPHABETS.en, 5);
  g.composerKey = "ABCD:1";
  return { g, host };
}

test("an error or a refusal goes to the game it names, else to the game on screen", () => {
  assert.equal(problemOwner({ code: "unknown_group", game: "tournament" }, { duel: true, tournament: false }), "tournament");
  assert.equal(problemOwner({ code: "room_full", game: "duel" }, { duel: false, tournament: true }), "duel");
  assert.equal(problemOwner({ code: "rate_limited" }, { duel: true, tournament: false }), "duel");
  assert.equal(problemOwner({ code: "rate_limited" }, { duel: false, tournament: true }), "tournament");
  assert.equal(problemOwner({ code: "bad_json" }, { duel: false, tournament: false }), null);
});

test("views keep their order: an older one of the same game is stale, any goes after a reconnection", () => {
  const { g } = game();
  assert.equal(g.stale({ code: "ABCD", version: 2 }), true);
  assert.equal(g.stale({ code: "ABCD", version: 3 }), false);
  assert.equal(g.stale({ code: "WXYZ", version: 1 }), false); // another game
  g.awaitingGuess = true;
  g.reconnected();
  assert.equal(g.stale({ code: "ABCD", version: 1 }), false);
  assert.equal(g.awaitingGuess, false); // the answer was lost with the old socket
});

test("a view's timers count down from when it arrived, never below zero", () => {
  const { g } = game();
  assert.equal(g.remaining(null), null);
  clock.now += 1_500;
  assert.equal(g.remaining(5_000), 3_500);
  clock.now += 10_000;
  assert.equal(g.remaining(5_000), 0);
});

test("the last seconds tick once a second, only for a player who can still play", () => {
  const { g, host } = game();
  g.soundLastSeconds(URGENT_S + 1, false, true);
  g.soundLastSeconds(9, true, true);
  g.soundLastSeconds(9, true, true); // the same second, drawn again
  g.soundLastSeconds(8, true, false); // done: no tick
  g.soundLastSeconds(7, true, true);
  g.soundLastSeconds(0, true, true);
  assert.deepEqual(host.played, ["tick", "tick"]);
});

test("letters typed go into the row, are kept for a reload, and Enter sends a full row once", () => {
  const { g, host } = game();
  for (const key of "crane") g.onKey({ key, code: "" });
  assert.deepEqual(readJson(sessionStorage, SESSION.typed), { key: "ABCD:1", rows: 0, typed: [..."crane"] });
  assert.equal(g.onKey({ key: "Enter", code: "Enter" }), true);
  g.press("enter"); // a second Enter while the first is on its way
  assert.deepEqual(host.sent, [{ type: "guess", word: "crane" }]);
  assert.equal(g.onKey({ key: "1", code: "Digit1" }), false); // not a letter: left to the page
});

test("a row not full is not sent: it shakes and says why", () => {
  const { g, host } = game();
  const rows = boardWithRows("board", 6);
  g.press("c");
  g.press("enter");
  assert.deepEqual(host.sent, []);
  assert.equal(rows[0].classList.contains("shake"), true);
  assert.equal(host.said.length, 1);
  assert.deepEqual(host.announced, host.said);
  g.press("backspace");
  assert.equal(readJson(sessionStorage, SESSION.typed), null); // nothing typed: nothing kept
});
