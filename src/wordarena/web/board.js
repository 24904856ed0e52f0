// The grids: the player's own 6×5 board (letters and hints), the other seats'
// small boards (colours only while a round is played: views never carry their
// letters), and every seat's rows once a round is over (reveal, look-back).
// The tournament's shared board (tournament-board.js) reuses the tiles, hint texts and shake.

import { t } from "./i18n.js";
import { el, icon, span } from "./dom.js";
import { C } from "./constants.js";

// Rows and letters of a Duel de Mots grid (docs/rules.md, "Hints, for both games"), from the server's constants.
const gridRows = () => C.duel.rows;
const columns = () => C.duel.word_length;
export const HINT_STATES = ["correct", "present", "absent"];
export const STATE_OF_MARK = { G: "correct", Y: "present", "-": "absent" };

/** Accessible text of a hinted tile or key: "A, correct place". */
export function hintLabel(label, state) {
  return t(`hint.${state}`, { letter: label });
}

/** Build the empty own board once; `updateBoard` then fills it in place. */
export function buildBoard(container) {
  container.replaceChildren();
  for (let r = 0; r < gridRows(); r += 1) {
    const row = document.createElement("div");
    row.className = "board-row";
    row.setAttribute("role", "group");
    row.dataset.row = String(r);
    for (let c = 0; c < columns(); c += 1) {
      const tile = document.createElement("div");
      tile.className = "tile";
      tile.setAttribute("role", "img");
      tile.dataset.testid = `tile-r${r}-c${c}`;
      tile.dataset.state = "empty";
      tile.style.setProperty("--col", String(c));
      row.append(tile);
    }
    container.append(row);
  }
}

/**
 * Show the played rows (`rows`: the view's `letters` + `pattern`), then the
 * row being typed (`typed`, `pending`), then empty rows. Tiles that change
 * state get a short animation: a pop when typed, a flip when hinted.
 */
export function updateBoard(container, { rows, typed, pending, alphabet }) {
  const rowEls = container.querySelectorAll(".board-row");
  rowEls.forEach((rowEl, r) => {
    rowEl.setAttribute("aria-label", t("game.row", { n: r + 1 }));
    const played = rows[r];
    const tiles = rowEl.querySelectorAll(".tile");
    tiles.forEach((tile, c) => {
      if (played) {
        const letter = played.letters?.[c] ?? "";
        setTile(tile, alphabet.label(letter), STATE_OF_MARK[played.pattern[c]]);
      } else if (r === rows.length && c < typed.length) {
        setTile(tile, alphabet.label(typed[c]), "typed");
      } else if (r === rows.length && c === typed.length && pending) {
        setTile(tile, pending.toLocaleUpperCase(alphabet.lang), "typed");
      } else {
        setTile(tile, "", "empty");
      }
    });
  });
}

/** Show `label` in a tile with a hint state (correct, present, absent), "typed" or "empty". */
export function setTile(tile, label, state) {
  tile.setAttribute("aria-label", state === "empty" ? t("hint.empty") : state === "typed" ? label : hintLabel(label, state));
  const before = tile.dataset.state;
  if (before === state && tile.textContent === label) return;
  tile.textContent = label;
  tile.classList.toggle("long", [...label].length > 1); // Dutch IJ, Uzbek SH: two characters, one tile
  tile.dataset.state = state;
  const animation = state === "typed" && before === "empty" ? "pop" : HINT_STATES.includes(state) && !HINT_STATES.includes(before) ? "flip" : "";
  if (animation) animate(tile, animation);
}

function animate(el, name) {
  el.classList.remove("pop", "flip");
  void el.offsetWidth; // restart the CSS animation
  el.classList.add(name);
  el.addEventListener("animationend", () => el.classList.remove(name), { once: true });
}

/** Shake the row being typed: the guess was refused and nothing was consumed. */
export function shakeRow(container, index) {
  const rows = container.querySelectorAll(".board-row");
  const row = rows[Math.min(index, rows.length - 1)];
  if (!row) return;
  row.classList.remove("shake");
  void row.offsetWidth;
  row.classList.add("shake");
  row.addEventListener("animationend", () => row.classList.remove("shake"), { once: true });
}

/** The text a screen reader gets for a new row: "Row 2: A, correct place; B, ...". */
export function describeRow(row, index, alphabet) {
  const hints = row.letters.map((letter, c) => hintLabel(alphabet.label(letter), STATE_OF_MARK[row.pattern[c]]));
  return t("announce.row", { n: index + 1, hints: hints.join("; ") });
}

/**
 * The other seats: a small board of coloured cells each, with name, total,
 * a solved/finished mark, and a bot or away badge.
 */
export function renderOpponents(container, view) {
  container.replaceChildren();
  view.seats.forEach((seat, index) => {
    if (index === view.you) return;
    container.append(opponent(seat, index));
  });
}

function opponent(seat, index) {
  const name = seat.displayName ?? seat.name;
  const item = document.createElement("li");
  item.className = "opponent";
  item.dataset.testid = `opponent-${index}`;
  item.classList.toggle("solved", seat.solved);
  item.classList.toggle("gone", seat.gone);
  item.classList.toggle("away", seat.away);
  const rows = seat.rows ?? [];
  const mini = document.createElement("div");
  mini.className = "mini";
  mini.setAttribute("aria-hidden", "true");
  for (let r = 0; r < gridRows(); r += 1) {
    for (let c = 0; c < columns(); c += 1) {
      const cell = document.createElement("span");
      cell.dataset.state = rows[r] ? STATE_OF_MARK[rows[r].pattern[c]] : "empty";
      mini.append(cell);
    }
  }
  const nameEl = span("opp-name", "");
  if (seat.bot) nameEl.append(icon("robot"), " ");
  nameEl.append(name);
  // Points show as soon as they are earned: a seat that has solved has its round's points.
  const earned = seat.points ?? 0;
  const score = span("opp-score", String(seat.total + earned));
  if (seat.solved) score.append(" ", icon("check"));
  else if (seat.done) score.append(" ", icon("close"));
  const line = span("opp-line", "");
  line.setAttribute("aria-hidden", "true");
  line.append(nameEl, score);
  // Screen readers get one sentence instead of thirty cells.
  const summary = span("visually-hidden", opponentSummary(seat, name, rows.length));
  item.title = summary.textContent;
  item.append(mini, line, summary);
  return item;
}

function opponentSummary(seat, name, played) {
  const parts = [name, t("game.opponentRows", { n: played, total: seat.total + (seat.points ?? 0) })];
  if (seat.bot) parts.push(t(`bot.${seat.bot}`));
  if (seat.solved) parts.push(t("game.opponentSolved"));
  else if (seat.done) parts.push(t("game.opponentOut"));
  if (seat.away) parts.push(t("lobby.away"));
  if (seat.gone) parts.push(t("game.opponentGone"));
  return parts.join(", ");
}

/** Green tiles spelling the answer's letters (the reveal card, a tournament duel's end). */
export function answerTiles(letters, alphabet) {
  const row = document.createElement("div");
  row.className = "answer-tiles";
  row.setAttribute("aria-hidden", "true");
  for (const letter of letters) {
    const tile = document.createElement("span");
    tile.className = "tile small";
    tile.dataset.state = "correct";
    tile.textContent = alphabet.label(letter);
    row.append(tile);
  }
  return row;
}

/**
 * One seat's rows once the round is over: letters when the view gives them,
 * else the colours only. `rows`: [{pattern, letters?}].
 */
export function seatGrid(rows, alphabet, length = columns()) {
  const grid = el("div", "seat-grid");
  grid.style.setProperty("--len", String(length));
  for (const row of rows) {
    const line = el("div", "seat-grid-row");
    [...row.pattern].forEach((mark, c) => {
      const letter = row.letters?.[c];
      const cell = el("span", "tile small", letter ? (alphabet ? alphabet.label(letter) : letter.toUpperCase()) : "");
      cell.dataset.state = STATE_OF_MARK[mark];
      line.append(cell);
    });
    const label = row.letters && alphabet ? describeRow(row, rows.indexOf(row), alphabet) : t("game.row", { n: rows.indexOf(row) + 1 });
    line.setAttribute("aria-label", label);
    line.setAttribute("role", "img");
    grid.append(line);
  }
  if (!rows.length) grid.append(el("p", "subtle", t("reveal.noRows")));
  return grid;
}
