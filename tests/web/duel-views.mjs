// A Duel de Mots view as the server sends it to seat 0 (cut down to what the client reads),
// and a DuelClient on a fresh fake page: what the Duel de Mots screens' node tests share.
import { fakeHost, resetPage } from "./fake-dom.mjs";
import { ALPHABETS } from "./alphabets.mjs";
import { DuelClient } from "../../src/wordarena/web/duel.js";

/** `rows` and `seat` are seat 0's (Ada's); `round` is merged into round 1 of 3. */
export function duelView({ version = 1, phase = "playing", rows = [], round = {}, seat = {}, ...rest } = {}) {
  return {
    type: "room",
    code: "ABCD",
    version,
    phase,
    host: 0,
    you: 0,
    quick: false,
    options: { lang: "en", clock_s: 90, rounds: 3 },
    round: { number: 1, of: 3, clock_ms: 90_000, ...round },
    seats: [
      { name: "Ada", rows, done: false, solved: false, total: 0, ...seat },
      { name: "Bob", rows: [], done: false, solved: false, total: 0 },
    ],
    ...rest,
  };
}

/** The client of a room's page; its rows are not drawn (the drawing is the browser tests'). */
export function duelClient(path = "/r/ABCD") {
  resetPage(path);
  const host = fakeHost(ALPHABETS);
  const duel = new DuelClient(host);
  duel.renderRows = () => {};
  return { duel, host };
}
