// Your turn must be noticeable (issue 9 §5): while it is your turn, or a round
// is running, the tab's title says so and its icon carries a red dot.

const ICON = "/static/icons/icon.svg";
const ICON_ATTENTION = "/static/icons/icon-turn.svg";

let shown = "";

/** `text`: what the title says before the site's name ("Your turn", "Round 2/3 · 0:42"), or "" for none. */
export function setAttention(text, siteName) {
  const title = text ? `● ${text} · ${siteName}` : siteName;
  if (document.title !== title) document.title = title;
  const state = text ? "on" : "off";
  if (state === shown) return;
  shown = state;
  const link = document.getElementById("favicon");
  if (link) link.href = text ? ICON_ATTENTION : ICON;
  document.documentElement.dataset.attention = state;
}
