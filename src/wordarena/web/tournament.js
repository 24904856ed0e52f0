// The Tournament (RULES.md Part C; docs/protocol.md, "Tournament"): the queue,
// group, round intro, duel board, other duels, elimination and final screens,
// rebuilt from the `queue`, `group` and `tournament` messages the server sends.
// app.js owns the socket, the home screen and the choice of the shown screen;
// the tiles, keys, composer and hint texts are the Duel de Mots ones
// (board.js, keyboard.js). Test hooks are listed in app.js's header.

import { t } from "./i18n.js";
import { Composer, lettersFromKeyEvent, renderKeyboard } from "./keyboard.js";
import { STATE_OF_MARK, answerTiles, hintLabel, setTile, shakeRow } from "./board.js";

export const TOURNAMENT_LANGUAGES = ["en", "id", "de", "es", "fr", "it", "nl", "uz", "pl", "pt", "kk", "ru", "uk"];
const LOBBY_SIZE = 8;
const LIVES = 3;
const TURN_MS = 30_000;
const INTRO_MS = 6_000;
const ROWS = 12;
const URGENT_S = 10;

/** Refusals of a guess: the typed row shakes, the turn and its clock go on (C4). */
const GUESS_REFUSALS = new Set(["not_in_list", "wrong_length", "on_board", "not_letters", "not_your_turn"]);
/** Codes that only a tournament, a queue or a group produces. */
const OWN_CODES = new Set([
  ...GUESS_REFUSALS, "duel_over", "not_in_play", "round_not_open", "already_queued", "not_organiser",
  "members_busy", "unknown_group", "group_full", "unknown_tournament", "no_tournament", "not_playing", "no_duel",
  "not_queued",
]);

const SESSION = { code: "wordarena.tournament", group: "wordarena.group", queue: "wordarena.queue" };

const $ = (id) => document.getElementById(id);

function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function testid(node, id) {
  node.dataset.testid = id;
  return node;
}

function button(id, text, className = "") {
  const node = el("button", className, text);
  node.type = "button";
  node.id = id;
  return testid(node, id);
}

function groupFromPath() {
  const match = location.pathname.match(/^\/g\/([^/]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

/** "+11", "-4", "±0": the sign always shows. */
function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `-${-n}` : "±0";
}

function readJson(key) {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

/**
 * Everything tournament-side of the page. `host` gives what app.js owns:
 * send(msg), showMessage(text), announce(text), alphabet(lang), render(), me().
 */
export class TournamentClient {
  constructor(host) {
    this.host = host;
    this.queue = null; // the last `queue` message while queued
    this.group = null; // the last `group` message while a member
    this.view = null; // the last tournament view
    this.viewAt = 0;
    this.minVersion = 0;
    this.code = sessionStorage.getItem(SESSION.code); // the tournament we play in (kept for reconnections)
    this.joiningGroup = groupFromPath() ?? sessionStorage.getItem(SESSION.group);
    this.leftCode = null; // a tournament we left: its late views are ignored
    this.watching = false; // eliminated and chose to watch the other duels
    this.composer = null;
    this.composerKey = "";
    this.boardKey = "";
    this.rowsSeen = 0;
    this.awaitingGuess = false;
    this.quitArmed = false;
    this.wire();
  }

  // ------------------------------------------------------------ what app.js asks

  /** The screen to show when there is no Duel de Mots room: tournament, queue, group or null. */
  screen() {
    // A lobby view (the instant before the start) keeps the queue screen up.
    if (this.view && !(this.view.phase === "lobby" && this.queue)) return "tournament";
    if (this.queue) return "queue";
    if (this.group) return "group";
    return null;
  }

  /** After `welcome`: come back to the tournament, the queue or the group we were in. */
  afterHello() {
    const send = (msg) => this.host.send(msg, { quiet: true });
    this.minVersion = 0;
    this.awaitingGuess = false;
    if (this.code) send({ type: "tournament_join", tournament: this.code });
    if (this.joiningGroup) send({ type: "group_join", group: this.joiningGroup });
    const queued = this.queue ?? readJson(SESSION.queue);
    if (!this.code && queued?.lang && !this.joiningGroup) {
      send({ type: "queue", lang: queued.lang, ...(queued.practice ? { practice: true } : {}) });
    }
  }

  queueFor(lang, practice) {
    this.leftCode = null;
    this.host.send({ type: "queue", lang, ...(practice ? { practice: true } : {}) });
  }

  createGroup() {
    this.host.send({ type: "group_create" });
  }

  joinGroup(code) {
    this.joiningGroup = code;
    this.host.send({ type: "group_join", group: code });
  }

  receive(msg) {
    switch (msg.type) {
      case "queue":
        return this.onQueue(msg);
      case "group":
        return this.onGroup(msg);
      case "tournament":
        return this.onView(msg);
      default:
        return undefined;
    }
  }

  /** A refusal or error of ours: shown (and a guess row shaken); false when it is not a tournament one. */
  onProblem(msg) {
    if (!OWN_CODES.has(msg.code) && this.screen() !== "tournament") return false;
    this.awaitingGuess = false;
    if (msg.code === "already_queued" && this.queue) return true; // a queue sent again after a reconnection
    if (msg.code === "not_queued") {
      // Cancelled too late (the tournament is starting) or twice: its view or nothing follows.
      this.queue = null;
      this.host.render();
      return true;
    }
    const text = this.problemText(msg);
    if (GUESS_REFUSALS.has(msg.code) && this.view?.duel) {
      shakeRow($("duel-board"), this.view.duel.rows.length);
    }
    if (msg.code === "unknown_group") this.forgetGroup();
    if (msg.code === "unknown_tournament" || msg.code === "no_tournament") this.forgetTournament();
    this.host.showMessage(text);
    this.host.announce(text);
    this.host.render();
    return true;
  }

  problemText(msg) {
    const n = this.view?.duel?.length ?? 5;
    for (const key of [`tournament.refused.${msg.code}`, `refused.${msg.code}`, `error.${msg.code}`]) {
      const text = t(key, { n });
      if (text !== key) return text;
    }
    return msg.message || t("error.generic");
  }

  // ------------------------------------------------------------ server messages

  onQueue(msg) {
    if (msg.queued === false) {
      this.queue = null;
      sessionStorage.removeItem(SESSION.queue);
    } else {
      this.queue = msg;
      sessionStorage.setItem(SESSION.queue, JSON.stringify({ lang: msg.lang, practice: msg.practice }));
      // A new tournament begins for us (a group launched): the finished one is closed.
      if (this.view?.phase === "finished") this.dropView();
    }
    this.host.render();
  }

  onGroup(msg) {
    const member = msg.code && msg.members?.some((m) => m.id === msg.you);
    if (!member) return this.forgetGroup();
    this.group = msg;
    this.joiningGroup = msg.code;
    sessionStorage.setItem(SESSION.group, msg.code);
    this.host.render();
    return undefined;
  }

  onView(view) {
    if (view.code === this.leftCode) return;
    if (view.phase === "closed") {
      this.forgetTournament();
      this.host.render();
      return;
    }
    const old = this.view;
    if (old && old.code === view.code && view.version < this.minVersion) return;
    if (old && old.code !== view.code) this.watching = false;
    this.view = view;
    this.viewAt = performance.now();
    this.minVersion = view.version;
    this.code = view.code;
    sessionStorage.setItem(SESSION.code, view.code);
    if (view.phase !== "lobby") {
      this.queue = null;
      sessionStorage.removeItem(SESSION.queue);
    }
    this.syncComposer(view);
    this.announceTransitions(old, view);
    this.host.render();
  }

  /** Keep the typed letters across views; a new duel, or a new row on the board, starts afresh. */
  syncComposer(view) {
    const duel = view.duel;
    const alphabet = this.host.alphabet(view.lang);
    if (!duel || !alphabet) {
      this.composer = null;
      this.composerKey = "";
      return;
    }
    const key = `${view.code}:${view.round?.number}:${duel.index}`;
    if (key !== this.composerKey) {
      this.composer = new Composer(alphabet, duel.length);
      this.composerKey = key;
      this.rowsSeen = duel.rows.length;
      this.awaitingGuess = false;
    }
    if (duel.rows.length !== this.rowsSeen) {
      this.composer.clear(); // our guess was accepted, or a turn passed: the next row starts empty
      this.awaitingGuess = false;
      const row = duel.rows.at(-1);
      if (duel.rows.length > this.rowsSeen && row) this.host.announce(this.describeRow(view, row, duel.rows.length - 1));
    }
    this.rowsSeen = duel.rows.length;
  }

  announceTransitions(old, view) {
    const round = view.round;
    const say = (text) => this.host.announce(text);
    if (view.phase === "intro" && (old?.phase !== "intro" || old?.round?.number !== round?.number)) {
      say(`${t("tournament.round", { n: round.number })}. ${this.myPairingText(view)}`);
    }
    const duel = view.duel;
    const oldDuel = old?.round?.number === round?.number ? old?.duel : null;
    if (duel && !duel.over && view.phase === "playing" && duel.turn === view.you && (oldDuel?.turn !== view.you || old?.phase !== "playing")) {
      say(t("tournament.yourTurn"));
    }
    if (duel?.over && !oldDuel?.over) say(`${this.duelResultText(view, duel)} ${this.answerText(view, duel)}`);
    if (view.result && !old?.result && view.phase !== "finished") say(t("tournament.eliminated.title"));
    if (view.phase === "finished" && old?.phase !== "finished") say(this.finalTitle(view));
  }

  // ------------------------------------------------------------ controls

  wire() {
    $("unqueue").addEventListener("click", () => {
      this.host.send({ type: "unqueue" });
      this.queue = null; // the server's `queued: false` confirms it
      sessionStorage.removeItem(SESSION.queue);
      this.host.render();
    });
    $("copy-group-link").addEventListener("click", () => this.host.copy($("group-link")));
    $("group-launch").addEventListener("click", () => {
      const practice = $("group-practice").checked;
      this.host.send({ type: "group_launch", lang: $("group-lang").value, ...(practice ? { practice: true } : {}) });
    });
    $("group-leave").addEventListener("click", () => {
      this.host.send({ type: "group_leave" });
      this.forgetGroup();
    });
    $("watch").addEventListener("click", () => {
      this.watching = true;
      this.render();
    });
    $("leave-tournament").addEventListener("click", () => this.leave());
    $("quit-tournament").addEventListener("click", () => {
      // Leaving while in play loses the duel and the tournament (C7): a second click confirms.
      if (!this.quitArmed && this.player(this.view?.you)?.in_play) {
        this.quitArmed = true;
        $("quit-tournament").textContent = t("tournament.quitConfirm");
        setTimeout(() => {
          this.quitArmed = false;
          if (this.view) this.host.render();
        }, 4000);
        return;
      }
      this.leave();
    });
    $("back-to-group").addEventListener("click", () => this.closeFinished());
    $("final-home").addEventListener("click", () => this.closeFinished());
    const keyboard = $("duel-keyboard");
    keyboard.addEventListener("pointerdown", (event) => event.preventDefault());
    keyboard.addEventListener("click", (event) => {
      const key = event.target.closest("button[data-key]");
      if (key) this.pressKey(key.dataset.key);
    });
  }

  /** Leave a running tournament (a defeat while in play; free once out). */
  leave() {
    if (this.view && this.view.phase !== "finished") this.host.send({ type: "leave" });
    this.dropView();
    this.host.render();
  }

  /** The final standings are closed: back to the group screen, or home. */
  closeFinished() {
    this.dropView();
    this.host.render();
  }

  dropView() {
    this.leftCode = this.view?.code ?? this.code;
    this.forgetTournament();
  }

  forgetTournament() {
    this.view = null;
    this.code = null;
    this.watching = false;
    this.composer = null;
    this.composerKey = "";
    this.boardKey = "";
    sessionStorage.removeItem(SESSION.code);
    $("duel-keyboard").replaceChildren();
  }

  forgetGroup() {
    this.group = null;
    this.joiningGroup = null;
    sessionStorage.removeItem(SESSION.group);
    if (location.pathname.startsWith("/g/")) history.replaceState(null, "", "/");
    this.host.render();
  }

  // ------------------------------------------------------------ typing

  canType() {
    const view = this.view;
    const duel = view?.duel;
    return Boolean(view && view.phase === "playing" && duel && !duel.over && duel.turn === view.you && this.composer);
  }

  /** A physical key press; true when the tournament used it. */
  onKey(event) {
    if (!this.view || !this.canType()) return false;
    if (event.key === "Enter") this.pressKey("enter");
    else if (event.key === "Backspace") this.pressKey("backspace");
    else {
      const letters = lettersFromKeyEvent(event, this.view.lang, this.host.alphabet(this.view.lang));
      if (!letters) return false;
      for (const letter of letters) this.composer.add(letter);
      this.renderBoard(this.view);
    }
    return true;
  }

  pressKey(key) {
    if (!this.canType()) return;
    if (key === "enter") this.submit();
    else if (key === "backspace") this.composer.backspace();
    else this.composer.add(key);
    this.renderBoard(this.view);
  }

  submit() {
    if (this.awaitingGuess) return;
    const duel = this.view.duel;
    if (!this.composer.full) {
      // Checked here to spare a round trip; the server would refuse it the same way.
      shakeRow($("duel-board"), duel.rows.length);
      const text = t("refused.wrong_length", { n: duel.length });
      this.host.showMessage(text);
      this.host.announce(text);
      return;
    }
    this.awaitingGuess = true;
    this.host.send({ type: "guess", word: this.composer.word() });
  }

  // ------------------------------------------------------------ helpers on the view

  player(id) {
    return this.view?.players.find((p) => p.id === id) ?? null;
  }

  nameOf(id) {
    return this.player(id)?.name ?? "?";
  }

  /** Milliseconds left on a timer of the current view, counted down locally. */
  remaining(ms) {
    if (ms == null) return null;
    return Math.max(0, ms - (performance.now() - this.viewAt));
  }

  /** Who plays row `r` of a duel: turns alternate from `first`, passed turns included. */
  rowPlayer(duel, r) {
    const second = duel.players[0] === duel.first ? duel.players[1] : duel.players[0];
    return r % 2 === 0 ? duel.first : second;
  }

  answerText(view, duel) {
    return duel.answer ? duel.answer.toLocaleUpperCase(view.lang) : "";
  }

  duelResultText(view, duel) {
    if (!duel.over) return "";
    if (duel.draw) return duel.players.includes(view.you) ? t("tournament.duel.drawYou") : t("tournament.duel.draw");
    const winner = duel.winner;
    const loser = duel.players.find((p) => p !== winner);
    if (duel.forfeited_by) {
      return duel.forfeited_by === view.you ? t("tournament.duel.youForfeited") : t("tournament.duel.forfeit", { name: this.nameOf(duel.forfeited_by), winner: this.nameOf(winner) });
    }
    if (winner === view.you) return t("tournament.duel.youWon");
    if (loser === view.you) return t("tournament.duel.youLost", { name: this.nameOf(winner) });
    return t("tournament.duel.won", { name: this.nameOf(winner) });
  }

  myPairingText(view) {
    const round = view.round;
    if (!round || view.you == null) return "";
    if (round.bye === view.you) return t("tournament.intro.youBye");
    const pair = round.pairings.find((p) => p.includes(view.you));
    if (!pair) return "";
    return t("tournament.intro.youPlay", { name: this.nameOf(pair.find((p) => p !== view.you)) });
  }

  describeRow(view, row, index) {
    const name = this.nameOf(row.player);
    if (row.passed || !row.pattern) return t("tournament.rowPassed", { n: index + 1, name });
    const alphabet = this.host.alphabet(view.lang);
    const hints = (row.letters ?? []).map((letter, c) => hintLabel(alphabet ? alphabet.label(letter) : letter, STATE_OF_MARK[row.pattern[c]]));
    return t("tournament.rowSaid", { n: index + 1, name, hints: hints.join("; ") });
  }

  finalTitle(view) {
    const winners = view.winners ?? [];
    if (view.end_reason === "abandoned" && !winners.length) return t("tournament.final.abandoned");
    if (winners.includes(view.you)) return winners.length > 1 ? t("tournament.final.youShare") : t("tournament.final.youWin");
    if (winners.length > 1) return t("tournament.final.shared", { names: winners.map((id) => this.nameOf(id)).join(", ") });
    if (winners.length === 1) return t("tournament.final.win", { name: this.nameOf(winners[0]) });
    return t("tournament.final.title");
  }

  hearts(lives) {
    const node = el("span", "hearts");
    node.append(el("span", "heart-full", "♥".repeat(Math.max(0, lives))), el("span", "heart-empty", "♡".repeat(Math.max(0, LIVES - lives))));
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", t("tournament.lives", { n: lives }));
    node.title = node.getAttribute("aria-label");
    return node;
  }

  // ------------------------------------------------------------ rendering

  render() {
    const screen = this.screen();
    if (screen === "queue") this.renderQueue();
    if (screen === "group") this.renderGroup();
    if (screen === "tournament") this.renderTournament();
    else $("duel-keyboard").replaceChildren(); // its key-{letter} hooks belong to the shown screen only
    if (screen === "group") {
      const path = `/g/${encodeURIComponent(this.group.code)}`;
      if (location.pathname !== path) history.replaceState(null, "", path);
    }
    this.tick();
  }

  langName(lang) {
    return this.host.alphabet(lang)?.name ?? lang;
  }

  renderQueue() {
    const q = this.queue;
    const size = q.lobby?.size ?? 1;
    $("queue-title").textContent = q.practice ? t("tournament.queue.practiceTitle") : t("tournament.queue.title");
    $("queue-lang").textContent = this.langName(q.lang);
    $("queue-lang").lang = q.lang;
    $("queue-rating").textContent = q.practice ? t("tournament.queue.unrated", { n: q.rating }) : String(q.rating);
    $("queue-waiting").textContent = String(q.waiting);
    $("queue-lobby-label").textContent = t("tournament.queue.lobby", { n: size, max: LOBBY_SIZE });
    const lobby = $("queue-lobby");
    lobby.dataset.size = String(size);
    lobby.setAttribute("aria-label", t("tournament.queue.lobby", { n: size, max: LOBBY_SIZE }));
    lobby.replaceChildren(
      ...Array.from({ length: LOBBY_SIZE }, (_, i) => {
        const seat = el("li", i < size ? "lobby-seat taken" : "lobby-seat", i < size ? "👤" : "");
        seat.setAttribute("aria-hidden", "true");
        return seat;
      }),
    );
    $("queue-hint").textContent = q.practice ? t("tournament.queue.practiceHint") : t("tournament.queue.hint");
  }

  renderGroup() {
    const g = this.group;
    const organiser = g.you === g.organiser;
    $("group-link").value = `${location.origin}/g/${encodeURIComponent(g.code)}`;
    $("group-members-title").textContent = t("group.members", { n: g.members.length, max: LOBBY_SIZE });
    $("group-members").replaceChildren(
      ...g.members.map((m, i) => {
        const item = testid(el("li", "seat"), `group-member-${i}`);
        if (m.id === g.organiser) item.dataset.organiser = "true";
        if (m.busy) item.dataset.busy = "true";
        const icon = el("span", "seat-icon", "👤");
        icon.setAttribute("aria-hidden", "true");
        item.append(icon, el("span", "seat-name", m.name), el("span", "badge rating", t("group.rating", { n: m.rating })));
        if (m.id === g.organiser) item.append(el("span", "badge host", `👑 ${t("group.organiser")}`));
        if (m.id === g.you) item.append(el("span", "badge you", t("lobby.you")));
        if (m.busy) item.append(el("span", "badge away", t("group.busy")));
        return item;
      }),
    );
    $("group-launch-box").hidden = !organiser;
    $("group-launch").hidden = !organiser;
    $("group-launch").disabled = !g.can_launch;
    $("group-hint").textContent = !organiser ? t("group.waitOrganiser") : g.can_launch ? "" : t("group.waitMembers");
  }

  renderTournament() {
    const view = this.view;
    const duel = view.duel;
    const section = $("screen-tournament");
    const spectating = !duel || this.watching;
    section.classList.toggle("spectating", spectating);
    section.dataset.phase = view.phase;
    $("t-round").textContent = view.round ? t("tournament.round", { n: view.round.number }) : "";
    $("t-kind").textContent = view.rated ? t("tournament.title") : t("tournament.practiceTitle");
    $("t-main-duel").hidden = !duel || this.watching;
    if (duel) this.renderDuel(view, duel);
    else $("duel-keyboard").replaceChildren();
    $("t-status").textContent = this.statusText(view);
    this.renderPlayers(view);
    this.renderOtherDuels(view, spectating);
    const quit = $("quit-tournament");
    quit.hidden = view.phase === "finished";
    if (!this.quitArmed) quit.textContent = this.player(view.you)?.in_play ? t("tournament.quit") : t("tournament.eliminated.leave");
    this.renderIntro(view);
    this.renderElimination(view);
    this.renderFinal(view);
  }

  statusText(view) {
    if (view.phase === "finished") return "";
    const me = this.player(view.you);
    if (!view.duel) {
      if (view.round?.bye === view.you) return t("tournament.byeStatus");
      if (me && !me.in_play) return t("tournament.watching");
      return "";
    }
    if (view.duel.over && view.round && !view.round.over) return t("tournament.waitOthers");
    return "";
  }

  renderDuel(view, duel) {
    const colours = { [duel.players[0]]: "a", [duel.players[1]]: "b" };
    const chips = duel.players.map((id) => {
      const p = this.player(id);
      const chip = testid(el("div", `duel-player p-${colours[id]}`), `duel-player-${id}`);
      chip.classList.toggle("active", duel.turn === id && !duel.over);
      chip.classList.toggle("winner", duel.winner === id);
      const name = el("span", "dp-name", id === view.you ? t("tournament.youName", { name: p?.name ?? "" }) : p?.name ?? "?");
      const lives = this.hearts(p?.lives ?? 0);
      lives.dataset.testid = `duel-lives-${id}`;
      const turns = el("span", "dp-turns", t("tournament.turnsLeft", { n: duel.turns_left?.[id] ?? 0 }));
      chip.append(el("span", "dp-swatch"), name, lives, turns);
      if (p?.away) chip.append(el("span", "badge away", t("lobby.away")));
      return chip;
    });
    $("duel-players").replaceChildren(...chips);
    const owner = $("turn-owner");
    const mine = duel.turn === view.you;
    owner.dataset.mine = String(Boolean(mine && !duel.over));
    owner.textContent = duel.over ? t("tournament.duelOver") : view.phase === "intro" ? t("tournament.playsFirst", { name: duel.first === view.you ? t("tournament.you") : this.nameOf(duel.first) }) : mine ? t("tournament.yourTurn") : t("tournament.theirTurn", { name: this.nameOf(duel.turn) });
    owner.className = `turn-owner ${duel.over ? "" : `p-${colours[duel.turn ?? duel.first]}`}`;
    this.renderBoard(view);
    const alphabet = this.host.alphabet(view.lang);
    if (alphabet) {
      renderKeyboard($("duel-keyboard"), alphabet, duel.keyboard ?? {}, this.canType());
      $("duel-keyboard").dataset.rows = String(alphabet.rows.length); // Polish, Kazakh: 4 rows, lower keys
    }
    $("duel-keyboard").hidden = duel.over;
    const end = $("duel-end");
    end.hidden = !duel.over;
    if (duel.over) {
      $("duel-result").textContent = this.duelResultText(view, duel);
      $("duel-result").dataset.outcome = duel.draw ? "draw" : duel.winner === view.you ? "won" : "lost";
      $("duel-answer").textContent = this.answerText(view, duel);
      $("duel-answer").lang = view.lang;
      $("duel-answer-tiles").replaceChildren(alphabet && duel.answer_letters ? answerTiles(duel.answer_letters, alphabet) : "");
    }
  }

  /** The shared board: 12 rows of `length` tiles, each row tagged with its player. */
  renderBoard(view) {
    const duel = view.duel;
    const board = $("duel-board");
    const alphabet = this.host.alphabet(view.lang);
    const key = `${view.code}:${view.round?.number}:${duel.index}:${duel.length}:${duel.rows_total}`;
    if (key !== this.boardKey) {
      this.boardKey = key;
      this.buildBoard(board, duel);
    }
    const colours = { [duel.players[0]]: "a", [duel.players[1]]: "b" };
    const typing = this.canType() ? this.composer : null;
    board.querySelectorAll(".board-row").forEach((rowEl, r) => {
      const player = duel.rows[r]?.player ?? this.rowPlayer(duel, r);
      const played = duel.rows[r];
      const name = this.nameOf(player);
      rowEl.dataset.player = player;
      // Redrawn on every view and keystroke: keep a running shake so a refusal stays visible.
      const shaking = rowEl.classList.contains("shake") ? " shake" : "";
      rowEl.className = `board-row t-row p-${colours[player]}${played?.passed ? " passed" : ""}${r === duel.rows.length && !duel.over ? " current" : ""}${shaking}`;
      const tag = rowEl.querySelector(".row-tag");
      tag.textContent = player === view.you ? t("tournament.you") : name;
      const label = played?.passed ? t("tournament.rowLabelPassed", { n: r + 1, name }) : t("tournament.rowLabel", { n: r + 1, name });
      rowEl.setAttribute("aria-label", label);
      const passedLabel = rowEl.querySelector(".passed-label");
      passedLabel.hidden = !played?.passed;
      passedLabel.textContent = t("tournament.timeOut");
      rowEl.querySelectorAll(".tile").forEach((tile, c) => {
        tile.dataset.player = player;
        if (played?.passed || (played && !played.pattern)) {
          tile.textContent = "";
          tile.dataset.state = "passed";
          tile.setAttribute("aria-label", t("tournament.passed"));
        } else if (played) {
          const letter = played.letters?.[c] ?? "";
          const text = letter && alphabet ? alphabet.label(letter) : letter.toLocaleUpperCase(view.lang);
          setTile(tile, text, STATE_OF_MARK[played.pattern[c]]);
          if (!letter) tile.setAttribute("aria-label", t(`hint.${STATE_OF_MARK[played.pattern[c]]}`, { letter: "?" }));
        } else if (typing && r === duel.rows.length && c < typing.typed.length) {
          setTile(tile, alphabet.label(typing.typed[c]), "typed");
        } else if (typing && r === duel.rows.length && c === typing.typed.length && typing.pending) {
          setTile(tile, typing.pending.toLocaleUpperCase(view.lang), "typed");
        } else {
          if (tile.dataset.state === "passed") tile.dataset.state = "empty";
          setTile(tile, "", "empty");
        }
        // Every tile says whose row it is in (the board is shared).
        tile.setAttribute("aria-label", `${tile.getAttribute("aria-label")} · ${name}`);
      });
    });
  }

  buildBoard(board, duel) {
    board.replaceChildren();
    board.style.setProperty("--len", String(duel.length));
    for (let r = 0; r < (duel.rows_total ?? ROWS); r += 1) {
      const row = el("div", "board-row t-row");
      row.setAttribute("role", "group");
      row.dataset.row = String(r);
      const tag = el("span", "row-tag");
      tag.setAttribute("aria-hidden", "true");
      row.append(tag);
      const tiles = el("div", "row-tiles");
      for (let c = 0; c < duel.length; c += 1) {
        const tile = testid(el("div", "tile"), `duel-tile-r${r}-c${c}`);
        tile.setAttribute("role", "img");
        tile.dataset.state = "empty";
        tile.style.setProperty("--col", String(c));
        tiles.append(tile);
      }
      const passed = el("span", "passed-label", t("tournament.timeOut"));
      passed.setAttribute("aria-hidden", "true");
      passed.hidden = true;
      tiles.append(passed);
      row.append(tiles);
      board.append(row);
    }
  }

  /** Everybody's lives and places: in play first (most lives first), then by place. */
  renderPlayers(view) {
    const players = [...view.players].sort((a, b) => {
      if ((a.place == null) !== (b.place == null)) return a.place == null ? -1 : 1;
      if (a.place != null) return a.place - b.place;
      return b.lives - a.lives;
    });
    const winners = view.winners ?? [];
    $("t-players").replaceChildren(
      ...players.map((p) => {
        const item = testid(el("li", "t-player"), `player-${p.id}`);
        item.classList.toggle("me", p.id === view.you);
        item.classList.toggle("out", !p.in_play && !winners.includes(p.id));
        item.classList.toggle("winner", winners.includes(p.id));
        const place = el("span", "tp-place", p.place != null ? `${p.place}.` : "");
        const lives = this.hearts(p.lives);
        lives.dataset.testid = `lives-${p.id}`;
        lives.dataset.lives = String(p.lives);
        item.append(place, el("span", "tp-name", p.id === view.you ? t("tournament.youName", { name: p.name }) : p.name), lives);
        if (view.round?.bye === p.id && view.phase !== "finished") item.append(el("span", "badge", t("tournament.bye")));
        if (p.left) item.append(el("span", "badge away", t("tournament.left")));
        else if (p.away) item.append(el("span", "badge away", t("lobby.away")));
        if (p.place != null) item.title = t("tournament.place", { n: p.place });
        return item;
      }),
    );
  }

  renderOtherDuels(view, large) {
    const list = $("other-duels");
    list.classList.toggle("large", large);
    $("other-duels-title").hidden = !view.duels.length;
    const alphabet = this.host.alphabet(view.lang);
    list.replaceChildren(...view.duels.map((duel) => this.otherDuel(view, duel, alphabet, large)));
  }

  otherDuel(view, duel, alphabet, large) {
    const item = testid(el("li", "other-duel"), `other-duel-${duel.index}`);
    item.classList.toggle("over", duel.over);
    const colours = { [duel.players[0]]: "a", [duel.players[1]]: "b" };
    const head = el("div", "od-head");
    duel.players.forEach((id, i) => {
      if (i === 1) head.append(el("span", "od-vs", t("tournament.vs")));
      const who = el("span", `od-name p-${colours[id]}`, this.nameOf(id));
      who.classList.toggle("active", duel.turn === id && !duel.over);
      who.classList.toggle("winner", duel.winner === id);
      head.append(who);
    });
    const grid = el("div", "od-grid");
    grid.style.setProperty("--len", String(duel.length));
    const withLetters = duel.rows.some((row) => row.letters);
    grid.classList.toggle("letters", withLetters);
    if (!withLetters) grid.setAttribute("aria-hidden", "true");
    for (let r = 0; r < (duel.rows_total ?? ROWS); r += 1) {
      const row = duel.rows[r];
      const player = row?.player ?? this.rowPlayer(duel, r);
      const line = el("div", `od-row p-${colours[player]}${row?.passed ? " passed" : ""}`);
      if (withLetters && row) line.setAttribute("aria-label", this.describeRow(view, row, r));
      for (let c = 0; c < duel.length; c += 1) {
        const state = !row ? "empty" : row.passed || !row.pattern ? "passed" : STATE_OF_MARK[row.pattern[c]];
        const letter = row?.letters?.[c];
        const cell = el("span", "od-cell", letter ? (alphabet ? alphabet.label(letter) : letter.toLocaleUpperCase(view.lang)) : "");
        cell.dataset.state = state;
        if (letter) cell.setAttribute("aria-hidden", "true");
        line.append(cell);
      }
      grid.append(line);
    }
    const status = el("div", "od-status");
    if (duel.over) {
      status.textContent = this.duelResultText(view, duel);
      if (duel.answer) {
        const answer = el("strong", "od-answer", ` ${this.answerText(view, duel)}`);
        answer.lang = view.lang;
        status.append(answer);
      }
    } else if (view.phase === "playing" && duel.turn) {
      status.textContent = t("tournament.theirTurn", { name: this.nameOf(duel.turn) });
    }
    const summary = el("span", "visually-hidden", this.otherDuelSummary(view, duel));
    item.append(head, grid, status, summary);
    item.title = summary.textContent;
    if (large) item.classList.add("large");
    return item;
  }

  otherDuelSummary(view, duel) {
    const [a, b] = duel.players;
    const parts = [t("tournament.duelOf", { a: this.nameOf(a), b: this.nameOf(b) }), t("tournament.rowsPlayed", { n: duel.rows.length })];
    if (duel.over) parts.push(this.duelResultText(view, duel));
    return parts.join(", ");
  }

  renderIntro(view) {
    const card = $("round-intro");
    const show = view.phase === "intro" && Boolean(view.round) && !this.eliminationShown(view);
    card.hidden = !show;
    if (!show) return;
    const round = view.round;
    $("round-intro-title").textContent = t("tournament.round", { n: round.number });
    $("round-intro-mine").textContent = this.myPairingText(view);
    const items = round.pairings.map((pair, i) => {
      const item = testid(el("li", "pairing"), `pairing-${i}`);
      item.classList.toggle("me", pair.includes(view.you));
      pair.forEach((id, k) => {
        if (k === 1) item.append(el("span", "od-vs", t("tournament.vs")));
        const who = el("span", "pairing-name", this.nameOf(id));
        who.append(this.hearts(this.player(id)?.lives ?? 0));
        item.append(who);
      });
      return item;
    });
    if (round.bye) {
      const bye = testid(el("li", "pairing bye"), "pairing-bye");
      bye.classList.toggle("me", round.bye === view.you);
      bye.textContent = t("tournament.intro.bye", { name: this.nameOf(round.bye) });
      items.push(bye);
    }
    $("pairings").replaceChildren(...items);
  }

  eliminationShown(view) {
    return Boolean(view.result) && view.phase !== "finished" && !this.watching;
  }

  renderElimination(view) {
    const card = $("elimination");
    const show = this.eliminationShown(view);
    card.hidden = !show;
    const body = $("elimination-body");
    if (!show) return body.replaceChildren(); // its rating-change hook exists only while shown
    const r = view.result;
    const me = this.player(view.you);
    $("elimination-title").textContent = me?.left ? t("tournament.eliminated.leftTitle") : t("tournament.eliminated.title");
    const place = el("p", "big-place", t("tournament.placeOf", { n: r.place, of: view.players.length }));
    const round = el("p", "subtle", r.eliminated_in ? t("tournament.eliminated.inRound", { n: r.eliminated_in }) : "");
    body.replaceChildren(place, round, this.ratingLine(view, r, "rating-change"));
  }

  /** "Rating 1000 → 996 (-4)", the change green or red; practice tournaments change nothing. */
  ratingLine(view, r, hook) {
    const line = el("p", "rating-line");
    if (!view.rated) {
      line.append(el("span", "", t("tournament.ratingPractice")));
      const change = testid(el("span", "rating-change same", signed(0)), hook);
      change.dataset.change = "0";
      line.append(" ", change);
      return line;
    }
    const n = r.rating_change ?? 0;
    line.append(el("span", "", t("tournament.rating", { before: r.rating_before, after: r.rating_after ?? r.rating_before })), " ");
    const change = testid(el("span", `rating-change ${n > 0 ? "up" : n < 0 ? "down" : "same"}`, signed(n)), hook);
    change.dataset.change = String(n);
    change.setAttribute("aria-label", t(n >= 0 ? "tournament.ratingUp" : "tournament.ratingDown", { n: Math.abs(n) }));
    line.append(change);
    return line;
  }

  renderFinal(view) {
    const card = $("final-standings");
    const show = view.phase === "finished";
    card.hidden = !show;
    if (!show) return $("final-list").replaceChildren();
    $("final-title").textContent = this.finalTitle(view);
    $("final-note").textContent = view.end_reason === "abandoned" ? t("tournament.final.abandonedNote") : view.rated ? "" : t("tournament.practiceNote");
    const winners = view.winners ?? [];
    const order = [...view.players].sort((a, b) => (a.place ?? 99) - (b.place ?? 99));
    $("final-list").replaceChildren(
      ...order.map((p) => {
        const item = testid(el("li", ""), `final-place-${p.id}`);
        const won = winners.includes(p.id);
        item.classList.toggle("winner", won);
        item.classList.toggle("me", p.id === view.you);
        if (p.place != null) item.dataset.place = String(p.place);
        item.append(el("span", "rank", won ? "🏆" : p.place != null ? `${p.place}.` : "–"));
        if (won) item.querySelector(".rank").setAttribute("aria-label", t("tournament.place", { n: 1 }));
        item.append(el("span", "seat-name", p.name));
        if (p.id === view.you && view.result) {
          const n = view.result.rating_change ?? 0;
          const change = testid(el("span", `rating-change ${n > 0 ? "up" : n < 0 ? "down" : "same"}`, signed(n)), "final-rating-change");
          change.dataset.change = String(n);
          item.append(change);
        } else if (p.left) {
          item.append(el("span", "badge away", t("tournament.left")));
        }
        return item;
      }),
    );
    $("final-rating").replaceChildren(view.result && view.rated ? this.ratingLine(view, view.result, "final-rating") : "");
    $("back-to-group").hidden = !this.group;
    $("final-home").hidden = Boolean(this.group); // a member of a group goes back to it
  }

  // ------------------------------------------------------------ timers (every 200 ms)

  tick() {
    const view = this.view;
    if (!view || this.screen() !== "tournament") return;
    const duel = view.duel;
    if (view.phase === "intro" && view.round) {
      const left = this.remaining(view.round.intro_ms) ?? 0;
      $("round-intro-bar").style.width = `${Math.min(100, (100 * left) / INTRO_MS)}%`;
      $("round-intro-count").textContent = t("tournament.intro.starts", { s: Math.ceil(left / 1000) });
    }
    const clock = $("turn-clock");
    if (!duel) return;
    const ms = duel.over ? 0 : view.phase === "playing" ? this.remaining(duel.turn_ms) ?? 0 : TURN_MS;
    const seconds = Math.ceil(ms / 1000);
    const text = duel.over ? "–" : `0:${String(seconds).padStart(2, "0")}`;
    if (clock.textContent !== text) clock.textContent = text;
    clock.classList.toggle("urgent", view.phase === "playing" && !duel.over && seconds <= URGENT_S);
    $("turn-bar").style.width = `${duel.over ? 0 : Math.min(100, (100 * ms) / TURN_MS)}%`;
  }
}
