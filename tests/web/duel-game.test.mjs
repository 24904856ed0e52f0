// The Duel de Mots screen's timers (drawn every 200 ms): the lobby's automatic start, the
// round's clock and its last seconds, the round card's bar, the closing banner, and clocks
// frozen while another tab holds the seat. The clock is the fake page's, moved by hand.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { byId, clock } from "./fake-dom.mjs";
import { C } from "./constants.mjs";
import { useEnglish } from "./english.mjs";
import { duelClient, duelView } from "./duel-views.mjs";

before(useEnglish);

/** Move the clock by `ms` and draw the timers, as the page's 200 ms interval does. */
function after(duel, ms) {
  clock.now += ms;
  duel.tick();
}

test("the lobby counts down to its automatic start, and says nothing when there is none", () => {
  const { duel } = duelClient();
  duel.onView(duelView({ phase: "lobby", auto_start_ms: 15_000 }));
  after(duel, 0);
  assert.equal(byId("auto-start").hidden, false);
  assert.equal(byId("auto-start").textContent, "The game starts in 15 s");
  after(duel, 200);
  assert.equal(byId("auto-start").textContent, "The game starts in 15 s"); // whole seconds, rounded up
  after(duel, 4_800);
  assert.equal(byId("auto-start").textContent, "The game starts in 10 s");
  after(duel, 60_000);
  assert.equal(byId("auto-start").textContent, "The game starts in 0 s"); // never below zero
  duel.onView(duelView({ version: 2, phase: "lobby", auto_start_ms: null }));
  after(duel, 0);
  assert.equal(byId("auto-start").hidden, true);
});

test("the round's clock counts down from the view's arrival, rounded up, and turns urgent at the end", () => {
  const { duel } = duelClient();
  const face = byId("clock");
  duel.onView(duelView({ round: { clock_ms: 90_000 } }));
  after(duel, 0);
  assert.equal(face.textContent, "1:30");
  after(duel, 999);
  assert.equal(face.textContent, "1:30");
  after(duel, 1);
  assert.equal(face.textContent, "1:29");
  after(duel, 69_000);
  assert.equal(face.textContent, "0:20");
  assert.equal(face.classList.contains("urgent"), false);
  after(duel, 10_000);
  assert.equal(face.textContent, "0:10");
  assert.equal(face.classList.contains("urgent"), true);
  after(duel, 20_000);
  assert.equal(face.textContent, "0:00");
  // A new view restarts the count from its own time.
  duel.onView(duelView({ version: 2, round: { clock_ms: 42_000 } }));
  after(duel, 0);
  assert.equal(face.textContent, "0:42");
  assert.equal(face.classList.contains("urgent"), false);
});

test("the last ten seconds tick once a second, for a player still looking for the word", () => {
  const { duel, host } = duelClient();
  duel.onView(duelView({ round: { clock_ms: 12_000 } }));
  assert.deepEqual(host.played, ["turn"]); // the round has started
  for (let i = 0; i < 70; i += 1) after(duel, 200); // 14 s, drawn every 200 ms
  assert.deepEqual(host.played.slice(1), Array(10).fill("tick")); // 10, 9 … 1: one each, none at 0

  const done = duelClient();
  done.duel.onView(duelView({ round: { clock_ms: 8_000 }, seat: { done: true } }));
  for (let i = 0; i < 10; i += 1) after(done.duel, 200);
  assert.equal(byId("clock").classList.contains("urgent"), true);
  assert.deepEqual(done.host.played, ["turn"]); // out of guesses: nothing to hurry for
});

test("before the round the clock shows its full length, and the round card's bar empties", () => {
  const { duel } = duelClient();
  duel.onView(duelView({ phase: "card", round: { clock_ms: null, card_ms: C.duel.round_card_ms } }));
  after(duel, 0);
  assert.equal(byId("clock").textContent, "1:30");
  assert.equal(byId("round-card-bar").style.width, "100%");
  after(duel, C.duel.round_card_ms / 2);
  assert.equal(byId("clock").textContent, "1:30"); // the round has not started: no time runs
  assert.equal(byId("round-card-bar").style.width, "50%");
  after(duel, C.duel.round_card_ms);
  assert.equal(byId("round-card-bar").style.width, "0%");
  assert.equal(byId("clock").classList.contains("urgent"), false);

  duel.onView(duelView({ version: 2, phase: "reveal", round: { reveal_ms: 6_000 } }));
  after(duel, 0);
  assert.equal(byId("clock").textContent, "0:00"); // the round is over
});

test("a found word closes the round: the banner shows what is really left, short and long", () => {
  const { duel } = duelClient();
  const banner = byId("closing-banner");
  duel.onView(duelView({ round: { clock_ms: 60_000 } }));
  after(duel, 0);
  assert.equal(banner.hidden, true);
  duel.onView(duelView({ version: 2, round: { clock_ms: 60_000, closing_ms: 20_000 } }));
  after(duel, 0);
  assert.equal(banner.hidden, false);
  assert.deepEqual(banner.children.map((c) => [c.className, c.textContent]), [
    ["closing-long", "Word found! The round closes in 20 s"],
    ["closing-short", "Word found: 20 s left"],
  ]);
  const drawn = banner.children;
  after(duel, 400);
  assert.equal(banner.children, drawn); // the same second: not redrawn
  after(duel, 600);
  assert.equal(banner.children[0].textContent, "Word found! The round closes in 19 s");
  // A round whose own clock ends first: the banner says the clock's time.
  duel.onView(duelView({ version: 3, round: { clock_ms: 5_000, closing_ms: 20_000 } }));
  after(duel, 0);
  assert.equal(banner.dataset.text, "Word found! The round closes in 5 s");
  duel.onView(duelView({ version: 4, phase: "reveal", round: { clock_ms: 0, closing_ms: 20_000, reveal_ms: 6_000 } }));
  after(duel, 0);
  assert.equal(banner.hidden, true); // only while playing
});

test("while another tab holds the seat no clock runs here, nor sounds", () => {
  const { duel, host } = duelClient();
  duel.onView(duelView({ round: { clock_ms: 9_000, closing_ms: 5_000 } }));
  after(duel, 0);
  assert.equal(byId("clock").classList.contains("urgent"), true);
  host.detachedNow = true;
  host.played.length = 0;
  after(duel, 1_000);
  assert.equal(byId("clock").textContent, "–");
  assert.equal(byId("clock").classList.contains("urgent"), false);
  assert.equal(byId("closing-banner").hidden, true);
  assert.equal(byId("auto-start").hidden, true);
  assert.deepEqual(host.played, []);
  host.detachedNow = false;
  after(duel, 0);
  assert.equal(byId("clock").textContent, "0:08"); // back: the time that passed meanwhile is gone
});
