// Beside your duel: everybody's lives, places and ratings, and the other duels
// (colours only while you play; letters once you are out and watching).

import { t } from "./i18n.js";
import { C } from "./constants.js";
import { $, el, testid } from "./dom.js";
import { STATE_OF_MARK } from "./board.js";
import { hearts, ratingBadge } from "./tournament-board.js";

/** Everybody's lives and places: in play first (most lives first), then by place. */
export function renderPlayers(tc, view) {
  const players = [...view.players].sort((a, b) => {
    if ((a.place == null) !== (b.place == null)) return a.place == null ? -1 : 1;
    if (a.place != null) return a.place - b.place;
    return b.lives - a.lives;
  });
  const winners = view.winners ?? [];
  $("t-players").replaceChildren(
    ...players.map((p) => {
      const item = testid(el("li", "t-player"), `player-${p.id}`);
      item.classList.toggle("me", p.id === view.you);
      item.classList.toggle("out", !p.in_play && !winners.includes(p.id));
      item.classList.toggle("winner", winners.includes(p.id));
      const place = el("span", "tp-place", p.place != null ? `${p.place}.` : "");
      const lives = hearts(p.lives);
      lives.dataset.testid = `lives-${p.id}`;
      lives.dataset.lives = String(p.lives);
      const name = el("span", "tp-name", p.id === view.you ? t("tournament.youName", { name: p.name }) : tc.nameOf(p.id, view));
      item.append(place, name);
      const rating = ratingBadge(p);
      if (rating) item.append(rating);
      item.append(lives);
      if (view.round?.bye === p.id && view.phase !== "finished") item.append(el("span", "badge", t("tournament.bye")));
      if (p.left) item.append(el("span", "badge away", t("tournament.left")));
      else if (p.away) item.append(el("span", "badge away", t("lobby.away")));
      if (p.place != null) item.title = t("tournament.place", { n: p.place });
      return item;
    }),
  );
}

export function renderOtherDuels(tc, view, large) {
  const list = $("other-duels");
  list.classList.toggle("large", large);
  $("other-duels-title").hidden = !view.duels.length;
  // Somebody watching by the link has no duel of their own: these are the duels, not the others.
  $("other-duels-title").textContent = view.you == null ? t("tournament.duels") : t("tournament.otherDuels");
  const alphabet = tc.host.alphabet(view.lang);
  list.replaceChildren(...view.duels.map((duel) => duelCard(tc, view, duel, alphabet, large)));
}

/** One duel as a small board (colours, and letters when the view has them), its players and its end. */
export function duelCard(tc, view, duel, alphabet, large, id = `other-duel-${duel.index}`) {
  const item = testid(el("li", "other-duel"), id);
  item.classList.toggle("over", duel.over);
  const colours = { [duel.players[0]]: "a", [duel.players[1]]: "b" };
  const head = el("div", "od-head");
  duel.players.forEach((id, i) => {
    if (i === 1) head.append(el("span", "od-vs", t("tournament.vs")));
    const who = el("span", `od-name p-${colours[id]}`, tc.nameOf(id, view));
    who.classList.toggle("active", duel.turn === id && !duel.over);
    who.classList.toggle("winner", duel.winner === id);
    head.append(who);
  });
  const grid = el("div", "od-grid");
  grid.style.setProperty("--len", String(duel.length));
  const withLetters = duel.rows.some((row) => row.letters);
  grid.classList.toggle("letters", withLetters);
  if (!withLetters) grid.setAttribute("aria-hidden", "true");
  for (let r = 0; r < (duel.rows_total ?? C.tournament.rows); r += 1) {
    const row = duel.rows[r];
    const player = row?.player ?? tc.rowPlayer(duel, r);
    const line = el("div", `od-row p-${colours[player]}${row?.passed ? " passed" : ""}${row ? "" : " future"}`);
    if (withLetters && row) line.setAttribute("aria-label", tc.describeRow(view, row, r));
    for (let c = 0; c < duel.length; c += 1) {
      const state = !row ? "empty" : row.passed || !row.pattern ? "passed" : STATE_OF_MARK[row.pattern[c]];
      const letter = row?.letters?.[c];
      const cell = el("span", "od-cell", letter ? (alphabet ? alphabet.label(letter) : letter.toLocaleUpperCase(view.lang)) : "");
      cell.dataset.state = state;
      if (letter) cell.setAttribute("aria-hidden", "true");
      line.append(cell);
    }
    grid.append(line);
  }
  const status = el("div", "od-status");
  if (duel.over) {
    status.textContent = tc.duelResultText(view, duel);
    if (duel.answer) {
      const answer = el("strong", "od-answer", ` ${tc.answerText(view, duel)}`);
      answer.lang = view.lang;
      status.append(answer);
    }
  } else if (view.phase === "playing" && duel.turn) {
    status.textContent = t("tournament.theirTurn", { name: tc.nameOf(duel.turn, view) });
  }
  const summary = el("span", "visually-hidden", otherDuelSummary(tc, view, duel));
  item.append(head, grid, status, summary);
  item.title = summary.textContent;
  if (large) item.classList.add("large");
  return item;
}

function otherDuelSummary(tc, view, duel) {
  const [a, b] = duel.players;
  const parts = [t("tournament.duelOf", { a: tc.nameOf(a, view), b: tc.nameOf(b, view) }), t("tournament.rowsPlayed", { n: duel.rows.length })];
  if (duel.over) parts.push(tc.duelResultText(view, duel));
  return parts.join(", ");
}
