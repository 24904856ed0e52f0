// The on-screen keyboard: the language's rows exactly as the server sends them
// (GET /api/alphabets → keyboard), Enter and Backspace on the last row, each
// key coloured by its best hint so far. Ruled-out keys stay usable (docs/rules.md, "Hints, for both games").
//
// A player finds a letter where their national layout puts it, so the rows are
// never laid out again: on a narrow screen the keys get narrower instead (down
// to the 24 px of WCAG 2.5.8 on a 320 px phone for the longest rows, Russian's
// 12 letters), and the gaps shrink before the keys do. style.css turns the
// figures set here into widths (--kb-units, --kb-gaps, --kb-action).

import { t } from "./i18n.js";
import { HINT_STATES, hintLabel } from "./board.js";
import { icon } from "./dom.js";

/** Enter and Backspace: one and a half letter keys wide, unless the last row is the longest. */
const ACTION_UNITS = 1.5;
const HINT_OF_MARK = { G: "correct", Y: "present", "-": "absent" };

/**
 * How wide the keyboard is in letter keys: `units` on its widest row (Enter and
 * Backspace count `action` keys each), with `gaps` gaps between that row's keys.
 * Enter and Backspace shrink towards one key wide when the last row is the one
 * that would set the width (Ukrainian: ten letters beside them). Pure (tests/web).
 */
export function keyboardMetrics(rows) {
  const widest = Math.max(...rows.map((row) => row.length));
  const last = rows.at(-1).length;
  const action = Math.max(1, Math.min(ACTION_UNITS, (widest - last) / 2));
  let units = 0;
  let gaps = 0;
  rows.forEach((row, i) => {
    const isLast = i === rows.length - 1;
    const rowUnits = row.length + (isLast ? 2 * action : 0);
    const rowGaps = row.length + (isLast ? 2 : 0) - 1;
    if (rowUnits > units || (rowUnits === units && rowGaps > gaps)) {
      units = rowUnits;
      gaps = rowGaps;
    }
  });
  return { units, gaps, action };
}

/** Draw the keyboard of `alphabet`, coloured by `hints` (letter → G/Y/-). */
export function renderKeyboard(container, alphabet, hints, enabled) {
  const rows = alphabet.rows;
  const { units, gaps, action } = keyboardMetrics(rows);
  container.style.setProperty("--kb-units", String(units));
  container.style.setProperty("--kb-gaps", String(gaps));
  container.style.setProperty("--kb-action", String(action));
  container.dataset.rows = String(rows.length);
  container.dataset.units = String(units); // style.css names Enter and Backspace only on short rows
  container.lang = alphabet.lang; // the language's own glyphs (Korean jamo, Turkish İ)
  container.replaceChildren();
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
