// Typing: the on-screen keyboard, physical keys mapped to the letters of the
// room's word language, and the composer that turns keystrokes into the
// letters of the current row (RULES.md A3).

import { t } from "./i18n.js";
import { hintLabel, HINT_STATES } from "./board.js";

export const WORD_LENGTH = 5;

/** Marks that Uzbek players type for the ʻ of oʻ and gʻ (alphabets.APOSTROPHES). */
const APOSTROPHES = new Set("'ʻʼ‘’`´ʹ′");
const UZBEK_OKINA = "ʻ";

// Korean 2-set (두벌식) layout by physical key, so typing works whether the
// Korean IME is on or off. Compound jamo are split into the basic jamo the
// game counts as letters (ㅐ → ㅏㅣ, ㄲ → ㄱㄱ), as hangul.py does.
const KOREAN_KEYS = {
  KeyQ: "ㅂ", KeyW: "ㅈ", KeyE: "ㄷ", KeyR: "ㄱ", KeyT: "ㅅ", KeyY: "ㅛ", KeyU: "ㅕ", KeyI: "ㅑ",
  KeyO: "ㅏㅣ", KeyP: "ㅓㅣ", KeyA: "ㅁ", KeyS: "ㄴ", KeyD: "ㅇ", KeyF: "ㄹ", KeyG: "ㅎ", KeyH: "ㅗ",
  KeyJ: "ㅓ", KeyK: "ㅏ", KeyL: "ㅣ", KeyZ: "ㅋ", KeyX: "ㅌ", KeyC: "ㅊ", KeyV: "ㅍ", KeyB: "ㅠ",
  KeyN: "ㅜ", KeyM: "ㅡ",
};
const KOREAN_SHIFT_KEYS = {
  KeyQ: "ㅂㅂ", KeyW: "ㅈㅈ", KeyE: "ㄷㄷ", KeyR: "ㄱㄱ", KeyT: "ㅅㅅ", KeyO: "ㅑㅣ", KeyP: "ㅕㅣ",
};
const COMPOUND_JAMO = {
  ㄲ: "ㄱㄱ", ㄸ: "ㄷㄷ", ㅃ: "ㅂㅂ", ㅆ: "ㅅㅅ", ㅉ: "ㅈㅈ", ㄳ: "ㄱㅅ", ㄵ: "ㄴㅈ", ㄶ: "ㄴㅎ",
  ㄺ: "ㄹㄱ", ㄻ: "ㄹㅁ", ㄼ: "ㄹㅂ", ㄽ: "ㄹㅅ", ㄾ: "ㄹㅌ", ㄿ: "ㄹㅍ", ㅀ: "ㄹㅎ", ㅄ: "ㅂㅅ",
  ㅐ: "ㅏㅣ", ㅒ: "ㅑㅣ", ㅔ: "ㅓㅣ", ㅖ: "ㅕㅣ", ㅘ: "ㅗㅏ", ㅙ: "ㅗㅏㅣ", ㅚ: "ㅗㅣ", ㅝ: "ㅜㅓ",
  ㅞ: "ㅜㅓㅣ", ㅟ: "ㅜㅣ", ㅢ: "ㅡㅣ",
};

// Russian ЙЦУКЕН by physical key, for players on a Latin layout in a Russian room.
const RUSSIAN_KEYS = Object.fromEntries(
  [
    ["йцукенгшщзхъ", ["KeyQ", "KeyW", "KeyE", "KeyR", "KeyT", "KeyY", "KeyU", "KeyI", "KeyO", "KeyP", "BracketLeft", "BracketRight"]],
    ["фывапролджэ", ["KeyA", "KeyS", "KeyD", "KeyF", "KeyG", "KeyH", "KeyJ", "KeyK", "KeyL", "Semicolon", "Quote"]],
    ["ячсмитьбю", ["KeyZ", "KeyX", "KeyC", "KeyV", "KeyB", "KeyN", "KeyM", "Comma", "Period"]],
  ].flatMap(([letters, codes]) => codes.map((code, i) => [code, letters[i]])),
);

/** Letters written with one character that stand for two (French œ → o e, Dutch ĳ → ij). */
const EXPANSIONS = { œ: ["o", "e"], æ: ["a", "e"], ĳ: ["ij"] };

/**
 * The letters (keys of the alphabet) that one physical key press types, in
 * order, or null when the press is not a letter of `lang`. Apostrophes are
 * returned as-is for Uzbek: the composer joins them to the o or g before.
 */
export function lettersFromKeyEvent(event, lang, alphabet) {
  if (lang === "ko") return koreanLetters(event);
  const key = event.key;
  if ([...key].length !== 1) return null; // "Shift", "Process", "Unidentified"...
  if (lang === "uz" && APOSTROPHES.has(key)) return [key];
  // Turkish casing: I → ı and İ → i; toLocaleLowerCase("tr") knows it.
  const lower = key.toLocaleLowerCase(lang);
  if (alphabet.keys.has(lower) || alphabet.prefixes.has(lower)) return [lower];
  if (lower in EXPANSIONS) return EXPANSIONS[lower];
  // Folded accents (é → e in French, ё → е in Russian), like the server does.
  const base = lower.normalize("NFD").replace(/\p{M}/gu, "");
  if (alphabet.keys.has(base)) return [base];
  if (lang === "ru" && event.code in RUSSIAN_KEYS) return [RUSSIAN_KEYS[event.code]];
  return null;
}

function koreanLetters(event) {
  const key = event.key;
  if (key.length === 1 && /\p{Script=Hangul}/u.test(key) && !/[가-힣]/.test(key)) {
    return [...(COMPOUND_JAMO[key] ?? key)];
  }
  const table = event.shiftKey && event.code in KOREAN_SHIFT_KEYS ? KOREAN_SHIFT_KEYS : KOREAN_KEYS;
  return event.code in table ? [...table[event.code]] : null;
}

/**
 * The letters of the row being typed. Multi-character letters (Dutch ij,
 * Uzbek oʻ gʻ sh ch) are formed as they are typed, exactly as the server
 * would read the joined word, so the tiles show what will be checked.
 */
export class Composer {
  /** `length`: letters in a row (5 in Duel de Mots; 4, 5 or 6 in a tournament duel). */
  constructor(alphabet, length = WORD_LENGTH) {
    this.alphabet = alphabet;
    this.length = length;
    this.typed = [];
    // A character that is no letter alone but starts one (Uzbek c of ch).
    this.pending = "";
  }

  /** Add one key of the alphabet or one typed character; true if the row changed. */
  add(piece) {
    const keys = this.alphabet.keys;
    const last = this.typed.at(-1);
    if (APOSTROPHES.has(piece)) return last !== undefined && this.replaceLast(last + UZBEK_OKINA);
    if (this.pending) {
      const joined = this.pending + piece;
      this.pending = "";
      if (keys.has(joined)) return this.push(joined);
    }
    if (last !== undefined && keys.has(last + piece)) return this.replaceLast(last + piece);
    if (keys.has(piece)) return this.push(piece);
    if (this.alphabet.prefixes.has(piece) && this.typed.length < this.length) {
      this.pending = piece;
      return true;
    }
    return false;
  }

  push(letter) {
    if (this.typed.length >= this.length) return false;
    this.typed.push(letter);
    return true;
  }

  replaceLast(letter) {
    if (!this.alphabet.keys.has(letter)) return false;
    this.typed[this.typed.length - 1] = letter;
    return true;
  }

  backspace() {
    if (this.pending) this.pending = "";
    else this.typed.pop();
  }

  clear() {
    this.typed = [];
    this.pending = "";
  }

  get full() {
    return this.typed.length === this.length;
  }

  /** The guess as sent: letters joined (jamo for Korean; the server normalises). */
  word() {
    return this.typed.join("");
  }
}

/**
 * One word language as the client needs it, from GET /api/alphabets:
 * `name` (in that language), `keys` (lower-case letters as views spell them), `rows` (keyboard),
 * `label(letter)` (upper-case text of a tile or key) and `prefixes`
 * (characters that are no letter alone but start one, like the Uzbek c of ch).
 */
export function makeAlphabet(lang, data) {
  const labels = new Map(data.letters.map(({ key, label }) => [key, label]));
  const keys = new Set(labels.keys());
  const prefixes = new Set([...keys].filter((k) => k.length > 1).map((k) => k[0]).filter((c) => !keys.has(c)));
  return {
    lang,
    name: data.name,
    keys,
    prefixes,
    rows: data.keyboard,
    label: (letter) => labels.get(letter) ?? letter.toLocaleUpperCase(lang),
  };
}

const HINT_OF_MARK = { G: "correct", Y: "present", "-": "absent" };

/**
 * Draw the on-screen keyboard: the language's rows, Enter and Backspace on
 * the last row, each key coloured by its best hint so far (`hints`: letter →
 * G/Y/-). Ruled-out keys are faded by CSS but stay usable.
 */
export function renderKeyboard(container, alphabet, hints, enabled) {
  container.replaceChildren();
  alphabet.rows.forEach((row, index) => {
    const line = document.createElement("div");
    line.className = "kb-row";
    const last = index === alphabet.rows.length - 1;
    if (last) line.append(actionKey("enter", "⏎", t("game.enter")));
    for (const letter of row) line.append(letterKey(letter, alphabet.label(letter), HINT_OF_MARK[hints[letter]]));
    if (last) line.append(actionKey("backspace", "⌫", t("game.backspace")));
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

function actionKey(name, symbol, label) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `key wide key-${name}`;
  button.dataset.key = name;
  button.dataset.testid = `key-${name}`;
  button.setAttribute("aria-label", label);
  const icon = document.createElement("span");
  icon.setAttribute("aria-hidden", "true");
  icon.textContent = symbol;
  const text = document.createElement("span");
  text.className = "key-text";
  text.textContent = label;
  button.append(icon, text);
  return button;
}
