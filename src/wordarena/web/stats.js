// /stats: the player's own history and statistics, read from
// GET /api/me with this browser's identity, and the one-time code that carries
// the identity to another device (POST /api/transfer, /api/transfer/claim).

import { wirePreferences } from "./prefs.js";
import { pageLanguage, setLanguage, t } from "./i18n.js";
import { $, el } from "./dom.js";
import { LOCAL } from "./storage.js";
import { ratingChart } from "./chart.js";

function token() {
  return localStorage.getItem(LOCAL.token);
}

async function api(path, options = {}) {
  const headers = { "Content-Type": "application/json", ...(token() ? { Authorization: `Bearer ${token()}` } : {}) };
  const response = await fetch(path, { ...options, headers });
  const body = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, body };
}

function status(text) {
  $("stats-status").hidden = !text;
  $("stats-status").textContent = text;
}

async function loadStats() {
  if (!token()) {
    status(t("stats.unknown"));
    return;
  }
  const { ok, body } = await api("/api/me");
  if (!ok) {
    status(t("stats.unknown"));
    return;
  }
  const played = body.duel.played + body.tournament.played;
  status(played ? "" : t("stats.none"));
  $("stats-body").hidden = false;
  showFacts(body);
  showDistribution(body.duel.distribution);
  showRating(body.player.rating, body.rating_history);
  showRecent(body.recent); // duel entries carry their place and of (a shared total shares it)
}

function percent(part, whole) {
  return whole ? ` (${Math.round((100 * part) / whole)} %)` : "";
}

function showFacts(body) {
  $("duel-played").textContent = String(body.duel.played);
  $("duel-won").textContent = `${body.duel.won}${percent(body.duel.won, body.duel.played)}`;
  $("tournament-played").textContent = String(body.tournament.played);
  $("tournament-won").textContent = String(body.tournament.won);
  $("rating-now").textContent = String(body.player.rating);
  $("best-place").textContent = body.tournament.best_place == null ? "–" : String(body.tournament.best_place);
}

/** Rounds found in 1..6 guesses, and not found: bars as wide as their share of the largest. */
function showDistribution(distribution) {
  const entries = Object.entries(distribution);
  const most = Math.max(1, ...entries.map(([, n]) => n));
  $("distribution").replaceChildren(
    ...entries.map(([guesses, n]) => {
      const item = el("li", "bar-line");
      item.dataset.testid = `distribution-${guesses}`;
      const label = el("span", "bar-label", guesses === "x" ? t("stats.notFound") : guesses);
      const bar = el("span", "bar", String(n));
      bar.style.width = `${Math.max(8, (100 * n) / most)}%`;
      bar.classList.toggle("empty", n === 0);
      bar.classList.toggle("missed", guesses === "x");
      item.append(label, bar);
      item.setAttribute("aria-label", guesses === "x" ? `${t("stats.notFound")}: ${n}` : t("stats.foundIn", { n: guesses, count: n }));
      return item;
    }),
  );
}

function showRating(current, history) {
  const box = $("rating-chart");
  if (!history.length) {
    box.replaceChildren(el("p", "subtle", t("stats.noRating")));
    return;
  }
  const values = [history[0].before, ...history.map((h) => h.after)];
  const label = t("stats.ratingChart", { first: values[0], last: values.at(-1), n: history.length });
  box.replaceChildren(ratingChart(values, label), el("p", "subtle", label));
}

function showRecent(games) {
  const format = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });
  $("recent-rows").replaceChildren(
    ...games.map((game) => {
      const row = el("tr");
      const when = game.ended_at ? format.format(new Date(game.ended_at)) : "";
      const kind = game.kind === "duel" ? t("app.title") : game.rated ? t("tournament.title") : t("tournament.practiceTitle");
      const words = el("td", "recent-words");
      words.lang = game.lang;
      words.textContent = game.words.map((w) => w.toLocaleUpperCase(game.lang)).join(" · ");
      row.append(el("td", "", when), el("td", "", `${kind} (${game.lang})`), el("td", "", resultText(game)), words);
      return row;
    }),
  );
}

function resultText(game) {
  if (game.kind === "duel") {
    const outcome = game.draw ? t("stats.draw") : game.won ? t("stats.won") : t("stats.lost");
    // "Lost" alone hides a shared second place of four: the place goes first when it is known.
    const place = game.place != null && game.of ? `${t("share.place", { n: game.place, of: game.of })} · ` : "";
    return `${place}${outcome} · ${t("share.points", { n: game.total })}`;
  }
  const change = game.rated ? ` · ${game.rating_change > 0 ? "+" : ""}${game.rating_change}` : "";
  return `${t("tournament.place", { n: game.place })}${change}`;
}

// ---------------------------------------------------------------- another device

async function createCode() {
  const { ok, body } = await api("/api/transfer", { method: "POST", body: "{}" });
  if (!ok) {
    $("transfer-status").textContent = t("transfer.failed");
    return;
  }
  $("transfer-code-box").hidden = false;
  $("transfer-code").textContent = body.code;
  $("transfer-link").value = `${location.origin}/stats#claim=${body.code}`;
  $("transfer-expiry").textContent = t("transfer.expiry", { m: Math.round(body.expires_s / 60) });
}

async function claim(code) {
  const { ok, body } = await api("/api/transfer/claim", { method: "POST", body: JSON.stringify({ code }) });
  if (!ok) {
    $("transfer-status").textContent = t("transfer.badCode");
    return;
  }
  localStorage.setItem(LOCAL.token, body.token);
  $("transfer-status").textContent = t("transfer.claimed", { name: body.name });
  history.replaceState(null, "", "/stats");
  loadStats();
}

function wireTransfer() {
  if (!token()) $("transfer-create").disabled = true;
  $("transfer-create").addEventListener("click", createCode);
  $("transfer-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("transfer-link").value);
    } catch {
      $("transfer-link").select();
    }
  });
  $("transfer-claim").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = $("transfer-input").value.trim();
    if (code) claim(code);
  });
  const match = location.hash.match(/claim=([\w-]+)/);
  if (match) {
    $("transfer-input").value = match[1];
    $("transfer").scrollIntoView();
  }
}

async function boot() {
  wirePreferences();
  const select = $("ui-lang");
  select?.addEventListener("change", () => select.form.submit());
  await setLanguage(pageLanguage(), { translate: false });
  wireTransfer();
  await loadStats();
}

boot();
