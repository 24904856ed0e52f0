// /live: the list is drawn on the server; every few seconds it is fetched again and
// swapped in, so the page and this script never disagree on how a game looks.

import { wirePreferences } from "./prefs.js";

const EVERY_MS = 5_000;

async function refresh() {
  if (document.hidden) return; // a tab nobody looks at asks for nothing
  try {
    const response = await fetch(location.pathname, { headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("live-games");
    const held = document.getElementById("live-games");
    if (fresh && held && fresh.innerHTML !== held.innerHTML) held.replaceChildren(...fresh.childNodes);
  } catch {
    // offline for a moment: the next round tries again
  }
}

wirePreferences();
setInterval(refresh, EVERY_MS);
document.addEventListener("visibilitychange", refresh);
