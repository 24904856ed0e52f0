// Duel de Mots cards: the reveal's countdown to the next round (or to the final standings),
// which card shows in which phase, and the final standings' title and buttons.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { byId, clock } from "./fake-dom.mjs";
import "./constants.mjs";
import { useEnglish } from "./english.mjs";
import { duelClient } from "./duel-views.mjs";
import { renderCards, tickCards } from "../../src/wordarena/web/duel-cards.js";
import { displayName } from "../../src/wordarena/web/names.js";
import { ALPHABETS } from "./alphabets.mjs";

before(useEnglish);

const SEATS = [
  { name: "Ada", rows: [], done: true, solved: true, total: 110 },
  { name: "Bob", rows: [], done: true, solved: false, total: 60 },
  { name: "Hana", bot: "medium", rows: [], done: true, solved: false, total: 110 },
];

function reveal(number) {
  return {
    number,
    answer: "crane",
    answer_letters: [..."crane"],
    ended_by: "all_done",
    seats: [
      { seat: 0, solved: true, guesses: 3, solve_rank: 1, points: 75, rows: [{ letters: [..."crane"], pattern: "GGGGG" }] },
      { seat: 1, solved: false, guesses: 6, solve_rank: null, points: 0 },
      { seat: 2, solved: true, guesses: 5, solve_rank: 4, points: 20 },
    ],
  };
}

function view({ version = 1, phase = "reveal", number = 1, you = 0, host = 0, ...rest } = {}) {
  return {
    type: "room",
    code: "ABCD",
    version,
    phase,
    host,
    you,
    quick: false,
    options: { lang: "en", clock_s: 90, rounds: 3 },
    round: { number, of: 3, clock_ms: 0, reveal_ms: 6_500 },
    seats: SEATS,
    reveal: reveal(number),
    ...rest,
  };
}

function client() {
  return duelClient().duel;
}

function standings(winners, { draw = false, reason = "finished" } = {}) {
  const order = [0, 2, 1].map((seat) => ({ seat, name: SEATS[seat].name, total: SEATS[seat].total }));
  return { order, winners, draw, reason, rounds: [] };
}

test("the reveal counts down to the next round, in whole seconds rounded up", () => {
  const duel = client();
  duel.onView(view());
  tickCards(duel);
  assert.equal(byId("reveal-next").textContent, "Next round in 7 s");
  clock.now += 500;
  tickCards(duel);
  assert.equal(byId("reveal-next").textContent, "Next round in 6 s");
  clock.now += 5_999;
  tickCards(duel);
  assert.equal(byId("reveal-next").textContent, "Next round in 1 s");
  clock.now += 10_000;
  tickCards(duel);
  assert.equal(byId("reveal-next").textContent, "Next round in 0 s");
});

test("after the last round the reveal counts down to the final standings", () => {
  const duel = client();
  duel.onView(view({ number: 3 }));
  clock.now += 2_500;
  tickCards(duel);
  assert.equal(byId("reveal-next").textContent, "Final standings in 4 s");
});

test("outside the reveal the countdown is left alone; a reveal without its timer says 0", () => {
  const duel = client();
  duel.onView(view({ phase: "playing", reveal: null, round: { number: 1, of: 3, clock_ms: 30_000 } }));
  byId("reveal-next").textContent = "untouched";
  tickCards(duel);
  assert.equal(byId("reveal-next").textContent, "untouched");
  duel.onView(view({ version: 2, round: { number: 1, of: 3 } }));
  tickCards(duel);
  assert.equal(byId("reveal-next").textContent, "Next round in 0 s");
});

test("each phase shows its own card: the round card, the reveal with every seat's round", () => {
  const duel = client();
  duel.onView(view({ phase: "card", reveal: null, round: { number: 2, of: 3, card_ms: 2_600 } }));
  renderCards(duel);
  assert.equal(byId("round-card").hidden, false);
  assert.equal(byId("round-card-title").textContent, "Round 2 of 3");
  assert.equal(byId("round-card-lang").textContent, `${ALPHABETS.en.name} · 90 s · get ready`);
  assert.equal(byId("reveal-card").hidden, true);
  assert.equal(byId("standings").hidden, true);

  duel.onView(view({ version: 2 }));
  renderCards(duel);
  assert.equal(byId("round-card").hidden, true);
  assert.equal(byId("reveal-card").hidden, false);
  assert.equal(byId("reveal-title").textContent, "Round 1: the word was");
  assert.equal(byId("reveal-ended").textContent, "Everybody has finished.");
  const seats = byId("reveal-rows").children;
  assert.deepEqual(seats.map((s) => s.dataset.testid), ["reveal-seat-0", "reveal-seat-1", "reveal-seat-2"]);
  assert.equal(seats[0].classList.contains("me"), true);
  const results = seats.map((s) => s.querySelector(".rs-guesses"));
  assert.deepEqual(results.map((g) => g.title), ["Solved in position 1", "not found", "Solved in position 4"]);
  assert.equal(results[0].querySelectorAll(".medal").length, 1); // the first three to solve get a medal
  assert.equal(results[2].querySelectorAll(".medal").length, 0);
  assert.deepEqual(seats.map((s) => s.querySelector(".rs-points").textContent), ["+75", "+0", "+20"]);
});

test("the final standings' title: you win, another wins, a shared victory, a draw", () => {
  const duel = client();
  const title = () => byId("standings-title").textContent;
  duel.onView(view({ phase: "finished", standings: standings([0]) }));
  renderCards(duel);
  assert.equal(byId("standings").hidden, false);
  assert.equal(byId("reveal-card").hidden, true);
  assert.equal(title(), "You win!");
  duel.onView(view({ version: 2, phase: "finished", you: 1, standings: standings([2]) }));
  renderCards(duel);
  assert.equal(title(), `${displayName("Hana", "medium")} wins!`);
  duel.onView(view({ version: 3, phase: "finished", standings: standings([0, 2]) }));
  renderCards(duel);
  assert.equal(title(), "Shared victory!");
  duel.onView(view({ version: 4, phase: "finished", standings: standings([0, 1, 2], { draw: true }) }));
  renderCards(duel);
  assert.equal(title(), "Draw: everybody tied");
  assert.equal(byId("standings-list").querySelectorAll(".winner").length, 0); // nobody's trophy in a draw
});

test("equal totals share a place; the winners get the trophy", () => {
  const duel = client();
  duel.onView(view({ phase: "finished", standings: standings([0, 2]) }));
  renderCards(duel);
  const items = byId("standings-list").children;
  assert.deepEqual(items.map((i) => i.children[0].textContent), ["", "", "3."]); // 110, 110, 60
  assert.deepEqual(items.map((i) => i.classList.contains("winner")), [true, true, false]);
  assert.deepEqual(items.map((i) => i.children[2].textContent), ["110", "110", "60"]);
});

test("play again is the host's (or anybody's in a quick game); the others are told to wait", () => {
  const duel = client();
  duel.onView(view({ phase: "finished", standings: standings([0]) }));
  renderCards(duel);
  assert.equal(byId("play-again").hidden, false);
  assert.equal(byId("play-again").textContent, "Play again");
  assert.equal(byId("standings-host-hint").textContent, "");
  assert.equal(byId("back-home").classList.contains("primary"), false);
  assert.equal(byId("standings-last").textContent, "Last word: CRANE");

  duel.onView(view({ version: 2, phase: "finished", you: 1, standings: standings([0]) }));
  renderCards(duel);
  assert.equal(byId("play-again").hidden, true);
  assert.equal(byId("standings-host-hint").textContent, "The host may start another game: stay here to play again.");
  assert.equal(byId("back-home").classList.contains("primary"), true);

  duel.onView(view({ version: 3, phase: "finished", you: 1, quick: true, standings: standings([0]) }));
  renderCards(duel);
  assert.equal(byId("play-again").hidden, false);
  assert.equal(byId("play-again").textContent, "Another quick game");
  assert.equal(byId("standings-host-hint").textContent, "");

  duel.onView(view({ version: 4, phase: "finished", you: null, spectator: true, standings: standings([0]) }));
  renderCards(duel);
  assert.equal(byId("standings-host-hint").textContent, ""); // a watcher has nothing to wait for
  assert.equal(byId("share-duel").hidden, true);
});
