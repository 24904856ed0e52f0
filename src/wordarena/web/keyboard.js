// The on-screen keyboard: the language's rows, Enter and Backspace on the last
// row, each key coloured by its best hint so far. Ruled-out keys are faded by
// CSS but stay usable (RULES.md B2).
//
// Touch targets (issue 9 §6): a key is at least MIN_KEY_PX wide. When the
// language's longest row cannot fit at that width (Russian on a phone), the
// letters are laid out again, in order, over more rows.

import { t } from "./i18n.js";
import { HINT_STATES, hintLabel } from "./board.js";
import { icon } from "./dom.js";

const MIN_KEY_PX = 40;
const GAP_PX = 3; // as .kb-row in style.css
const ACTION_KEY_UNITS = 1.5; // Enter and Backspace are wider keys
const HINT_OF_MARK = { G: "correct", Y: "present", "-": "absent" };

/** Keys per row that fit `width` pixels at MIN_KEY_PX each. */
export function keysPerRow(width) {
  return Math.max(5, Math.floor((width + GAP_PX) / (MIN_KEY_PX + GAP_PX)));
}

/**
 * The rows to draw: the language's own when its longest row fits `perRow`
 * keys, else its letters in order, balanced over as few rows as fit. The last
 * row also holds Enter and Backspace. Pure (tests/web).
 */
export function layoutRows(rows, perRow) {
  const widest = Math.max(...rows.map((row, i) => row.length + (i === rows.length - 1 ? 2 * ACTION_KEY_UNITS : 0)));
  if (widest <= perRow) return rows;
  const letters = rows.flat();
  const units = letters.length + 2 * ACTION_KEY_UNITS;
  const count = Math.ceil(units / perRow);
  const size = Math.ceil(letters.length / count);
  const out = [];
  for (let i = 0; i < letters.length; i += size) out.push(letters.slice(i, i + size));
  // The last row must leave room for Enter and Backspace.
  while (out.at(-1).length + 2 * ACTION_KEY_UNITS > perRow && out.length < letters.length) {
    const last = out.at(-1);
    const moved = last.splice(0, Math.ceil(last.length / 2));
    out.splice(out.length - 1, 0, moved);
  }
  return out;
}

function availableWidth(container) {
  return container.clientWidth || Math.min(window.innerWidth, 560) - 16;
}

/** Draw the keyboard of `alphabet`, coloured by `hints` (letter → G/Y/-). */
export function renderKeyboard(container, alphabet, hints, enabled) {
  const rows = layoutRows(alphabet.rows, keysPerRow(availableWidth(container)));
  container.replaceChildren();
  container.dataset.rows = String(rows.length);
  rows.forEach((row, index) => {
    const line = document.createElement("div");
    line.className = "kb-row";
    const last = index === rows.length - 1;
    if (last) line.append(actionKey("enter", "enter", t("game.enter")));
    for (const letter of row) line.append(letterKey(letter, alphabet.label(letter), HINT_OF_MARK[hints[letter]]));
    if (last) line.append(actionKey("backspace", "backspace", t("game.backspace")));
    container.append(line);
  });
  container.classList.toggle("disabled", !enabled);
  for (const button of container.querySelectorAll("button")) button.disabled = !enabled;
}

function letterKey(letter, label, state) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "key";
  button.textContent = label;
  button.dataset.key = letter;
  button.dataset.testid = `key-${letter}`;
  button.dataset.state = HINT_STATES.includes(state) ? state : "empty";
  button.setAttribute("aria-label", state ? hintLabel(label, state) : label);
  return button;
}

function actionKey(name, iconName, label) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `key wide key-${name}`;
  button.dataset.key = name;
  button.dataset.testid = `key-${name}`;
  button.setAttribute("aria-label", label);
  const text = document.createElement("span");
  text.className = "key-text";
  text.textContent = label;
  button.append(icon(iconName), text);
  return button;
}

/**
 * On-screen keys never take the focus (a later physical Enter must submit the
 * guess, not press the focused key); a click presses the key.
 */
export function wireKeyboard(container, press) {
  container.addEventListener("pointerdown", (event) => event.preventDefault());
  container.addEventListener("click", (event) => {
    const key = event.target.closest("button[data-key]");
    if (key) press(key.dataset.key);
  });
}
