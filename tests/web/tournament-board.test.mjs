// Your tournament duel: the turn clock (drawn every 200 ms) and its last seconds, frozen
// outside play and in a paused tab; the lives as hearts and the rating badges.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { byId, clock, resetPage } from "./fake-dom.mjs";
import { C } from "./constants.mjs";
import { tournamentClient, tournamentView } from "./tournament-views.mjs";
import { useEnglish } from "./english.mjs";
import { hearts, ratingBadge, tickDuel } from "../../src/wordarena/web/tournament-board.js";

before(useEnglish);

const players = ["p1", "p2"].map((id, i) => ({ id, name: ["Ada", "Bob"][i], bot: false, in_play: true, lives: 3 }));

const view = (options = {}) => tournamentView({ players, ...options });
const client = () => tournamentClient("/t/T1");

/** Move the clock and draw the timers, as the page's 200 ms interval does. */
function after(tc, ms) {
  clock.now += ms;
  tc.tick();
}

const face = () => [byId("turn-clock").textContent, byId("turn-bar").style.width, byId("turn-clock").classList.contains("urgent")];

test("the turn clock counts down from the view's arrival, its bar with it, urgent in the last ten seconds", () => {
  const { tc } = client();
  tc.onView(view());
  after(tc, 0);
  assert.deepEqual(face(), ["0:30", "100%", false]);
  after(tc, C.tournament.turn_ms / 2);
  assert.deepEqual(face(), ["0:15", "50%", false]);
  after(tc, 5_000);
  assert.deepEqual(face(), ["0:10", `${(100 * 10_000) / C.tournament.turn_ms}%`, true]);
  after(tc, 60_000);
  assert.deepEqual(face(), ["0:00", "0%", true]);
  tc.onView(view({ version: 2, duel: { turn: "p2", rows: [{ player: "p1", passed: true }], turn_ms: 25_000 } }));
  after(tc, 0);
  assert.deepEqual(face(), ["0:25", `${(100 * 25_000) / C.tournament.turn_ms}%`, false]); // a new turn, from its own time
});

test("the last seconds tick once a second on our own turn only", () => {
  const { tc, host } = client();
  tc.onView(view({ duel: { turn_ms: 12_000 } }));
  const before = host.played.length;
  for (let i = 0; i < 70; i += 1) after(tc, 200);
  assert.deepEqual(host.played.slice(before), Array(10).fill("tick"));

  const theirs = client();
  theirs.tc.onView(view({ duel: { turn: "p2", turn_ms: 8_000 } }));
  const already = theirs.host.played.length;
  for (let i = 0; i < 20; i += 1) after(theirs.tc, 200);
  assert.equal(face()[2], true); // their clock runs out in red all the same
  assert.deepEqual(theirs.host.played.slice(already), []);
});

test("before the duels start the clock shows a whole turn; a duel over shows none", () => {
  const { tc } = client();
  tc.onView(view({ phase: "intro", duel: { turn_ms: 3_000 } }));
  after(tc, 2_000);
  assert.deepEqual(face(), ["0:30", "100%", false]);
  tc.onView(view({ version: 2, duel: { over: true, winner: "p1", turn_ms: 3_000 } }));
  after(tc, 0);
  assert.deepEqual(face(), ["–", "0%", false]);
});

test("a paused tab shows no running clock; a tournament view without a duel draws none", () => {
  const { tc, host } = client();
  tc.onView(view({ duel: { turn_ms: 5_000 } }));
  after(tc, 0);
  assert.equal(face()[2], true);
  host.detachedNow = true;
  const before = host.played.length;
  after(tc, 1_000);
  assert.deepEqual(face(), ["–", "0%", false]);
  assert.equal(host.played.length, before);
  host.detachedNow = false;
  after(tc, 0);
  assert.deepEqual(face(), ["0:04", `${(100 * 4_000) / C.tournament.turn_ms}%`, true]);

  byId("turn-clock").textContent = "untouched";
  tickDuel(tc, { ...tc.view, duel: null });
  assert.equal(byId("turn-clock").textContent, "untouched");
});

test("lives are hearts, full then empty, with their meaning for screen readers", () => {
  resetPage();
  const node = hearts(2);
  assert.equal(node.children.length, C.tournament.lives);
  assert.deepEqual(node.children.map((h) => h.getAttribute("class")), ["icon heart-full", "icon heart-full", "icon heart-empty"]);
  assert.equal(node.getAttribute("role"), "img");
  assert.equal(node.getAttribute("aria-label"), `Lives: 2 of ${C.tournament.lives}`);
  assert.equal(node.title, node.getAttribute("aria-label"));
  assert.deepEqual(hearts(0).children.map((h) => h.getAttribute("class")), Array(C.tournament.lives).fill("icon heart-empty"));
});

test("a rating badge for a player with a rating, none for a bot or a server that sends none", () => {
  resetPage();
  const badge = ratingBadge({ id: "p1", rating: 1040, bot: false });
  assert.equal(badge.textContent, "1040");
  assert.equal(badge.title, "Rating 1040");
  assert.equal(badge.className, "badge rating");
  assert.equal(ratingBadge({ id: "b1", rating: 1000, bot: "easy" }), null);
  assert.equal(ratingBadge({ id: "p2" }), null);
  assert.equal(ratingBadge(null), null);
  assert.equal(ratingBadge({ id: "p3", rating: 0 }).textContent, "0"); // a rating of 0 is a rating
});
