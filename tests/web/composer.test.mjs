import { test } from "node:test";
import assert from "node:assert/strict";
import { Composer } from "../../src/wordarena/web/composer.js";
import { ALPHABETS } from "./alphabets.mjs";

test("Dutch ij and Uzbek digraphs are formed as they are typed", () => {
  const nl = new Composer(ALPHABETS.nl, 5);
  for (const c of "ijzer") nl.add(c);
  assert.deepEqual(nl.typed, ["ij", "z", "e", "r"]);
  const uz = new Composer(ALPHABETS.uz, 5);
  for (const c of ["o", "'", "c", "h", "a"]) uz.add(c);
  assert.deepEqual(uz.typed, ["oʻ", "ch", "a"]);
});

test("a row is never longer than the word; backspace and restore", () => {
  const en = new Composer(ALPHABETS.en, 5);
  for (const c of "abcdefg") en.add(c);
  assert.equal(en.word(), "abcde");
  assert.ok(en.full);
  en.backspace();
  assert.equal(en.word(), "abcd");
  en.restore(["c", "r", "1", "a"]);
  assert.deepEqual(en.typed, ["c", "r", "a"]);
});
