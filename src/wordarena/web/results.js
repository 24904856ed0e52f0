// Sharing a finished game's result: the spoiler-free text of
// share.js, filled from what this tab saw of the game.

import { t } from "./i18n.js";
import { C } from "./constants.js";
import { contrastOn } from "./prefs.js";
import { duelShareText, shareText, shareUrl, tournamentShareText } from "./share.js";
import { sharedRanks } from "./format.js";

/** The game's replay (a finished game's view carries its path), else the home page. */
function linkOf(replay) {
  return shareUrl(location.origin, replay);
}

async function share(app, text) {
  const outcome = await shareText(text);
  app.showMessage(t(outcome === "copied" ? "share.copied" : outcome === "shared" ? "share.shared" : "share.failed"));
}

/** Duel de Mots: every round's rows of this player (colours only), total and place. */
export function duelText(duel) {
  const view = duel.view;
  const you = view.you;
  const review = duel.review;
  const stored = review?.rounds.map((round, i) => {
    const mine = round.seats.find((s) => s.seat === you);
    return { number: i + 1, rows: (mine?.guesses ?? []).map((g) => ({ pattern: g.pattern })), solve_rank: mine?.solve_rank, points: mine?.points };
  });
  const reveals = view.standings?.rounds?.map((round) => ({ number: round.number, ...round.seats.find((s) => s.seat === you) })) ?? stored ?? [];
  const rounds = reveals.map((round) => ({
    number: round.number,
    patterns: (round.rows ?? []).map((row) => row.pattern),
    solved: round.solve_rank != null,
    points: round.points ?? 0,
  }));
  const order = view.standings?.order ?? [];
  const ranks = sharedRanks(order.map((entry) => entry.total));
  const index = order.findIndex((entry) => entry.seat === you);
  const placeText = index >= 0 ? t("share.place", { n: ranks[index], of: order.length }) : "";
  return duelShareText({
    title: `${t("site.name")} · ${t("app.title")}`,
    language: duel.alphabet(view)?.name ?? view.options.lang,
    rounds,
    total: view.seats[you]?.total ?? 0,
    placeText,
    url: linkOf(view.replay),
    contrast: contrastOn(),
    t,
    rowsPerRound: C.duel.rows,
  });
}

export function shareDuel(app) {
  if (app.duel.view?.you != null) share(app, duelText(app.duel));
}

/** Tournament: place, rating change and every duel of this player, round by round. */
export function tournamentText(tc) {
  const view = tc.view;
  const result = view.result;
  const duels = Object.entries(tc.duels)
    .filter(([key]) => key.startsWith(`${view.code}:`))
    .map(([, duel]) => duel)
    .sort((a, b) => a.round - b.round);
  const ratingText = view.rated && result?.rating_after != null ? t("tournament.rating", { before: result.rating_before, after: result.rating_after }) : "";
  return tournamentShareText({
    title: `${t("site.name")} · ${view.rated ? t("tournament.title") : t("tournament.practiceTitle")}`,
    language: tc.langName(view.lang),
    placeText: result ? t("share.place", { n: result.place, of: view.players.length }) : "",
    ratingText,
    duels,
    url: linkOf(view.duel?.replay), // the player's last duel: the tournament's final one for its finalists
    contrast: contrastOn(),
    t,
  });
}

export function shareTournament(app) {
  if (app.tournament.view?.result) share(app, tournamentText(app.tournament));
}
