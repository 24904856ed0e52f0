// Every text the browser client asks for exists in all six of its catalogues
// (web/i18n/*.json): i18n.js falls back to English, then to the key itself, and
// a key a catalogue lacks ends up on screen as "site.name" (the tab's title did).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const WEB = new URL("../../src/wordarena/web/", import.meta.url);
const TEMPLATES = new URL("../../src/wordarena/site/templates/", import.meta.url);
const LANGUAGES = ["en", "fr", "es", "tr", "ru", "ko"];
const catalogues = Object.fromEntries(LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(new URL(`i18n/${lang}.json`, WEB), "utf8"))]));
const english = catalogues.en;
const prefixes = new Set(Object.keys(english).map((key) => key.split(".")[0]));

const sources = readdirSync(WEB)
  .filter((name) => name.endsWith(".js"))
  .map((name) => [name, readFileSync(new URL(name, WEB), "utf8")]);

/** The templates of the pages whose markup the client translates (data-i18n*, translatePage). */
function templates(dir = TEMPLATES) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const url = new URL(entry.name + (entry.isDirectory() ? "/" : ""), dir);
    if (entry.isDirectory()) return entry.name === "pages" ? [] : templates(url);
    return entry.name.endsWith(".html") ? [[entry.name, readFileSync(url, "utf8")]] : [];
  });
}

/** String literals of the client that are catalogue keys: "game.enter", "tournament.queue.title". */
function literalKeys() {
  const keys = new Map();
  for (const [name, text] of sources) {
    for (const [, key] of text.matchAll(/["'`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9_]+)+)["'`]/g)) {
      if (prefixes.has(key.split(".")[0]) && !key.startsWith("wordarena.")) keys.set(key, name);
    }
    // Whatever its prefix, a literal handed to t() is a key.
    for (const [, key] of text.matchAll(/\bt\(\s*["']([^"']+)["']/g)) keys.set(key, name);
  }
  return keys;
}

test("every key written in the client's modules is in every catalogue", () => {
  const keys = literalKeys();
  assert.ok(keys.size > 150, `only ${keys.size} keys found: the scan is broken`);
  assert.ok(keys.has("site.name"), "the title's key");
  for (const [key, file] of keys) {
    for (const lang of LANGUAGES) assert.ok(typeof catalogues[lang][key] === "string" && catalogues[lang][key], `${lang}: ${key} (${file})`);
  }
});

test("every key the markup hands to the client (data-i18n*) is in every catalogue", () => {
  let count = 0;
  for (const [name, text] of templates()) {
    for (const [, key] of text.matchAll(/data-i18n(?:-[a-z]+)?="([^"]+)"/g)) {
      count += 1;
      for (const lang of LANGUAGES) assert.ok(catalogues[lang][key], `${lang}: ${key} (${name})`);
    }
  }
  assert.ok(count > 50, `only ${count} keys found`);
});

test("keys built from a prefix have every ending the client can ask for", () => {
  const endings = {
    "bot.": ["easy", "medium", "hard", "expert"],
    "hint.": ["correct", "present", "absent", "empty"],
    "reveal.endedBy.": ["clock", "closing", "all_done", "abandoned"],
  };
  for (const [prefix, names] of Object.entries(endings)) {
    for (const name of names) for (const lang of LANGUAGES) assert.ok(catalogues[lang][prefix + name], `${lang}: ${prefix}${name}`);
  }
  // Every other template literal key has at least its prefix in the catalogue.
  for (const [, text] of sources) {
    for (const [, prefix] of text.matchAll(/\bt\(\s*`([a-z][A-Za-z.]*\.)\$\{/g)) {
      assert.ok(Object.keys(english).some((key) => key.startsWith(prefix)), prefix);
    }
  }
});
