import { test } from "node:test";
import assert from "node:assert/strict";

// keyboard.js draws with the DOM; its sizing rule is pure. Import it without a DOM.
globalThis.document ??= undefined;
const { keyboardMetrics } = await import("../../src/wordarena/web/keyboard.js");

// The rows of GET /api/alphabets (core/alphabets.py), as the keyboard gets them.
const split = (...rows) => rows.map((row) => [...row]);
const ROWS = {
  en: split("qwertyuiop", "asdfghjkl", "zxcvbnm"),
  fr: split("azertyuiop", "qsdfghjklm", "wxcvbn"),
  es: split("qwertyuiop", "asdfghjklñ", "zxcvbnm"),
  tr: split("ertyuıopğü", "asdfghjklşi", "zcvbnmöç"),
  ru: split("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"),
  ko: split("ㅂㅈㄷㄱㅅㅛㅕㅑ", "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ", "ㅋㅌㅊㅍㅠㅜㅡ"),
  uk: split("йцукенгшщзхї", "фівапролджє", "ґячсмитьбю"),
  pl: split("qwertyuiop", "asdfghjkl", "zxcvbnm", "ąćęłńóśźż"),
};

/** A letter key's width in CSS pixels, as style.css computes it (.kb-row --gap, --kw). */
function keyWidth(rows, width) {
  const { units, gaps } = keyboardMetrics(rows);
  const gap = Math.min(6, Math.max(2, (width - units * 30) / gaps));
  return Math.min(48, (width - gaps * gap) / units);
}

test("the keyboard is as wide as its longest row, Enter and Backspace included", () => {
  assert.deepEqual(keyboardMetrics(ROWS.en), { units: 10, gaps: 9, action: 1.5 });
  assert.deepEqual(keyboardMetrics(ROWS.ru), { units: 12, gaps: 11, action: 1.5 });
  assert.deepEqual(keyboardMetrics(ROWS.tr), { units: 11, gaps: 10, action: 1.5 });
  // Ten letters beside Enter and Backspace: those two shrink to one key, not the letters.
  assert.deepEqual(keyboardMetrics(ROWS.uk), { units: 12, gaps: 11, action: 1 });
  assert.deepEqual(keyboardMetrics(ROWS.ko), { units: 9, gaps: 8, action: 1 });
});

test("every language keeps its rows down to a 320 px phone, keys at least 24 px wide", () => {
  for (const [lang, rows] of Object.entries(ROWS)) {
    // 320 px less the game's 4 px margins; a 360 px phone and a desktop for comparison.
    assert.ok(keyWidth(rows, 312) >= 24, `${lang}: ${keyWidth(rows, 312)}`);
    assert.ok(keyWidth(rows, 352) >= 25, lang);
    assert.equal(keyWidth(rows, 552) <= 48, true);
  }
  assert.ok(keyWidth(ROWS.en, 352) >= 29); // NYT's keys on a 360 px phone: about 30 px
});
