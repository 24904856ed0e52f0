// Which letters a physical key types in a room's word language (docs/rules.md, "Languages and letters").
// Pure (tests/web): takes what a keydown event says ({key, code, shiftKey})
// and an alphabet (composer.js `makeAlphabet`).
//
// A player may type on any layout: a Korean, Russian, Kazakh or Ukrainian room
// also reads a Latin layout by the physical key pressed (event.code), as the
// printed layout of that language places its letters.

import { C } from "./constants.js";
import { foldedLetters } from "./letters.js";

/** Marks that Uzbek players type for the ʻ of oʻ and gʻ (alphabets.APOSTROPHES). */
export const APOSTROPHES = new Set("'ʻʼ‘’`´ʹ′");

// Korean 2-set (두벌식) layout by physical key, so typing works whether the
// Korean IME is on or off. A compound jamo is then split into the basic jamo the
// game counts as letters (ㅐ → ㅏㅣ, ㄲ → ㄱㄱ) by the core's own table (C.letters).
const KOREAN_KEYS = {
  KeyQ: "ㅂ", KeyW: "ㅈ", KeyE: "ㄷ", KeyR: "ㄱ", KeyT: "ㅅ", KeyY: "ㅛ", KeyU: "ㅕ", KeyI: "ㅑ",
  KeyO: "ㅐ", KeyP: "ㅔ", KeyA: "ㅁ", KeyS: "ㄴ", KeyD: "ㅇ", KeyF: "ㄹ", KeyG: "ㅎ", KeyH: "ㅗ",
  KeyJ: "ㅓ", KeyK: "ㅏ", KeyL: "ㅣ", KeyZ: "ㅋ", KeyX: "ㅌ", KeyC: "ㅊ", KeyV: "ㅍ", KeyB: "ㅠ",
  KeyN: "ㅜ", KeyM: "ㅡ",
};
const KOREAN_SHIFT_KEYS = { KeyQ: "ㅃ", KeyW: "ㅉ", KeyE: "ㄸ", KeyR: "ㄲ", KeyT: "ㅆ", KeyO: "ㅒ", KeyP: "ㅖ" };

const LETTER_ROWS = [
  ["KeyQ", "KeyW", "KeyE", "KeyR", "KeyT", "KeyY", "KeyU", "KeyI", "KeyO", "KeyP", "BracketLeft", "BracketRight"],
  ["KeyA", "KeyS", "KeyD", "KeyF", "KeyG", "KeyH", "KeyJ", "KeyK", "KeyL", "Semicolon", "Quote"],
  ["KeyZ", "KeyX", "KeyC", "KeyV", "KeyB", "KeyN", "KeyM", "Comma", "Period"],
];

/** A Cyrillic layout: its three letter rows, on the keys of LETTER_ROWS, plus extra keys. */
function cyrillicLayout(rows, extra = {}) {
  const table = { ...extra };
  rows.forEach((letters, r) => [...letters].forEach((letter, i) => (table[LETTER_ROWS[r][i]] = letter)));
  return table;
}

/** Physical key → letter, for players on a Latin layout (the printed layout of each language). */
export const CYRILLIC_KEYS = {
  // ЙЦУКЕН.
  ru: cyrillicLayout(["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"]),
  // Ukrainian ЙЦУКЕН: ї, і and є where Russian has ъ, ы and э; ґ on the key left of Enter.
  uk: cyrillicLayout(["йцукенгшщзхї", "фівапролджє", "ячсмитьбю"], { Backslash: "ґ" }),
  // Kazakh: Russian letters, and ә і ң ғ ү ұ қ ө һ on the number row.
  kk: cyrillicLayout(["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"], {
    Digit2: "ә", Digit3: "і", Digit4: "ң", Digit5: "ғ", Digit8: "ү", Digit9: "ұ", Digit0: "қ", Minus: "ө", Equal: "һ",
  }),
};

/**
 * The letters (keys of the alphabet) that one key press types, in order, or
 * null when the press is not a letter of `lang`. Apostrophes are returned as-is
 * for Uzbek: the composer joins them to the o or g before.
 */
export function lettersFromKey({ key, code, shiftKey = false }, lang, alphabet) {
  if (lang === "ko") return koreanLetters(key, code, shiftKey);
  if (typeof key === "string" && [...key].length === 1) {
    if (lang === "uz" && APOSTROPHES.has(key)) return [key];
    // Turkish casing: I → ı and İ → i; toLocaleLowerCase("tr") knows it.
    const lower = key.toLocaleLowerCase(lang);
    if (alphabet.keys.has(lower) || alphabet.prefixes.has(lower)) return [lower];
    // Where the core reads it so: French œ → o e, French é → e, Russian ё → е (Polish é: no).
    const folded = foldedLetters(lower, lang, alphabet.keys);
    if (folded) return folded;
  }
  const layout = CYRILLIC_KEYS[lang];
  if (layout && code in layout && alphabet.keys.has(layout[code])) return [layout[code]];
  return null;
}

function koreanLetters(key, code, shiftKey) {
  if (typeof key === "string" && key.length === 1 && /\p{Script=Hangul}/u.test(key) && !/[가-힣]/.test(key)) {
    return basicJamo(key);
  }
  const table = shiftKey && code in KOREAN_SHIFT_KEYS ? KOREAN_SHIFT_KEYS : KOREAN_KEYS;
  return code in table ? basicJamo(table[code]) : null;
}

/** One jamo as the basic jamo the game counts (ㅘ → ㅗ ㅏ), as the core splits it. */
function basicJamo(jamo) {
  return [...(C.letters?.compound_jamo?.[jamo] ?? [jamo])];
}
