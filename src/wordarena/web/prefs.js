// The player's display preferences: theme (system, dark, light) and the
// high-contrast palette. Kept in cookies, so the server draws every page with
// them from the first byte (no inline script may fix the page up afterwards).

const YEAR_S = 365 * 24 * 3600;
const THEME_COOKIE = "wordarena_theme";
const CONTRAST_COOKIE = "wordarena_contrast";
const THEME_CYCLE = ["auto", "dark", "light"];

export function readCookie(name) {
  const found = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

export function writeCookie(name, value) {
  const expiry = value == null ? "max-age=0" : `max-age=${YEAR_S}`;
  document.cookie = `${name}=${encodeURIComponent(value ?? "")}; path=/; ${expiry}; SameSite=Lax`;
}

export function themeChoice() {
  const theme = document.documentElement.dataset.theme;
  return theme === "dark" || theme === "light" ? theme : "auto";
}

export function setTheme(choice) {
  const root = document.documentElement;
  if (choice === "auto") delete root.dataset.theme;
  else root.dataset.theme = choice;
  writeCookie(THEME_COOKIE, choice === "auto" ? null : choice);
  const button = document.getElementById("theme");
  if (button) {
    button.dataset.themeChoice = choice;
    // The page carries the three names in its language: the button says which theme is on.
    const label = button.dataset[`label${choice[0].toUpperCase()}${choice.slice(1)}`];
    if (label) {
      button.title = label;
      button.setAttribute("aria-label", label);
    }
  }
}

export function contrastOn() {
  return document.documentElement.classList.contains("contrast");
}

export function setContrast(on) {
  document.documentElement.classList.toggle("contrast", on);
  writeCookie(CONTRAST_COOKIE, on ? "1" : null);
  document.getElementById("palette")?.setAttribute("aria-pressed", String(on));
}

/** Wire the top bar's theme and palette buttons; `onChange` hears every change (the share text uses the palette). */
export function wirePreferences(onChange = () => {}) {
  // An older client kept the palette in localStorage: carry it over once.
  if (localStorage.getItem("wordarena.palette") === "contrast" && readCookie(CONTRAST_COOKIE) == null) setContrast(true);
  localStorage.removeItem("wordarena.palette");
  document.getElementById("theme")?.addEventListener("click", () => {
    const next = THEME_CYCLE[(THEME_CYCLE.indexOf(themeChoice()) + 1) % THEME_CYCLE.length];
    setTheme(next);
    onChange();
  });
  document.getElementById("palette")?.addEventListener("click", () => {
    setContrast(!contrastOn());
    onChange();
  });
  closeMenuOnOutsideClick();
}

/** The <details> menu closes when the player clicks elsewhere or presses Escape. */
function closeMenuOnOutsideClick() {
  const menu = document.getElementById("menu");
  if (!menu) return;
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
}
