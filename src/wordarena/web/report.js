// Reporting a word from the reveal card: an answer that should not
// be one, or a word that was refused. Stored for review with the word, the
// language and the reason (POST /api/reports); a report never changes a list.

import { t } from "./i18n.js";
import { $, el } from "./dom.js";
import { syncDialogs } from "./dialogs.js";
import { LOCAL } from "./storage.js";

export function wireReport(app) {
  const form = $("report-form");
  $("report-word").addEventListener("click", () => open(app));
  $("report-cancel").addEventListener("click", () => close());
  $("report").dataset.escape = "report-cancel";
  form.addEventListener("change", () => showKind());
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    await send(app);
  });
}

function open(app) {
  const duel = app.duel;
  const view = duel.view;
  if (!view?.reveal) return;
  const form = $("report-form");
  form.dataset.lang = view.options.lang;
  form.dataset.answer = view.reveal.answer;
  $("report-answer-label").textContent = t("report.answer", { word: duel.answerText(view) });
  const refused = duel.refusedWords();
  $("report-refused-words").replaceChildren(...refused.map((word) => Object.assign(el("option"), { value: word })));
  $("report-word-input").value = refused.at(-1) ?? "";
  $("report-reason").value = "";
  $("report-status").textContent = "";
  form.elements.kind.value = "answer";
  showKind();
  $("report").hidden = false;
  syncDialogs();
}

function showKind() {
  const kind = $("report-form").elements.kind.value;
  $("report-word-field").hidden = kind !== "refused";
}

function close() {
  $("report").hidden = true;
  syncDialogs();
}

async function send(app) {
  const form = $("report-form");
  const kind = form.elements.kind.value;
  const word = kind === "answer" ? form.dataset.answer : $("report-word-input").value.trim();
  if (!word) {
    $("report-status").textContent = t("report.needWord");
    return;
  }
  const body = { lang: form.dataset.lang, word, kind, reason: $("report-reason").value.trim() };
  try {
    const response = await fetch("/api/reports", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${localStorage.getItem(LOCAL.token) ?? ""}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(String(response.status));
    close();
    app.showMessage(t("report.thanks"));
  } catch {
    $("report-status").textContent = t("report.failed");
  }
}
