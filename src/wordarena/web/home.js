// The home screen: who you are (nickname, rating), the way back to a game in
// progress, both games' main actions, joining by link, and errors that stay
// until dismissed. The screen itself is drawn by the server (site/templates/play/home.html).

import { C } from "./constants.js";
import { t } from "./i18n.js";
import { $ } from "./dom.js";
import { checkNickname } from "./nickname.js";
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
}

/** "Back to your game": a game this identity still holds a seat in (welcome.current, issue 9 §2). */
function renderCurrentGame(app) {
  const current = app.current;
  const banner = $("current-game");
  banner.hidden = !current;
  if (!current) return;
  const key = { duel: "home.currentDuel", tournament: "home.currentTournament", queue: "home.currentQueue", group: "home.currentGroup" }[current.kind];
  $("current-game-text").textContent = t(key ?? "home.currentDuel");
}

/** An error that stays where the player looks until dismissed (issue 9 §4). */
export function showHomeError(text) {
  $("home-error-text").textContent = text;
  $("home-error").hidden = false;
}

export function wireHome(app) {
  $("home-error-close").addEventListener("click", () => {
    $("home-error").hidden = true;
  });
  $("back-to-game").addEventListener("click", () => app.backToGame());
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
