// The home screen: who you are (nickname, rating), the way back to a game in
// progress, both games' main actions, joining by link, and errors that stay
// until dismissed. The screen itself is drawn by the server (site/templates/play/home.html).

import { C } from "./constants.js";
import { t } from "./i18n.js";
import { $ } from "./dom.js";
import { checkNickname } from "./nickname.js";
import { signed } from "./format.js";
import { LOCAL } from "./storage.js";

/** The room code in a pasted link (".../r/CODE") or a bare code. */
export function parseRoomInput(text) {
  const value = text.trim();
  const match = value.match(/\/r\/([^/?#\s]+)/);
  if (match) return decodeURIComponent(match[1]);
  return /^[\w-]+$/.test(value) ? value : null;
}

/** The group code in a pasted group link (".../g/CODE"), else null. */
export function parseGroupInput(text) {
  const match = text.trim().match(/\/g\/([^/?#\s]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

export function renderHome(app) {
  const me = app.me;
  for (const input of document.querySelectorAll("[data-nickname], #nickname")) {
    if (me && document.activeElement !== input && !input.dataset.dirty) input.value = me.name;
  }
  const rating = $("home-rating");
  rating.hidden = typeof me?.rating !== "number";
  if (!rating.hidden) rating.textContent = t("tournament.homeRating", { n: me.rating });
  renderCurrentGame(app);
  renderLeftResult(app.tournament);
}

/**
 * "Back to your game": a game this identity still holds a seat in (welcome.current).
 * A game that is over is only offered (its result), never reopened by itself, and not at
 * all when it is the one just closed or left here.
 */
function renderCurrentGame(app) {
  const current = app.current;
  const tc = app.tournament;
  const closedHere = current && (current.code === tc.leftCode || current.code === tc.left?.code || current.code === app.duel.leftRoom);
  const shown = Boolean(current) && !(closedHere && current.stage === "finished");
  const banner = $("current-game");
  banner.hidden = !shown;
  if (!shown) return;
  const finished = current.stage === "finished";
  const playing = { duel: "home.currentDuel", tournament: "home.currentTournament", queue: "home.currentQueue", group: "home.currentGroup" }[current.kind];
  const over = current.kind === "tournament" ? "home.finishedTournament" : "home.finishedDuel";
  $("current-game-text").textContent = t(finished ? over : playing ?? "home.currentDuel");
  $("back-to-game").textContent = t(finished ? "home.seeResult" : "home.backToGame");
}

/** A tournament left on purpose: its place (settled at the end of the round) and rating change. */
function renderLeftResult(tc) {
  const left = tc.left;
  const card = $("left-result");
  card.hidden = !left;
  if (!left) return;
  const r = left.result;
  $("left-result-title").textContent = left.walkedOut ? t("tournament.eliminated.leftTitle") : t("tournament.eliminated.title");
  $("left-result-place").textContent = r ? t("tournament.placeOf", { n: r.place, of: left.of }) : t("tournament.leftPending", { n: left.round });
  const rating = $("left-result-rating");
  rating.replaceChildren();
  if (r && !left.rated) rating.append(t("tournament.ratingPractice"));
  else if (r && r.rating_change != null) {
    const n = r.rating_change;
    if (r.rating_before != null) rating.append(t("tournament.rating", { before: r.rating_before, after: r.rating_after ?? r.rating_before + n }), " ");
    const change = document.createElement("span");
    change.className = `rating-change ${n > 0 ? "up" : n < 0 ? "down" : "same"}`;
    change.dataset.testid = "left-rating-change";
    change.dataset.change = String(n);
    change.textContent = signed(n);
    change.setAttribute("aria-label", t(n >= 0 ? "tournament.ratingUp" : "tournament.ratingDown", { n: Math.abs(n) }));
    rating.append(change);
  }
  const link = $("left-result-link");
  link.href = `/t/${encodeURIComponent(left.code)}`;
  link.textContent = r ? t("tournament.leftSee") : t("tournament.leftFollow");
}

/** An error that stays where the player looks until dismissed: a toast would be gone before it is read. */
export function showHomeError(text) {
  $("home-error-text").textContent = text;
  $("home-error").hidden = false;
}

export function wireHome(app) {
  $("home-error-close").addEventListener("click", () => {
    $("home-error").hidden = true;
  });
  $("back-to-game").addEventListener("click", () => app.backToGame());
  $("left-result-close").addEventListener("click", () => app.tournament.dismissLeft());
  for (const form of [$("name-form"), ...document.querySelectorAll("[data-nickname-form]")]) wireNickname(app, form);
  $("word-lang").addEventListener("change", (event) => localStorage.setItem(LOCAL.wordLang, event.target.value));
  $("tournament-lang").addEventListener("change", (event) => {
    localStorage.setItem(LOCAL.tournamentLang, event.target.value);
    $("group-lang").value = event.target.value;
  });
  $("create-room").addEventListener("click", () => app.duel.enter({ type: "create", lang: $("word-lang").value }));
  $("quick-game").addEventListener("click", () => app.duel.enter({ type: "quick", lang: $("word-lang").value }));
  $("queue-tournament").addEventListener("click", () => app.tournament.queueFor($("tournament-lang").value, false));
  $("practice-tournament").addEventListener("click", () => app.tournament.queueFor($("tournament-lang").value, true));
  $("create-group").addEventListener("click", () => app.tournament.createGroup());
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const group = parseGroupInput($("join-link").value);
    if (group) {
      app.tournament.joinGroup(group);
      return;
    }
    const code = parseRoomInput($("join-link").value);
    if (!code) {
      showHomeError(t("error.badLink"));
      return;
    }
    app.duel.enter({ type: "join", room: code });
  });
}

/**
 * A nickname field (home, lobby, group): counted in user-perceived characters;
 * one that is too long gets a message instead of being cut.
 */
function wireNickname(app, form) {
  const input = form.querySelector("[data-nickname], #nickname");
  const error = form.querySelector("[data-nickname-error]") ?? $("nickname-error");
  const check = () => {
    const result = checkNickname(input.value, C.nickname_max, C.nickname_max_code_points);
    error.hidden = result.ok || result.reason === "empty";
    if (!result.ok && result.reason === "too_long") error.textContent = t("nickname.tooLong", { n: result.length, max: C.nickname_max });
    input.setAttribute("aria-invalid", String(!result.ok && result.reason === "too_long"));
    return result;
  };
  input.addEventListener("input", () => {
    input.dataset.dirty = "1";
    check();
  });
  if (input.value) check(); // typed before the page was ready: say so now, not at the next key
  const send = (event) => {
    event?.preventDefault();
    const result = check();
    if (!result.ok) {
      if (result.reason === "empty" && app.me) input.value = app.me.name;
      return;
    }
    delete input.dataset.dirty;
    app.rename(result.name, { input, error });
  };
  form.addEventListener("submit", send);
  input.addEventListener("change", send);
}
