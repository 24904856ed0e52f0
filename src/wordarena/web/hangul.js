// Korean: the syllables that a row of basic jamo spells (ㅅㅏㄹㅏㅁ → 사람), shown
// under the tiles while a Korean word is typed jamo by jamo (docs/rules.md, "Languages and letters").
// Pure, the inverse of core/hangul.py: compound vowels, double consonants and
// compound finals are joined back; a jamo that cannot join yet is shown alone.

const INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
const VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ";
const FINALS = ["", ..."ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"];

/** Two basic jamo that make one (the pairs hangul.py splits). */
const DOUBLE_INITIALS = { ㄱㄱ: "ㄲ", ㄷㄷ: "ㄸ", ㅂㅂ: "ㅃ", ㅅㅅ: "ㅆ", ㅈㅈ: "ㅉ" };
const VOWEL_PAIRS = {
  ㅏㅣ: "ㅐ", ㅑㅣ: "ㅒ", ㅓㅣ: "ㅔ", ㅕㅣ: "ㅖ", ㅗㅏ: "ㅘ", ㅘㅣ: "ㅙ", ㅗㅣ: "ㅚ",
  ㅜㅓ: "ㅝ", ㅝㅣ: "ㅞ", ㅜㅣ: "ㅟ", ㅡㅣ: "ㅢ",
};
const FINAL_PAIRS = {
  ㄱㄱ: "ㄲ", ㄱㅅ: "ㄳ", ㄴㅈ: "ㄵ", ㄴㅎ: "ㄶ", ㄹㄱ: "ㄺ", ㄹㅁ: "ㄻ", ㄹㅂ: "ㄼ", ㄹㅅ: "ㄽ",
  ㄹㅌ: "ㄾ", ㄹㅍ: "ㄿ", ㄹㅎ: "ㅀ", ㅂㅅ: "ㅄ", ㅅㅅ: "ㅆ",
};

const SPLIT = Object.fromEntries([
  ...Object.entries(DOUBLE_INITIALS),
  ...Object.entries(VOWEL_PAIRS),
  ...Object.entries(FINAL_PAIRS),
].map(([pair, one]) => [one, pair]));
SPLIT["ㅙ"] = "ㅗㅏㅣ";
SPLIT["ㅞ"] = "ㅜㅓㅣ";

const isVowel = (j) => j !== undefined && VOWELS.includes(j);
const isConsonant = (j) => j !== undefined && INITIALS.includes(j);

function syllable(initial, vowel, final) {
  const code = 0xac00 + (INITIALS.indexOf(initial) * 21 + VOWELS.indexOf(vowel)) * 28 + FINALS.indexOf(final);
  return String.fromCharCode(code);
}

/** The text spelled by basic jamo, e.g. ["ㅅ","ㅏ","ㄹ","ㅏ","ㅁ"] → "사람". */
export function composeHangul(jamo) {
  const out = [];
  let i = 0;
  while (i < jamo.length) {
    let initial = null;
    if (isConsonant(jamo[i])) {
      const double = DOUBLE_INITIALS[jamo[i] + jamo[i + 1]];
      if (double && isVowel(jamo[i + 2])) {
        initial = double;
        i += 2;
      } else if (isVowel(jamo[i + 1])) {
        initial = jamo[i];
        i += 1;
      } else {
        out.push(jamo[i]); // no vowel after it (yet): shown alone
        i += 1;
        continue;
      }
    }
    if (!isVowel(jamo[i])) {
      if (jamo[i] !== undefined) out.push(jamo[i]);
      i += 1;
      continue;
    }
    let vowel = jamo[i];
    i += 1;
    while (VOWEL_PAIRS[vowel + jamo[i]]) {
      vowel = VOWEL_PAIRS[vowel + jamo[i]];
      i += 1;
    }
    if (initial === null) {
      out.push(vowel);
      continue;
    }
    let final = "";
    // A consonant closes the syllable unless a vowel follows it (then it opens the next one).
    if (isConsonant(jamo[i]) && !isVowel(jamo[i + 1])) {
      const pair = FINAL_PAIRS[jamo[i] + jamo[i + 1]];
      if (pair && !isVowel(jamo[i + 2])) {
        final = pair;
        i += 2;
      } else if (FINALS.includes(jamo[i])) {
        final = jamo[i];
        i += 1;
      }
    }
    out.push(syllable(initial, vowel, final));
  }
  return out.join("");
}

/** 사람 → ["ㅅ","ㅏ","ㄹ","ㅏ","ㅁ"]: syllables into the basic jamo the game counts (as core/hangul.py). */
export function splitHangul(word) {
  const out = [];
  for (const char of word) {
    const code = char.charCodeAt(0) - 0xac00;
    if (code < 0 || code > 11171) continue;
    const parts = [INITIALS[Math.floor(code / 588)], VOWELS[Math.floor((code % 588) / 28)], FINALS[code % 28]];
    for (const part of parts) out.push(...(SPLIT[part] ?? part));
  }
  return out;
}
