// The tournament's cards: the round intro's countdown (its bar and its seconds), which card shows
// (the intro, or our elimination), the pairings with byes, and the rating change on the cards.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { byId, clock } from "./fake-dom.mjs";
import { C } from "./constants.mjs";
import { tournamentClient, tournamentView } from "./tournament-views.mjs";
import { useEnglish } from "./english.mjs";
import { renderTournamentCards, tickTournamentCards } from "../../src/wordarena/web/tournament-cards.js";

before(useEnglish);

const players = [
  { id: "p1", name: "Ada", bot: false, in_play: true, lives: 3, rating: 1000 },
  { id: "p2", name: "Bob", bot: false, in_play: true, lives: 2, rating: 1040 },
  { id: "p3", name: "Cy", bot: false, in_play: true, lives: 1, rating: 980 },
];

/** Round 2's intro: p1 against p2 (p2 first, 6 letters), p3 has the bye. */
const view = ({ phase = "intro", round = {}, ...rest } = {}) =>
  tournamentView({
    phase,
    players,
    round: { number: 2, bye: "p3", intro_ms: C.tournament.intro_ms, ...round },
    duel: { first: "p2", turn: "p2", length: 6, turn_ms: 30_000 },
    ...rest,
  });
const client = () => tournamentClient("/t/T1");

test("the intro counts down to the duels: its bar empties with the seconds", () => {
  const { tc } = client();
  tc.onView(view());
  const bar = byId("round-intro-bar");
  const count = byId("round-intro-count");
  tc.tick();
  assert.equal(bar.style.width, "100%");
  assert.equal(count.textContent, "The duels start in 6 s");
  clock.now += C.tournament.intro_ms / 4;
  tc.tick();
  assert.equal(bar.style.width, "75%");
  assert.equal(count.textContent, "The duels start in 5 s");
  clock.now += C.tournament.intro_ms / 2;
  tc.tick();
  assert.equal(bar.style.width, "25%");
  assert.equal(count.textContent, "The duels start in 2 s");
  clock.now += C.tournament.intro_ms;
  tc.tick();
  assert.equal(bar.style.width, "0%");
  assert.equal(count.textContent, "The duels start in 0 s");
});

test("an intro longer than the usual one keeps its bar full until it is within it", () => {
  const { tc } = client();
  tc.onView(view({ round: { intro_ms: C.tournament.intro_ms * 2 } }));
  tickTournamentCards(tc, tc.view);
  assert.equal(byId("round-intro-bar").style.width, "100%");
  assert.equal(byId("round-intro-count").textContent, `The duels start in ${(2 * C.tournament.intro_ms) / 1000} s`);
});

test("no countdown outside the intro, in a paused tab, or without a round", () => {
  const { tc, host } = client();
  const count = byId("round-intro-count");
  count.textContent = "untouched";
  tc.onView(view({ phase: "playing" }));
  tickTournamentCards(tc, tc.view);
  assert.equal(count.textContent, "untouched");
  tc.onView(view({ version: 2 }));
  host.detachedNow = true;
  tickTournamentCards(tc, tc.view);
  assert.equal(count.textContent, "untouched");
  host.detachedNow = false;
  tickTournamentCards(tc, { ...tc.view, round: null });
  assert.equal(count.textContent, "untouched");
});

test("the intro shows our pairing, who plays first, the word's length, every pairing and the bye", () => {
  const { tc } = client();
  tc.onView(view());
  renderTournamentCards(tc, tc.view);
  assert.equal(byId("round-intro").hidden, false);
  assert.equal(byId("round-intro-title").textContent, "Round 2");
  assert.equal(byId("round-intro-detail").textContent, "Bob plays first · 6-letter word");
  const [pair, bye] = byId("pairings").children;
  assert.equal(pair.dataset.testid, "pairing-0");
  assert.equal(pair.classList.contains("me"), true);
  assert.equal(pair.querySelector(".pairing-length").textContent, "6 letters");
  const names = pair.querySelectorAll(".pairing-name");
  assert.equal(names[0].querySelector(".first"), null);
  assert.equal(names[1].querySelector(".first").textContent, "first");
  assert.deepEqual(names.map((n) => n.querySelector(".rating").textContent), ["1000", "1040"]);
  assert.equal(bye.textContent, "Cy has a bye");
  assert.equal(bye.classList.contains("me"), false);
});

test("once we are out, the elimination card replaces the intro, with the rating's change", () => {
  const { tc } = client();
  const result = { place: 3, eliminated_in: 2, rating_before: 1000, rating_after: 996, rating_change: -4 };
  tc.onView(view({ result }));
  renderTournamentCards(tc, tc.view);
  assert.equal(byId("round-intro").hidden, true);
  assert.equal(byId("elimination").hidden, false);
  assert.equal(byId("elimination-title").textContent, "You are out of the tournament");
  const [place, round, line] = byId("elimination-body").children;
  assert.equal(place.textContent, "Place 3 of 3");
  assert.equal(round.textContent, "Eliminated in round 2");
  assert.equal(line.children[0].textContent, "Rating 1000 → 996");
  const change = line.querySelector(".rating-change");
  assert.deepEqual([change.textContent, change.className, change.dataset.change], ["-4", "rating-change down", "-4"]);
  assert.equal(change.getAttribute("aria-label"), "rating down by 4");

  tc.onView(view({ version: 2, result: { ...result, rating_after: 1011, rating_change: 11 } }));
  renderTournamentCards(tc, tc.view);
  const up = byId("elimination-body").querySelector(".rating-change");
  assert.deepEqual([up.textContent, up.className, up.getAttribute("aria-label")], ["+11", "rating-change up", "rating up by 11"]);

  tc.watching = true; // the player chose to watch the other duels: the card gives way
  renderTournamentCards(tc, tc.view);
  assert.equal(byId("elimination").hidden, true);
  assert.deepEqual(byId("elimination-body").children, []);
  assert.equal(byId("round-intro").hidden, false);
});

test("a practice tournament changes no rating, and says so", () => {
  const { tc } = client();
  tc.onView(view({ rated: false, result: { place: 2, eliminated_in: 3, rating_before: 1000, rating_change: 0 } }));
  renderTournamentCards(tc, tc.view);
  const line = byId("elimination-body").children[2];
  assert.equal(line.children[0].textContent, "Practice tournament: rating unchanged");
  assert.equal(line.querySelector(".rating-change").textContent, "±0");
});
