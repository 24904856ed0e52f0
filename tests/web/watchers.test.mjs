import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeElement } from "./fake-dom.mjs";
import { renderWatchers, watchersLabel, watchersToggle } from "../../src/wordarena/web/duel-watchers.js";

function button() {
  const b = new FakeElement("button");
  const count = new FakeElement("span");
  count.classList.add("watchers-count");
  b.children.push(count);
  return b;
}

test("players see the count once somebody watches; the host always sees the switch", () => {
  const b = button();
  renderWatchers(b, { watchers: 0, watchers_open: true }, false);
  assert.equal(b.hidden, true);
  renderWatchers(b, { watchers: 3, watchers_open: true }, false);
  assert.equal(b.hidden, false);
  assert.equal(b.disabled, true); // a player cannot close the room
  assert.equal(b.querySelector(".watchers-count").textContent, "3");
  renderWatchers(b, { watchers: 0, watchers_open: true }, true);
  assert.equal(b.hidden, false);
  assert.equal(b.disabled, false);
  assert.equal(b.getAttribute("aria-pressed"), "false");
});

test("a closed room shows its switch pressed and says how to open it again", () => {
  const b = button();
  renderWatchers(b, { watchers: 0, watchers_open: false }, true);
  assert.equal(b.classList.contains("closed"), true);
  assert.equal(b.getAttribute("aria-pressed"), "true");
  assert.equal(b.title, watchersLabel(0, false, true));
  assert.notEqual(watchersLabel(2, true, true), watchersLabel(2, true, false)); // the host's says what a click does
});

test("the switch asks for the other state", () => {
  assert.deepEqual(watchersToggle({ watchers_open: true }), { type: "watchers", open: false });
  assert.deepEqual(watchersToggle({ watchers_open: false }), { type: "watchers", open: true });
});
