import { test } from "node:test";
import assert from "node:assert/strict";
import { applyDelta } from "../../src/wordarena/web/delta.js";

const view = {
  type: "room",
  code: "abc",
  version: 4,
  phase: "playing",
  seats: [{ name: "A", rows: [] }, { name: "B", rows: [] }],
  keyboard: { a: "G" },
};

test("a delta sets fields, list items and removes fields, in a new object", () => {
  const delta = { type: "delta", code: "abc", of: "room", version: 5, base: 4, set: { version: 5, "seats/1": { name: "B", rows: [{ pattern: "G----" }] } }, unset: ["keyboard"] };
  const next = applyDelta(view, delta);
  assert.equal(next.version, 5);
  assert.deepEqual(next.seats[1].rows, [{ pattern: "G----" }]);
  assert.equal(next.seats[0], view.seats[0]);
  assert.equal("keyboard" in next, false);
  assert.equal(view.version, 4, "the old view is left as it was");
  assert.deepEqual(view.seats[1].rows, []);
  assert.ok("keyboard" in view);
});

test("a delta that does not follow the view held asks for a whole view", () => {
  const delta = { type: "delta", code: "abc", of: "room", version: 7, base: 6, set: { version: 7 }, unset: [] };
  assert.equal(applyDelta(view, delta), null);
  assert.equal(applyDelta(null, { ...delta, base: 4 }), null);
  assert.equal(applyDelta(view, { ...delta, base: 4, code: "other" }), null);
  assert.equal(applyDelta(view, { ...delta, base: 4, of: "tournament" }), null);
});
