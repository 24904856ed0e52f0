// wordarena web client: one page for both games, rebuilt from the views the
// server sends (docs/protocol.md). This module owns the socket, the identity,
// the choice of the shown screen, the physical keyboard and the timers; each
// game's state and screens live in their own modules:
//   duel.js (+ duel-lobby, duel-game, duel-cards)          Duel de Mots
//   tournament.js (+ tournament-lobby, -board, -side, -cards)  the Tournament
//   home.js, dialogs.js, report.js, share.js, sounds.js, attention.js, prefs.js
//
// Test hooks (data-testid):
//   screens        screen-home, screen-lobby, screen-game, screen-queue, screen-group, screen-tournament
//                  (the shown one is not [hidden]);
//                  <body data-screen="home|lobby|game|queue|group|tournament|loading"
//                        data-phase="lobby|card|playing|reveal|finished" (Duel de Mots)
//                                   "intro|playing|finished" (tournament)>
//   top bar        ui-lang (select), theme-toggle, palette-toggle (aria-pressed), sound-toggle (aria-pressed),
//                  menu (the pages), connection (banner), standby (another tab holds the seat), play-here
//   home           nickname, nickname-error, home-rating, current-game, back-to-game, home-error (+ -close),
//                  word-lang, create-room, quick-game, join-link, join
//   lobby          room-link, copy-link, lobby-nickname, seat-{i} (data-bot, data-host), remove-bot-{i},
//                  bot-level, add-bot, option-lang, option-clock, option-rounds, start, leave, auto-start, lobby-hint
//   game           round-info, clock, my-total, leave-game, closing-banner, board, syllables (Korean),
//                  tile-r{row}-c{col} (data-state="correct|present|absent|empty|typed"),
//                  opponent-{i}, my-status, keyboard, key-{letter}, key-enter, key-backspace
//   cards          round-card, reveal-card, reveal-answer, reveal-seat-{i}, reveal-grid-{i}, report-word,
//                  reveal-next, standings, standings-title, winner, rounds-review, review-tab-{n},
//                  review-grid-{i}, standings-host-hint, share-duel, play-again, back-home
//   dialogs        confirm (confirm-yes, confirm-no), report (report-kind-answer|refused, report-word-input,
//                  report-reason, report-send, report-cancel), elsewhere (a game holds the seat: elsewhere-where,
//                  elsewhere-link, elsewhere-cost, elsewhere-leave, elsewhere-stay)
//   home           left-result (left-result-title, -place, -rating, left-rating-change, -link, -close)
//   everywhere     message (role=status: refusals), announcer (screen-reader live region)
// Tournament: as before (tournament.js), plus queue-count, queue-detail, group-nickname, group-notice,
//   duel-end, duel-lives, leave-tournament-top, share-tournament, t-watching (watching by the link),
//   t-review (every duel of a finished tournament: t-review-round-{n}, review-duel-{n}-{i}).

import { Connection } from "./net.js";
import { applyDelta } from "./delta.js";
import { language, pageLanguage, setLanguage, t } from "./i18n.js";
import { C, loadConstants, loaded } from "./constants.js";
import { makeAlphabet } from "./composer.js";
import { $, fillSelect } from "./dom.js";
import { wireKeyboard } from "./keyboard.js";
import { wirePreferences } from "./prefs.js";
import { Sounds } from "./sounds.js";
import { alertTurn, alertsChoice, chooseAlerts, registerAlertWorker, setAttention } from "./attention.js";
import { confirmDialog, syncDialogs, topDialog, wireConfirm } from "./dialogs.js";
import { LOCAL } from "./storage.js";
import { DuelClient } from "./duel.js";
import { watchersToggle } from "./duel-watchers.js";
import { TournamentClient } from "./tournament.js";
import { renderHome, showHomeError, wireHome } from "./home.js";
import { wireReport } from "./report.js";
import { shareDuel, shareTournament } from "./results.js";
import { nameRefusalKey } from "./nickname.js";
import { problemOwner } from "./game-client.js";

const SCREENS = ["home", "lobby", "game", "queue", "group", "tournament"];
const MESSAGE_MS = 2500;
/** The messages that take a seat: refused with `already_playing` while a game holds it. */
const SEAT_TAKING = new Set(["create", "join", "quick", "queue", "tournament_join"]);
/** A join sent right after leaving the other game may still meet it (another process): tried again. */
const RETRY_JOIN_MS = [300, 800, 1_500];
/**
 * How long after this tab asked for another seat an `error replaced` "went to another game"
 * is the old seat's goodbye to this very tab (it comes within a tick), not news of another tab.
 */
const GOODBYE_MS = 2_000;

/**
 * Why a tab gets `error replaced`: "standby" (another tab of the player took the seat; this
 * one waits to get it back), "left" (the player left the game in another tab) or "elsewhere"
 * (they went to another game). Said by `reason`; a server that does not send it yet says
 * it only in its words, read here as a stopgap.
 */
function replacedReason(msg) {
  if (msg.reason) return msg.reason;
  if (/another game/.test(msg.message ?? "")) return "elsewhere";
  if (/\bleft\b/.test(msg.message ?? "")) return "left";
  return "standby";
}

class App {
  constructor() {
    this.me = null; // {id, name, games_played, rating} from `welcome`
    this.current = null; // {kind, code}: a game this identity holds a seat in (welcome.current)
    this.alphabets = {}; // lang -> makeAlphabet(...)
    this.helloPending = false; // the next welcome answers our hello (not a rename)
    // {kind, code}: the game shown here is played in another tab of the player, which holds
    // the seat; this tab is paused (no clock, no keys) until the seat comes back to it.
    this.standby = null;
    this.renaming = ""; // the nickname last sent
    this.lastAnnounced = "";
    this.messageTimer = null;
    this.early = []; // actions taken before the first welcome
    this.sounds = new Sounds($("sound"));
    this.connection = new Connection({ onOpen: () => this.sayHello(), onMessage: (msg) => this.receive(msg), onStatus: (online) => this.showConnection(online) });
    const host = {
      send: (msg, { quiet = false } = {}) => (quiet ? this.connection.send(this.noted(msg)) : this.send(msg)),
      showMessage: (text) => this.showMessage(text),
      clearMessage: () => this.clearMessage(),
      refreshFromStore: () => this.refreshFromStore(),
      showError: (text) => showHomeError(text),
      announce: (text) => this.announce(text),
      render: () => this.render(),
      alphabet: (lang) => this.alphabets[lang],
      detached: () => Boolean(this.standby),
      sounds: this.sounds,
      confirm: (options) => confirmDialog(options),
      setRating: (rating) => this.setRating(rating),
      me: () => this.me,
      alertTurn: (title, body) => alertTurn(title, body),
    };
    this.duel = new DuelClient(host);
    this.tournament = new TournamentClient(host);
  }

  // ------------------------------------------------------------ start-up

  async boot() {
    wirePreferences();
    registerAlertWorker();
    this.wire(); // before anything is awaited: a form submitted meanwhile must not reload the page
    await setLanguage(pageLanguage(), { translate: false });
    await Promise.all([loadConstants().catch(() => {}), this.loadAlphabets()]);
    this.fillSelects();
    this.render();
    this.connection.open();
    setInterval(() => this.tick(), 200);
  }

  async loadAlphabets() {
    try {
      const response = await fetch("/api/alphabets");
      const data = await response.json();
      for (const [lang, alphabet] of Object.entries(data)) this.alphabets[lang] = makeAlphabet(lang, alphabet);
    } catch {
      // The server is (re)starting: we retry on welcome.
    }
  }

  /** Constants or alphabets arrived after the view (server restarting at load time). */
  async retryLoading() {
    if (!loaded()) await loadConstants().catch(() => {});
    if (!Object.keys(this.alphabets).length) await this.loadAlphabets();
    this.fillSelects();
    if (this.duel.view) this.duel.syncComposer(this.duel.view);
    if (this.tournament.view) this.tournament.syncComposer(this.tournament.view);
    this.render();
  }

  fillSelects() {
    if (!loaded()) return;
    const name = (code) => this.alphabets[code]?.name ?? code;
    fillSelect($("option-lang"), C.duel.languages.map((code) => [code, name(code)]), C.duel.default_language);
    fillSelect($("option-clock"), C.duel.clock_choices_s.map((s) => [s, t("lobby.seconds", { n: s })]), C.duel.default_clock_s);
    fillSelect($("option-rounds"), C.duel.round_choices.map((n) => [n, String(n)]), C.duel.default_rounds);
    fillSelect($("bot-level"), C.duel.bot_levels.map((level) => [level, t(`bot.${level}`)]), "medium");
    fillSelect($("group-lang"), C.tournament.languages.map((code) => [code, name(code)]), this.tournamentLanguage());
    // The player's last choices win over the interface language's default (docs/rules.md, "The room"); until
    // they pick one, the word language follows the interface, also when it is switched here.
    $("word-lang").value = this.duelLanguage();
    $("tournament-lang").value = this.tournamentLanguage();
  }

  duelLanguage() {
    const saved = localStorage.getItem(LOCAL.wordLang);
    if (C.duel.languages.includes(saved)) return saved;
    return C.duel.languages.includes(language()) ? language() : C.duel.default_language;
  }

  tournamentLanguage() {
    const saved = localStorage.getItem(LOCAL.tournamentLang);
    if (C.tournament?.languages.includes(saved)) return saved;
    return C.tournament?.languages.includes(language()) ? language() : C.tournament?.default_language ?? "en";
  }

  wire() {
    $("ui-lang").addEventListener("change", async (event) => {
      await setLanguage(event.target.value);
      event.target.blur(); // the next Enter belongs to the game, not to the select
      this.fillSelects();
      this.render();
    });
    $("ui-lang").form.addEventListener("submit", (event) => event.preventDefault());
    $("play-here").addEventListener("click", () => this.playHere());
    $("elsewhere-leave").addEventListener("click", () => this.leaveElsewhere());
    $("elsewhere-stay").addEventListener("click", () => this.closeElsewhere());
    wireHome(this);
    wireConfirm();
    wireReport(this);
    wireKeyboard($("keyboard"), (key) => this.duel.press(key));
    wireKeyboard($("duel-keyboard"), (key) => this.tournament.press(key));
    // Lobby
    $("copy-link").addEventListener("click", () => this.copy($("room-link")));
    $("add-bot").addEventListener("click", () => this.send({ type: "add_bot", level: $("bot-level").value }));
    $("seats").addEventListener("click", (event) => {
      const button = event.target.closest("[data-remove-seat]");
      if (button) this.send({ type: "remove_bot", seat: Number(button.dataset.removeSeat) });
    });
    $("option-lang").addEventListener("change", (event) => this.send({ type: "options", lang: event.target.value }));
    $("option-clock").addEventListener("change", (event) => this.send({ type: "options", clock_s: Number(event.target.value) }));
    $("option-rounds").addEventListener("change", (event) => this.send({ type: "options", rounds: Number(event.target.value) }));
    for (const id of ["watchers-lobby", "watchers-game"]) {
      $(id).addEventListener("click", () => this.duel.view && this.send(watchersToggle(this.duel.view)));
    }
    $("start").addEventListener("click", () => this.send({ type: "start" }));
    $("leave").addEventListener("click", () => this.duel.leave());
    // Game
    $("leave-game").addEventListener("click", () => this.confirmLeaveDuel());
    $("back-home").addEventListener("click", () => this.duel.leave());
    $("play-again").addEventListener("click", () => this.duel.playAgain());
    $("share-duel").addEventListener("click", () => shareDuel(this));
    // Tournament
    $("unqueue").addEventListener("click", () => this.tournament.unqueue());
    $("copy-group-link").addEventListener("click", () => this.copy($("group-link")));
    $("group-launch").addEventListener("click", () => this.tournament.launchGroup($("group-lang").value, $("group-practice").checked));
    $("group-leave").addEventListener("click", () => this.tournament.leaveGroup());
    $("group-lang").addEventListener("change", (event) => localStorage.setItem(LOCAL.tournamentLang, event.target.value));
    $("watch").addEventListener("click", () => this.tournament.watch());
    $("leave-tournament").addEventListener("click", () => this.tournament.leave());
    $("quit-tournament").addEventListener("click", () => this.tournament.quit());
    $("leave-tournament-top").addEventListener("click", () => this.tournament.quit());
    $("back-to-group").addEventListener("click", () => this.tournament.closeFinished());
    $("final-home").addEventListener("click", () => this.tournament.closeFinished());
    $("share-tournament").addEventListener("click", () => shareTournament(this));
    $("to-side").addEventListener("click", () => $("t-side").scrollIntoView({ behavior: "smooth", block: "start" }));
    // Turn alerts: offered in the queue of a first rated tournament, switched in the players' panel.
    $("alerts-yes").addEventListener("click", () => chooseAlerts(true).then(() => this.render()));
    $("alerts-no").addEventListener("click", () => chooseAlerts(false).then(() => this.render()));
    $("alerts-toggle").addEventListener("click", () => chooseAlerts(alertsChoice() !== "on").then(() => this.render()));
    // Physical keys, before any focused control sees them: Enter and Backspace always reach the game.
    window.addEventListener("keydown", (event) => this.onPhysicalKey(event), { capture: true });
  }

  async confirmLeaveDuel() {
    const sure = await confirmDialog({ title: t("game.leaveTitle"), text: t("game.leaveText"), yes: t("game.leaveYes"), no: t("game.leaveNo") });
    if (sure) this.duel.leave();
  }

  send(msg) {
    // Clicked before the server first said who we are (the page is still starting): sent after welcome.
    if (!this.me) {
      this.early.push(msg);
      return;
    }
    if (!this.connection.send(this.noted(msg))) this.showMessage(t("conn.offline"));
  }

  /** A message that takes a seat is kept: said again after "Leave it and join". */
  noted(msg) {
    if (SEAT_TAKING.has(msg.type)) {
      this.seatRequest = msg;
      this.seatRequestAt = performance.now();
    }
    return msg;
  }

  /** `from`: {input, error} of the field that sent the name, where a refusal is told. */
  rename(name, from = null) {
    this.renameError = from;
    if (!this.me) {
      this.pendingName = name; // typed before the server said who we are: sent after welcome
      return;
    }
    if (name === this.me.name || name === this.renaming) return;
    this.renaming = name; // Enter then blur must not send it twice
    this.send({ type: "rename", name });
  }

  /**
   * A nickname refused (`error bad_name`, or `refused bad_name` inside a game): the
   * field gets the name that was kept back, and says which rule the new one broke
   * (`reason`), in the interface language (the server's own words for a rule not known here).
   */
  nameRefused(msg) {
    this.renaming = "";
    const key = nameRefusalKey(msg.reason);
    const reason = key ? t(key, { max: C.nickname_max }) : msg.message || t("error.bad_name", { max: C.nickname_max });
    const text = this.me ? t("nickname.kept", { reason, name: this.me.name }) : reason;
    for (const input of document.querySelectorAll("[data-nickname], #nickname")) {
      delete input.dataset.dirty;
      if (this.me) input.value = this.me.name;
    }
    // The field that sent it says why, when it is still on screen (else a message does).
    const sender = this.renameError;
    const error = sender?.error && sender.input?.offsetParent != null ? sender.error : null;
    if (error) {
      error.textContent = text;
      error.hidden = false;
    } else {
      this.showMessage(text);
    }
    if (this.me) this.render();
  }

  setRating(rating) {
    if (this.me && this.me.rating !== rating) {
      this.me = { ...this.me, rating };
      this.render();
    }
  }

  /** "Back to your game" (welcome.current). */
  backToGame() {
    const current = this.current;
    if (!current) return;
    this.current = null;
    if (current.kind === "duel") this.duel.enter({ type: "join", room: current.code });
    else if (current.kind === "tournament") this.tournament.rejoin(current.code);
    else if (current.kind === "queue") this.tournament.queueFor(current.code, false);
    this.render();
  }

  /** Copy a link field (a room's, a group's) to the clipboard, or select it for a manual copy. */
  async copy(input) {
    try {
      await navigator.clipboard.writeText(input.value);
      this.showMessage(t("lobby.copied"));
    } catch {
      // No clipboard permission (plain http, old browser): let the user copy it.
      input.focus();
      input.select();
      this.showMessage(t("lobby.copyFailed"));
    }
  }

  // ------------------------------------------------------------ server messages

  sayHello() {
    this.helloPending = true;
    const token = localStorage.getItem(LOCAL.token);
    // deltas: after a first whole view, the server sends only what changed (delta.js)
    this.connection.send({ type: "hello", ...(token ? { token } : {}), ui: language(), deltas: true });
  }

  receive(msg) {
    // A whole view of the game this tab shows paused: the seat is back here (the tab that
    // held it closed, or "Play here" took it), the game goes on in this tab.
    if ((msg.type === "room" || msg.type === "tournament") && this.standby?.code === msg.code) this.seatBack();
    switch (msg.type) {
      case "welcome":
        return this.onWelcome(msg);
      case "created":
      case "room":
        return this.duel.receive(msg);
      case "queue":
      case "group":
      case "group_left":
      case "tournament":
        return this.tournament.receive(msg);
      case "delta":
        return this.onDelta(msg);
      case "refused":
        return this.onRefused(msg);
      case "error":
        return this.onError(msg);
      default:
        return undefined; // pong, or a type this client does not know yet
    }
  }

  /** A delta applies to the view held; if it does not follow it, a whole view is asked for. */
  onDelta(msg) {
    const held = msg.of === "room" ? this.duel.view : this.tournament.heldView(msg.code);
    const view = applyDelta(held, msg);
    if (!view) {
      if (msg.of === "tournament" && this.tournament.setAside(msg.code)) return undefined; // not shown: no view asked
      this.connection.send({ type: "resync" });
      return undefined;
    }
    return this.receive(view);
  }

  /** `welcome` answers hello (with the token) and every rename (token null). */
  onWelcome(msg) {
    if (typeof msg.token === "string") localStorage.setItem(LOCAL.token, msg.token);
    this.me = msg.player;
    this.renaming = "";
    if (!this.helloPending) {
      // The store's word on the player (a new rating, a new name), and where their seat is now.
      if ("current" in msg && !this.shownGame()) this.current = msg.current ?? null;
      this.render();
      return;
    }
    this.helloPending = false;
    this.connection.confirmed();
    if (this.pendingName) {
      this.rename(this.pendingName);
      this.pendingName = "";
    }
    for (const early of this.early.splice(0)) this.connection.send(early);
    if (!loaded() || !Object.keys(this.alphabets).length) this.retryLoading();
    // Back to where this tab was (a room, a tournament, a queue, a group). A paused tab does
    // not take the seat back by itself: the tab the player plays in would be paused instead.
    const resumed = Boolean(this.standby) || this.duel.afterHello() || this.tournament.afterHello();
    // Elsewhere (another tab, a closed one), this identity may hold a seat: offer the way back.
    this.current = !resumed && msg.current ? msg.current : null;
    this.render();
  }

  /** A refusal says which game refused (`game`): that game's client tells it. */
  onRefused(msg) {
    if (msg.code === "bad_name") return this.nameRefused(msg);
    if (msg.game === "tournament") return this.tournament.onProblem(msg);
    if (msg.game === "duel") return this.duel.onRefused(msg);
    const key = `refused.${msg.code}`;
    showHomeError(t(key) === key ? msg.message : t(key)); // a server older than the client
    return this.render();
  }

  onError(msg) {
    switch (msg.code) {
      case "bad_token": // the server forgot us: start a new identity
        localStorage.removeItem(LOCAL.token);
        this.sayHello();
        return;
      case "bad_name":
        this.nameRefused(msg);
        return;
      case "replaced":
        this.onReplaced(msg);
        return;
      case "already_playing":
        this.alreadyPlaying(msg);
        return;
      default:
        this.problem(msg);
    }
  }

  /** Any other error: told by the game it names (`game`), else where the player is. */
  problem(msg) {
    const owner = problemOwner(msg, { duel: Boolean(this.duel.view), tournament: this.tournament.screen() === "tournament" });
    if (owner === "tournament") {
      this.tournament.onProblem(msg);
      return;
    }
    if (owner === "duel" && ["unknown_room", "no_room"].includes(msg.code)) {
      showHomeError(t("error.unknown_room"));
      this.duel.forget();
      return;
    }
    const key = `error.${msg.code}`;
    const text = t(key) === key ? t("error.generic") : t(key);
    if (this.screen() === "home") showHomeError(text);
    else this.showMessage(text);
  }

  // ------------------------------------------------------------ one seat at a time

  /**
   * `error already_playing`: a game in progress holds the player's seat (`current`), in
   * this tab or another. Say where it is and what leaving it costs, and offer to leave it
   * and join what was asked.
   */
  alreadyPlaying(msg) {
    const retry = this.seatRequest;
    const again = this.retrying;
    if (again && msg.current?.code === again.code && again.tries < RETRY_JOIN_MS.length) {
      setTimeout(() => this.askAgain(again.msg), RETRY_JOIN_MS[again.tries]);
      again.tries += 1;
      return;
    }
    this.retrying = null;
    this.current = msg.current ?? null;
    if (["join", "create", "quick"].includes(retry?.type)) this.duel.forget(); // nothing opened: home under the dialog
    if (retry?.type === "tournament_join" && !this.tournament.view) this.tournament.forgetTournament();
    if (!this.current) {
      showHomeError(t("error.already_playing"));
      this.render();
      return;
    }
    this.elsewhere = { current: this.current, retry };
    const { kind, code, stage } = this.current;
    const where = $("elsewhere-where");
    const text = kind === "duel" ? "elsewhere.duel" : kind === "tournament" ? "elsewhere.tournament" : "elsewhere.queue";
    where.replaceChildren(t(text), " ");
    if (kind !== "queue") {
      const link = document.createElement("a");
      link.href = `/${kind === "duel" ? "r" : "t"}/${encodeURIComponent(code)}`;
      link.textContent = t("elsewhere.open");
      link.dataset.testid = "elsewhere-link";
      where.append(link);
    }
    const cost = kind === "queue" || stage === "finished" ? "elsewhere.costFree" : kind === "duel" ? "elsewhere.costDuel" : "elsewhere.costTournament";
    $("elsewhere-cost").textContent = t(cost);
    $("elsewhere-leave").textContent = retry ? t("elsewhere.leave") : t("elsewhere.leaveOnly");
    $("elsewhere").hidden = false;
    this.render();
  }

  /** "Leave it and join": the other game's seat is left (from this tab), then the join is said again. */
  leaveElsewhere() {
    const { current, retry } = this.elsewhere ?? {};
    this.closeElsewhere();
    if (!current) return;
    this.connection.send(current.kind === "queue" ? { type: "unqueue" } : { type: "leave", code: current.code });
    this.current = null;
    if (retry) {
      this.retrying = { code: current.code, msg: retry, tries: 0 };
      this.askAgain(retry);
    }
    this.render();
  }

  /** A seat asked again, through the game's own client (it keeps what it is joining). */
  askAgain(msg) {
    if (msg.type === "join" || msg.type === "create" || msg.type === "quick") this.duel.enter(msg);
    else if (msg.type === "tournament_join") this.tournament.rejoin(msg.tournament);
    else if (msg.type === "queue") this.tournament.queueFor(msg.lang, msg.practice);
    setTimeout(() => {
      if (this.retrying?.msg === msg) this.retrying = null; // it went through
    }, 4_000);
  }

  closeElsewhere() {
    this.elsewhere = null;
    $("elsewhere").hidden = true;
    syncDialogs();
    this.render();
  }

  /** The player's rating as the store has it (GET /api/me, as /stats reads it), after a tournament. */
  async refreshFromStore() {
    const token = localStorage.getItem(LOCAL.token);
    if (!token || !this.me) return;
    try {
      const response = await fetch("/api/me", { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok) return;
      const body = await response.json();
      if (typeof body.player?.rating === "number") this.setRating(body.player.rating);
      this.tournament.leftFromStore(body.recent);
    } catch {
      // Offline for a moment: the next welcome says it.
    }
  }

  // ------------------------------------------------------------ one player, many tabs

  /** The game this tab shows as a player (not as a watcher, nor a stored result), or null. */
  shownGame() {
    const room = this.duel.view;
    if (room && !room.spectator) return { kind: "duel", code: room.code };
    const view = this.tournament.view;
    if (view && !view.stored && view.you != null) return { kind: "tournament", code: view.code };
    return null;
  }

  /**
   * `error replaced`. Another tab of the player took the seat: this one stays on the game,
   * paused, and gets the seat back by itself when that tab closes (the server sends it a
   * whole view). Told so again while paused, the player left the game (or went to another
   * one) in another tab: nothing of it is left to show here.
   */
  onReplaced(msg) {
    const game = this.shownGame();
    if (!game) return; // this tab had already moved on
    const reason = replacedReason(msg);
    // This very tab just went to another game: the seat it left says goodbye to it.
    if (reason === "elsewhere" && performance.now() - (this.seatRequestAt ?? -Infinity) < GOODBYE_MS) return;
    if (msg.current?.code && msg.current.code !== game.code) return; // about a game this tab no longer shows
    if (this.standby || reason !== "standby") {
      this.standby = null;
      if (game.kind === "duel") this.duel.forget();
      else this.tournament.leaveTab();
      showHomeError(t(reason === "elsewhere" ? "tabs.wentElsewhere" : "tabs.leftElsewhere"));
      this.render();
      return;
    }
    this.standby = game;
    $("play-here").disabled = false;
    this.announce(`${t("tabs.standbyTitle")}. ${t("tabs.standbyText")}`);
    this.render();
  }

  /** "Play here": this tab takes the seat back; the other one is paused in its turn. */
  playHere() {
    const game = this.standby;
    if (!game) return;
    $("play-here").disabled = true; // until the view comes (or the server says why not)
    clearTimeout(this.playHereTimer);
    this.playHereTimer = setTimeout(() => ($("play-here").disabled = false), 5_000);
    if (game.kind === "duel") this.send({ type: "join", room: game.code });
    else this.send({ type: "tournament_join", tournament: game.code });
  }

  seatBack() {
    this.standby = null;
    clearTimeout(this.playHereTimer);
    $("play-here").disabled = false;
  }

  // ------------------------------------------------------------ drawing

  screen() {
    const screen = this.duel.screen() ?? this.tournament.screen();
    if (screen) return screen;
    // Opening a room or group link: "loading" until its view (or an error) arrives.
    const joining = (this.duel.roomCode || this.tournament.joiningGroup || this.tournament.code) && $("home-error").hidden;
    return joining ? "loading" : "home";
  }

  render() {
    // Until the games' constants are here (server restarting), the server-drawn page stays as it is.
    if (!loaded()) return;
    const screen = this.screen();
    // A new screen starts at its top: a group screen scrolled down to "Launch" must not leave
    // the tournament's board and keyboard half out of a phone's view.
    const before = document.body.dataset.screen;
    if (before !== screen) window.scrollTo(0, 0);
    // Back home from a game: the rating shown is the store's (a tournament changed it meanwhile).
    if (screen === "home" && before && !["home", "loading"].includes(before)) this.refreshFromStore();
    document.body.dataset.screen = screen;
    this.renderStandby(screen);
    document.body.dataset.phase = this.duel.view?.phase ?? (screen === "tournament" ? this.tournament.view.phase : "");
    for (const name of SCREENS) $(`screen-${name}`).hidden = name !== screen;
    $("loading").hidden = screen !== "loading";
    if (screen !== "game") $("keyboard").replaceChildren(); // key-{letter} hooks: only the shown keyboard has them
    if (screen === "home") renderHome(this);
    else this.fillNicknames();
    this.duel.render();
    if (!this.duel.view) this.tournament.render();
    this.linksOpenAside(screen);
    syncDialogs();
    this.tick();
  }

  /** A paused tab never looks live: its game is greyed and inert, its cards and clocks put away. */
  renderStandby(screen) {
    const paused = Boolean(this.standby) && (screen === "game" || screen === "tournament");
    if (!paused && this.standby) this.standby = null; // the game is gone from this tab
    $("standby").hidden = !paused;
    if (paused) document.body.dataset.standby = "true";
    else delete document.body.dataset.standby;
    for (const name of SCREENS) $(`screen-${name}`).inert = paused;
  }

  fillNicknames() {
    for (const input of document.querySelectorAll("[data-nickname]")) {
      if (this.me && document.activeElement !== input && !input.dataset.dirty) input.value = this.me.name;
    }
  }

  /** During a game the pages open in a new tab, so reading the rules never leaves the game. */
  linksOpenAside(screen) {
    const aside = screen !== "home";
    for (const link of document.querySelectorAll(".topbar a[href^='/'], .menu-panel a")) {
      if (aside) {
        link.target = "_blank";
        link.rel = "noopener";
      } else {
        link.removeAttribute("target");
      }
    }
  }

  tick() {
    if (this.duel.view) this.duel.tick();
    else this.tournament.tick();
    const attention = this.duel.attentionText() || this.tournament.attentionText();
    setAttention(attention, this.title());
  }

  /** The tab's title: the game being played, else both (as the server titles the page). */
  title() {
    const site = t("site.name");
    const screen = document.body.dataset.screen;
    if (screen === "lobby" || screen === "game") return `${t("app.title")} · ${site}`;
    if (["queue", "group", "tournament"].includes(screen)) return `${t("tournament.title")} · ${site}`;
    return `${site}: ${t("app.title")} · ${t("tournament.title")}`;
  }

  // ------------------------------------------------------------ typing

  /**
   * Physical keyboard, listened before any control (capture): during play, Enter
   * always submits and Backspace/Delete always erase, whatever has the focus, and
   * letters never go into a focused select. Text fields and open dialogs keep
   * their keys. No text field is used for the guess, so an IME never composes:
   * Korean letters come from `event.code`.
   */
  onPhysicalKey(event) {
    if (event.metaKey || (event.ctrlKey && !event.altKey) || event.isComposing) return;
    const client = this.duel.view ? this.duel : this.tournament.screen() === "tournament" ? this.tournament : null;
    if (!client || !client.canType()) return;
    const target = event.target;
    if (topDialog()) return;
    if (target instanceof Element && target.closest("input:not([type=checkbox]):not([type=radio]), textarea")) return;
    if (client.onKey(event)) {
      event.preventDefault();
      event.stopPropagation();
      if (target instanceof HTMLElement && target.matches("select, summary, button") && target.closest(".topbar")) target.blur();
    }
  }

  // ------------------------------------------------------------ messages

  clearMessage() {
    clearTimeout(this.messageTimer);
    $("message").classList.remove("visible");
  }

  showMessage(text) {
    const el = $("message");
    el.textContent = text;
    el.classList.add("visible");
    clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => el.classList.remove("visible"), MESSAGE_MS);
  }

  /** Screen readers only: hints of a new row, round changes. */
  announce(text) {
    // The same text twice in a row would not be read again: nudge it.
    const el = $("announcer");
    el.textContent = text === this.lastAnnounced ? `${text} ` : text;
    this.lastAnnounced = el.textContent;
  }

  showConnection(online) {
    $("connection").hidden = online;
    $("connection-text").textContent = t("conn.reconnecting");
  }
}

export const app = new App();
app.boot();
