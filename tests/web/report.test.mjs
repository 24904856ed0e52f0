// Reporting a word from the reveal card: the round's answer, or a word refused this round
// (offered from what the player typed), sent for review with its language and the reason.
import { test } from "node:test";
import assert from "node:assert/strict";
import { byId, fire, resetPage } from "./fake-dom.mjs";
import { LOCAL } from "../../src/wordarena/web/storage.js";
import { topDialog } from "../../src/wordarena/web/dialogs.js";
import { wireReport } from "../../src/wordarena/web/report.js";

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** The reveal of round 2 of a French room, and the words refused to the player this round. */
function page({ reveal = true, refused = ["zzzzz", "abcde"], answer = 200 } = {}) {
  resetPage("/r/ABCD");
  localStorage.setItem(LOCAL.token, "secret");
  const form = byId("report-form");
  form.elements = { kind: { value: "" } };
  const dialog = byId("report");
  dialog.hidden = true;
  dialog.dataset.dialog = "";
  const posted = [];
  globalThis.fetch = async (url, options) => {
    posted.push({ url, ...options, body: JSON.parse(options.body) });
    if (answer instanceof Error) throw answer;
    return { ok: answer < 300, status: answer };
  };
  const app = {
    said: [],
    showMessage: (text) => app.said.push(text),
    duel: {
      view: { options: { lang: "fr" }, reveal: reveal ? { number: 2, answer: "cœurs" } : null },
      answerText: (view) => view.reveal.answer.toUpperCase(),
      refusedWords: () => refused,
    },
  };
  wireReport(app);
  return { app, form, dialog, posted };
}

function send(form) {
  const event = fire(form, "submit");
  assert.equal(event.defaultPrevented, true); // the page never navigates away
  return flush();
}

test("the report opens on the answer, with the refused words offered and the last one written in", (t) => {
  const { form, dialog } = page();
  t.after(() => byId("report-cancel").click());
  byId("report-word-input").value = "old";
  byId("report-reason").value = "old reason";
  byId("report-status").textContent = "old status";
  byId("report-word").click();
  assert.equal(dialog.hidden, false);
  assert.equal(topDialog(), dialog);
  assert.equal(form.dataset.lang, "fr");
  assert.equal(form.dataset.answer, "cœurs");
  assert.equal(form.elements.kind.value, "answer");
  assert.equal(byId("report-word-field").hidden, true); // the answer needs no word written
  assert.deepEqual(byId("report-refused-words").children.map((o) => o.value), ["zzzzz", "abcde"]);
  assert.equal(byId("report-word-input").value, "abcde");
  assert.equal(byId("report-reason").value, "");
  assert.equal(byId("report-status").textContent, "");
  form.elements.kind.value = "refused";
  fire(form, "change");
  assert.equal(byId("report-word-field").hidden, false);
});

test("no report without a reveal; Cancel and Escape close it", (t) => {
  const none = page({ reveal: false });
  byId("report-word").click();
  assert.equal(none.dialog.hidden, true);

  const { dialog } = page({ refused: [] });
  t.after(() => byId("report-cancel").click());
  byId("report-word").click();
  assert.equal(byId("report-word-input").value, ""); // nothing was refused
  assert.equal(dialog.dataset.escape, "report-cancel");
  byId("report-cancel").click();
  assert.equal(dialog.hidden, true);
  assert.equal(topDialog(), null);
});

test("reporting the answer sends the round's word, its language and the reason, with the player's identity", async (t) => {
  const { app, form, dialog, posted } = page();
  t.after(() => byId("report-cancel").click());
  byId("report-word").click();
  byId("report-reason").value = "  a proper noun  ";
  await send(form);
  assert.equal(posted.length, 1);
  const [{ url, method, headers, body }] = posted;
  assert.equal(url, "/api/reports");
  assert.equal(method, "POST");
  assert.equal(headers.Authorization, "Bearer secret");
  assert.deepEqual(body, { lang: "fr", word: "cœurs", kind: "answer", reason: "a proper noun" });
  assert.equal(dialog.hidden, true);
  assert.deepEqual(app.said, ["report.thanks"]);
});

test("reporting a refused word sends the word written, and asks for one when there is none", async (t) => {
  const { app, form, posted } = page();
  t.after(() => byId("report-cancel").click());
  byId("report-word").click();
  form.elements.kind.value = "refused";
  byId("report-word-input").value = "   ";
  await send(form);
  assert.deepEqual(posted, []);
  assert.equal(byId("report-status").textContent, "report.needWord");
  byId("report-word-input").value = " zzzzz ";
  await send(form);
  assert.deepEqual(posted[0].body, { lang: "fr", word: "zzzzz", kind: "refused", reason: "" });
  assert.deepEqual(app.said, ["report.thanks"]);
});

test("a report the server refused, or that could not leave, stays open and says so", async (t) => {
  for (const answer of [429, new TypeError("offline")]) {
    const { app, form, dialog } = page({ answer });
    t.after(() => byId("report-cancel").click());
    byId("report-word").click();
    await send(form);
    assert.equal(dialog.hidden, false);
    assert.equal(byId("report-status").textContent, "report.failed");
    assert.deepEqual(app.said, []);
    byId("report-cancel").click();
  }
});
