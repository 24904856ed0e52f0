// A tournament view as the server sends it to p1 (cut down to what the client reads), and a
// TournamentClient on a fresh fake page: what the tournament screens' node tests share.
import { resetPage, fakeHost } from "./fake-dom.mjs";
import { C } from "./constants.mjs";
import { ALPHABETS } from "./alphabets.mjs";
import { TournamentClient } from "../../src/wordarena/web/tournament.js";

/** `duel: null` for a player without a duel (a bye, a watcher); `round` and `duel` are merged. */
export function tournamentView({ version = 1, phase = "playing", players, round = {}, duel = {}, ...rest }) {
  return {
    type: "tournament",
    code: "T1",
    version,
    phase,
    lang: "en",
    rated: true,
    you: "p1",
    players,
    round: { number: 1, pairings: [["p1", "p2"]], bye: null, over: false, ...round },
    duel: duel && {
      index: 0, players: ["p1", "p2"], first: "p1", turn: "p1", length: 5, rows: [], over: false,
      turn_ms: C.tournament.turn_ms, ...duel,
    },
    duels: [],
    ...rest,
  };
}

export function tournamentClient(path = "/") {
  resetPage(path);
  const host = fakeHost(ALPHABETS);
  return { tc: new TournamentClient(host), host };
}
