import { test } from "node:test";
import assert from "node:assert/strict";
import { checkNickname, graphemeLength } from "../../src/wordarena/web/nickname.js";

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
