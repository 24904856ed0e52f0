// A finished tournament as the store keeps it (GET /api/tournaments/{code}): its final
// standings for somebody opening its link once its room is gone, and every duel's board,
// round by round, for looking back. Pure but for the loader (tests/web).

import { lettersOf } from "./duel-result.js";

/** The stored record of a finished tournament, or null (unknown, or still running). */
export async function loadRecord(code) {
  try {
    const response = await fetch(`/api/tournaments/${encodeURIComponent(code)}`);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/**
 * Whether the record is of a rated tournament: said by the record when it says it, else
 * read from the ratings (a practice tournament changes nobody's).
 */
export function recordRated(record) {
  if (typeof record.rated === "boolean") return record.rated;
  return record.players.some((p) => !p.bot && p.rating_after != null && p.rating_after !== p.rating_before);
}

/**
 * A `finished` tournament view from a stored record, for `me` (a player id): theirs when
 * they played in it (their place and rating change), else a watcher's (`you: null`).
 */
export function storedView(code, record, me) {
  const rounds = record.rounds ?? [];
  const last = rounds.at(-1);
  const lives = last?.lives_after ?? {};
  const players = record.players.map((p) => ({
    id: p.id,
    name: p.name ?? "?",
    bot: Boolean(p.bot),
    rating: p.rating_before,
    lives: lives[p.id] ?? 0,
    in_play: false,
    away: false,
    left: Boolean(p.left),
    place: p.place ?? null,
    rating_after: p.rating_after ?? null,
  }));
  const mine = record.players.find((p) => p.id === me && !p.bot);
  const result = mine
    ? {
        place: mine.place,
        rating_before: mine.rating_before,
        rating_after: mine.rating_after,
        rating_change: mine.rating_after == null ? null : mine.rating_after - mine.rating_before,
        eliminated_in: null,
      }
    : null;
  return {
    type: "tournament",
    code,
    version: 0,
    phase: "finished",
    lang: record.lang,
    rated: recordRated(record),
    you: mine ? me : null,
    players,
    round: last ? { number: last.number, intro_ms: null, pairings: [], bye: null, over: true } : null,
    duel: null,
    duels: [],
    result,
    winners: record.winners ?? [],
    end_reason: record.end_reason ?? null,
    stored: true, // built here from the store, not sent by the server: no seat, no room
  };
}

/**
 * Every round of a record, each duel in the shape of a view's duel (rows with their
 * letters, the answer, the winner), as the other duels are drawn.
 */
export function reviewRounds(record, alphabet) {
  return (record.rounds ?? []).map((round) => ({
    number: round.number,
    bye: round.bye ?? null,
    duels: (round.duels ?? []).map((duel, index) => ({
      index,
      players: duel.players,
      first: duel.first,
      length: duel.length,
      rows: duel.turns.map((turn) => ({
        player: turn.player,
        pattern: turn.word == null ? null : turn.pattern,
        passed: turn.word == null,
        letters: turn.word == null ? null : lettersOf(turn.word, record.lang, alphabet),
      })),
      rows_total: Math.max(1, duel.turns.length), // only the rows played: nothing is left to play
      turn: null,
      over: true,
      winner: duel.winner ?? null,
      draw: Boolean(duel.draw),
      forfeited_by: null,
      answer: duel.answer,
    })),
  }));
}
