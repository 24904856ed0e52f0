// Duel de Mots cards: the round card, the reveal (the word, everybody's rows,
// points, a word report), and the final standings (winners, a look back at
// every round, sharing, playing again).

import { C } from "./constants.js";
import { t } from "./i18n.js";
import { $, el, icon, span, testid } from "./dom.js";
import { answerTiles, seatGrid } from "./board.js";
import { secondsLeft, sharedRanks } from "./format.js";
import { displayName } from "./names.js";
import { lettersOf } from "./duel-result.js";

export function renderCards(duel) {
  renderRoundCard(duel);
  renderReveal(duel);
  renderStandings(duel);
}

function renderRoundCard(duel) {
  const view = duel.view;
  const card = $("round-card");
  card.hidden = view.phase !== "card";
  if (card.hidden) return;
  $("round-card-title").textContent = t("game.round", { n: view.round.number, of: view.round.of });
  const lang = duel.alphabet(view)?.name ?? view.options.lang;
  $("round-card-lang").textContent = t("game.cardInfo", { lang, s: view.options.clock_s });
}

function renderReveal(duel) {
  const view = duel.view;
  const card = $("reveal-card");
  card.hidden = view.phase !== "reveal" || !view.reveal;
  if (card.hidden) return;
  const reveal = view.reveal;
  const alphabet = duel.alphabet(view);
  $("reveal-title").textContent = t("reveal.title", { n: reveal.number });
  $("reveal-answer").textContent = duel.answerText(view);
  $("reveal-answer").lang = view.options.lang; // the right font and screen-reader voice
  $("reveal-tiles").replaceChildren(alphabet ? answerTiles(reveal.answer_letters, alphabet) : "");
  $("reveal-ended").textContent = t(`reveal.endedBy.${reveal.ended_by}`);
  const seen = duel.seatRows.get(reveal.number) ?? [];
  $("reveal-rows").replaceChildren(...reveal.seats.map((result) => revealSeat(view, result, result.rows ?? seen[result.seat] ?? [], alphabet)));
}

/**
 * One seat's round, as a small card: its name, its guesses (a medal for the
 * first three to solve), its points, and its rows with their letters when the
 * view carries them (else the colours the seat showed while playing). Cards,
 * not a table beside the grids: six seats fit a 360×640 phone without scrolling.
 */
function revealSeat(view, result, rows, alphabet) {
  const seat = view.seats[result.seat];
  const item = testid(el("li", "reveal-seat"), `reveal-seat-${result.seat}`);
  item.classList.toggle("me", result.seat === view.you);
  const name = el("p", "rs-name");
  if (seat.bot) name.append(icon("robot"), " ");
  name.append(displayName(seat.name, seat.bot));
  const line = el("p", "rs-result");
  const guesses = span("rs-guesses", "");
  if (result.solved) {
    guesses.append(`${result.guesses}/${C.duel.rows}`);
    if (result.solve_rank <= 3) guesses.append(" ", medal(result.solve_rank));
  } else {
    guesses.append(icon("close"));
  }
  // The medal and the cross are pictures: their meaning goes in a tooltip and for screen readers.
  const meaning = result.solved ? t("reveal.rank", { n: result.solve_rank }) : t("reveal.notSolved");
  guesses.title = meaning;
  guesses.append(span("visually-hidden", ` ${meaning}`));
  const points = span("rs-points", `+${result.points}`);
  points.title = t("reveal.points");
  const total = span("rs-total", t("game.total", { n: seat.total }));
  total.title = t("reveal.total");
  line.append(guesses, points, total);
  item.append(name, line, testid(seatGrid(rows, alphabet), `reveal-grid-${result.seat}`));
  return item;
}

function medal(rank) {
  return icon("medal", "", `medal medal-${rank}`);
}

// ---------------------------------------------------------------- final standings

function renderStandings(duel) {
  const view = duel.view;
  const card = $("standings");
  card.hidden = view.phase !== "finished" || !view.standings;
  if (card.hidden) return;
  const { order, winners, draw, reason } = view.standings;
  $("standings-title").textContent = standingsTitle(view, winners, draw);
  $("standings-note").textContent = reason === "abandoned" ? t("standings.abandoned") : "";
  const ranks = sharedRanks(order.map((entry) => entry.total));
  $("standings-list").replaceChildren(...order.map((entry, i) => standingItem(view, entry, ranks[i], winners)));
  $("standings-last").textContent = view.reveal ? t("standings.lastWord", { word: duel.answerText(view) }) : "";
  renderReview(duel);
  const host = duel.isHost(view);
  const again = $("play-again");
  again.hidden = !host && !view.quick;
  again.textContent = view.quick ? t("standings.anotherQuick") : t("standings.playAgain");
  $("standings-host-hint").textContent = host || view.quick || view.spectator ? "" : t("standings.hostMayRestart");
  $("back-home").classList.toggle("primary", again.hidden);
  $("share-duel").hidden = duel.mySeat(view) == null;
}

function standingsTitle(view, winners, draw) {
  if (draw) return t("standings.draw");
  if (winners.length > 1) return t("standings.shared");
  if (winners[0] === view.you) return t("standings.youWin");
  const seat = view.seats[winners[0]];
  return t("standings.win", { name: seat ? displayName(seat.name, seat.bot) : "" });
}

function standingItem(view, entry, rank, winners) {
  const item = el("li");
  const won = winners.includes(entry.seat) && !view.standings.draw;
  item.className = won ? "winner" : "";
  if (winners.includes(entry.seat)) item.dataset.testid = "winner";
  if (entry.seat === view.you) item.classList.add("me");
  const place = span("rank", won ? "" : `${rank}.`);
  if (won) place.append(icon("trophy", t("standings.winnerLabel")));
  const seat = view.seats[entry.seat];
  item.append(place, span("seat-name", displayName(entry.name, seat?.bot)), span("total", String(entry.total)));
  return item;
}

// ---------------------------------------------------------------- looking back at each round

/** The last finished game of a room, from the store (GET /api/rooms/{code}/game), or null. */
export async function loadReview(code) {
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(code)}/game`);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** Every round of the game: the view's own (standings.rounds), else the stored game. */
function reviewRounds(duel) {
  const view = duel.view;
  if (view.standings?.rounds?.length) return view.standings.rounds;
  const review = duel.review;
  if (!review) return [];
  const alphabet = duel.alphabet();
  return review.rounds.map((round, i) => ({
    number: i + 1,
    answer: round.answer,
    seats: round.seats.map((s) => ({
      seat: s.seat,
      points: s.points,
      rows: (s.guesses ?? []).map((g) => ({ pattern: g.pattern, letters: lettersOf(g.word, review.lang, alphabet) })),
    })),
  }));
}

function renderReview(duel) {
  const rounds = reviewRounds(duel);
  const box = $("rounds-review");
  box.hidden = !rounds.length;
  if (box.hidden) return;
  duel.reviewRound = Math.min(duel.reviewRound || rounds.length, rounds.length);
  $("review-tabs").replaceChildren(
    ...rounds.map((round) => {
      const number = round.number;
      const tab = el("button", "chip", t("share.round", { n: number }));
      tab.type = "button";
      tab.dataset.testid = `review-tab-${number}`;
      tab.setAttribute("aria-pressed", String(number === duel.reviewRound));
      tab.addEventListener("click", () => {
        duel.reviewRound = number;
        renderReview(duel);
      });
      return tab;
    }),
  );
  const round = rounds.find((r) => r.number === duel.reviewRound) ?? rounds.at(-1);
  const view = duel.view;
  const alphabet = duel.alphabet();
  const lang = view.options.lang;
  const answer = el("p", "review-answer");
  answer.append(t("review.answer"), " ");
  const word = el("strong", "", round.answer.toLocaleUpperCase(lang));
  word.lang = lang;
  answer.append(word);
  // The same seat cards as the reveal: names read whole, six seats fit a phone.
  const grids = round.seats.map((result) => {
    const seat = view.seats[result.seat];
    const item = testid(el("li", "reveal-seat"), `review-grid-${result.seat}`);
    item.classList.toggle("me", result.seat === view.you);
    const name = el("p", "rs-name");
    if (seat?.bot) name.append(icon("robot"), " ");
    name.append(seat ? displayName(seat.name, seat.bot) : "");
    const line = el("p", "rs-result");
    line.append(span("rs-points", `+${result.points ?? 0}`));
    item.append(name, line, seatGrid(result.rows ?? [], alphabet));
    return item;
  });
  const gridsBox = el("ol", "reveal-seats");
  gridsBox.append(...grids);
  $("review-round").replaceChildren(answer, gridsBox);
}

// ---------------------------------------------------------------- timers

export function tickCards(duel) {
  const view = duel.view;
  if (view.phase !== "reveal") return;
  const round = view.round ?? {};
  const s = secondsLeft(duel.remaining(round.reveal_ms) ?? 0);
  const last = round.number >= round.of;
  $("reveal-next").textContent = t(last ? "reveal.final" : "reveal.next", { s });
}
