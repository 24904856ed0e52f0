// How many watch a Duel de Mots room, on the lobby and the game screen alike, and
// the host's switch that opens the room to watchers or closes it (closing sends
// them away). Players see the count once somebody watches; the host always sees
// the switch, since closing is theirs to do before anybody comes.

import { t } from "./i18n.js";

/** Fill one watchers button (`[data-watchers]`) from the view; `host`: the switch is live. */
export function renderWatchers(button, view, host) {
  const count = view.watchers ?? 0;
  const open = view.watchers_open !== false;
  button.hidden = !host && count === 0;
  button.disabled = !host;
  button.classList.toggle("closed", !open);
  button.setAttribute("aria-pressed", String(!open));
  button.querySelector(".watchers-count").textContent = String(count);
  const label = watchersLabel(count, open, host);
  button.title = label;
  button.setAttribute("aria-label", label);
}

export function watchersLabel(count, open, host) {
  if (!open) return host ? t("watchers.reopen") : t("watchers.closed");
  return host ? t("watchers.close", { n: count }) : t("watchers.count", { n: count });
}

/** What a click on the switch asks the server: the other state. */
export function watchersToggle(view) {
  return { type: "watchers", open: view.watchers_open === false };
}
