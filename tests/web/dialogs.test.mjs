// Dialogs: a card shown over a screen takes the focus, keeps Tab inside it, closes on Escape
// when it says how, and gives the focus back when it closes; the yes/no question of #confirm.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeElement, byId, document, fire, resetPage } from "./fake-dom.mjs";
import { confirmDialog, syncDialogs, topDialog, wireConfirm } from "../../src/wordarena/web/dialogs.js";

function element(tag, attrs = {}) {
  const node = new FakeElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/** An overlay (hidden, as the page draws it) holding a card with `buttons` buttons. */
function overlay(id, { buttons = 2, role = "dialog" } = {}) {
  const box = byId(id);
  box.dataset.dialog = "";
  box.hidden = true;
  const card = element("div", role ? { role } : {});
  const items = Array.from({ length: buttons }, (_, i) => Object.assign(element("button"), { id: `${id}-b${i}` }));
  card.append(...items);
  box.append(card);
  return { box, card, items };
}

/** A page with a button that had the focus; every dialog still open is closed after the test. */
function page(t) {
  resetPage();
  const opener = element("button");
  document.body.append(opener);
  opener.focus();
  t.after(() => {
    for (const box of document.querySelectorAll("[data-dialog]")) box.hidden = true;
    syncDialogs();
  });
  return opener;
}

const tab = (shiftKey = false) => fire(document, "keydown", { key: "Tab", shiftKey });

test("a card shown takes the focus (its autofocus, else the card), and gives it back when it closes", (t) => {
  const opener = page(t);
  const { box, card, items } = overlay("intro");
  syncDialogs();
  assert.equal(topDialog(), null); // still hidden
  assert.equal(document.activeElement, opener);
  box.hidden = false;
  syncDialogs();
  assert.equal(topDialog(), box);
  assert.equal(document.activeElement, card);
  assert.deepEqual(card.focusOptions, { preventScroll: true }); // the screen must not jump
  syncDialogs(); // drawn again: the focus stays where the player moved it
  items[1].focus();
  syncDialogs();
  assert.equal(document.activeElement, items[1]);
  box.hidden = true;
  syncDialogs();
  assert.equal(topDialog(), null);
  assert.equal(document.activeElement, opener);

  const other = overlay("confirm-like");
  other.items[1].dataset.autofocus = "";
  other.box.hidden = false;
  syncDialogs();
  assert.equal(document.activeElement, other.items[1]);
});

test("an overlay without a dialog role takes the focus itself; a hidden autofocus is passed over", (t) => {
  page(t);
  const { box, items } = overlay("bare", { role: null });
  items[0].dataset.autofocus = "";
  items[0].hidden = true;
  box.hidden = false;
  syncDialogs();
  assert.equal(document.activeElement, box);
});

test("the focus goes back to the page when what had it is gone", (t) => {
  const opener = page(t);
  const { box, items } = overlay("reveal");
  box.hidden = false;
  syncDialogs();
  items[0].focus();
  opener.hidden = true; // the screen behind changed meanwhile
  box.hidden = true;
  syncDialogs();
  assert.equal(document.activeElement, document.body);
});

test("dialogs stack: closing the top one gives the focus to the card below", (t) => {
  const opener = page(t);
  const below = overlay("standings");
  const above = overlay("report");
  below.box.hidden = false;
  syncDialogs();
  above.box.hidden = false;
  syncDialogs();
  assert.equal(topDialog(), above.box);
  above.box.hidden = true;
  syncDialogs();
  assert.equal(topDialog(), below.box);
  assert.equal(document.activeElement, below.card);
  below.box.hidden = true;
  syncDialogs();
  assert.equal(document.activeElement, opener); // what had the focus before the first one
});

test("Tab stays inside the card on top: it wraps at both ends and enters from outside", (t) => {
  const opener = page(t);
  const { box, items } = overlay("elimination", { buttons: 4 });
  items[3].disabled = true; // not focusable
  box.hidden = false;
  syncDialogs();
  let event = tab();
  assert.equal(event.defaultPrevented, true);
  assert.equal(document.activeElement, items[0]); // from the card: the first item
  items[1].focus();
  event = tab();
  assert.equal(event.defaultPrevented, false); // in the middle: the browser moves on
  items[2].focus();
  tab();
  assert.equal(document.activeElement, items[0]); // the last enabled one wraps to the first
  tab(true);
  assert.equal(document.activeElement, items[2]); // and back
  opener.focus();
  tab(true);
  assert.equal(document.activeElement, items[2]);
});

test("a card with nothing to focus keeps the focus on itself", (t) => {
  page(t);
  const { box, card } = overlay("round-card", { buttons: 0 });
  box.hidden = false;
  syncDialogs();
  document.body.focus();
  const event = tab();
  assert.equal(event.defaultPrevented, true);
  assert.equal(document.activeElement, card);
});

test("Escape presses the dialog's own way out, when it has one; without a dialog the keys are the page's", (t) => {
  page(t);
  const cancelled = [];
  const { box } = overlay("report");
  byId("report-cancel").addEventListener("click", () => cancelled.push("report"));
  box.hidden = false;
  syncDialogs();
  fire(document, "keydown", { key: "Escape" });
  assert.deepEqual(cancelled, []); // no data-escape: Escape does nothing
  box.dataset.escape = "report-cancel";
  const event = fire(document, "keydown", { key: "Escape" });
  assert.equal(event.defaultPrevented, true);
  assert.deepEqual(cancelled, ["report"]);
  box.hidden = true;
  syncDialogs();
  assert.equal(tab().defaultPrevented, false);
  assert.equal(fire(document, "keydown", { key: "Escape" }).defaultPrevented, false);
});

test("a yes/no question: its texts, No first in focus, and the answer of the button pressed", async (t) => {
  page(t);
  const { box } = overlay("confirm", { buttons: 0 });
  box.querySelector("[role=dialog]").append(byId("confirm-yes"), byId("confirm-no"));
  wireConfirm();
  const asked = confirmDialog({ title: "Leave?", text: "The game goes on without you.", yes: "Leave", no: "Stay" });
  assert.equal(byId("confirm-title").textContent, "Leave?");
  assert.equal(byId("confirm-text").textContent, "The game goes on without you.");
  assert.equal(byId("confirm-yes").textContent, "Leave");
  assert.equal(byId("confirm-no").textContent, "Stay");
  assert.equal(box.hidden, false);
  assert.equal(document.activeElement, byId("confirm-no")); // the safe answer
  byId("confirm-yes").click();
  assert.equal(await asked, true);
  assert.equal(box.hidden, true);
  assert.equal(topDialog(), null);

  const again = confirmDialog({ title: "Leave?", text: "", yes: "Leave", no: "Stay" });
  fire(document, "keydown", { key: "Escape" }); // Escape is No
  assert.equal(await again, false);
});

test("a new question answers the one still open with No", async (t) => {
  page(t);
  overlay("confirm", { buttons: 0 });
  wireConfirm();
  const first = confirmDialog({ title: "A", text: "", yes: "y", no: "n" });
  const second = confirmDialog({ title: "B", text: "", yes: "y", no: "n" });
  assert.equal(await first, false);
  assert.equal(byId("confirm-title").textContent, "B");
  byId("confirm-yes").click();
  assert.equal(await second, true);
});
