// One character that is not itself a letter of a word language, read as the core reads it
// (docs/rules.md, "Languages and letters"): French œ is o then e, French é is e, Russian ё
// is е, and Polish é is nothing. The rules come from the server (C.letters), never copied.

import { C } from "./constants.js";

/**
 * The letters `char` (lower case, one code point) stands for in `lang`, or null when the
 * language does not read it. `keys` is the set of the language's letters.
 */
export function foldedLetters(char, lang, keys) {
  const expansion = C.letters?.expansions?.[lang]?.[char];
  if (expansion) return [...expansion];
  const folded = C.letters?.folds?.[lang]?.[char];
  if (folded) return [folded];
  if (C.letters?.fold_accents?.includes(lang)) {
    const base = char.normalize("NFD").replace(/\p{M}/gu, "");
    if ([...base].length === 1 && keys.has(base)) return [base];
  }
  return null;
}
