// The row being typed: keystrokes → the letters of the room's word language
// (docs/rules.md, "Languages and letters"). Pure (tests/web).

import { APOSTROPHES } from "./keymap.js";

const UZBEK_OKINA = "ʻ";

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

/**
 * The letters of the row being typed. Multi-character letters (Dutch ij,
 * Uzbek oʻ gʻ sh ch) are formed as they are typed, exactly as the server
 * would read the joined word, so the tiles show what will be checked.
 */
export class Composer {
  /** `length`: letters in a row (5 in Duel de Mots; 4, 5 or 6 in a tournament duel). */
  constructor(alphabet, length) {
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

  /** Put back letters typed before a reload (only those of this alphabet, at most a row). */
  restore(letters) {
    this.clear();
    for (const letter of letters ?? []) if (this.alphabet.keys.has(letter)) this.push(letter);
  }

  get full() {
    return this.typed.length === this.length;
  }

  /** The guess as sent: letters joined (jamo for Korean; the server normalises). */
  word() {
    return this.typed.join("");
  }
}
