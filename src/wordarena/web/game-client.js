// What Duel de Mots (duel.js) and the Tournament (tournament.js) do alike: views kept in
// order, timers counted down from a view, the row typed and sent, the last seconds sounded.
// Each game says only where its word language, its board and its rows are.

import { t } from "./i18n.js";
import { lettersFromKey } from "./keymap.js";
import { shakeRow } from "./board.js";
import { SESSION, writeJson } from "./storage.js";
import { $ } from "./dom.js";

/** The last seconds of a clock: shown urgent and, for a player who can still type, ticked once a second. */
export const URGENT_S = 10;

/**
 * Which game's client tells an `error` or a `refused`: the one the server names (`game`);
 * an error that names none (a dropped frame, the storage down) is told by the game on
 * screen, if any. `shown`: {duel, tournament}, the games this tab shows. null: neither.
 */
export function problemOwner(msg, shown) {
  if (msg.game === "duel" || msg.game === "tournament") return msg.game;
  if (shown.duel) return "duel";
  if (shown.tournament) return "tournament";
  return null;
}

export class GameClient {
  /** `host`: what app.js owns (send, showMessage, announce, render, alphabet, sounds, detached...). */
  constructor(host) {
    this.host = host;
    this.view = null; // the last view of the game shown
    this.viewAt = 0; // performance.now() when it arrived: timers count down from there
    this.minVersion = 0; // views older than this are stale (reset on each new connection)
    this.composer = null;
    this.composerKey = ""; // which row the composer types: a new one starts afresh
    this.rowsSeen = 0; // rows already on the board, to spot an accepted guess
    this.awaitingGuess = false; // a guess is in flight: a second Enter would only be refused
    this.lastTick = null; // the last whole second sounded near a clock's end
  }

  // ------------------------------------------------------------ what each game says

  /** The word language of a view. */
  lang(_view) {
    throw new Error("lang(view) is the game's own");
  }

  /** The id of the board element whose typed row shakes. */
  get boardId() {
    throw new Error("boardId is the game's own");
  }

  /** Rows the player has on the board (the typed row comes after them). */
  rowsPlayed() {
    return this.rowsSeen;
  }

  /** What the game says of a row not full yet. */
  wrongLengthText() {
    return t("refused.wrong_length", { n: this.composer?.length });
  }

  /** Redraws the rows after a key (the rest of the screen is unchanged). */
  renderRows() {}

  canType() {
    return false;
  }

  // ------------------------------------------------------------ views

  /** A connection (re)opened: any version goes again, and an answer lost with the old socket will not come. */
  reconnected() {
    this.minVersion = 0;
    this.awaitingGuess = false;
  }

  /** A view older than the one shown of the same game: sent before a newer one, dropped. */
  stale(view) {
    const old = this.view;
    return Boolean(old) && old.code === view.code && view.version < this.minVersion;
  }

  /** Keep `view` as the one shown; its timers count from now. */
  hold(view) {
    this.view = view;
    this.viewAt = performance.now();
    this.minVersion = view.version ?? 0;
  }

  /** Milliseconds left on a timer of the current view, counted down locally. */
  remaining(ms) {
    if (ms == null) return null;
    return Math.max(0, ms - (performance.now() - this.viewAt));
  }

  /** Near a clock's end: one tick a second while the player can still play. */
  soundLastSeconds(seconds, urgent, canType) {
    if (urgent && canType && seconds > 0 && seconds !== this.lastTick) {
      this.lastTick = seconds;
      this.host.sounds.play("tick");
    }
    if (!urgent) this.lastTick = null;
  }

  // ------------------------------------------------------------ typing

  /** A physical key press; true when the game used it. */
  onKey(event) {
    if (!this.view || !this.canType()) return false;
    if (event.key === "Enter") this.press("enter");
    else if (event.key === "Backspace" || event.key === "Delete") this.press("backspace");
    else {
      const lang = this.lang(this.view);
      const letters = lettersFromKey(event, lang, this.host.alphabet(lang));
      if (!letters) return false;
      for (const letter of letters) this.composer.add(letter);
      this.afterTyping();
    }
    return true;
  }

  /** One key of the on-screen keyboard, or its physical equivalent. */
  press(key) {
    if (!this.canType()) return;
    if (key === "enter") this.submit();
    else if (key === "backspace") this.composer.backspace();
    else this.composer.add(key);
    this.afterTyping();
  }

  afterTyping() {
    this.saveTyped();
    this.renderRows();
  }

  submit() {
    if (this.awaitingGuess) return;
    if (!this.composer.full) {
      // Checked here to spare a round trip; the server would refuse it the same way.
      shakeRow($(this.boardId), this.rowsPlayed());
      this.tell(this.wrongLengthText());
      return;
    }
    this.awaitingGuess = true;
    this.lastSent = this.composer.word();
    this.host.send({ type: "guess", word: this.lastSent });
  }

  /** Letters typed but not sent survive a reload of the tab (for the same row only). */
  saveTyped() {
    if (!this.composer) return;
    const typed = this.composer.typed;
    writeJson(sessionStorage, SESSION.typed, typed.length ? { key: this.composerKey, rows: this.rowsSeen, typed } : null);
  }

  /** Shown for a moment and read to screen readers. */
  tell(text) {
    this.host.showMessage(text);
    this.host.announce(text);
  }
}
