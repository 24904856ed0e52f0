// The Tournament (docs/rules.md, "Tournament"; docs/protocol.md): the
// client's state of the queue, the group and the tournament, rebuilt from the
// `queue`, `group` and `tournament` messages, and what the player does in them.
// Drawing: tournament-lobby.js (queue, group), tournament-board.js (your duel),
// tournament-side.js (players, other duels), tournament-cards.js (intro,
// elimination, final standings).

import { C } from "./constants.js";
import { t } from "./i18n.js";
import { Composer } from "./composer.js";
import { STATE_OF_MARK, hintLabel, shakeRow } from "./board.js";
import { SESSION, readJson, writeJson } from "./storage.js";
import { $ } from "./dom.js";
import { displayName } from "./names.js";
import { renderGroup, renderQueue } from "./tournament-lobby.js";
import { renderDuel, renderDuelRows, tickDuel } from "./tournament-board.js";
import { renderPlayers, renderOtherDuels } from "./tournament-side.js";
import { renderTournamentCards, tickTournamentCards } from "./tournament-cards.js";
import { alertsChoice, alertsPossible } from "./attention.js";
import { loadRecord, reviewRounds, storedView } from "./tournament-record.js";
import { GameClient } from "./game-client.js";

function groupFromPath() {
  const match = location.pathname.match(/^\/g\/([^/]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

/** Every tournament has its address, /t/{code}: its players play there, anybody else watches. */
export function tournamentFromPath() {
  const match = location.pathname.match(/^\/t\/([^/]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

/** When the record of a tournament that just finished is asked again, if the store is not there yet. */
const RECORD_RETRIES_MS = [0, 1_500, 5_000];
/** How long the queue screen waits for the first view of a tournament that starts. */
const STARTING_MS = 15_000;

export class TournamentClient extends GameClient {
  /** `host`: what app.js owns (send, showMessage, showError, announce, render, alphabet, sounds, confirm, setRating). */
  constructor(host) {
    super(host);
    this.queue = null; // the last `queue` message while queued
    this.group = null; // the last `group` message while a member
    this.groupNotice = ""; // "Bob left the queue: ...", shown on the queue and group screens
    // The tournament shown (kept for reconnections): its address, /t/{code}. The home page
    // reopens none by itself (a finished one is offered there at most).
    this.code = tournamentFromPath();
    this.joiningGroup = groupFromPath() ?? sessionStorage.getItem(SESSION.group);
    this.creatingGroup = false; // a group_create is on its way: a second click must not send another
    this.launching = false; // a group_launch is on its way: a second click must not send another
    this.leftCode = null; // a tournament we left: its late views are ignored
    // A tournament left on purpose, until the player dismisses it: {code, rated, walkedOut,
    // round, of, result}; its place is settled at the end of the round (docs/rules.md, "Leaving and connection loss").
    this.left = null;
    this.review = null; // {code, rounds}: every duel of a finished tournament, from the store
    this.watching = false; // eliminated and chose to watch the other duels
    this.boardKey = "";
    // The end of our last duel, shown as long as the server holds the round's end before the next intro.
    this.heldDuel = null; // {view, until}
    this.duels = readJson(sessionStorage, SESSION.duels) ?? {}; // "code:round" → our duel as it ended (sharing)
  }

  // ------------------------------------------------------------ what the shared part asks

  lang(view) {
    return view.lang;
  }

  get boardId() {
    return "duel-board";
  }

  rowsPlayed() {
    return this.view.duel.rows.length;
  }

  wrongLengthText() {
    return t("refused.wrong_length", { n: this.view.duel.length });
  }

  renderRows() {
    renderDuelRows(this, this.view);
  }

  // ------------------------------------------------------------ what app.js asks

  /** Watching a tournament by its link: a view of nobody (no seat of ours in it). */
  watcher(view = this.view) {
    return Boolean(view) && view.you == null;
  }

  /** The screen to show when there is no Duel de Mots room: tournament, queue, group or null. */
  screen() {
    // A lobby view (the instant before the start) keeps the queue screen up.
    if (this.view && !(this.view.phase === "lobby" && this.queue)) return "tournament";
    if (this.queue) return "queue";
    if (this.group) return "group";
    return null;
  }

  inGame() {
    return Boolean(this.view) && ["intro", "playing"].includes(this.view.phase);
  }

  /** After `welcome`: come back to the tournament, the queue or the group we were in. */
  afterHello() {
    const send = (msg) => this.host.send(msg, { quiet: true });
    this.reconnected();
    if (this.code && !this.view?.stored) send({ type: "tournament_join", tournament: this.code });
    if (this.left && !this.left.result) send({ type: "tournament_join", tournament: this.left.code }); // still following it
    if (this.joiningGroup) send({ type: "group_join", group: this.joiningGroup });
    const queued = this.queue ?? readJson(sessionStorage, SESSION.queue);
    if (!this.code && queued?.lang && !queued.starting && !this.joiningGroup) {
      send({ type: "queue", lang: queued.lang, ...(queued.practice ? { practice: true } : {}) });
    }
    return Boolean(this.code || this.joiningGroup || queued?.lang);
  }

  queueFor(lang, practice) {
    this.leftCode = null;
    this.host.send({ type: "queue", lang, ...(practice ? { practice: true } : {}) });
  }

  createGroup() {
    if (this.creatingGroup) return; // a double click creates one group
    this.creatingGroup = true;
    $("create-group").disabled = true;
    this.host.send({ type: "group_create" });
    setTimeout(() => this.groupCreated(), 5_000); // no answer (offline): the button comes back
  }

  groupCreated() {
    this.creatingGroup = false;
    $("create-group").disabled = false;
  }

  joinGroup(code) {
    this.joiningGroup = code;
    this.host.send({ type: "group_join", group: code });
  }

  rejoin(code) {
    this.code = code;
    this.leftCode = null;
    if (this.left?.code === code) this.left = null;
    this.host.send({ type: "tournament_join", tournament: code });
  }

  receive(msg) {
    if (msg.type === "queue" || msg.type === "tournament") this.launched();
    if (msg.type === "queue") this.onQueue(msg);
    else if (msg.type === "group") this.onGroup(msg);
    else if (msg.type === "group_left" && msg.code === this.group?.code) this.forgetGroup();
    else if (msg.type === "tournament") this.onView(msg);
  }

  /** A refusal or an error of the tournament, its queue or its group: shown, and a refused guess's row shaken. */
  onProblem(msg) {
    const guessRefused = msg.type === "refused" && this.awaitingGuess;
    this.awaitingGuess = false;
    this.launched();
    if (msg.code === "unknown_tournament" && this.code && !this.view) {
      this.showStored(this.code, msg); // over, and its room gone: how it ended, from the store
      return;
    }
    if (msg.code === "not_queued") {
      // Cancelled too late (the tournament is starting) or twice: its view or nothing follows.
      this.queue = null;
      this.host.render();
      return;
    }
    const text = this.problemText(msg);
    if (guessRefused && this.view?.duel) shakeRow($("duel-board"), this.view.duel.rows.length);
    if (msg.code === "unknown_group") this.forgetGroup();
    if (msg.code === "unknown_tournament") this.forgetTournament();
    if (this.screen() === null) this.host.showError(text);
    else this.host.showMessage(text);
    this.host.announce(text);
    this.host.render();
  }

  problemText(msg) {
    const n = this.view?.duel?.length ?? C.duel.word_length;
    for (const key of [`tournament.refused.${msg.code}`, `refused.${msg.code}`, `error.${msg.code}`]) {
      const text = t(key, { n });
      if (text !== key) return text;
    }
    return msg.message || t("error.generic");
  }

  // ------------------------------------------------------------ server messages

  onQueue(msg) {
    if (msg.queued === false) {
      sessionStorage.removeItem(SESSION.queue);
      if (msg.reason === "started") {
        // Out of the queue because the tournament starts: the queue screen stays until its
        // first view, and nothing said about the queue stays up over the tournament.
        this.queue = this.queue ? { ...this.queue, starting: true } : null;
        this.groupNotice = "";
        this.host.clearMessage();
        clearTimeout(this.startingTimer);
        this.startingTimer = setTimeout(() => this.startedNowhere(), STARTING_MS);
      } else {
        this.queue = null;
        if (msg.reason) this.groupNotice = this.queueEndText(msg);
      }
    } else {
      if (!this.queue) this.groupNotice = ""; // a new queue: what was said about the last one is old
      this.queue = msg;
      writeJson(sessionStorage, SESSION.queue, { lang: msg.lang, practice: msg.practice });
      // A new tournament begins for us (a group launched): the finished one is closed.
      if (this.view?.phase === "finished") this.dropView();
    }
    this.host.render();
  }

  /**
   * Why the queue ended, as the group's screen says it (`queue.reason`): a group queues whole
   * or not at all, so anybody leaving it takes the whole group out, and the others are told who.
   */
  queueEndText(msg) {
    const organiser = this.group && this.group.organiser === this.group.you;
    if (msg.reason === "organiser") return t("group.organiserCancelled");
    if (msg.reason === "member") return t("group.memberCancelled", { name: msg.by || "?" });
    if (msg.reason === "you" && this.group && !organiser) return t("group.youCancelled");
    return "";
  }

  /** The tournament said to start never showed (its room moved, a lost message): back to where we were. */
  startedNowhere() {
    if (this.queue?.starting && !this.view) {
      this.queue = null;
      this.host.render();
    }
  }

  onGroup(msg) {
    this.groupCreated();
    const member = msg.code && msg.members?.some((m) => m.id === msg.you);
    if (!member) {
      this.forgetGroup();
      return;
    }
    this.noticeGroupChanges(this.group, msg);
    this.group = msg;
    this.joiningGroup = msg.code;
    sessionStorage.setItem(SESSION.group, msg.code);
    this.host.render();
  }

  /**
   * A member who leaves the group tells the others. Who ended a queue is said by the queue's
   * own message (its `reason`), never guessed from members no longer queued: those are
   * everybody whenever anyone cancels.
   */
  noticeGroupChanges(old, now) {
    if (!old || old.code !== now.code) return;
    const before = new Map(old.members.map((m) => [m.id, m]));
    for (const [id, was] of before) {
      if (id !== now.you && !now.members.some((m) => m.id === id)) this.groupNotice = t("group.memberLeft", { name: was.name });
    }
  }

  onView(view) {
    if (view.code === this.left?.code) {
      this.followLeft(view);
      return;
    }
    if (view.code === this.leftCode) return;
    if (view.phase === "closed") {
      this.forgetTournament();
      this.host.render();
      return;
    }
    const old = this.view;
    if (this.stale(view)) return;
    if (old && old.code !== view.code) this.watching = false;
    this.holdDuelEnd(old, view);
    this.hold(view);
    this.code = view.code;
    if (view.phase !== "lobby") {
      this.queue = null;
      this.groupNotice = "";
      clearTimeout(this.startingTimer);
      sessionStorage.removeItem(SESSION.queue);
    }
    if (view.phase === "finished" && this.review?.code !== view.code) this.fetchReview(view.code);
    if (view.result?.rating_after != null && view.rated) this.host.setRating(view.result.rating_after);
    this.rememberDuel(view);
    this.syncComposer(view);
    this.announceTransitions(old, view);
    this.host.render();
  }

  /**
   * The round's last duel may end in the same instant as the next intro starts:
   * keep showing our duel's end (winner, word, lives) for as long as the server holds a round's end.
   */
  holdDuelEnd(old, view) {
    const oldDuel = old?.duel;
    const newRound = old && old.code === view.code && view.round?.number !== old.round?.number;
    if (oldDuel?.over && newRound && !this.heldDuel) {
      const shownAt = this.duelOverAt ?? 0;
      const until = shownAt + C.tournament.round_end_ms;
      if (performance.now() < until) this.heldDuel = { view: old, until };
    }
    if (view.duel?.over && !old?.duel?.over) this.duelOverAt = performance.now();
    if (view.round?.previous && newRound) {
      // The server sends the round just over with the intro: show our duel from it.
      const mine = view.round.previous.find((d) => d.players.includes(view.you));
      if (mine) this.heldDuel = { view: { ...old, duel: mine, phase: "playing" }, until: performance.now() + C.tournament.round_end_ms };
    }
  }

  /** The view to draw: the held end of our last duel, while it lasts, else the newest. */
  shownView() {
    if (this.heldDuel && performance.now() < this.heldDuel.until) return this.heldDuel.view;
    if (this.heldDuel) {
      this.heldDuel = null;
      this.boardKey = ""; // the board of the next duel is built afresh
      this.host.render();
    }
    return this.view;
  }

  /** Our duels as they ended, for the shared result (kept for the tab). */
  rememberDuel(view) {
    const duel = view.duel;
    if (!duel || !duel.over || !view.round) return;
    const outcome = duel.draw ? "draw" : duel.winner === view.you ? "won" : "lost";
    this.duels[`${view.code}:${view.round.number}`] = {
      round: view.round.number,
      outcome,
      rows: duel.rows.map((row) => ({ pattern: row.pattern, passed: row.passed })),
    };
    writeJson(sessionStorage, SESSION.duels, this.duels);
  }

  /** Keep the typed letters across views and reloads; a new duel, or a new row on the board, starts afresh. */
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
      const saved = readJson(sessionStorage, SESSION.typed);
      if (saved?.key === key && saved.rows === duel.rows.length) this.composer.restore(saved.typed);
    }
    if (duel.rows.length !== this.rowsSeen) {
      this.composer.clear(); // our guess was accepted, or a turn passed: the next row starts empty
      this.awaitingGuess = false;
      const row = duel.rows.at(-1);
      if (duel.rows.length > this.rowsSeen && row) this.host.announce(this.describeRow(view, row, duel.rows.length - 1));
    }
    this.rowsSeen = duel.rows.length;
    this.saveTyped();
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
      this.host.sounds.play("turn");
      const opponent = duel.players.find((id) => id !== view.you);
      this.host.alertTurn(t("tournament.yourTurn"), t("alerts.body", { name: this.nameOf(opponent, view), s: Math.round(C.tournament.turn_ms / 1000) }));
    }
    if (duel?.over && !oldDuel?.over) {
      say(`${this.duelResultText(view, duel)} ${this.answerText(view, duel)}`);
      this.host.sounds.play(duel.winner === view.you ? "solve" : "end");
    }
    if (view.result && !old?.result && view.phase !== "finished") say(t("tournament.eliminated.title"));
    if (view.phase === "finished" && old?.phase !== "finished") {
      say(this.finalTitle(view));
      this.host.sounds.play("end");
    }
  }

  // ------------------------------------------------------------ the player's actions

  unqueue() {
    this.host.send({ type: "unqueue" });
    this.queue = null; // the server's `queued: false` confirms it
    sessionStorage.removeItem(SESSION.queue);
    this.host.render();
  }

  launchGroup(lang, practice) {
    if (this.launching) return; // a double click launches once
    this.launching = true;
    this.groupNotice = "";
    $("group-launch").disabled = true;
    this.host.send({ type: "group_launch", lang, ...(practice ? { practice: true } : {}) });
    clearTimeout(this.launchTimer);
    this.launchTimer = setTimeout(() => this.launched(), 5_000); // no answer (offline): the button comes back
    this.host.render();
  }

  /** The server answered a launch (the queue, the tournament, or why not). */
  launched() {
    if (!this.launching) return;
    this.launching = false;
    clearTimeout(this.launchTimer);
    if (this.group) this.host.render();
  }

  leaveGroup() {
    this.host.send({ type: "group_leave" });
    this.forgetGroup();
  }

  /** Leave a running tournament: while in play it is a defeat (C7), so the player confirms first. */
  async quit() {
    if (this.watcher() || this.view?.stored) {
      this.closeFinished(); // watching takes no seat: there is nothing to leave
      return;
    }
    const inPlay = this.player(this.view?.you)?.in_play && this.view?.phase !== "finished";
    if (inPlay) {
      const sure = await this.host.confirm({
        title: t("tournament.quitTitle"),
        text: t("tournament.quitText"),
        yes: t("tournament.quitYes"),
        no: t("tournament.quitNo"),
      });
      if (!sure) return;
    }
    this.leave();
  }

  leave() {
    const view = this.view;
    if (view && view.phase !== "finished" && !this.watcher(view) && !view.stored) {
      this.host.send({ type: "leave", code: view.code });
      this.followAfterLeaving(view);
    }
    this.dropView();
    this.host.render();
  }

  /**
   * Left on purpose: the home page says how it ended for the player. A place is settled at
   * the end of the round (C7), so the tab follows the tournament as its player who left
   * (the server sends that player's own view, `result` once settled) until then.
   */
  followAfterLeaving(view) {
    const me = this.player(view.you, view);
    this.left = {
      code: view.code,
      rated: view.rated,
      walkedOut: Boolean(me?.in_play),
      round: view.round?.number ?? 1,
      of: view.players.length,
      result: view.result ?? null,
    };
    if (!this.left.result) this.host.send({ type: "tournament_join", tournament: view.code }, { quiet: true });
    this.host.refreshFromStore();
  }

  /** The view a delta of `code` applies to: the one shown, or the last one of a tournament left. */
  heldView(code) {
    if (this.view?.code === code) return this.view;
    return this.left?.code === code ? this.left.view ?? null : null;
  }

  /** A tournament this tab no longer shows (left, or closed here): its deltas need no whole view. */
  setAside(code) {
    return code !== this.view?.code && (code === this.leftCode || (code === this.left?.code && Boolean(this.left.result)));
  }

  /** A view of the tournament left: only its result is read (the home page shows it). */
  followLeft(view) {
    const left = this.left;
    left.view = view;
    left.of = view.players?.length ?? left.of;
    if (view.result && !left.result) {
      left.result = view.result;
      if (view.rated && view.result.rating_after != null) this.host.setRating(view.result.rating_after);
      this.host.refreshFromStore();
      this.host.render();
    }
  }

  dismissLeft() {
    this.left = null;
    this.host.render();
  }

  /** The store's word on a tournament left (GET /api/me → recent), once it is over. */
  leftFromStore(recent) {
    const left = this.left;
    if (!left || left.result) return;
    const game = (recent ?? []).find((g) => g.kind === "tournament" && g.code === left.code);
    if (!game) return;
    left.result = { place: game.place, rating_change: game.rated ? game.rating_change : 0, rating_before: null, rating_after: null };
    this.host.render();
  }

  /** This tab is let go by the server (the player left the game in another tab): nothing is sent. */
  leaveTab() {
    this.dropView();
  }

  watch() {
    this.watching = true;
    this.host.render();
  }

  /** The final standings are closed (or watching stops): back to the group screen, or home. */
  closeFinished() {
    this.dropView();
    this.host.render();
  }

  // ------------------------------------------------------------ a finished tournament, from the store

  /** Opened by its link once it is over and its room is gone: its final standings and every duel. */
  async showStored(code, msg) {
    const record = await loadRecord(code);
    if (this.code !== code || this.view) return; // the player went elsewhere meanwhile
    if (!record) {
      const text = this.problemText(msg);
      this.forgetTournament();
      this.host.showError(text);
      this.host.render();
      return;
    }
    this.leftCode = code; // a late live view is not this one's
    this.view = storedView(code, record, this.host.me()?.id);
    this.viewAt = performance.now();
    this.review = { code, rounds: reviewRounds(record, this.host.alphabet(record.lang)), open: true };
    this.host.render();
  }

  /** Every duel of a tournament that just finished, from the store (written before its last view). */
  async fetchReview(code) {
    this.review = { code, rounds: [] };
    for (const wait of RECORD_RETRIES_MS) {
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.view?.code !== code) return;
      const record = await loadRecord(code);
      if (record && this.view?.code === code) {
        this.review = { code, rounds: reviewRounds(record, this.host.alphabet(record.lang)), open: false };
        this.host.render();
        return;
      }
    }
  }

  dropView() {
    this.leftCode = this.view?.code ?? this.code;
    this.forgetTournament();
  }

  forgetTournament() {
    this.view = null;
    this.code = null;
    this.watching = false;
    this.heldDuel = null;
    this.composer = null;
    this.composerKey = "";
    this.boardKey = "";
    this.review = null;
    this.reviewKey = "";
    $("duel-keyboard").replaceChildren();
    if (location.pathname.startsWith("/t/")) history.replaceState(null, "", "/");
  }

  forgetGroup() {
    this.group = null;
    this.joiningGroup = null;
    this.groupNotice = "";
    sessionStorage.removeItem(SESSION.group);
    if (location.pathname.startsWith("/g/")) history.replaceState(null, "", "/");
    this.host.render();
  }

  // ------------------------------------------------------------ typing

  canType() {
    const view = this.view;
    const duel = view?.duel;
    if (this.host.detached()) return false; // another tab of the player holds the seat
    return Boolean(view && !this.heldDuel && view.phase === "playing" && duel && !duel.over && duel.turn === view.you && this.composer);
  }

  // ------------------------------------------------------------ helpers on the view

  player(id, view = this.view) {
    return view?.players.find((p) => p.id === id) ?? null;
  }

  nameOf(id, view = this.view) {
    const p = this.player(id, view);
    return p ? displayName(p.name, p.bot) : "?";
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
      return duel.forfeited_by === view.you ? t("tournament.duel.youForfeited") : t("tournament.duel.forfeit", { name: this.nameOf(duel.forfeited_by, view), winner: this.nameOf(winner, view) });
    }
    if (winner === view.you) return t("tournament.duel.youWon");
    if (loser === view.you) return t("tournament.duel.youLost", { name: this.nameOf(winner, view) });
    return t("tournament.duel.won", { name: this.nameOf(winner, view) });
  }

  myPairingText(view) {
    const round = view.round;
    if (!round || view.you == null) return "";
    if (round.bye === view.you) return t("tournament.intro.youBye");
    const pair = round.pairings.find((p) => p.includes(view.you));
    if (!pair) return "";
    return t("tournament.intro.youPlay", { name: this.nameOf(pair.find((p) => p !== view.you), view) });
  }

  describeRow(view, row, index) {
    const name = this.nameOf(row.player, view);
    if (row.passed || !row.pattern) return t("tournament.rowPassed", { n: index + 1, name });
    const alphabet = this.host.alphabet(view.lang);
    const hints = (row.letters ?? []).map((letter, c) => hintLabel(alphabet ? alphabet.label(letter) : letter, STATE_OF_MARK[row.pattern[c]]));
    return t("tournament.rowSaid", { n: index + 1, name, hints: hints.join("; ") });
  }

  finalTitle(view) {
    const winners = view.winners ?? [];
    if (view.end_reason === "abandoned" && !winners.length) return t("tournament.final.abandoned");
    if (winners.includes(view.you)) return winners.length > 1 ? t("tournament.final.youShare") : t("tournament.final.youWin");
    if (winners.length > 1) return t("tournament.final.shared", { names: winners.map((id) => this.nameOf(id, view)).join(", ") });
    if (winners.length === 1) return t("tournament.final.win", { name: this.nameOf(winners[0], view) });
    return t("tournament.final.title");
  }

  langName(lang) {
    return this.host.alphabet(lang)?.name ?? lang;
  }

  /** What the tab's title says while it is your turn, or "". */
  attentionText() {
    const view = this.view;
    if (!view || this.screen() !== "tournament") return "";
    if (this.canType()) return t("tournament.yourTurn");
    return "";
  }

  // ------------------------------------------------------------ drawing

  render() {
    const screen = this.screen();
    if (screen === "queue") renderQueue(this);
    if (screen === "group") renderGroup(this);
    if (screen === "tournament") this.renderTournament();
    else $("duel-keyboard").replaceChildren(); // its key-{letter} hooks belong to the shown screen only
    // The address says where the player is: the tournament's own, or the group's.
    const path = screen === "tournament" ? `/t/${encodeURIComponent(this.view.code)}` : screen === "group" ? `/g/${encodeURIComponent(this.group.code)}` : null;
    if (path && location.pathname !== path) history.replaceState(null, "", path);
    this.tick();
  }

  renderTournament() {
    const view = this.shownView();
    const duel = view.duel;
    const section = $("screen-tournament");
    const spectating = !duel || this.watching;
    const watcher = this.watcher(view);
    section.classList.toggle("spectating", spectating);
    section.classList.toggle("watcher", watcher);
    section.dataset.phase = view.phase;
    $("t-round").textContent = view.round ? t("tournament.round", { n: view.round.number }) : "";
    $("t-kind").textContent = view.rated ? t("tournament.title") : t("tournament.practiceTitle");
    $("t-watching").hidden = !watcher || view.phase === "finished";
    $("t-main-duel").hidden = !duel || this.watching;
    if (duel) renderDuel(this, view, duel);
    else $("duel-keyboard").replaceChildren();
    $("t-status").textContent = this.statusText(view);
    renderPlayers(this, view);
    renderOtherDuels(this, view, spectating);
    $("quit-tournament").hidden = view.phase === "finished";
    const alerts = $("alerts-toggle");
    alerts.hidden = view.phase === "finished" || !this.player(view.you, view)?.in_play || !alertsPossible();
    alerts.setAttribute("aria-pressed", String(alertsChoice() === "on"));
    $("leave-tournament-top").hidden = view.phase === "finished";
    const quit = watcher ? "tournament.stopWatching" : this.player(view.you, view)?.in_play ? "tournament.quit" : "tournament.eliminated.leave";
    $("quit-tournament").textContent = t(quit);
    $("leave-tournament-top").title = t(quit);
    $("leave-tournament-top").setAttribute("aria-label", t(quit));
    renderTournamentCards(this, view);
  }

  statusText(view) {
    if (view.phase === "finished") return "";
    const me = this.player(view.you, view);
    // Out, and watching: said also while the end of the last duel is still held (its board hidden).
    if (this.watching && me && !me.in_play) return t("tournament.watching");
    if (!view.duel) {
      if (this.watcher(view)) return t("tournament.watcherStatus", { n: view.duels.filter((d) => !d.over).length });
      if (view.round?.bye === view.you) return t("tournament.byeStatus");
      if (me && !me.in_play) return t("tournament.watching");
      return "";
    }
    if (view.duel.over && view.round && !view.round.over) return t("tournament.waitOthers");
    return "";
  }

  tick() {
    if (!this.view || this.screen() !== "tournament") return;
    const view = this.shownView();
    tickTournamentCards(this, view);
    tickDuel(this, view);
  }
}
