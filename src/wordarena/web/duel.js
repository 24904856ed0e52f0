// Duel de Mots (docs/rules.md, "Duel de Mots"): the client's state of one room, rebuilt from
// the `room` views the server sends (docs/protocol.md), and what the player
// does in it. Drawing is in duel-lobby.js, duel-game.js and duel-cards.js.

import { C } from "./constants.js";
import { t } from "./i18n.js";
import { Composer } from "./composer.js";
import { describeRow, shakeRow } from "./board.js";
import { SESSION, readJson, writeJson } from "./storage.js";
import { $ } from "./dom.js";
import { renderLobby } from "./duel-lobby.js";
import { renderGame, tickGame } from "./duel-game.js";
import { loadReview } from "./duel-cards.js";
import { finishedViewFromGame } from "./duel-result.js";
import { GameClient } from "./game-client.js";

export function roomFromPath() {
  const match = location.pathname.match(/^\/r\/([^/]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

export class DuelClient extends GameClient {
  /** `host`: what app.js owns (send, showMessage, showError, announce, render, alphabet, sounds, confirm). */
  constructor(host) {
    super(host);
    this.roomCode = roomFromPath(); // the room we are in or joining
    this.leftRoom = null; // the room we just left: its late views are ignored
    this.seatRows = new Map(); // round number → every seat's rows as last seen while playing (patterns)
    this.refused = readJson(sessionStorage, SESSION.refused) ?? []; // words refused this round (word reports)
    this.review = null; // the finished game, every round with every seat's words (from the store)
    this.reviewRound = 1;
  }

  // ------------------------------------------------------------ what the shared part asks

  lang(view) {
    return view.options.lang;
  }

  get boardId() {
    return "board";
  }

  wrongLengthText() {
    return t(this.wordLengthKey("refused.wrong_length"), { n: C.duel.word_length });
  }

  renderRows() {
    renderGame(this, { rowsOnly: true });
  }

  // ------------------------------------------------------------ what app.js asks

  screen() {
    if (!this.view) return null;
    return this.view.phase === "lobby" ? "lobby" : "game";
  }

  inGame() {
    return Boolean(this.view) && !["lobby", "finished", "closed"].includes(this.view.phase);
  }

  /** After `welcome`: come back to our room (protocol: Reconnection). */
  afterHello() {
    this.reconnected();
    if (this.roomCode) this.host.send({ type: "join", room: this.roomCode }, { quiet: true });
    return Boolean(this.roomCode);
  }

  enter(msg) {
    this.leftRoom = null;
    if (msg.room) this.roomCode = msg.room;
    this.host.send(msg);
  }

  receive(msg) {
    if (msg.type === "created") this.roomCode = msg.room;
    if (msg.type === "room") this.onView(msg);
  }

  mySeat(view = this.view) {
    return view && view.you != null ? view.seats[view.you] : null;
  }

  isHost(view = this.view) {
    return view != null && view.you != null && view.you === view.host;
  }

  alphabet(view = this.view) {
    return view ? this.host.alphabet(view.options.lang) : null;
  }

  canType(view = this.view) {
    const seat = this.mySeat(view);
    return Boolean(view && view.phase === "playing" && seat && !seat.done && !seat.gone && !this.host.detached() && this.composer);
  }

  // ------------------------------------------------------------ server messages

  onView(view) {
    const old = this.view;
    if (view.code === this.leftRoom) return; // sent before the server saw us leave
    if (this.stale(view)) return;
    if (view.phase === "closed") {
      this.host.showError(t("refused.room_closed"));
      this.forget();
      return;
    }
    this.roomCode = view.code;
    const path = `/r/${encodeURIComponent(view.code)}`;
    if (location.pathname !== path) history.replaceState(null, "", path);
    this.hold(view);
    if (view.phase === "playing" || view.phase === "card") {
      this.seatRows.set(view.round?.number, view.seats.map((seat) => seat.rows ?? []));
    }
    this.syncComposer(view);
    this.announceTransitions(old, view);
    if (view.phase === "finished" && old?.phase !== "finished") this.fetchReview(view);
    if (view.phase === "lobby" && old && old.phase !== "lobby") {
      this.seatRows.clear();
      this.review = null;
      this.reviewRound = 0;
    }
    this.host.render();
  }

  /** Keep the typed letters across views (and reloads), but start afresh on a new round or an accepted guess. */
  syncComposer(view) {
    const lang = view.options.lang;
    const key = `${view.code}:${lang}:${view.round?.number ?? 0}:${view.phase === "lobby" ? "lobby" : "game"}`;
    const rows = this.mySeat(view)?.rows ?? [];
    const alphabet = this.host.alphabet(lang);
    if (!alphabet) return;
    if (key !== this.composerKey) {
      this.composer = new Composer(alphabet, C.duel.word_length);
      this.composerKey = key;
      this.rowsSeen = rows.length;
      this.awaitingGuess = false;
      const saved = readJson(sessionStorage, SESSION.typed);
      if (saved?.key === key && saved.rows === rows.length) this.composer.restore(saved.typed);
      if (readJson(sessionStorage, SESSION.refused)?.key !== key) this.refused = [];
    }
    if (rows.length > this.rowsSeen) {
      // Our guess was accepted: its row is played, the next one starts empty.
      this.composer.clear();
      this.awaitingGuess = false;
      this.host.announce(describeRow(rows.at(-1), rows.length - 1, alphabet));
      if (this.mySeat(view)?.solved) this.host.sounds.play("solve");
    }
    this.rowsSeen = rows.length;
    this.saveTyped();
  }

  announceTransitions(old, view) {
    const round = view.round;
    const say = (text) => this.host.announce(text);
    if (view.phase === "card" && old?.phase !== "card") say(t("game.round", { n: round.number, of: round.of }));
    if (view.phase === "playing" && old?.phase !== "playing") this.host.sounds.play("turn");
    if (round?.closing_ms != null && old?.round?.closing_ms == null && !this.mySeat(view)?.solved) {
      say(t("game.closingStarted"));
    }
    if (view.phase === "reveal" && old?.phase !== "reveal" && view.reveal) {
      say(`${t("reveal.title", { n: view.reveal.number })} ${this.answerText(view)}`);
      this.host.sounds.play("end");
    }
    if (view.phase === "finished" && old?.phase !== "finished") this.host.sounds.play("end");
  }

  /** A refusal of a Duel de Mots room (the server says whose it is). */
  onRefused(msg) {
    const guessRefused = this.awaitingGuess; // a guess is answered before anything sent after it
    this.awaitingGuess = false;
    if (msg.code === "already_seated") return; // joining again after a reconnection
    if (msg.code === "no_watchers" && this.view?.you == null) {
      // The host closed the room to watchers: this tab watched, so it goes home, told why.
      this.host.showError(this.refusalText(msg));
      this.forget();
      return;
    }
    if (!this.view) {
      // Our join refused: we have no seat (any more), so we go back home and say why;
      // a game that is over still shows its result, as to a spectator.
      if ((msg.code === "left" || msg.code === "game_over") && this.roomCode) this.showStoredResult(this.roomCode, msg);
      else {
        this.host.showError(this.refusalText(msg));
        this.forget();
      }
      return;
    }
    const text = this.refusalText(msg);
    if (guessRefused) {
      shakeRow($("board"), this.mySeat()?.rows?.length ?? 0);
      if (msg.code === "not_in_list" && this.lastSent) this.rememberRefused(this.lastSent);
    }
    this.tell(text);
  }

  refusalText(msg) {
    const key = `refused.${msg.code}`;
    const text = t(this.wordLengthKey(key), { n: C.duel.word_length });
    return text === key ? msg.message : text; // a code newer than the catalogues
  }

  /** Korean words are five jamo in two syllables: say so, not "five letters". */
  wordLengthKey(key) {
    return key === "refused.wrong_length" && this.view?.options.lang === "ko" ? "refused.wrong_length_ko" : key;
  }

  rememberRefused(word) {
    if (!this.refused.includes(word)) this.refused.push(word);
    writeJson(sessionStorage, SESSION.refused, { key: this.composerKey, words: this.refused });
  }

  refusedWords() {
    const saved = readJson(sessionStorage, SESSION.refused);
    return saved?.key === this.composerKey ? saved.words : this.refused;
  }

  async showStoredResult(code, msg) {
    const game = await loadReview(code);
    if (!game) {
      this.host.showError(this.refusalText(msg));
      this.forget();
      return;
    }
    this.leftRoom = code; // any late view of the room is not ours
    this.view = finishedViewFromGame(code, game, this.host.alphabet(game.lang));
    this.viewAt = performance.now();
    this.host.render();
  }

  // ------------------------------------------------------------ the player's actions

  leave() {
    if (this.view?.spectator) {
      this.forget(); // nothing to leave on the server
      return;
    }
    this.host.send({ type: "leave" });
    this.leftRoom = this.roomCode;
    this.forget();
  }

  forget() {
    this.roomCode = null;
    this.view = null;
    this.composer = null;
    this.composerKey = "";
    this.review = null;
    this.seatRows.clear();
    writeJson(sessionStorage, SESSION.typed, null);
    if (location.pathname !== "/") history.replaceState(null, "", "/");
    this.host.render();
  }

  /** "Play again": the host reopens the room; after a quick game, anybody asks for another one. */
  playAgain() {
    const view = this.view;
    if (!view) return;
    if (view.quick) {
      const lang = view.options.lang;
      this.leave();
      this.enter({ type: "quick", lang });
    } else {
      this.host.send({ type: "play_again" });
    }
  }

  // ------------------------------------------------------------ helpers on the view

  /** The answer in its true spelling, upper-cased by its language's rules (Turkish i → İ). */
  answerText(view = this.view) {
    return view.reveal ? view.reveal.answer.toLocaleUpperCase(view.options.lang) : "";
  }

  /** The finished game from the store: every round, every seat's words (for looking back). */
  async fetchReview(view) {
    if (view.standings?.rounds?.length) return; // the view has every round already
    this.review = await loadReview(view.code);
    this.reviewRound = 0; // the last round first
    if (this.view === view) this.host.render();
  }

  // ------------------------------------------------------------ drawing

  render() {
    const screen = this.screen();
    if (screen === "lobby") renderLobby(this);
    if (screen === "game") renderGame(this);
  }

  tick() {
    if (this.view) tickGame(this);
  }

  /** What the tab's title says while a round runs, or "". */
  attentionText() {
    const view = this.view;
    if (!view || view.phase !== "playing" || !this.mySeat() || this.mySeat().done || this.host.detached()) return "";
    return t("attention.round", { n: view.round.number, of: view.round.of });
  }
}
