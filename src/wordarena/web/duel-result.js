// The final result of a Duel de Mots game for somebody who no longer has a
// seat in it: a player back by the room link after 60 s away is
// refused a seat, but still sees how the game ended, as a spectator. Built from
// the stored game (GET /api/rooms/{code}/game) in the shape of a finished view.

import { splitHangul } from "./hangul.js";
import { foldedLetters } from "./letters.js";

/**
 * A stored word (its true spelling) back into the letters of its language's tiles: Korean
 * words split into jamo, two-character letters kept whole (Dutch ij, Uzbek oʻ sh), letters of
 * the alphabet kept as they are (Turkish ç, German ä), any other as the language reads it (letters.js).
 */
export function lettersOf(word, lang, alphabet) {
  if (lang === "ko") return splitHangul(word);
  const keys = alphabet?.keys ?? new Set();
  const chars = [...word.toLocaleLowerCase(lang).normalize("NFC")];
  const out = [];
  for (let i = 0; i < chars.length; i += 1) {
    const two = chars[i] + (chars[i + 1] ?? "");
    if (i + 1 < chars.length && keys.has(two)) {
      out.push(two);
      i += 1;
    } else if (keys.has(chars[i])) {
      out.push(chars[i]);
    } else {
      out.push(...(foldedLetters(chars[i], lang, keys) ?? [chars[i]]));
    }
  }
  return out;
}

/** A `finished` room view (you: null) from a stored game. Pure (tests/web). */
export function finishedViewFromGame(code, game, alphabet) {
  const isBot = (name) => / \(bot\)$/.test(name);
  const seats = game.seats.map((s) => ({ name: s.name, bot: isBot(s.name) ? "bot" : null, total: s.total, away: false, gone: false, solved: false, done: true, points: null }));
  const order = [...game.seats].sort((a, b) => b.total - a.total).map((s) => ({ seat: s.seat, name: s.name, total: s.total }));
  const rounds = game.rounds.map((round, i) => ({
    number: i + 1,
    answer: round.answer,
    answer_letters: lettersOf(round.answer, game.lang, alphabet),
    ended_by: round.ended_by,
    seats: round.seats.map((s) => ({
      seat: s.seat,
      guesses: s.guesses.length,
      solved: s.solve_rank != null,
      solve_rank: s.solve_rank,
      points: s.points,
      rows: s.guesses.map((g) => ({ pattern: g.pattern, letters: lettersOf(g.word, game.lang, alphabet) })),
    })),
  }));
  return {
    type: "room",
    code,
    version: 0,
    phase: "finished",
    quick: false,
    options: { lang: game.lang, clock_s: 0, rounds: rounds.length },
    you: null,
    host: null,
    seats,
    round: { number: rounds.length, of: rounds.length },
    reveal: rounds.at(-1) ?? null,
    standings: {
      order,
      winners: game.draw ? [] : game.seats.filter((s) => s.winner).map((s) => s.seat),
      draw: game.draw,
      reason: game.end_reason,
      rounds,
    },
    spectator: true, // built here, not sent by the server: there is no seat to leave
  };
}
