// The small parts with logic: the socket's reconnection, links pasted on the home page,
// names, hint texts, the storage's JSON, the shared results.
import { test } from "node:test";
import assert from "node:assert/strict";
import { location, resetPage } from "./fake-dom.mjs";
import "./constants.mjs";
import { Connection } from "../../src/wordarena/web/net.js";
import { parseGroupInput, parseRoomInput } from "../../src/wordarena/web/home.js";
import { displayName } from "../../src/wordarena/web/names.js";
import { STATE_OF_MARK, describeRow, hintLabel } from "../../src/wordarena/web/board.js";
import { readJson, writeJson } from "../../src/wordarena/web/storage.js";
import { duelText, tournamentText } from "../../src/wordarena/web/results.js";
import { ALPHABETS } from "./alphabets.mjs";

/** Sockets that open, close and say what the test makes them say. */
class FakeSocket {
  static OPEN = 1;
  static made = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.listeners = {};
    FakeSocket.made.push(this);
  }
  addEventListener(name, fn) {
    this.listeners[name] = fn;
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {}
  fire(name, event = {}) {
    if (name === "open") this.readyState = FakeSocket.OPEN;
    this.listeners[name]?.(event);
  }
}
globalThis.WebSocket = FakeSocket;

test("the socket reopens after a drop, later each time, until the server accepts us again", (t) => {
  resetPage();
  t.mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  t.mock.method(Math, "random", () => 0.5); // no jitter
  const status = [];
  const messages = [];
  const conn = new Connection({ onOpen: () => conn.send({ type: "hello" }), onMessage: (m) => messages.push(m), onStatus: (s) => status.push(s) });
  assert.equal(conn.send({ type: "ping" }), false); // not open yet
  conn.open();
  const first = FakeSocket.made.at(-1);
  assert.equal(first.url, `ws://${location.host}/ws`);
  first.fire("open");
  assert.deepEqual(first.sent, [{ type: "hello" }]);
  first.fire("message", { data: '{"type":"pong"}' });
  first.fire("message", { data: "not json" });
  assert.deepEqual(messages, [{ type: "pong" }]);
  first.fire("close");
  assert.deepEqual(status, [true, false]);
  const made = FakeSocket.made.length;
  t.mock.timers.tick(499);
  assert.equal(FakeSocket.made.length, made);
  t.mock.timers.tick(1);
  assert.equal(FakeSocket.made.length, made + 1); // 500 ms after the first drop
  FakeSocket.made.at(-1).fire("close");
  t.mock.timers.tick(999);
  assert.equal(FakeSocket.made.length, made + 1);
  t.mock.timers.tick(1);
  assert.equal(FakeSocket.made.length, made + 2); // then 1 s
  conn.confirmed();
  FakeSocket.made.at(-1).fire("close");
  t.mock.timers.tick(500);
  assert.equal(FakeSocket.made.length, made + 3); // accepted: from the beginning again
  conn.stop();
  FakeSocket.made.at(-1).fire("close");
  t.mock.timers.tick(20_000);
  assert.equal(FakeSocket.made.length, made + 3); // stopped for good
});

test("a room or group link pasted on the home page gives its code", () => {
  assert.equal(parseRoomInput(" https://example.org/r/AB%20CD?x=1 "), "AB CD");
  assert.equal(parseRoomInput("ABCD"), "ABCD");
  assert.equal(parseRoomInput("not a code"), null);
  assert.equal(parseGroupInput("https://example.org/g/G1"), "G1");
  assert.equal(parseGroupInput("G1"), null);
});

test("bots are named in the interface language, people as they are", () => {
  assert.equal(displayName("Hana (bot)", true), "Hana (lobby.bot)");
  assert.equal(displayName("Ada (bot)", false), "Ada (bot)");
});

test("a row is read out letter by letter with its hints", () => {
  assert.equal(STATE_OF_MARK.G, "correct");
  assert.equal(hintLabel("A", "present"), "hint.present");
  assert.equal(describeRow({ letters: [..."crane"], pattern: "GY---" }, 0, ALPHABETS.en), "announce.row");
});

test("the storage keeps JSON, forgets null and survives a broken value", () => {
  resetPage();
  writeJson(sessionStorage, "k", { a: 1 });
  assert.deepEqual(readJson(sessionStorage, "k"), { a: 1 });
  writeJson(sessionStorage, "k", null);
  assert.equal(sessionStorage.getItem("k"), null);
  sessionStorage.setItem("k", "{broken");
  assert.equal(readJson(sessionStorage, "k"), null);
});

test("a shared Duel de Mots result: this player's rows of every round, in colours only", () => {
  globalThis.location.origin = "https://example.org";
  const view = {
    you: 0,
    options: { lang: "en" },
    seats: [{ total: 60 }, { total: 40 }],
    standings: {
      order: [{ seat: 0, total: 60 }, { seat: 1, total: 40 }],
      rounds: [{ number: 1, seats: [{ seat: 0, rows: [{ pattern: "G-Y--" }, { pattern: "GGGGG" }], solve_rank: 1, points: 60 }] }],
    },
  };
  const text = duelText({ view, review: null, alphabet: () => ALPHABETS.en });
  assert.match(text, /2\/6 \(\+60\)/);
  assert.match(text, /https:\/\/example.org\//);
  assert.doesNotMatch(text, /crane/i); // no letters: nothing spoilt
});

test("a shared tournament result: every duel of this tournament, in round order", () => {
  const tc = {
    view: { code: "T1", lang: "en", rated: false, players: [1, 2, 3], result: { place: 2 } },
    duels: {
      "T1:2": { round: 2, outcome: "lost", rows: [{ pattern: "-----", passed: false }] },
      "T1:1": { round: 1, outcome: "won", rows: [{ pattern: null, passed: true }] },
      "T0:1": { round: 1, outcome: "draw", rows: [] },
    },
    langName: () => "English",
  };
  const text = tournamentText(tc);
  assert.ok(text.indexOf("✅") < text.indexOf("❌"));
  assert.doesNotMatch(text, /➖/); // another tournament's duel
});
