// Interface translations: which language the page starts in, loading a catalogue (English
// under every other one), filling placeholders, and translating the static markup.
import { test } from "node:test";
import assert from "node:assert/strict";
import { byId, document, resetPage } from "./fake-dom.mjs";
import { readCookie } from "../../src/wordarena/web/prefs.js";
import { UI_LANGUAGES, has, language, pageLanguage, setLanguage, t } from "../../src/wordarena/web/i18n.js";

const CATALOGUES = {
  en: { greet: "Hello {name}, {n} new", "only.en": "Only in English", "page.title": "Play", "page.aria": "Close", "page.hint": "Your name", "page.tip": "Theme" },
  fr: { greet: "Bonjour {name}, {n} nouveaux", "page.title": "Jouer", "page.aria": "Fermer", "page.hint": "Votre nom", "page.tip": "Thème" },
  es: { greet: "Hola {name}" },
};
const fetched = [];
globalThis.fetch = async (url) => {
  fetched.push(url);
  const lang = url.match(/^\/static\/i18n\/(\w+)\.json$/)?.[1];
  const body = CATALOGUES[lang];
  return { ok: Boolean(body), status: body ? 200 : 404, json: async () => structuredClone(body) };
};

/** The markup the server drew: one element of each data-i18n kind. */
function markup() {
  const text = byId("t1");
  text.dataset.i18n = "page.title";
  const aria = byId("t2");
  aria.dataset.i18nAria = "page.aria";
  const placeholder = byId("t3");
  placeholder.dataset.i18nPlaceholder = "page.hint";
  const title = byId("t4");
  title.dataset.i18nTitle = "page.tip";
  return { text, aria, placeholder, title };
}

test("before any catalogue, a text is its key", () => {
  assert.equal(t("greet", { name: "Ada" }), "greet");
  assert.equal(has("greet"), false);
  assert.equal(language(), "en");
});

test("the page starts in the language the server drew it in, else English", () => {
  resetPage();
  document.documentElement.lang = "ru";
  assert.equal(pageLanguage(), "ru");
  document.documentElement.lang = "de"; // not a language of the interface
  assert.equal(pageLanguage(), "en");
  document.documentElement.lang = "";
  assert.equal(pageLanguage(), "en");
  assert.deepEqual(Object.keys(UI_LANGUAGES).sort(), ["en", "es", "fr", "ko", "ru", "tr"]);
});

test("a choice an older client kept in localStorage wins once, unless the cookie already says", () => {
  resetPage();
  document.documentElement.lang = "en";
  localStorage.setItem("wordarena.ui", "tr");
  assert.equal(pageLanguage(), "tr");
  assert.equal(localStorage.getItem("wordarena.ui"), null); // carried over once
  assert.equal(pageLanguage(), "en");
  localStorage.setItem("wordarena.ui", "tr");
  document.cookie = "wordarena_ui=ko; path=/";
  document.documentElement.lang = "ko";
  assert.equal(pageLanguage(), "ko");
  assert.equal(localStorage.getItem("wordarena.ui"), null);
  localStorage.setItem("wordarena.ui", "xx"); // not a language: ignored
  assert.equal(pageLanguage(), "ko");
});

test("a language loads over English: placeholders filled, missing keys in English, then the key", async () => {
  resetPage();
  fetched.length = 0;
  await setLanguage("fr", { translate: false });
  assert.deepEqual(fetched, ["/static/i18n/en.json", "/static/i18n/fr.json"]);
  assert.equal(language(), "fr");
  assert.equal(document.documentElement.lang, "fr");
  assert.equal(readCookie("wordarena_ui"), "fr");
  assert.equal(t("greet", { name: "Ada", n: 0 }), "Bonjour Ada, 0 nouveaux");
  assert.equal(t("greet", { name: "Ada" }), "Bonjour Ada, {n} nouveaux"); // a value not given stays visible
  assert.equal(t("only.en"), "Only in English");
  assert.equal(t("no.such.key"), "no.such.key");
  assert.equal(has("only.en"), true);
  assert.equal(has("no.such.key"), false);
  fetched.length = 0;
  await setLanguage("es", { translate: false });
  assert.deepEqual(fetched, ["/static/i18n/es.json"]); // English is fetched once
  assert.equal(t("greet", { name: "Bo" }), "Hola Bo");
  await setLanguage("en", { translate: false });
  assert.equal(t("greet", { name: "Bo", n: 2 }), "Hello Bo, 2 new");
  assert.equal(fetched.length, 1); // English needs no second catalogue
});

test("an unknown language is English; a catalogue that cannot be fetched falls back to English", async () => {
  resetPage();
  await setLanguage("xx", { translate: false });
  assert.equal(language(), "en");
  await setLanguage("ko", { translate: false }); // a language of the interface, but no catalogue served
  assert.equal(language(), "en");
  assert.equal(document.documentElement.lang, "en");
  assert.equal(readCookie("wordarena_ui"), "en");
  assert.equal(t("greet", { name: "Ada", n: 1 }), "Hello Ada, 1 new");
});

test("the static markup is translated on a change, and left as drawn when the server drew this language", async () => {
  resetPage();
  const { text, aria, placeholder, title } = markup();
  await setLanguage("fr");
  assert.equal(text.textContent, "Jouer");
  assert.equal(aria.getAttribute("aria-label"), "Fermer");
  assert.equal(placeholder.placeholder, "Votre nom");
  assert.equal(title.title, "Thème");

  resetPage();
  const drawn = markup();
  drawn.text.textContent = "as drawn";
  document.documentElement.lang = "fr";
  await setLanguage("fr", { translate: false });
  assert.equal(drawn.text.textContent, "as drawn");
  await setLanguage("en", { translate: false }); // not the page's language: redrawn all the same
  assert.equal(drawn.text.textContent, "Play");
  assert.equal(drawn.title.title, "Theme");
});
