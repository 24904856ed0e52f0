// Before a tournament: the queue (your lobby filling up to 8) and the group of
// friends (members, invitation link, the organiser's launch).

import { C } from "./constants.js";
import { t } from "./i18n.js";
import { $, el, icon, span, testid } from "./dom.js";
import { alertsChoice, alertsPossible } from "./attention.js";

/**
 * The rating in the queue's facts: the number big, a practice's "(unrated)" under it in
 * small letters, whole: in a third of a phone's width it would otherwise break inside.
 */
function renderQueueRating(q) {
  const cell = $("queue-rating");
  const number = String(q.rating);
  const full = q.practice ? t("tournament.queue.unrated", { n: q.rating }) : number;
  const note = full.replace(number, "").trim();
  if (!note || !full.includes(number)) {
    cell.textContent = full;
    return;
  }
  cell.replaceChildren(number, testid(span("fact-note", note), "queue-rating-note"));
}

export function renderQueue(tc) {
  const q = tc.queue;
  const size = q.lobby?.size ?? 1;
  const seats = q.lobby?.of ?? C.tournament.players;
  $("queue-title").textContent = q.starting ? t("tournament.queue.starting") : q.practice ? t("tournament.queue.practiceTitle") : t("tournament.queue.title");
  $("unqueue").disabled = Boolean(q.starting);
  // Counts that cannot be misread: who is in *your* lobby, out of how many needed.
  $("queue-count").textContent = t("tournament.queue.inLobby", { n: size, max: seats });
  $("queue-detail").textContent = q.practice ? practiceDetail(q, size, seats, tc.host.me()) : t("tournament.queue.needed", { n: seats - size });
  $("queue-lang").textContent = tc.langName(q.lang);
  $("queue-lang").lang = q.lang;
  renderQueueRating(q);
  $("queue-waiting").textContent = String(q.waiting);
  const lobby = $("queue-lobby");
  lobby.dataset.size = String(size);
  lobby.setAttribute("aria-label", t("tournament.queue.inLobby", { n: size, max: seats }));
  // Who is in your lobby, with their ratings (LobbyInfo.members), then the seats still free.
  const members = q.lobby?.members ?? [];
  const me = tc.host.me();
  const isMe = memberIsMe(me);
  let meShown = false;
  lobby.replaceChildren(
    ...Array.from({ length: seats }, (_, i) => {
      const member = members[i];
      const seat = testid(el("li", i < size ? "lobby-seat taken" : "lobby-seat"), `queue-seat-${i}`);
      if (i >= size) {
        seat.append(el("span", "lobby-seat-free", "…"));
        seat.setAttribute("aria-hidden", "true");
        return seat;
      }
      const mine = Boolean(member) && isMe(member) && !meShown;
      meShown ||= mine;
      seat.classList.toggle("me", mine);
      seat.append(icon("person", "", "seat-icon"), span("seat-name", member?.name ?? ""));
      if (member?.rating != null && !q.practice) seat.append(span("badge rating", String(member.rating)));
      if (mine) seat.append(span("badge you", t("lobby.you")));
      return seat;
    }),
  );
  $("queue-hint").textContent = q.practice ? t("tournament.queue.practiceHint") : t("tournament.queue.hint");
  // A rated tournament is about to start: the moment to offer alerts at your turn (asked once).
  $("alerts-offer").hidden = q.practice || alertsChoice() !== null || !alertsPossible();
  $("queue-notice").hidden = !tc.groupNotice;
  $("queue-notice").textContent = tc.groupNotice;
}

/**
 * Whether a lobby member is this player: by id (two players may share a name); a server
 * that does not send ids yet is read by name.
 */
function memberIsMe(me) {
  return (member) => (member.id != null ? member.id === me?.id : member.name === me?.name);
}

/** Practice "alone" must be alone, or say who joined. */
function practiceDetail(q, size, seats, me) {
  if (size <= 1) return t("tournament.queue.practiceAlone", { n: seats - 1 });
  const isMe = memberIsMe(me);
  const members = q.lobby?.members ?? [];
  const mine = members.findIndex(isMe);
  const others = members.filter((_, i) => i !== mine).map((m) => m.name);
  const names = others.length ? others.join(", ") : String(size - 1);
  return t("tournament.queue.practiceWith", { names, bots: seats - size });
}


export function renderGroup(tc) {
  const g = tc.group;
  const organiser = g.you === g.organiser;
  $("group-link").value = `${location.origin}/g/${encodeURIComponent(g.code)}`;
  $("group-members-title").textContent = t("group.members", { n: g.members.length, max: C.tournament.players });
  $("group-members").replaceChildren(...g.members.map((m, i) => memberItem(g, m, i)));
  $("group-notice").hidden = !tc.groupNotice;
  $("group-notice").textContent = tc.groupNotice;
  $("group-launch-box").hidden = !organiser;
  $("group-launch").hidden = !organiser;
  $("group-launch").disabled = !g.can_launch || tc.launching; // sent once, until the server answers
  $("group-hint").textContent = !organiser ? t("group.waitOrganiser") : g.can_launch ? "" : t("group.waitMembers");
}

function memberItem(g, m, i) {
  const item = testid(el("li", "seat"), `group-member-${i}`);
  if (m.id === g.organiser) item.dataset.organiser = "true";
  if (m.busy) item.dataset.busy = "true";
  item.append(icon("person", "", "seat-icon"), span("seat-name", m.name), span("badge rating", t("group.rating", { n: m.rating })));
  if (m.id === g.organiser) {
    const badge = span("badge host", "");
    badge.append(icon("crown"), ` ${t("group.organiser")}`);
    item.append(badge);
  }
  if (m.id === g.you) item.append(span("badge you", t("lobby.you")));
  if (m.away) item.append(span("badge away", t("lobby.away")));
  else if (m.queued) item.append(span("badge", t("group.queued")));
  else if (m.busy) item.append(span("badge away", t("group.busy")));
  return item;
}
