import { test } from "node:test";
import assert from "node:assert/strict";
import { lettersFromKey } from "../../src/wordarena/web/keymap.js";
import { ALPHABETS } from "./alphabets.mjs";
import "./constants.mjs";

const press = (lang, key, code = "", shiftKey = false) => lettersFromKey({ key, code, shiftKey }, lang, ALPHABETS[lang]);

test("letters of the room's language, folded as the server folds them", () => {
  assert.deepEqual(press("fr", "é"), ["e"]);
  assert.deepEqual(press("fr", "œ"), ["o", "e"]);
  assert.deepEqual(press("es", "Ñ"), ["ñ"]);
  assert.deepEqual(press("ru", "ё"), ["е"]);
  assert.equal(press("en", "Enter"), null);
  assert.equal(press("en", "1"), null);
});

test("an accent is folded only where the core folds it: every other press is refused, as the server would", () => {
  assert.deepEqual(press("es", "ö"), ["o"]); // Spanish folds every accent outside its alphabet
  assert.deepEqual(press("pt", "Ã"), ["a"]);
  assert.deepEqual(press("tr", "â"), ["a"]); // Turkish folds â î û only
  assert.equal(press("tr", "é"), null);
  assert.equal(press("pl", "é"), null); // Polish letters carry their marks: é is none of them
  assert.equal(press("de", "é"), null);
  assert.equal(press("en", "é"), null);
  assert.equal(press("uk", "ё"), null); // ё is Russian and Kazakh, folded there only
  assert.deepEqual(press("kk", "ё"), ["е"]);
  assert.equal(press("de", "œ"), null); // œ is o then e in French only
  assert.deepEqual(press("de", "ä"), ["ä"]);
});

test("Turkish casing: I is ı and İ is i", () => {
  assert.deepEqual(press("tr", "I"), ["ı"]);
  assert.deepEqual(press("tr", "İ"), ["i"]);
});

test("Korean by physical key (2-set layout), whatever the IME", () => {
  assert.deepEqual(press("ko", "t", "KeyT"), ["ㅅ"]);
  assert.deepEqual(press("ko", "o", "KeyO"), ["ㅏ", "ㅣ"]); // ㅐ is two letters
  assert.deepEqual(press("ko", "R", "KeyR", true), ["ㄱ", "ㄱ"]); // ㄲ
  assert.deepEqual(press("ko", "ㅘ", "KeyH"), ["ㅗ", "ㅏ"]);
});

test("Russian, Ukrainian and Kazakh rooms read a Latin layout by physical key", () => {
  assert.deepEqual(press("ru", "q", "KeyQ"), ["й"]);
  assert.deepEqual(press("ru", "]", "BracketRight"), ["ъ"]);
  assert.deepEqual(press("uk", "s", "KeyS"), ["і"]);
  assert.deepEqual(press("uk", "]", "BracketRight"), ["ї"]);
  assert.deepEqual(press("uk", "'", "Quote"), ["є"]);
  assert.deepEqual(press("uk", "\\", "Backslash"), ["ґ"]);
  assert.deepEqual(press("uk", "s", "KeyS"), ["і"]);
  assert.deepEqual(press("kk", "2", "Digit2"), ["ә"]);
  assert.deepEqual(press("kk", "0", "Digit0"), ["қ"]);
  assert.deepEqual(press("kk", "=", "Equal"), ["һ"]);
  assert.deepEqual(press("kk", "s", "KeyS"), ["ы"]);
  // A Cyrillic layout types its own letters directly.
  assert.deepEqual(press("uk", "ї", "BracketRight"), ["ї"]);
  // Ukrainian has no ы: the Russian key position gives і, never a letter outside the alphabet.
  assert.equal(press("uk", "ы", "KeyS")?.[0], "і");
});

test("œ and æ stand for two letters only where the core reads them so (French)", () => {
  assert.deepEqual(press("fr", "æ"), ["a", "e"]);
  assert.equal(press("en", "œ"), null); // the server would refuse it: not a letter of English
  assert.equal(press("es", "æ"), null);
});
