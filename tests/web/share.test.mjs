import { test } from "node:test";
import assert from "node:assert/strict";
import { duelShareText, emojiRow, shareUrl, tournamentShareText } from "../../src/wordarena/web/share.js";

const t = (key, vars = {}) => `${key}${Object.values(vars).join(",")}`;

test("emoji rows follow the palette", () => {
  assert.equal(emojiRow("GY-", false), "🟩🟨⬛");
  assert.equal(emojiRow("GY-", true), "🟧🟦⬛");
});

test("a Duel de Mots result carries the game, language, grid and link, and no letter", () => {
  const text = duelShareText({
    title: "Duel de Mots",
    language: "English",
    rounds: [{ number: 1, patterns: ["-Y---", "GGGGG"], solved: true, points: 65 }, { number: 2, patterns: ["-----"], solved: false, points: 0 }],
    total: 65,
    placeText: "1/3",
    url: "https://example.test/",
    contrast: false,
    t,
  });
  assert.match(text, /^Duel de Mots · English/);
  assert.match(text, /2\/6/);
  assert.match(text, /X\/6/);
  assert.match(text, /🟩🟩🟩🟩🟩/);
  assert.match(text, /https:\/\/example\.test\/$/);
  const grid = text.split("\n").filter((line) => /[🟩🟨⬛]/u.test(line));
  assert.ok(grid.every((line) => !/\p{L}/u.test(line)));
});

test("a tournament result shows passed turns and outcomes", () => {
  const text = tournamentShareText({
    title: "Tournament",
    language: "Français",
    placeText: "2/8",
    ratingText: "1000 → 1018",
    duels: [{ round: 1, outcome: "won", rows: [{ pattern: "G----" }, { passed: true }, { pattern: "GGGGG" }] }],
    url: "https://example.test/",
    contrast: true,
    t,
  });
  assert.match(text, /✅/);
  assert.match(text, /▫️/);
  assert.match(text, /🟧🟧🟧🟧🟧/);
});

test("a finished game's text ends with its replay, anything else with the home page", () => {
  assert.equal(shareUrl("https://example.test", "/games/Ab-_9xYz0123"), "https://example.test/games/Ab-_9xYz0123");
  assert.equal(shareUrl("https://example.test", undefined), "https://example.test/");
  assert.equal(shareUrl("https://example.test", null), "https://example.test/");
  assert.equal(shareUrl("https://example.test", "//evil.test/x"), "https://example.test/"); // only a replay's path
  const text = duelShareText({
    title: "Duel de Mots",
    language: "English",
    rounds: [{ number: 1, patterns: ["GGGGG"], solved: true, points: 70 }],
    total: 70,
    placeText: "",
    url: shareUrl("https://example.test", "/games/abc"),
    contrast: false,
    t,
  });
  assert.match(text, /\nhttps:\/\/example\.test\/games\/abc$/);
});
