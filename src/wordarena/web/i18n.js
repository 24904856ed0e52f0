// Interface translations. To add a language: drop `i18n/xx.json` next to the
// others, add it to UI_LANGUAGES here and in site/language.py. Missing keys fall
// back to English.
//
// The server picks the page's language (?ui=, then the cookie, then the
// browser's languages) and renders the page in it; the client starts from that
// choice (<html lang>) and keeps any change in the same cookie.

import { readCookie, writeCookie } from "./prefs.js";

export const UI_LANGUAGES = {
  en: "English",
  fr: "Français",
  es: "Español",
  tr: "Türkçe",
  ru: "Русский",
  ko: "한국어",
};

const COOKIE = "wordarena_ui";
const OLD_STORAGE_KEY = "wordarena.ui"; // where an older client kept the choice
let current = "en";
let catalogue = {};
let fallback = {};

async function fetchCatalogue(lang) {
  const response = await fetch(`/static/i18n/${lang}.json`);
  if (!response.ok) throw new Error(`no catalogue for ${lang}`);
  return response.json();
}

/** The language the server rendered the page in, or a choice an older client saved. */
export function pageLanguage() {
  const saved = localStorage.getItem(OLD_STORAGE_KEY);
  localStorage.removeItem(OLD_STORAGE_KEY);
  if (saved in UI_LANGUAGES && !readCookie(COOKIE)) return saved;
  const lang = document.documentElement.lang;
  return lang in UI_LANGUAGES ? lang : "en";
}

/** Load a language; `translate` redraws the static markup (not needed when the server drew it). */
export async function setLanguage(lang, { translate = true } = {}) {
  if (!(lang in UI_LANGUAGES)) lang = "en";
  if (!Object.keys(fallback).length) fallback = await fetchCatalogue("en");
  try {
    catalogue = lang === "en" ? fallback : await fetchCatalogue(lang);
  } catch {
    catalogue = fallback; // a missing catalogue must not keep the page from starting
    lang = "en";
  }
  const changed = lang !== current || lang !== document.documentElement.lang;
  current = lang;
  writeCookie(COOKIE, lang);
  document.documentElement.lang = lang;
  if (translate || changed) translatePage();
}

export function language() {
  return current;
}

/** The text of `key`, with `{name}` placeholders filled from `vars`. */
export function t(key, vars = {}) {
  const text = catalogue[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** Whether the catalogue has a text for `key` (in this language or in English). */
export function has(key) {
  return key in catalogue || key in fallback;
}

/**
 * Fill the static markup: `data-i18n` sets the text, `data-i18n-aria` the
 * aria-label, `data-i18n-placeholder` the placeholder, `data-i18n-title` the title.
 */
function translatePage() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of document.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}
