// The display preferences: theme and palette live in cookies (the server draws the page with
// them), the top bar's buttons cycle them, and the menu closes on a click elsewhere.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeElement, byId, cookies, document, fire, resetPage } from "./fake-dom.mjs";
import { contrastOn, readCookie, setContrast, setTheme, themeChoice, wirePreferences, writeCookie } from "../../src/wordarena/web/prefs.js";

const YEAR_S = 365 * 24 * 3600;

test("a cookie is written for a year on the whole site, read back decoded, and removed by null", () => {
  resetPage();
  writeCookie("wordarena_x", "a b;c=d");
  assert.equal(cookies.written.at(-1), `wordarena_x=a%20b%3Bc%3Dd; path=/; max-age=${YEAR_S}; SameSite=Lax`);
  writeCookie("other", "1");
  assert.equal(readCookie("wordarena_x"), "a b;c=d");
  assert.equal(readCookie("wordarena"), null); // a prefix of a name is not the name
  writeCookie("wordarena_x", null);
  assert.equal(cookies.written.at(-1), "wordarena_x=; path=/; max-age=0; SameSite=Lax");
  assert.equal(readCookie("wordarena_x"), null);
  assert.equal(readCookie("other"), "1");
});

test("the theme is the page's data-theme; anything but dark or light is the system's", () => {
  resetPage();
  assert.equal(themeChoice(), "auto");
  document.documentElement.dataset.theme = "light";
  assert.equal(themeChoice(), "light");
  document.documentElement.dataset.theme = "sepia";
  assert.equal(themeChoice(), "auto");
});

test("choosing a theme sets the page, the cookie and the button's name in the page's language", () => {
  resetPage();
  const button = byId("theme");
  Object.assign(button.dataset, { labelAuto: "Thème du système", labelDark: "Thème sombre", labelLight: "Thème clair" });
  setTheme("dark");
  assert.equal(document.documentElement.dataset.theme, "dark");
  assert.equal(readCookie("wordarena_theme"), "dark");
  assert.equal(button.dataset.themeChoice, "dark");
  assert.equal(button.title, "Thème sombre");
  assert.equal(button.getAttribute("aria-label"), "Thème sombre");
  setTheme("auto");
  assert.equal("theme" in document.documentElement.dataset, false);
  assert.equal(readCookie("wordarena_theme"), null); // the system's theme is the absence of a choice
  assert.equal(button.title, "Thème du système");
});

test("the high-contrast palette is a class on the page, a cookie and a pressed button", () => {
  resetPage();
  setContrast(true);
  assert.equal(contrastOn(), true);
  assert.equal(readCookie("wordarena_contrast"), "1");
  assert.equal(byId("palette").getAttribute("aria-pressed"), "true");
  setContrast(false);
  assert.equal(contrastOn(), false);
  assert.equal(readCookie("wordarena_contrast"), null);
  assert.equal(byId("palette").getAttribute("aria-pressed"), "false");
});

test("the theme button cycles system, dark, light; the palette button toggles; each change is heard", () => {
  resetPage();
  let changes = 0;
  wirePreferences(() => (changes += 1));
  const seen = [];
  for (let i = 0; i < 4; i += 1) {
    byId("theme").click();
    seen.push(themeChoice());
  }
  assert.deepEqual(seen, ["dark", "light", "auto", "dark"]);
  byId("palette").click();
  assert.equal(contrastOn(), true);
  byId("palette").click();
  assert.equal(contrastOn(), false);
  assert.equal(changes, 6);
});

test("a palette an older client kept in localStorage is carried over once into the cookie", () => {
  resetPage();
  localStorage.setItem("wordarena.palette", "contrast");
  wirePreferences();
  assert.equal(contrastOn(), true);
  assert.equal(readCookie("wordarena_contrast"), "1");
  assert.equal(localStorage.getItem("wordarena.palette"), null);

  resetPage();
  localStorage.setItem("wordarena.palette", "default");
  wirePreferences();
  assert.equal(contrastOn(), false);
  assert.equal(localStorage.getItem("wordarena.palette"), null);
});

test("the menu closes on a click outside it or on Escape (the focus back on its summary), not on a click inside", () => {
  resetPage();
  const menu = byId("menu");
  const summary = new FakeElement("summary");
  const link = new FakeElement("a");
  menu.append(summary, link);
  wirePreferences();
  menu.open = true;
  fire(document, "click", { target: link });
  assert.equal(menu.open, true);
  fire(document, "click", { target: document.body });
  assert.equal(menu.open, false);
  menu.open = true;
  fire(menu, "keydown", { key: "a" });
  assert.equal(menu.open, true);
  fire(menu, "keydown", { key: "Escape" });
  assert.equal(menu.open, false);
  assert.equal(document.activeElement, summary);
});
