import { test } from "node:test";
import assert from "node:assert/strict";
import { boardWithRows, byId, clock, location } from "./fake-dom.mjs";
import { C } from "./constants.mjs";
import { tournamentClient, tournamentView } from "./tournament-views.mjs";
import { SESSION, readJson } from "../../src/wordarena/web/storage.js";

globalThis.fetch = async () => ({ ok: false, json: async () => null }); // no store behind these tests

const players = ["p1", "p2", "p3"].map((id, i) => ({ id, name: ["Ada", "Bob", "Cy"][i], bot: false, in_play: true, lives: 3 }));

/** p1's view: a duel against p2, p3 has the round's bye. */
const view = ({ round = 1, ...rest } = {}) => tournamentView({ players, round: { number: round, bye: "p3" }, ...rest });
const client = () => tournamentClient();

test("the screen follows what the player is in: a group, a queue, a tournament", () => {
  const { tc } = client();
  assert.equal(tc.screen(), null);
  tc.onGroup({ type: "group", code: "G1", you: "p1", organiser: "p1", members: [{ id: "p1", name: "Ada" }] });
  assert.equal(tc.screen(), "group");
  assert.equal(sessionStorage.getItem(SESSION.group), "G1");
  tc.onQueue({ type: "queue", queued: true, lang: "en", practice: false, count: 3 });
  assert.equal(tc.screen(), "queue");
  assert.deepEqual(readJson(sessionStorage, SESSION.queue), { lang: "en", practice: false });
  tc.onView(view({ phase: "lobby", duel: null }));
  assert.equal(tc.screen(), "queue"); // the instant before the start keeps the queue up
  tc.onView(view({ version: 2, phase: "intro", duel: null }));
  assert.equal(tc.screen(), "tournament");
  assert.equal(tc.queue, null);
  assert.equal(tc.inGame(), true);
});

test("a group left by another member says who; a group we are no longer in is forgotten", () => {
  const { tc } = client();
  const members = [{ id: "p1", name: "Ada" }, { id: "p2", name: "Bob" }];
  tc.onGroup({ type: "group", code: "G1", you: "p1", organiser: "p1", members });
  tc.onGroup({ type: "group", code: "G1", you: "p1", organiser: "p1", members: members.slice(0, 1) });
  assert.equal(tc.groupNotice, "group.memberLeft");
  tc.onGroup({ type: "group", code: "G1", you: "p1", organiser: "p1", members: [] });
  assert.equal(tc.group, null);
  assert.equal(sessionStorage.getItem(SESSION.group), null);
});

test("a queue that ends says why, by its reason", () => {
  const { tc } = client();
  tc.onQueue({ type: "queue", queued: true, lang: "en" });
  tc.onQueue({ type: "queue", queued: false, reason: "organiser" });
  assert.equal(tc.queue, null);
  assert.equal(tc.groupNotice, "group.organiserCancelled");
  tc.onQueue({ type: "queue", queued: true, lang: "en" });
  tc.onQueue({ type: "queue", queued: false, reason: "started" });
  assert.equal(tc.queue.starting, true); // the queue screen waits for the first view
  clearTimeout(tc.startingTimer);
});

test("views of a tournament keep their order, and a closed one is forgotten", () => {
  const { tc } = client();
  tc.onView(view({ version: 5 }));
  tc.onView(view({ version: 4, duel: { turn: "p2" } }));
  assert.equal(tc.view.version, 5);
  assert.equal(location.pathname, "/");
  tc.render();
  assert.equal(location.pathname, "/t/T1"); // its address
  tc.onView(view({ version: 6, phase: "closed" }));
  assert.equal(tc.view, null);
  assert.equal(tc.screen(), null);
});

test("the end of our duel stays on screen as long as the server holds a round's end", () => {
  const { tc } = client();
  tc.onView(view({ version: 1 }));
  tc.onView(view({ version: 2, duel: { over: true, winner: "p1", answer: "crane", rows: [] } }));
  clock.now += 500;
  tc.onView(view({ version: 3, phase: "intro", round: 2, duel: null }));
  assert.equal(tc.shownView().duel.over, true);
  clock.now += C.tournament.round_end_ms - 600;
  assert.equal(tc.shownView().duel.over, true);
  clock.now += 200;
  assert.equal(tc.shownView().phase, "intro");
  assert.equal(tc.heldDuel, null);
});

test("a duel that ends with the next intro is shown from the intro's previous round", () => {
  const { tc } = client();
  tc.onView(view({ version: 1 }));
  const mine = { index: 0, players: ["p1", "p2"], first: "p1", over: true, winner: "p2", rows: [], length: 5 };
  tc.onView(view({ version: 2, phase: "intro", round: 2, duel: null }));
  assert.equal(tc.shownView().phase, "intro"); // nothing of ours in it: nothing held
  const { tc: other } = client();
  other.onView(view({ version: 1 }));
  const intro = view({ version: 2, phase: "intro", round: 2, duel: null });
  intro.round.previous = [mine];
  other.onView(intro);
  assert.equal(other.shownView().duel, mine);
  clock.now += C.tournament.round_end_ms;
  assert.equal(other.shownView().phase, "intro");
});

test("our duels as they ended are kept for the shared result", () => {
  const { tc } = client();
  tc.onView(view({ duel: { over: true, draw: false, winner: "p1", rows: [{ pattern: "GGGGG", passed: false, letters: [..."crane"], player: "p1" }] } }));
  assert.deepEqual(readJson(sessionStorage, SESSION.duels)["T1:1"], { round: 1, outcome: "won", rows: [{ pattern: "GGGGG", passed: false }] });
});

test("a refused guess shakes the typed row; the turn goes on", () => {
  const { tc, host } = client();
  tc.onView(view());
  tc.renderRows = () => {}; // the drawing is the browser tests'
  for (const key of "crane") tc.press(key);
  tc.press("enter");
  const rows = boardWithRows("duel-board", 12);
  assert.deepEqual(host.sent.at(-1), { type: "guess", word: "crane" });
  tc.onProblem({ type: "refused", code: "on_board", game: "tournament", room: "T1" });
  assert.equal(rows[0].classList.contains("shake"), true);
  assert.equal(tc.awaitingGuess, false);
  assert.equal(host.said.length, 1);
  tc.press("enter");
  assert.equal(host.sent.filter((m) => m.type === "guess").length, 2); // sent again after the answer
});

test("a refusal of anything else does not shake the row", () => {
  const { tc } = client();
  tc.onView(view());
  const rows = boardWithRows("duel-board", 12);
  tc.onProblem({ type: "refused", code: "not_seated", game: "tournament", room: "T1" });
  assert.equal(rows[0].classList.contains("shake"), false);
});

test("errors of the group and the queue", () => {
  const { tc, host } = client();
  tc.onGroup({ type: "group", code: "G1", you: "p1", organiser: "p1", members: [{ id: "p1", name: "Ada" }] });
  tc.onProblem({ type: "error", code: "unknown_group", game: "tournament" });
  assert.equal(tc.group, null);
  assert.equal(host.errors.length, 1); // no screen of the tournament left: said on the home page
  tc.onQueue({ type: "queue", queued: true, lang: "en" });
  tc.onProblem({ type: "error", code: "not_queued", game: "tournament" });
  assert.equal(tc.queue, null); // cancelled too late or twice: nothing to say
  assert.equal(host.errors.length, 1);
});

test("a launch waits for the server's answer, and is sent once", () => {
  const { tc, host } = client();
  tc.onGroup({ type: "group", code: "G1", you: "p1", organiser: "p1", members: [{ id: "p1", name: "Ada" }] });
  tc.launchGroup("en", false);
  tc.launchGroup("en", false);
  assert.equal(host.sent.filter((m) => m.type === "group_launch").length, 1);
  assert.equal(byId("group-launch").disabled, true);
  tc.onProblem({ type: "error", code: "members_busy", game: "tournament" });
  assert.equal(tc.launching, false);
});

test("what the status line and the cards say, from the view", () => {
  const { tc } = client();
  const v = view();
  assert.equal(tc.rowPlayer(v.duel, 0), "p1");
  assert.equal(tc.rowPlayer(v.duel, 1), "p2");
  assert.equal(tc.duelResultText(v, { ...v.duel, over: true, winner: "p1" }), "tournament.duel.youWon");
  assert.equal(tc.duelResultText(v, { ...v.duel, over: true, winner: "p2" }), "tournament.duel.youLost");
  assert.equal(tc.duelResultText(v, { ...v.duel, over: true, draw: true }), "tournament.duel.drawYou");
  assert.equal(tc.duelResultText(v, { ...v.duel, over: true, winner: "p2", forfeited_by: "p1" }), "tournament.duel.youForfeited");
  assert.equal(tc.myPairingText(v), "tournament.intro.youPlay");
  assert.equal(tc.finalTitle({ ...v, winners: ["p1"] }), "tournament.final.youWin");
  assert.equal(tc.finalTitle({ ...v, winners: ["p1", "p2"] }), "tournament.final.youShare");
  assert.equal(tc.finalTitle({ ...v, winners: [], end_reason: "abandoned" }), "tournament.final.abandoned");
  assert.equal(tc.statusText({ ...v, duel: null, round: { ...v.round, bye: "p1" } }), "tournament.byeStatus");
  assert.equal(tc.statusText({ ...v, duel: { ...v.duel, over: true } }), "tournament.waitOthers");
  assert.equal(tc.watcher({ ...v, you: null }), true);
  assert.equal(tc.statusText({ ...v, you: null, duel: null, duels: [{ over: false }, { over: true }] }), "tournament.watcherStatus");
});

test("typing only on our turn, in the room's language, and not in a paused tab", () => {
  const { tc, host } = client();
  tc.onView(view({ duel: { turn: "p2" } }));
  assert.equal(tc.canType(), false);
  tc.onView(view({ version: 2 }));
  assert.equal(tc.canType(), true);
  assert.equal(tc.attentionText(), "tournament.yourTurn"); // the tab's title says it
  host.detachedNow = true;
  assert.equal(tc.canType(), false);
  assert.equal(tc.attentionText(), "");
});

test("after a reconnection the tab asks again for what it was in", () => {
  const { tc, host } = client();
  tc.onView(view({ version: 9 }));
  assert.equal(tc.afterHello(), true);
  assert.deepEqual(host.sent, [{ type: "tournament_join", tournament: "T1" }]);
  tc.onView(view({ version: 1 })); // the new connection's versions start again
  assert.equal(tc.view.version, 1);
});

test("leaving in play follows the tournament until its place is settled", () => {
  const { tc, host } = client();
  tc.onView(view());
  tc.leave();
  assert.deepEqual(host.sent.slice(0, 2), [{ type: "leave", code: "T1" }, { type: "tournament_join", tournament: "T1" }]);
  assert.equal(tc.view, null);
  assert.equal(tc.left.walkedOut, true);
  tc.onView(view({ version: 3, result: { place: 3, rating_after: 990 } }));
  assert.equal(tc.view, null); // a view of the one left: only its result is read
  assert.equal(tc.left.result.place, 3);
  assert.equal(host.rating, 990);
  assert.equal(tc.setAside("T1"), true);
});
