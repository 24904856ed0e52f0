// The replay of a finished game, as steps: pure (tests/web), no DOM.
//
// A replay document (GET /api/games/{id}) lists every guess in the order the
// server accepted it, with its time from the start of the round (Duel de Mots)
// or of the duel's first turn (a Tournament duel). The page walks it one step
// at a time: a round's start, each guess (or a turn that ran out), the round's
// end with its answer and points. `shownAt` says what the screen holds at a step,
// so stepping back is redrawing, never undoing.

/** Between two rounds, an autoplay at real speed waits this long on the round's end. */
export const ROUND_PAUSE_MS = 3000;
/** Two guesses of the same millisecond still get a moment each on screen. */
export const MIN_GAP_MS = 400;
export const SPEEDS = [1, 2, 4];

function isSolved(pattern) {
  return pattern.length > 0 && [...pattern].every((mark) => mark === "G");
}

/** Every step of the game, in order: [{kind: "start"|"guess"|"pass"|"end", round, at_ms, index?}]. */
export function timeline(doc) {
  const steps = [];
  if (doc.mode === "tournament_duel") {
    steps.push({ kind: "start", round: 0, at_ms: 0 });
    const turns = [
      ...doc.guesses.map((guess, index) => ({ kind: "guess", row: guess.row ?? index, at_ms: guess.at_ms, index })),
      ...(doc.passes ?? []).map((pass, index) => ({ kind: "pass", row: pass.row, at_ms: pass.at_ms, index })),
    ].sort((a, b) => a.row - b.row || a.at_ms - b.at_ms);
    for (const { kind, at_ms, index } of turns) steps.push({ kind, round: 0, at_ms, index });
    const last = turns.length ? turns[turns.length - 1].at_ms : 0;
    steps.push({ kind: "end", round: 0, at_ms: Math.max(last, doc.outcome?.duration_ms ?? 0) });
    return steps;
  }
  doc.rounds.forEach((round, r) => {
    steps.push({ kind: "start", round: r, at_ms: 0 });
    round.guesses.forEach((guess, index) => steps.push({ kind: "guess", round: r, at_ms: guess.at_ms, index }));
    const last = round.guesses.length ? round.guesses[round.guesses.length - 1].at_ms : 0;
    steps.push({ kind: "end", round: r, at_ms: Math.max(last, round.duration_ms ?? 0) });
  });
  return steps;
}

/** How long an autoplay at `speed` stays on step `k` before the next (null at the last step). */
export function delayAfter(steps, k, speed = 1) {
  if (k < 0 || k >= steps.length - 1) return null;
  const here = steps[k];
  const next = steps[k + 1];
  const gap = here.round === next.round ? next.at_ms - here.at_ms : ROUND_PAUSE_MS;
  return Math.round(Math.max(MIN_GAP_MS, gap) / speed);
}

/** A step number within the game (a typed or stored number may be anything). */
export function clamp(k, steps) {
  return Math.min(Math.max(0, Math.trunc(Number(k) || 0)), steps.length - 1);
}

/**
 * What the screen holds at step `k`.
 * Duel de Mots: the round, every player's grid so far (rows, solved when, points
 * once the round is over), the totals, the closing once someone solved.
 * Tournament duel: the shared board so far, each row with its player.
 */
export function shownAt(doc, steps, k) {
  const step = steps[clamp(k, steps)];
  const ended = step.kind === "end";
  const last = clamp(k, steps) === steps.length - 1;
  return doc.mode === "tournament_duel" ? boardAt(doc, steps, k, step, ended) : gridsAt(doc, steps, k, step, ended, last);
}

function gridsAt(doc, steps, k, step, ended, last) {
  const round = doc.rounds[step.round];
  const upTo = step.kind === "start" ? -1 : ended ? round.guesses.length - 1 : step.index;
  const shown = round.guesses.slice(0, upTo + 1);
  const results = new Map((round.results ?? []).map((result) => [result.player, result]));
  const totals = doc.players.map((player) =>
    doc.rounds.slice(0, step.round + (ended ? 1 : 0)).reduce((sum, r) => sum + ((r.results ?? []).find((x) => x.player === player.seat)?.points ?? 0), 0),
  );
  const grids = doc.players.map((player) => {
    const rows = shown.filter((guess) => guess.player === player.seat);
    const solving = rows.find((guess) => isSolved(guess.pattern));
    const result = results.get(player.seat);
    return {
      player: player.seat,
      name: player.name,
      bot: player.bot ?? null,
      left: Boolean(player.left),
      rows,
      solved: Boolean(solving),
      solved_ms: solving ? solving.at_ms : null,
      solve_rank: solving ? (result?.solve_rank ?? null) : null,
      points: ended ? (result?.points ?? 0) : null,
      total: totals[player.seat] ?? 0,
      latest: step.kind === "guess" && round.guesses[step.index].player === player.seat,
    };
  });
  const closing = round.first_solve_ms != null && step.at_ms >= round.first_solve_ms && shown.some((g) => isSolved(g.pattern));
  return {
    mode: "duel",
    step,
    round: step.round,
    number: round.number ?? step.round + 1,
    rounds: doc.rounds.length,
    at_ms: step.at_ms,
    grids,
    current: step.kind === "guess" ? round.guesses[step.index] : null,
    answer: ended ? { word: round.answer, letters: round.answer_letters } : null,
    ended_by: ended ? (round.ended_by ?? null) : null,
    closing_from_ms: closing && !ended ? round.first_solve_ms : null,
    final: last ? { places: doc.places ?? [], winners: doc.winners ?? [], draw: Boolean(doc.draw), totals: doc.totals ?? totals } : null,
  };
}

function boardAt(doc, steps, k, step, ended) {
  const upTo = clamp(k, steps);
  const rows = [];
  for (const s of steps.slice(1, upTo + 1)) {
    if (s.kind === "guess") rows.push({ ...doc.guesses[s.index], passed: false });
    if (s.kind === "pass") rows.push({ ...doc.passes[s.index], passed: true });
  }
  return {
    mode: "tournament_duel",
    step,
    round: 0,
    at_ms: step.at_ms,
    rows,
    players: doc.players,
    first: doc.first ?? 0,
    current: step.kind === "guess" ? doc.guesses[step.index] : null,
    passed: step.kind === "pass" ? doc.passes[step.index] : null,
    answer: ended ? { word: doc.answer, letters: doc.answer_letters } : null,
    outcome: ended ? (doc.outcome ?? null) : null,
    final: ended ? { outcome: doc.outcome ?? null } : null,
  };
}

/** The first step of each round (Duel de Mots), for the round buttons. */
export function roundStarts(steps) {
  return steps.flatMap((step, k) => (step.kind === "start" ? [k] : []));
}

/** Hint marks as the tiles' states. */
export function tileStates(pattern) {
  return [...pattern].map((mark) => (mark === "G" ? "correct" : mark === "Y" ? "present" : "absent"));
}

// ---------------------------------------------------------------- formats

/** 7240 ms → "0:07.2"; 75000 → "1:15.0": the real time of a guess within its round. */
export function timeText(ms) {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, "0")}.${tenths % 10}`;
}

/** A skill or luck score (0–100) as a whole number, "–" when there is none. */
export function scoreText(value) {
  return value == null || Number.isNaN(value) ? "–" : String(Math.round(Math.min(100, Math.max(0, value))));
}

/** An expected count of answers left: one decimal under 10, whole above. */
export function expectedText(value) {
  if (value == null) return "–";
  return value < 10 ? value.toFixed(1) : String(Math.round(value));
}

/** How a luck score reads: "lucky" above 60, "unlucky" under 40, else "even". */
export function luckWord(value) {
  if (value == null) return "even";
  return value > 60 ? "lucky" : value < 40 ? "unlucky" : "even";
}

/** The figures of one analysed guess, as the page shows them; null without analysis. */
export function analysisFigures(guess) {
  const a = guess?.analysis;
  if (!a) return null;
  const played = (guess.word ?? "").toLowerCase() === (a.best ?? "").toLowerCase();
  return {
    before: a.left_before,
    after: a.left_after,
    expected: expectedText(a.expected_after),
    best: a.best,
    best_expected: expectedText(a.best_expected),
    skill: scoreText(a.skill),
    luck: scoreText(a.luck),
    luck_word: luckWord(a.luck),
    played_best: played,
  };
}

/** Per player the summary (mean skill and luck, the expert's words played), in seat order; [] without. */
export function summaries(doc) {
  if (!Array.isArray(doc.summary)) return [];
  return doc.players.map((player) => {
    const s = doc.summary.find((entry) => entry.player === player.seat);
    return {
      player: player.seat,
      name: player.name,
      guesses: s?.guesses ?? 0,
      skill: scoreText(s?.skill),
      luck: scoreText(s?.luck),
      best_played: s?.best_played ?? 0,
    };
  });
}
