// The places of past Duel de Mots games on /stats (stats.js). Pure but for the
// loader it is given (tests/web).

/**
 * The place of each Duel de Mots game (1 + the seats with more points; equal totals share it),
 * when /api/me does not say it: from the room's stored game (GET /api/rooms/{code}/game), if that
 * is the same game (the same words). Asked one after the other: the site serves few at a time.
 */
export async function fillDuelPlaces(games, load = loadRoomGame) {
  for (const game of games) {
    if (game.kind !== "duel" || game.place != null || !game.code) continue;
    const stored = await load(game.code);
    if (!stored || stored.rounds?.map((r) => r.answer).join() !== game.words.join()) continue;
    const totals = stored.seats.map((seat) => seat.total);
    if (!totals.includes(game.total)) continue;
    game.place = 1 + totals.filter((total) => total > game.total).length;
    game.of = totals.length;
  }
  return games;
}

async function loadRoomGame(code) {
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(code)}/game`);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}
