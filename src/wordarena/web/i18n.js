// Interface translations. To add a language: drop `i18n/xx.json` next to the
// others and add one line to UI_LANGUAGES. Missing keys fall back to English.

export const UI_LANGUAGES = {
  en: "English",
  fr: "Français",
  es: "Español",
  tr: "Türkçe",
  ru: "Русский",
  ko: "한국어",
};

const STORAGE_KEY = "wordarena.ui";
let current = "en";
let catalogue = {};
let fallback = {};

async function fetchCatalogue(lang) {
  const response = await fetch(`/static/i18n/${lang}.json`);
  if (!response.ok) throw new Error(`no catalogue for ${lang}`);
  return response.json();
}

/** The interface language: the saved choice, else the browser's, else English. */
export function preferredLanguage() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved in UI_LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in UI_LANGUAGES) return base;
  }
  return "en";
}

export async function setLanguage(lang) {
  if (!(lang in UI_LANGUAGES)) lang = "en";
  if (!Object.keys(fallback).length) fallback = await fetchCatalogue("en");
  try {
    catalogue = lang === "en" ? fallback : await fetchCatalogue(lang);
  } catch {
    catalogue = fallback; // a missing catalogue must not keep the page from starting
    lang = "en";
  }
  current = lang;
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  translatePage();
}

export function language() {
  return current;
}

/** The text of `key`, with `{name}` placeholders filled from `vars`. */
export function t(key, vars = {}) {
  const text = catalogue[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
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
  document.title = t("app.title");
}
