// /games/{id}: a finished game replayed guess by guess. The page carries the
// replay document (the same as GET /api/games/{id}); what each step shows comes
// from replay-steps.js, so every step is drawn afresh from the document (stepping
// back is the same as stepping forward). The autoplay waits the real time between
// two guesses, divided by the chosen speed.

import { wirePreferences } from "./prefs.js";
import { pageLanguage, setLanguage, t } from "./i18n.js";
import { $, el, span, testid } from "./dom.js";
import { analysisFigures, clamp, delayAfter, shownAt, SPEEDS, summaries, tileStates, timeText, timeline } from "./replay-steps.js";

const state = { doc: null, steps: [], k: 0, playing: false, timer: null, speed: 1 };

function playerName(doc, seat) {
  const player = doc.players.find((p) => p.seat === seat);
  if (!player) return "?";
  return player.bot ? `${player.name} (${t(`bot.${player.bot}`)})` : player.name;
}

function tile(letter, mark) {
  const node = el("span", `tile${letter && letter.length > 1 ? " long" : ""}`, letter ?? "");
  node.dataset.state = mark;
  return node;
}

function tilesRow(letters, pattern, length) {
  const row = el("div", "replay-tiles");
  const states = pattern ? tileStates(pattern) : [];
  for (let i = 0; i < length; i += 1) row.append(tile(letters?.[i] ?? "", states[i] ?? "empty"));
  return row;
}

/** The compact figures beside a row: answers before → after, then skill · luck. */
function rowFigures(guess) {
  const figures = analysisFigures(guess);
  const box = el("span", "replay-row-figures");
  if (!figures) return box;
  box.append(span("", `${figures.before} → ${figures.after}`), span("", `${figures.skill} · ${figures.luck}`));
  box.title = `${t("replay.left", figures)} ${t("replay.skillLuck", { ...figures, word: t(`replay.luckWord.${figures.luck_word}`) })}`;
  if (figures.played_best) box.classList.add("best");
  return box;
}

function guessRow(guess, length, latest, owner) {
  const row = testid(el("div", `replay-row${latest ? " latest" : ""}`), "replay-row");
  row.dataset.word = guess.word;
  row.dataset.pattern = guess.pattern;
  row.dataset.player = String(guess.player);
  if (owner) row.append(span(`row-owner p-${guess.player === 0 ? "a" : "b"}`, owner));
  row.append(tilesRow(guess.letters, guess.pattern, length), rowFigures(guess));
  return row;
}

function emptyRow(length) {
  const row = el("div", "replay-row future");
  row.append(tilesRow([], "", length), el("span", "replay-row-figures"));
  return row;
}

// ---------------------------------------------------------------- Duel de Mots

function drawGrids(doc, shown) {
  const stage = $("replay-stage");
  const grids = el("div", "replay-grids");
  for (const grid of shown.grids) {
    const card = testid(el("section", "replay-grid"), `replay-grid-${grid.player}`);
    if (grid.solved) card.classList.add("solved");
    if (grid.latest) card.classList.add("latest");
    if (shown.final?.winners.includes(grid.player)) card.classList.add("winner");
    card.append(el("h3", "replay-name", playerName(doc, grid.player)));
    const status = el("p", "replay-status");
    if (grid.solved) status.append(span("replay-solved", t("replay.solved", { time: timeText(grid.solved_ms), n: grid.solve_rank ?? "?" })));
    else if (shown.answer) status.append(span("replay-missed", t("reveal.notSolved")));
    else status.append(span("", grid.rows.length ? "\u00a0" : t("replay.noGuess")));
    const points = grid.points == null ? t("replay.total", { total: grid.total }) : t("replay.pointsTotal", { n: grid.points, total: grid.total });
    status.append(testid(span("replay-points", points), `replay-points-${grid.player}`));
    card.append(status);
    const rows = el("div", "replay-rows");
    grid.rows.forEach((guess, i) => rows.append(guessRow(guess, doc.length, grid.latest && i === grid.rows.length - 1)));
    for (let i = grid.rows.length; i < 6; i += 1) rows.append(emptyRow(doc.length));
    card.append(rows);
    grids.append(card);
  }
  stage.replaceChildren(grids);
  if (shown.answer) stage.append(answerBox(doc, shown.answer, shown.ended_by ? t(`reveal.endedBy.${shown.ended_by}`) : ""));
  if (shown.final) stage.append(el("p", "replay-final", finalText(doc, shown.final)));
  const hasAnalysis = doc.rounds.some((r) => r.guesses.some((g) => g.analysis));
  if (hasAnalysis) stage.append(el("p", "subtle replay-legend", t("replay.rowLegend")));
  grids.addEventListener("scroll", () => scrollHint(grids), { passive: true });
  scrollHint(grids);
}

function finalText(doc, final) {
  if (final.draw || final.winners.length !== 1) return t("standings.shared");
  return t("replay.finalWin", { name: playerName(doc, final.winners[0]) });
}

function answerBox(doc, answer, note) {
  const box = testid(el("div", "replay-answer"), "replay-answer");
  box.append(el("p", "replay-answer-title", t("replay.answer")));
  box.append(tilesRow(answer.letters, "G".repeat(doc.length), doc.length));
  box.dataset.word = answer.word;
  if (note) box.append(el("p", "subtle", note));
  return box;
}

/** The hint that more grids wait off screen, shown only while some do. */
function scrollHint(grids) {
  const more = grids.scrollWidth - grids.clientWidth - grids.scrollLeft > 4;
  $("replay-scroll-hint").hidden = !more;
}

// ---------------------------------------------------------------- Tournament duel

function drawBoard(doc, shown) {
  const stage = $("replay-stage");
  const board = testid(el("div", "replay-board"), "replay-board");
  const names = el("div", "replay-duelists");
  for (const player of doc.players) {
    const name = el("span", `duelist p-${player.seat === 0 ? "a" : "b"}`, playerName(doc, player.seat));
    if (shown.outcome && shown.outcome.winner === player.seat) name.classList.add("winner");
    names.append(name);
  }
  board.append(names);
  const rows = el("div", "replay-rows");
  shown.rows.forEach((row, i) => {
    const owner = playerName(doc, row.player);
    const latest = i === shown.rows.length - 1 && shown.step.kind !== "end";
    if (row.passed) {
      const passed = testid(el("div", `replay-row passed${latest ? " latest" : ""}`), "replay-pass");
      passed.append(span(`row-owner p-${row.player === 0 ? "a" : "b"}`, owner), span("subtle", t("replay.passed", { name: owner, time: timeText(row.at_ms) })));
      rows.append(passed);
    } else rows.append(guessRow(row, doc.length, latest, owner));
  });
  board.append(rows);
  stage.replaceChildren(board);
  if (shown.answer) {
    const outcome = shown.outcome ?? {};
    let note = outcome.draw || outcome.winner == null ? t("replay.duelDraw") : t("replay.duelWin", { name: playerName(doc, outcome.winner) });
    if (outcome.forfeited_by != null) note = `${t("replay.forfeit", { name: playerName(doc, outcome.forfeited_by) })} ${note}`;
    stage.append(answerBox(doc, shown.answer, note));
  }
  if (doc.guesses.some((g) => g.analysis)) stage.append(el("p", "subtle replay-legend", t("replay.rowLegend")));
  $("replay-scroll-hint").hidden = true;
}

// ---------------------------------------------------------------- the step

function analysisText(doc, shown) {
  const box = $("replay-analysis");
  box.replaceChildren();
  const step = shown.step;
  if (step.kind === "start") {
    box.append(el("p", "", shown.mode === "duel" ? t("replay.roundStart", { n: shown.number }) : t("replay.duelStart", { name: playerName(doc, shown.first) })));
    return;
  }
  if (step.kind === "pass" && shown.passed) {
    box.append(el("p", "", t("replay.passed", { name: playerName(doc, shown.passed.player), time: timeText(shown.passed.at_ms) })));
    return;
  }
  const guess = shown.current;
  if (!guess) return;
  const played = el("p", "replay-played");
  played.append(t("replay.played", { name: playerName(doc, guess.player), word: guess.word.toUpperCase(), time: timeText(guess.at_ms) }));
  box.append(played);
  const figures = analysisFigures(guess);
  if (!figures) {
    box.append(el("p", "subtle", t("replay.noAnalysis")));
    return;
  }
  box.append(el("p", "", t("replay.left", figures)));
  box.append(el("p", "", t("replay.skillLuck", { ...figures, word: t(`replay.luckWord.${figures.luck_word}`) })));
  box.append(el("p", "", figures.played_best ? t("replay.expertSame") : t("replay.expert", { word: figures.best.toUpperCase(), expected: figures.best_expected })));
}

function draw() {
  const { doc, steps, k } = state;
  const shown = shownAt(doc, steps, k);
  if (shown.mode === "duel") drawGrids(doc, shown);
  else drawBoard(doc, shown);
  analysisText(doc, shown);
  $("replay-analysis").hidden = !$("replay-analysis").childElementCount; // the round's end says it all above
  const time = timeText(shown.at_ms);
  const where = shown.mode === "duel" ? t("replay.where", { n: shown.number, of: shown.rounds, time }) : t("replay.whereDuel", { time });
  $("replay-where").textContent = `${where} · ${t("replay.stepOf", { n: k + 1, of: steps.length })}`;
  const banner = $("replay-banner");
  banner.hidden = shown.mode !== "duel" || shown.closing_from_ms == null;
  if (!banner.hidden) banner.textContent = t("replay.closing", { time: timeText(shown.closing_from_ms) });
  $("replay-scrub").value = String(k);
  $("replay-first").disabled = $("replay-prev").disabled = k === 0;
  $("replay-next").disabled = $("replay-last").disabled = k === steps.length - 1;
  $("replay").dataset.step = String(k);
}

function go(k) {
  state.k = clamp(k, state.steps);
  draw();
  if (state.playing) schedule();
}

function schedule() {
  clearTimeout(state.timer);
  const delay = delayAfter(state.steps, state.k, state.speed);
  if (delay == null) {
    setPlaying(false);
    return;
  }
  state.timer = setTimeout(() => go(state.k + 1), delay);
}

function setPlaying(on) {
  state.playing = on;
  clearTimeout(state.timer);
  const button = $("replay-play");
  button.textContent = on ? t("replay.pause") : t("replay.play");
  button.setAttribute("aria-pressed", String(on));
  if (on) {
    if (state.k === state.steps.length - 1) state.k = 0; // playing from the end starts again
    draw();
    schedule();
  }
}

function drawSummary(doc) {
  const rows = summaries(doc);
  $("replay-summary").hidden = !rows.length;
  $("replay-summary-rows").replaceChildren(
    ...rows.map((row) => {
      const tr = testid(el("tr"), `replay-summary-${row.player}`);
      tr.append(el("th", "", playerName(doc, row.player)), el("td", "", String(row.guesses)), el("td", "", row.skill), el("td", "", row.luck), el("td", "", String(row.best_played)));
      tr.firstChild.scope = "row";
      return tr;
    }),
  );
}

function wireControls() {
  $("replay-first").addEventListener("click", () => go(0));
  $("replay-prev").addEventListener("click", () => go(state.k - 1));
  $("replay-next").addEventListener("click", () => go(state.k + 1));
  $("replay-last").addEventListener("click", () => go(state.steps.length - 1));
  $("replay-play").addEventListener("click", () => setPlaying(!state.playing));
  $("replay-speed").addEventListener("change", (event) => {
    const speed = Number(event.target.value);
    state.speed = SPEEDS.includes(speed) ? speed : 1;
    if (state.playing) schedule();
  });
  $("replay-scrub").addEventListener("input", (event) => go(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.matches("input, select, textarea")) return;
    const moves = { ArrowLeft: () => go(state.k - 1), ArrowRight: () => go(state.k + 1), Home: () => go(0), End: () => go(state.steps.length - 1) };
    if (event.key in moves) {
      event.preventDefault();
      moves[event.key]();
    } else if (event.key === " " && !(target instanceof HTMLButtonElement)) {
      event.preventDefault();
      setPlaying(!state.playing);
    }
  });
  window.addEventListener("resize", () => {
    const grids = document.querySelector(".replay-grids");
    if (grids) scrollHint(grids);
  });
}

/** A replay stored before its analysis: ask once more for the analysed one. */
async function refreshAnalysis(doc) {
  if (Array.isArray(doc.summary)) return;
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(doc.id)}`);
    if (!response.ok) return;
    const fresh = await response.json();
    if (!Array.isArray(fresh.summary)) return;
    state.doc = fresh;
    drawSummary(fresh);
    draw();
  } catch {
    // the replay plays without the analysis
  }
}

async function boot() {
  wirePreferences();
  const select = $("ui-lang");
  select?.addEventListener("change", () => select.form.submit());
  await setLanguage(pageLanguage(), { translate: false });
  const data = $("replay-data");
  if (!data) return;
  state.doc = JSON.parse(data.textContent);
  state.steps = timeline(state.doc);
  $("replay-scrub").max = String(state.steps.length - 1);
  $("replay-stage").style.setProperty("--len", String(state.doc.length)); // the tiles' columns (CSSOM: allowed by the CSP)
  $("replay").hidden = false;
  wireControls();
  drawSummary(state.doc);
  go(0);
  refreshAnalysis(state.doc);
}

boot();
