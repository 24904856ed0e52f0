import { test } from "node:test";
import assert from "node:assert/strict";

// keyboard.js draws with the DOM; its layout rule is pure. Import it without a DOM.
globalThis.document ??= undefined;
const { keysPerRow, layoutRows } = await import("../../src/wordarena/web/keyboard.js");

const RUSSIAN = [[..."йцукенгшщзхъ"], [..."фывапролджэ"], [..."ячсмитьбю"]];
const ENGLISH = [[..."qwertyuiop"], [..."asdfghjkl"], [..."zxcvbnm"]];

test("keys stay at least 40 px wide on a 360 px phone", () => {
  const perRow = keysPerRow(344);
  assert.equal(perRow, 8);
  const rows = layoutRows(RUSSIAN, perRow);
  assert.deepEqual(rows.flat(), RUSSIAN.flat()); // every letter, in order
  for (const row of rows.slice(0, -1)) assert.ok(row.length <= perRow);
  assert.ok(rows.at(-1).length + 3 <= perRow);
});

test("a layout that fits keeps its own rows", () => {
  assert.deepEqual(layoutRows(ENGLISH, 12), ENGLISH);
});
