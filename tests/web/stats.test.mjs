// /stats: the player's history read from /api/me (facts, the guess distribution, the rating's
// history, the last games), and the one-time code that carries the identity to another device.
// The page starts itself when loaded: each test loads a fresh copy of stats.js on its own page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { byId, document, fire, location, resetPage } from "./fake-dom.mjs";
import { ENGLISH } from "./english.mjs";
import { LOCAL } from "../../src/wordarena/web/storage.js";

const settle = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

/** What /api/me answers for a player with a few games. */
function me(overrides = {}) {
  return {
    player: { name: "Ada", rating: 1016, games_played: 9 },
    duel: { played: 5, won: 3, rounds: 12, distribution: { 1: 0, 2: 1, 3: 4, 4: 2, 5: 0, 6: 1, x: 2 } },
    tournament: { played: 4, rated: 2, won: 1, best_place: 1 },
    rating_history: [
      { at: "2024-03-01T10:00:00Z", before: 1000, after: 1011 },
      { at: "2024-03-02T10:00:00Z", before: 1011, after: 1016 },
    ],
    recent: [
      { kind: "duel", lang: "fr", ended_at: "2024-03-05T14:30:00Z", words: ["cœurs", "étude"], won: false, draw: false, total: 120, place: 2, of: 4 },
      { kind: "duel", lang: "en", ended_at: null, words: ["crane"], won: true, draw: false, total: 150, place: 1, of: 2 },
      { kind: "duel", lang: "tr", ended_at: null, words: ["kalem"], won: false, draw: true, total: 90 },
      { kind: "tournament", lang: "en", ended_at: null, words: [], place: 3, rated: true, rating_change: -4 },
      { kind: "tournament", lang: "en", ended_at: null, words: [], place: 1, rated: true, rating_change: 11 },
      { kind: "tournament", lang: "ru", ended_at: null, words: ["слово"], place: 2, rated: false, rating_change: 0 },
    ],
    ...overrides,
  };
}

/**
 * The page as the server drew it, a server answering `routes` ({"POST /api/transfer": [status, body]}),
 * and a fresh start of stats.js. Returns what was fetched.
 */
let copies = 0;
async function open({ token = "secret", hash = "", routes = {} } = {}) {
  resetPage("/stats");
  location.hash = hash;
  document.documentElement.lang = "en";
  if (token) localStorage.setItem(LOCAL.token, token);
  byId("stats-body").hidden = true;
  byId("transfer-code-box").hidden = true;
  byId("transfer-input").value = "";
  byId("transfer-link").select = () => (byId("transfer-link").selected = true);
  const calls = [];
  globalThis.fetch = async (url, options = {}) => {
    calls.push({ url, method: options.method ?? "GET", headers: options.headers, body: options.body && JSON.parse(options.body) });
    if (url === "/static/i18n/en.json") return { ok: true, status: 200, json: async () => ENGLISH };
    const [status, body] = routes[`${options.method ?? "GET"} ${url}`] ?? [404, { error: "not_found" }];
    return { ok: status < 300, status, json: async () => (body === undefined ? Promise.reject(new SyntaxError("empty")) : body) };
  };
  copies += 1;
  await import(`../../src/wordarena/web/stats.js?page=${copies}`);
  await settle();
  return calls;
}

const text = (node) => node.textContent + node.children.map(text).join("");
const status = () => (byId("stats-status").hidden ? "" : byId("stats-status").textContent);

test("a browser without an identity is told how to get one, and cannot make a code", async () => {
  const calls = await open({ token: null });
  assert.equal(status(), ENGLISH["stats.unknown"]);
  assert.equal(byId("stats-body").hidden, true);
  assert.equal(byId("transfer-create").disabled, true);
  assert.deepEqual(calls.map((c) => c.url), ["/static/i18n/en.json"]); // no /api/me without a token
});

test("an identity the server does not know is told the same", async () => {
  const calls = await open({ routes: { "GET /api/me": [401, { error: "unknown_player" }] } });
  assert.equal(calls.at(-1).headers.Authorization, "Bearer secret");
  assert.equal(status(), ENGLISH["stats.unknown"]);
  assert.equal(byId("stats-body").hidden, true);
});

test("the facts: games played and won (with their share), tournaments, rating and best place", async () => {
  await open({ routes: { "GET /api/me": [200, me()] } });
  assert.equal(status(), "");
  assert.equal(byId("stats-body").hidden, false);
  assert.equal(byId("duel-played").textContent, "5");
  assert.equal(byId("duel-won").textContent, "3 (60 %)");
  assert.equal(byId("tournament-played").textContent, "4");
  assert.equal(byId("tournament-won").textContent, "1");
  assert.equal(byId("rating-now").textContent, "1016");
  assert.equal(byId("best-place").textContent, "1");
});

test("a player with no finished game yet: no share of nothing, no place, no rating history", async () => {
  const body = me({
    duel: { played: 0, won: 0, rounds: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, x: 0 } },
    tournament: { played: 0, rated: 0, won: 0, best_place: null },
    rating_history: [],
    recent: [],
  });
  await open({ routes: { "GET /api/me": [200, body] } });
  assert.equal(status(), ENGLISH["stats.none"]);
  assert.equal(byId("duel-won").textContent, "0");
  assert.equal(byId("best-place").textContent, "–");
  assert.equal(text(byId("rating-chart")), ENGLISH["stats.noRating"]);
  const bars = byId("distribution").children.map((item) => item.children[1]);
  assert.ok(bars.every((bar) => bar.style.width === "8%" && bar.classList.contains("empty"))); // an empty bar still shows
  assert.deepEqual(byId("recent-rows").children, []);
});

test("the distribution: a bar per number of guesses, as wide as its share of the largest, the misses apart", async () => {
  await open({ routes: { "GET /api/me": [200, me()] } });
  const items = byId("distribution").children;
  assert.deepEqual(items.map((i) => i.dataset.testid), ["1", "2", "3", "4", "5", "6", "x"].map((k) => `distribution-${k}`));
  const bars = items.map((i) => i.children[1]);
  assert.deepEqual(bars.map((b) => b.textContent), ["0", "1", "4", "2", "0", "1", "2"]);
  assert.deepEqual(bars.map((b) => b.style.width), ["8%", "25%", "100%", "50%", "8%", "25%", "50%"]);
  assert.deepEqual(bars.map((b) => b.classList.contains("empty")), [true, false, false, false, true, false, false]);
  assert.deepEqual(bars.map((b) => b.classList.contains("missed")), [false, false, false, false, false, false, true]);
  assert.equal(items[6].children[0].textContent, "Not found");
  assert.equal(items[6].getAttribute("aria-label"), "Not found: 2");
  assert.equal(items[2].children[0].textContent, "3");
  assert.equal(items[2].getAttribute("aria-label"), "Found in 3 guesses: 4");
});

test("the rating's history: from the first rating before to the last after, described for screen readers", async () => {
  await open({ routes: { "GET /api/me": [200, me()] } });
  const [chart, caption] = byId("rating-chart").children;
  const label = "Rating from 1000 to 1016 over 2 rated tournaments";
  assert.equal(chart.getAttribute("aria-label"), label);
  assert.equal(caption.textContent, label);
  const dots = chart.children.filter((c) => c.tagName === "CIRCLE").map((c) => c.children[0].textContent);
  assert.deepEqual(dots, ["1000", "1011", "1016"]);
});

test("the last games: when, which game, the result (a duel's place first), and the words in their language", async () => {
  await open({ routes: { "GET /api/me": [200, me()] } });
  const rows = byId("recent-rows").children.map((row) => row.children.map((cell) => cell.textContent));
  const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date("2024-03-05T14:30:00Z"));
  assert.deepEqual(rows, [
    [when, "Duel de Mots (fr)", "Place 2 of 4 · Lost · 120 points", "CŒURS · ÉTUDE"],
    ["", "Duel de Mots (en)", "Place 1 of 2 · Won · 150 points", "CRANE"],
    ["", "Duel de Mots (tr)", "Draw · 90 points", "KALEM"], // no place known: the outcome alone
    ["", "Tournament (en)", "Place 3 · -4", ""],
    ["", "Tournament (en)", "Place 1 · +11", ""],
    ["", "Practice tournament (ru)", "Place 2", "СЛОВО"], // practice changes no rating
  ]);
  assert.equal(byId("recent-rows").children[0].children[3].lang, "fr");
});

test("a one-time code: shown with its link and how long it lives; a failure says so", async () => {
  await open({ routes: { "GET /api/me": [200, me()], "POST /api/transfer": [200, { code: "ABCDE-FGHJK", expires_s: 570 }] } });
  assert.equal(byId("transfer-create").disabled, false);
  byId("transfer-create").click();
  await settle();
  assert.equal(byId("transfer-code-box").hidden, false);
  assert.equal(byId("transfer-code").textContent, "ABCDE-FGHJK");
  assert.equal(byId("transfer-link").value, "http://localhost/stats#claim=ABCDE-FGHJK");
  assert.equal(byId("transfer-expiry").textContent, "Valid once, for 10 minutes.");

  await open({ routes: { "GET /api/me": [200, me()], "POST /api/transfer": [429, { error: "too_many_codes" }] } });
  byId("transfer-create").click();
  await settle();
  assert.equal(byId("transfer-code-box").hidden, true);
  assert.equal(byId("transfer-status").textContent, ENGLISH["transfer.failed"]);
});

test("the link is copied, or selected for the player to copy where the clipboard is refused", async () => {
  await open({ routes: { "GET /api/me": [200, me()] } });
  const copied = [];
  navigator.clipboard = { writeText: async (value) => copied.push(value) };
  byId("transfer-link").value = "http://localhost/stats#claim=ABCDE-FGHJK";
  byId("transfer-copy").click();
  await settle();
  assert.deepEqual(copied, ["http://localhost/stats#claim=ABCDE-FGHJK"]);
  assert.equal(byId("transfer-link").selected, undefined);
  navigator.clipboard = { writeText: async () => Promise.reject(new Error("not allowed")) };
  byId("transfer-copy").click();
  await settle();
  assert.equal(byId("transfer-link").selected, true);
  delete navigator.clipboard;
});

test("a code's link fills the code in; claiming it keeps the new identity and shows its statistics", async () => {
  const calls = await open({
    token: null,
    hash: "#claim=ABCDE-FGHJK",
    routes: { "POST /api/transfer/claim": [200, { token: "other-secret", name: "Ada" }], "GET /api/me": [200, me()] },
  });
  assert.equal(byId("transfer-input").value, "ABCDE-FGHJK");
  assert.equal(byId("transfer").scrolledIntoView, true);
  byId("transfer-input").value = "  ABCDE-FGHJK ";
  const event = fire(byId("transfer-claim"), "submit");
  assert.equal(event.defaultPrevented, true);
  await settle();
  assert.deepEqual(calls.find((c) => c.url === "/api/transfer/claim").body, { code: "ABCDE-FGHJK" });
  assert.equal(localStorage.getItem(LOCAL.token), "other-secret");
  assert.equal(byId("transfer-status").textContent, "Done: this device now plays as Ada.");
  assert.equal(location.pathname, "/stats");
  assert.equal(location.hash, ""); // the used code leaves the address bar
  assert.equal(calls.at(-1).headers.Authorization, "Bearer other-secret");
  assert.equal(byId("stats-body").hidden, false);
  assert.equal(byId("rating-now").textContent, "1016");
});

test("a wrong code changes nothing; an empty one is not sent", async () => {
  const calls = await open({ routes: { "POST /api/transfer/claim": [400, { error: "bad_code" }], "GET /api/me": [200, me()] } });
  byId("transfer-input").value = "   ";
  fire(byId("transfer-claim"), "submit");
  await settle();
  assert.equal(calls.some((c) => c.url === "/api/transfer/claim"), false);
  byId("transfer-input").value = "WRONG-CODE0";
  fire(byId("transfer-claim"), "submit");
  await settle();
  assert.equal(byId("transfer-status").textContent, ENGLISH["transfer.badCode"]);
  assert.equal(localStorage.getItem(LOCAL.token), "secret");
});

test("choosing another interface language sends its form (the server draws the page in it)", async () => {
  await open({ token: null });
  let sent = 0;
  byId("ui-lang").form = { submit: () => (sent += 1) };
  fire(byId("ui-lang"), "change");
  assert.equal(sent, 1);
});
