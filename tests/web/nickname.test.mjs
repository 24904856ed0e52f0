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

/** The rules a refused nickname can break, as core/nicknames.py names them (NameRule). */
function serverRules() {
  const source = readFileSync(new URL("../../src/wordarena/core/nicknames.py", import.meta.url), "utf8");
  const literal = source.match(/^NameRule\s*=\s*Literal\[([^\]]+)\]/m);
  assert.ok(literal, "NameRule not found in core/nicknames.py");
  return [...literal[1].matchAll(/"([a-z_]+)"/g)].map((m) => m[1]);
}

test("each rule the server names for a refused nickname has its own text", () => {
  const expected = {
    empty: "nickname.reason.empty",
    too_long: "nickname.reason.long",
    no_letter: "nickname.reason.visible", // emoji only
    invisible: "nickname.reason.invisible", // a bidi override
    accents: "nickname.reason.accents", // Zalgo
    lone_accent: "nickname.reason.loneAccent",
    bot_mark: "nickname.reason.bot",
  };
  for (const [reason, key] of Object.entries(expected)) assert.equal(nameRefusalKey(reason), key, reason);
  assert.equal(nameRefusalKey("a_rule_added_later"), null); // then the server's own words are shown
  assert.equal(nameRefusalKey(undefined), null);
  assert.equal(nameRefusalKey("toString"), null);
});

test("every rule of the server's nickname checks is known here, in every catalogue", () => {
  const rules = serverRules();
  assert.ok(rules.length >= 7, String(rules));
  for (const lang of ["en", "fr", "es", "tr", "ru", "ko"]) {
    const texts = JSON.parse(readFileSync(new URL(`../../src/wordarena/web/i18n/${lang}.json`, import.meta.url), "utf8"));
    for (const rule of rules) {
      const key = nameRefusalKey(rule);
      assert.ok(key && texts[key], `${lang}: ${rule}`);
    }
  }
});
