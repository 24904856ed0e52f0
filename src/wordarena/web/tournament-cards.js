// The tournament's cards: each round's intro (pairings, byes), the elimination
// card (place, rating change), and the final standings (with sharing).

import { C } from "./constants.js";
import { t } from "./i18n.js";
import { $, el, icon, testid } from "./dom.js";
import { secondsLeft, signed } from "./format.js";
import { hearts, ratingBadge } from "./tournament-board.js";
import { duelCard } from "./tournament-side.js";

export function renderTournamentCards(tc, view) {
  renderIntro(tc, view);
  renderElimination(tc, view);
  renderFinal(tc, view);
}

function renderIntro(tc, view) {
  const card = $("round-intro");
  const show = view.phase === "intro" && Boolean(view.round) && !eliminationShown(tc, view);
  card.hidden = !show;
  if (!show) return;
  const round = view.round;
  $("round-intro-title").textContent = t("tournament.round", { n: round.number });
  $("round-intro-mine").textContent = tc.myPairingText(view);
  // Your duel: who plays first and how long its word is (both drawn per duel).
  const mine = view.duel;
  $("round-intro-detail").textContent = mine
    ? `${mine.first === view.you ? t("tournament.youPlayFirst") : t("tournament.playsFirst", { name: tc.nameOf(mine.first, view) })} · ${t("tournament.intro.length", { n: mine.length })}`
    : "";
  const duels = [view.duel, ...(view.duels ?? [])].filter(Boolean);
  const items = round.pairings.map((pair, i) => {
    const item = testid(el("li", "pairing"), `pairing-${i}`);
    item.classList.toggle("me", pair.includes(view.you));
    const duel = duels.find((d) => pair.every((id) => d.players.includes(id)));
    pair.forEach((id, k) => {
      if (k === 1) item.append(pairingMiddle(duel));
      const who = el("span", "pairing-name", tc.nameOf(id, view));
      if (duel?.first === id) {
        const first = el("span", "badge first", t("tournament.intro.first"));
        first.title = t("tournament.playsFirst", { name: tc.nameOf(id, view) });
        who.append(first);
      }
      const rating = ratingBadge(tc.player(id, view));
      if (rating) who.append(rating);
      who.append(hearts(tc.player(id, view)?.lives ?? 0));
      item.append(who);
    });
    return item;
  });
  if (round.bye) {
    const bye = testid(el("li", "pairing bye"), "pairing-bye");
    bye.classList.toggle("me", round.bye === view.you);
    bye.textContent = t("tournament.intro.bye", { name: tc.nameOf(round.bye, view) });
    items.push(bye);
  }
  $("pairings").replaceChildren(...items);
}

/** Between the two names: "vs", and the duel's word length when the view says it. */
function pairingMiddle(duel) {
  const middle = el("span", "pairing-vs");
  middle.append(el("span", "od-vs", t("tournament.vs")));
  if (duel?.length) middle.append(el("span", "pairing-length", t("tournament.intro.letters", { n: duel.length })));
  return middle;
}

function eliminationShown(tc, view) {
  return Boolean(view.result) && view.phase !== "finished" && !tc.watching;
}

function renderElimination(tc, view) {
  const card = $("elimination");
  const show = eliminationShown(tc, view);
  card.hidden = !show;
  const body = $("elimination-body");
  if (!show) {
    body.replaceChildren(); // its rating-change hook exists only while shown
    return;
  }
  const r = view.result;
  const me = tc.player(view.you, view);
  $("elimination-title").textContent = me?.left ? t("tournament.eliminated.leftTitle") : t("tournament.eliminated.title");
  const place = el("p", "big-place", t("tournament.placeOf", { n: r.place, of: view.players.length }));
  const round = el("p", "subtle", r.eliminated_in ? t("tournament.eliminated.inRound", { n: r.eliminated_in }) : "");
  body.replaceChildren(place, round, ratingLine(view, r, "rating-change"));
}

/** "Rating 1000 → 996 (-4)", the change green or red; practice tournaments change nothing. */
function ratingLine(view, r, hook) {
  const line = el("p", "rating-line");
  if (!view.rated) {
    line.append(el("span", "", t("tournament.ratingPractice")));
    const change = testid(el("span", "rating-change same", signed(0)), hook);
    change.dataset.change = "0";
    line.append(" ", change);
    return line;
  }
  const n = r.rating_change ?? 0;
  line.append(el("span", "", t("tournament.rating", { before: r.rating_before, after: r.rating_after ?? r.rating_before })), " ");
  const change = testid(el("span", `rating-change ${n > 0 ? "up" : n < 0 ? "down" : "same"}`, signed(n)), hook);
  change.dataset.change = String(n);
  change.setAttribute("aria-label", t(n >= 0 ? "tournament.ratingUp" : "tournament.ratingDown", { n: Math.abs(n) }));
  line.append(change);
  return line;
}

function renderFinal(tc, view) {
  const card = $("final-standings");
  const show = view.phase === "finished";
  card.hidden = !show;
  if (!show) {
    $("final-list").replaceChildren();
    return;
  }
  $("final-title").textContent = tc.finalTitle(view);
  $("final-note").textContent = view.end_reason === "abandoned" ? t("tournament.final.abandonedNote") : view.rated ? "" : t("tournament.practiceNote");
  const winners = view.winners ?? [];
  const order = [...view.players].sort((a, b) => (a.place ?? 99) - (b.place ?? 99));
  $("final-list").replaceChildren(...order.map((p) => finalItem(tc, view, p, winners)));
  $("final-rating").replaceChildren(view.result && view.rated ? ratingLine(view, view.result, "final-rating") : "");
  $("back-to-group").hidden = !tc.group || Boolean(view.stored) || tc.watcher(view);
  $("final-home").hidden = !$("back-to-group").hidden; // a member of a group goes back to it
  $("share-tournament").hidden = !view.result || Boolean(view.stored);
  renderReview(tc, view);
}

/**
 * Every duel's board, round by round, with its letters and its word (from the store, once
 * the tournament is over): open at once for somebody who came by the link to see how it ended.
 */
function renderReview(tc, view) {
  const box = $("t-review");
  const rounds = tc.review?.code === view.code ? tc.review.rounds : [];
  box.hidden = !rounds.length;
  $("final-standings").classList.toggle("with-review", rounds.length > 0);
  const key = `${view.code}:${rounds.length}`;
  if (tc.reviewKey === key) return; // built once: the reader's place in it stays
  tc.reviewKey = key;
  box.open = Boolean(tc.review?.open);
  const alphabet = tc.host.alphabet(view.lang);
  $("t-review-rounds").replaceChildren(
    ...rounds.map((round) => {
      const section = testid(el("section", "t-review-round"), `t-review-round-${round.number}`);
      section.append(el("h3", "", t("tournament.round", { n: round.number })));
      const list = el("ul", "other-duels large review-duels");
      list.append(...round.duels.map((duel) => duelCard(tc, view, duel, alphabet, true, `review-duel-${round.number}-${duel.index}`)));
      section.append(list);
      if (round.bye) section.append(el("p", "subtle", t("tournament.intro.bye", { name: tc.nameOf(round.bye, view) })));
      return section;
    }),
  );
}

function finalItem(tc, view, p, winners) {
  const item = testid(el("li", ""), `final-place-${p.id}`);
  const won = winners.includes(p.id);
  item.classList.toggle("winner", won);
  item.classList.toggle("me", p.id === view.you);
  if (p.place != null) item.dataset.place = String(p.place);
  const rank = el("span", "rank", won ? "" : p.place != null ? `${p.place}.` : "–");
  if (won) rank.append(icon("trophy", t("tournament.place", { n: 1 })));
  item.append(rank, el("span", "seat-name", tc.nameOf(p.id, view)));
  if (p.left) item.append(el("span", "badge away", t("tournament.left")));
  const rating = ratingBadge(p); // the rating at the start
  if (rating) item.append(rating);
  // Everybody's rating change (from the rating at the start to rating_after), not only yours.
  const mine = p.id === view.you && view.result;
  const n = mine ? view.result.rating_change : p.rating_after != null && p.rating != null ? p.rating_after - p.rating : null;
  if (view.rated && n != null && !p.bot) {
    const change = testid(el("span", `rating-change ${n > 0 ? "up" : n < 0 ? "down" : "same"}`, signed(n)), mine ? "final-rating-change" : `final-change-${p.id}`);
    change.dataset.change = String(n);
    change.title = t("tournament.rating", { before: p.rating, after: p.rating_after ?? p.rating + n });
    change.setAttribute("aria-label", t(n >= 0 ? "tournament.ratingUp" : "tournament.ratingDown", { n: Math.abs(n) }));
    item.append(change);
  }
  return item;
}

/** The intro's countdown (every 200 ms). */
export function tickTournamentCards(tc, view) {
  if (view.phase !== "intro" || !view.round || tc.host.detached()) return;
  const left = tc.remaining(view.round.intro_ms) ?? 0;
  $("round-intro-bar").style.width = `${Math.min(100, (100 * left) / C.tournament.intro_ms)}%`;
  $("round-intro-count").textContent = t("tournament.intro.starts", { s: secondsLeft(left) });
}
