import { test } from "node:test";
import assert from "node:assert/strict";
import { composeHangul } from "../../src/wordarena/web/hangul.js";

const jamo = (text) => [...text];

test("five jamo spell two syllables", () => {
  assert.equal(composeHangul(jamo("ㅅㅏㄹㅏㅁ")), "사람");
  assert.equal(composeHangul(jamo("ㄱㄱㅗㄹㅣ")), "꼬리"); // a double initial
  assert.equal(composeHangul(jamo("ㅎㅏㄱㄱㅛ")), "학교"); // a final, then an initial
  assert.equal(composeHangul(jamo("ㄱㅗㅏㅈㅏ")), "과자"); // a compound vowel
  assert.equal(composeHangul(jamo("ㄷㅏㄹㄱ")), "닭"); // a compound final
  assert.equal(composeHangul(jamo("ㅅㅏㅏㅣ")), "사ㅐ");
});

test("syllables form as the jamo are typed", () => {
  const word = jamo("ㅅㅏㄹㅏㅁ");
  const steps = word.map((_, i) => composeHangul(word.slice(0, i + 1)));
  assert.deepEqual(steps, ["ㅅ", "사", "살", "사라", "사람"]);
  assert.equal(composeHangul([]), "");
});

test("syllables split into the basic jamo the game counts", async () => {
  const { splitHangul } = await import("../../src/wordarena/web/hangul.js");
  assert.deepEqual(splitHangul("사람"), [..."ㅅㅏㄹㅏㅁ"]);
  assert.deepEqual(splitHangul("꽤"), [..."ㄱㄱㅗㅏㅣ"]);
  assert.deepEqual(splitHangul("닭"), [..."ㄷㅏㄹㄱ"]);
  for (const word of ["사람", "꼬리", "학교", "과자"]) assert.equal(composeHangul(splitHangul(word)), word);
});
