// Duel de Mots lobby: the room link, seats (people, bots, free), the host's
// options and start, and everybody's nickname.

import { C } from "./constants.js";
import { t } from "./i18n.js";
import { $, el, icon, setSelect, span } from "./dom.js";
import { displayName } from "./names.js";
import { renderWatchers } from "./duel-watchers.js";

export function renderLobby(duel) {
  const view = duel.view;
  const host = duel.isHost(view);
  const max = C.duel.max_seats;
  $("lobby-title").textContent = view.quick ? t("lobby.quickTitle") : t("lobby.title");
  renderWatchers($("watchers-lobby"), view, host);
  $("link-box").hidden = view.quick;
  $("room-link").value = `${location.origin}/r/${encodeURIComponent(view.code)}`;
  $("seats-title").textContent = t("lobby.seats", { n: view.seats.length, max });
  $("seats").replaceChildren(...view.seats.map((seat, i) => seatItem(view, seat, i, host)), ...emptySeats(view, max));
  $("bot-controls").hidden = !host || view.quick;
  $("add-bot").disabled = view.seats.length >= max;
  $("options").disabled = !host || view.quick;
  setSelect($("option-lang"), view.options.lang);
  setSelect($("option-clock"), view.options.clock_s);
  setSelect($("option-rounds"), view.options.rounds);
  // A quick game fills itself with bots when it starts, so it never lacks seats.
  const enough = view.quick || view.seats.length >= C.duel.min_seats;
  $("start").hidden = !host || view.quick;
  $("start").disabled = !enough;
  $("lobby-hint").textContent = lobbyHint(view, host, enough);
  $("quick-hint").hidden = !view.quick || view.auto_start_ms == null;
  $("quick-hint").textContent = quickHint(view);
}

/** Under a quick game's countdown: who takes the free seats when it ends. */
function quickHint(view) {
  const bots = Math.max(0, C.duel.quick_min_seats - view.seats.length);
  return bots ? t("lobby.quickBots", { n: bots, min: C.duel.quick_min_seats }) : t("lobby.quickNoBots");
}

/**
 * One line, never two contradicting ones: a quick game starts by itself (its
 * countdown is above), a private room waits for its host.
 */
function lobbyHint(view, host, enough) {
  if (view.quick) return view.auto_start_ms == null ? t("lobby.quickWaiting") : "";
  if (!host) return t("lobby.waitHost");
  return enough ? "" : t("lobby.needTwo");
}

function seatItem(view, seat, index, host) {
  const item = el("li", "seat");
  item.dataset.testid = `seat-${index}`;
  if (seat.bot) item.dataset.bot = seat.bot;
  if (index === view.host) item.dataset.host = "true";
  item.append(icon(seat.bot ? "robot" : "person", "", "seat-icon"), span("seat-name", displayName(seat.name, seat.bot)));
  if (seat.bot) item.append(span("badge bot", t(`bot.${seat.bot}`)));
  if (index === view.host && !view.quick) {
    const badge = span("badge host", "");
    badge.append(icon("crown"), ` ${t("lobby.host")}`);
    item.append(badge);
  }
  if (index === view.you) item.append(span("badge you", t("lobby.you")));
  if (seat.away) item.append(span("badge away", t("lobby.away")));
  if (seat.bot && host && !view.quick) {
    const remove = el("button", "remove icon-button");
    remove.type = "button";
    remove.append(icon("close"));
    remove.dataset.removeSeat = String(index);
    remove.dataset.testid = `remove-bot-${index}`;
    remove.setAttribute("aria-label", t("lobby.removeBot", { name: displayName(seat.name, true) }));
    item.append(remove);
  }
  return item;
}

/** Free seats; in a quick game, those a bot takes at the start if nobody comes say so. */
function emptySeats(view, max) {
  const bots = view.quick ? Math.max(0, C.duel.quick_min_seats - view.seats.length) : 0;
  return Array.from({ length: max - view.seats.length }, (_, i) => {
    if (i >= bots) return el("li", "seat empty", t("lobby.emptySeat"));
    const item = el("li", "seat empty bot-coming");
    item.append(icon("robot", "", "seat-icon"), span("", t("lobby.botComing")));
    return item;
  });
}
