// Dialogs: every card shown over a screen (round card, reveal,
// standings, intro, elimination, confirmation, report) takes the focus when it
// opens, keeps Tab inside it, and gives the focus back when it closes.
// Overlays are marked [data-dialog]; `syncDialogs` runs after every render.

import { $ } from "./dom.js";

const open = []; // {overlay, returnTo}, the newest last
const FOCUSABLE = "button:not([disabled]), a[href], summary, input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

function visible(overlay) {
  return !overlay.hidden && overlay.getClientRects().length > 0;
}

function card(overlay) {
  return overlay.querySelector("[role=dialog], [role=alertdialog]") ?? overlay;
}

/** Open or close the focus of every dialog whose visibility changed. */
export function syncDialogs() {
  for (const overlay of document.querySelectorAll("[data-dialog]")) {
    const index = open.findIndex((d) => d.overlay === overlay);
    const shown = visible(overlay);
    if (shown && index < 0) {
      open.push({ overlay, returnTo: document.activeElement });
      const target = overlay.querySelector("[data-autofocus]:not([hidden])") ?? card(overlay);
      target.focus({ preventScroll: true });
    } else if (!shown && index >= 0) {
      const [closed] = open.splice(index, 1);
      if (open.length) card(open.at(-1).overlay).focus({ preventScroll: true });
      else giveBack(closed.returnTo);
    }
  }
}

function giveBack(element) {
  if (element && element !== document.body && element.isConnected && element.getClientRects().length) {
    element.focus({ preventScroll: true });
  } else if (document.activeElement && document.activeElement !== document.body) {
    document.activeElement.blur(); // the focus was in a closed card: back to the page
  }
}

/** The dialog on top, if any (the keyboard of the game stands aside while one is open). */
export function topDialog() {
  return open.length ? open.at(-1).overlay : null;
}

document.addEventListener("keydown", (event) => {
  const top = topDialog();

  if (!top) return;
  if (event.key === "Tab") {
    const items = [...card(top).querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length);
    if (!items.length) {
      event.preventDefault();
      card(top).focus();
      return;
    }
    // From the card itself (or anything outside), Tab enters at one end; at an end, it wraps.
    const index = items.indexOf(document.activeElement);
    if (event.shiftKey && index <= 0) {
      event.preventDefault();
      items.at(-1).focus();
    } else if (!event.shiftKey && (index === -1 || index === items.length - 1)) {
      event.preventDefault();
      items[0].focus();
    }
  } else if (event.key === "Escape" && top.dataset.escape) {
    event.preventDefault();
    $(top.dataset.escape)?.click();
  }
});

let pendingAnswer = null;

/** Ask a yes/no question in the #confirm dialog; resolves to true for yes. */
export function confirmDialog({ title, text, yes, no }) {
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  $("confirm-no").textContent = no;
  $("confirm-no").dataset.autofocus = "";
  $("confirm").dataset.escape = "confirm-no";
  pendingAnswer?.(false);
  $("confirm").hidden = false;
  syncDialogs();
  return new Promise((resolve) => {
    pendingAnswer = resolve;
  });
}

function answer(value) {
  $("confirm").hidden = true;
  syncDialogs();
  const resolve = pendingAnswer;
  pendingAnswer = null;
  resolve?.(value);
}

export function wireConfirm() {
  $("confirm-yes").addEventListener("click", () => answer(true));
  $("confirm-no").addEventListener("click", () => answer(false));
}
