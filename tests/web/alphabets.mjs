// The alphabets the client gets from GET /api/alphabets, written down for the node tests
// (a hand-written subset of each language: letters and their case, as views spell them).
import { makeAlphabet } from "../../src/wordarena/web/composer.js";

const latin = (extra = []) => [..."abcdefghijklmnopqrstuvwxyz", ...extra];
const rows = (letters) => [letters];
function alphabet(lang, letters) {
  return makeAlphabet(lang, {
    name: lang,
    letters: letters.map((key) => ({ key, label: key.toLocaleUpperCase(lang) })),
    keyboard: rows(letters),
  });
}

export const ALPHABETS = {
  en: alphabet("en", latin()),
  fr: alphabet("fr", latin()),
  es: alphabet("es", latin(["ñ"])),
  pt: alphabet("pt", latin()),
  de: alphabet("de", latin(["ä", "ö", "ü", "ß"])),
  pl: alphabet("pl", [..."aąbcćdeęfghijklłmnńoóprsśtuwyzźż"]),
  tr: alphabet("tr", [..."abcçdefgğhıijklmnoöprsştuüvyz"]),
  nl: alphabet("nl", latin(["ij"])),
  uz: alphabet("uz", [..."abdefghijklmnopqrstuvxyz", "oʻ", "gʻ", "sh", "ch"]),
  ru: alphabet("ru", [..."абвгдежзийклмнопрстуфхцчшщъыьэюя"]),
  uk: alphabet("uk", [..."абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"]),
  kk: alphabet("kk", [..."абвгдежзийклмнопрстуфхцчшщъыьэюяәғқңөұүһі"]),
  ko: alphabet("ko", [..."ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣ"]),
};
