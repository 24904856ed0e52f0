// Duel de Mots game screen: status bar (round, clock, total), the closing
// banner, the others' small boards, your board and keyboard, Korean syllables.

import { C } from "./constants.js";
import { t } from "./i18n.js";
import { $, span } from "./dom.js";
import { buildBoard, renderOpponents, updateBoard } from "./board.js";
import { renderKeyboard } from "./keyboard.js";
import { composeHangul } from "./hangul.js";
import { clockText, secondsLeft } from "./format.js";
import { displayName } from "./names.js";
import { renderCards, tickCards } from "./duel-cards.js";
import { URGENT_S } from "./game-client.js";
import { renderWatchers } from "./duel-watchers.js";

export function renderGame(duel, { rowsOnly = false } = {}) {
  const view = duel.view;
  if (!rowsOnly) {
    const seat = duel.mySeat(view);
    const round = view.round;
    $("round-info").textContent = round ? t("game.roundShort", { n: round.number, of: round.of }) : "";
    $("my-total").textContent = seat ? t("game.total", { n: seat.total + (seat.points ?? 0) }) : t("game.watching");
    // A watcher has no board nor keyboard: the players' grids take the screen instead.
    $("screen-game").classList.toggle("watching", view.you == null);
    $("keyboard").hidden = view.you == null;
    renderWatchers($("watchers-game"), view, duel.isHost(view));
    // Once a round is over, the others' grids keep their colours (from the reveal, else as last seen).
    const seen = duel.seatRows.get(view.round?.number) ?? [];
    const revealed = view.reveal?.number === view.round?.number ? view.reveal.seats : [];
    const seats = view.seats.map((s, i) => ({
      ...s,
      rows: s.rows ?? revealed.find((r) => r.seat === i)?.rows ?? seen[i] ?? [],
      displayName: displayName(s.name, s.bot),
    }));
    renderOpponents($("opponents"), { ...view, seats });
    if (!$("board").children.length) buildBoard($("board"));
    $("board").hidden = !seat;
    const alphabet = duel.alphabet(view);
    if (alphabet) renderKeyboard($("keyboard"), alphabet, view.keyboard ?? {}, duel.canType(view));
    // After the round the keyboard keeps its place (unseen), so the board does not grow under the reveal.
    $("keyboard").classList.toggle("kb-away", !["card", "playing"].includes(view.phase));
    $("my-status").textContent = statusText(view, seat);
    $("leave-game").hidden = view.phase === "finished";
    renderCards(duel);
  }
  renderOwnRows(duel);
}

function renderOwnRows(duel) {
  const view = duel.view;
  const seat = duel.mySeat(view);
  const alphabet = duel.alphabet(view);
  if (!seat || !alphabet) return;
  const composer = view.phase === "playing" ? duel.composer : null;
  const rows = seat.rows ?? duel.seatRows.get(view.round?.number)?.[view.you] ?? [];
  updateBoard($("board"), { rows, typed: composer?.typed ?? [], pending: composer?.pending ?? "", alphabet });
  renderSyllables(duel, view, composer);
}

/** Korean is typed jamo by jamo: the syllables they form show under the board (ㅅㅏㄹㅏㅁ → 사람). */
function renderSyllables(duel, view, composer) {
  const line = $("syllables");
  const show = view.options.lang === "ko" && composer && duel.canType(view); // the line under the board is my-status's once done
  line.hidden = !show;
  if (show) line.textContent = composer.typed.length ? composeHangul(composer.typed) : "";
}

function statusText(view, seat) {
  if (!seat || view.phase !== "playing") return "";
  if (seat.gone) return t("game.youLeft");
  if (seat.solved) return t("game.solved", { n: seat.rows.length });
  if (seat.done) return t("game.outOfGuesses");
  return "";
}

// ---------------------------------------------------------------- timers (every 200 ms)

export function tickGame(duel) {
  const view = duel.view;
  if (duel.host.detached()) {
    freezeClocks();
    return;
  }
  if (view.phase === "lobby") {
    const ms = duel.remaining(view.auto_start_ms);
    $("auto-start").hidden = ms == null;
    if (ms != null) $("auto-start").textContent = t("lobby.autoStart", { s: secondsLeft(ms) });
    return;
  }
  const round = view.round ?? {};
  tickClock(duel, view, round);
  // The closing only shortens the round: the banner shows what is really left.
  const clock = duel.remaining(round.clock_ms);
  const closing = view.phase === "playing" ? duel.remaining(round.closing_ms) : null;
  const banner = $("closing-banner");
  banner.hidden = closing == null;
  if (closing != null) {
    // One line whatever the language: a phone gets the short wording (style.css picks).
    const s = secondsLeft(Math.min(closing, clock ?? closing));
    const long = t("game.closing", { s });
    if (banner.dataset.text !== long) {
      banner.dataset.text = long;
      banner.replaceChildren(span("closing-long", long), span("closing-short", t("game.closingShort", { s })));
    }
  }
  tickCards(duel);
}

/** Another tab holds the seat: no clock runs here, no countdown is left on its last second. */
function freezeClocks() {
  const clock = $("clock");
  clock.textContent = "–";
  clock.classList.remove("urgent");
  $("closing-banner").hidden = true;
  $("auto-start").hidden = true;
}

function tickClock(duel, view, round) {
  // Before the round starts the clock shows its full length; it counts down only while playing.
  const playing = view.phase === "playing";
  const ms = playing ? duel.remaining(round.clock_ms) : view.phase === "card" ? view.options.clock_s * 1000 : 0;
  const text = clockText(ms);
  const clock = $("clock");
  if (clock.textContent !== text) clock.textContent = text;
  const seconds = secondsLeft(ms);
  const urgent = playing && seconds <= URGENT_S;
  clock.classList.toggle("urgent", urgent);
  // The last ten seconds tick, once a second, for a player still looking for the word.
  duel.soundLastSeconds(seconds, urgent, duel.canType(view));
  if (view.phase === "card") {
    const left = duel.remaining(round.card_ms) ?? 0;
    $("round-card-bar").style.width = `${Math.min(100, (100 * left) / C.duel.round_card_ms)}%`;
  }
}
