import { test } from "node:test";
import { readFileSync } from "node:fs";
import assert from "node:assert/strict";
import { checkNickname, graphemeLength, nameRefusalKey } from "../../src/wordarena/web/nickname.js";

test("one family emoji is one character", () => {
  assert.equal(graphemeLength("👨‍👩‍👧"), 1);
  assert.equal(graphemeLength("Zoë"), 3);
  assert.equal(graphemeLength("é"), 1); // e + combining accent
});

test("too long is said, never cut", () => {
  assert.deepEqual(checkNickname("  Ada   Lovelace ", 20), { ok: true, name: "Ada Lovelace", length: 12 });
  assert.equal(checkNickname("👨‍👩‍👧".repeat(20), 20).ok, true);
  assert.deepEqual(checkNickname("x".repeat(21), 20), { ok: false, reason: "too_long", length: 21 });
  assert.equal(checkNickname("   ", 20).reason, "empty");
});

test("a second bound in code points keeps stacked marks out", () => {
  assert.equal(checkNickname("e\u0301".repeat(10), 20, 80).ok, true);
  assert.equal(checkNickname("👨‍👩‍👧‍👦".repeat(20), 20, 80).reason, "too_long"); // 20 characters, 140 code points
});

test("each reason the server gives for refusing a nickname has its own text", () => {
  // The messages of core/nicknames.py (BadName), as `error bad_name` carries them.
  const reasons = {
    "the nickname is empty": "nickname.reason.empty",
    "the nickname is longer than 20 characters": "nickname.reason.long",
    "the nickname needs at least one visible letter or digit": "nickname.reason.visible", // emoji only
    '"(bot)" is kept for bots': "nickname.reason.bot",
    "the nickname contains an invisible character": "nickname.reason.invisible",
    "the nickname contains a control or invisible character": "nickname.reason.invisible", // a bidi override
    "the nickname has too many accents on one letter": "nickname.reason.accents", // Zalgo
    "the nickname starts with a lone accent": "nickname.reason.loneAccent",
  };
  for (const [message, key] of Object.entries(reasons)) assert.equal(nameRefusalKey(message), key, message);
  assert.equal(nameRefusalKey("a rule added later"), null); // then the server's own words are shown
});

test("every message the server's nickname rules can give is known here, in every catalogue", () => {
  const rules = readFileSync(new URL("../../src/wordarena/core/nicknames.py", import.meta.url), "utf8");
  const messages = [...rules.matchAll(/BadName\(f?(["'])(.+?)\1\)/g)].map((m) => m[2]);
  assert.ok(messages.length >= 8, String(messages.length));
  for (const lang of ["en", "fr", "es", "tr", "ru", "ko"]) {
    const texts = JSON.parse(readFileSync(new URL(`../../src/wordarena/web/i18n/${lang}.json`, import.meta.url), "utf8"));
    for (const message of messages) {
      const key = nameRefusalKey(message);
      assert.ok(key && texts[key], `${lang}: ${message}`);
    }
  }
});
