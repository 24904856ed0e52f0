// Your tournament duel: the two players (lives, turns left, ratings), whose turn
// it is and its clock, the shared board of up to 12 rows, the keyboard, and the
// duel's end (winner or draw, the word, lives lost).

import { C } from "./constants.js";
import { t } from "./i18n.js";
import { $, el, icon, testid } from "./dom.js";
import { STATE_OF_MARK, answerTiles, setTile } from "./board.js";
import { renderKeyboard } from "./keyboard.js";
import { clockText, secondsLeft } from "./format.js";
import { URGENT_S } from "./game-client.js";

/** ♥♥♡ as icons, with their meaning for screen readers. */
export function hearts(lives) {
  const node = el("span", "hearts");
  const max = C.tournament.lives;
  for (let i = 0; i < max; i += 1) node.append(icon(i < lives ? "heart" : "heart-empty", "", i < lives ? "heart-full" : "heart-empty"));
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", t("tournament.lives", { n: lives, max }));
  node.title = node.getAttribute("aria-label");
  return node;
}

/** A player's rating at the start of the tournament (views from servers that send it). */
export function ratingBadge(player) {
  if (player?.rating == null || player.bot) return null;
  const badge = el("span", "badge rating", String(player.rating));
  badge.title = t("tournament.ratingOf", { n: player.rating });
  return badge;
}

export function renderDuel(tc, view, duel) {
  const colours = { [duel.players[0]]: "a", [duel.players[1]]: "b" };
  $("duel-players").replaceChildren(...duel.players.map((id) => playerChip(tc, view, duel, id, colours[id])));
  const owner = $("turn-owner");
  const mine = duel.turn === view.you && !tc.host.detached();
  owner.dataset.mine = String(Boolean(mine && !duel.over && view.phase === "playing"));
  owner.textContent = tc.host.detached() ? t("tabs.paused") : turnText(tc, view, duel, mine);
  owner.className = `turn-owner ${duel.over ? "" : `p-${colours[duel.turn ?? duel.first]}`}`;
  renderDuelRows(tc, view);
  const alphabet = tc.host.alphabet(view.lang);
  if (alphabet) renderKeyboard($("duel-keyboard"), alphabet, duel.keyboard ?? {}, tc.canType());
  $("duel-keyboard").hidden = duel.over;
  renderDuelEnd(tc, view, duel, alphabet);
  keepInView($("duel-board"), duel); // once the keyboard and the duel's end have taken their room
}

function turnText(tc, view, duel, mine) {
  if (duel.over) return t("tournament.duelOver");
  if (view.phase === "intro") return duel.first === view.you ? t("tournament.youPlayFirst") : t("tournament.playsFirst", { name: tc.nameOf(duel.first, view) });
  return mine ? t("tournament.yourTurn") : t("tournament.theirTurn", { name: tc.nameOf(duel.turn, view) });
}

function playerChip(tc, view, duel, id, colour) {
  const p = tc.player(id, view);
  const chip = testid(el("div", `duel-player p-${colour}`), `duel-player-${id}`);
  chip.classList.toggle("active", duel.turn === id && !duel.over);
  chip.classList.toggle("winner", duel.winner === id);
  // Your own chip is tinted and says "(you)" to screen readers only: the room goes to your name.
  const mine = id === view.you;
  chip.classList.toggle("me", mine);
  const name = el("span", "dp-name", mine ? p?.name ?? "" : tc.nameOf(id, view));
  if (mine) name.append(el("span", "visually-hidden", ` ${t("tournament.youName", { name: "" }).trim()}`));
  name.title = mine ? t("tournament.youName", { name: p?.name ?? "" }) : name.textContent;
  const lives = hearts(p?.lives ?? 0);
  lives.dataset.testid = `duel-lives-${id}`;
  const turns = el("span", "dp-turns", t("tournament.turnsLeft", { n: duel.turns_left?.[id] ?? 0 }));
  // Two lines whatever the width: the name (and rating), then lives and turns left.
  const top = el("span", "dp-line");
  top.append(name);
  const bottom = el("span", "dp-line");
  bottom.append(lives, turns);
  const rating = ratingBadge(p);
  if (rating) bottom.append(rating);
  if (p?.away) bottom.append(el("span", "badge away", t("lobby.away")));
  chip.append(top, bottom);
  return chip;
}

/** The end of the duel: who won (or a draw), the word, and the lives it cost. */
function renderDuelEnd(tc, view, duel, alphabet) {
  const end = $("duel-end");
  end.hidden = !duel.over;
  if (!duel.over) return;
  const outcome = duel.draw ? "draw" : duel.winner === view.you ? "won" : duel.players.includes(view.you) ? "lost" : "other";
  $("duel-result").textContent = tc.duelResultText(view, duel);
  $("duel-result").dataset.outcome = outcome;
  $("duel-answer").textContent = tc.answerText(view, duel);
  $("duel-answer").lang = view.lang;
  $("duel-answer-tiles").replaceChildren(alphabet && duel.answer_letters ? answerTiles(duel.answer_letters, alphabet) : "");
  const losers = duel.draw ? duel.players : duel.players.filter((p) => p !== duel.winner);
  $("duel-lives").textContent = losers.map((id) => t("tournament.livesLeft", { name: tc.nameOf(id, view), n: tc.player(id, view)?.lives ?? 0 })).join(" · ");
}

/** The shared board: 12 rows of `length` tiles, each row tagged with its player. */
export function renderDuelRows(tc, view) {
  const duel = view.duel;
  const board = $("duel-board");
  const alphabet = tc.host.alphabet(view.lang);
  const key = `${view.code}:${view.round?.number}:${duel.index}:${duel.length}:${duel.rows_total}`;
  if (key !== tc.boardKey) {
    tc.boardKey = key;
    buildBoard(board, duel);
  }
  const colours = { [duel.players[0]]: "a", [duel.players[1]]: "b" };
  const typing = tc.canType() && view === tc.view ? tc.composer : null;
  board.querySelectorAll(".board-row").forEach((rowEl, r) => {
    const player = duel.rows[r]?.player ?? tc.rowPlayer(duel, r);
    const played = duel.rows[r];
    const name = tc.nameOf(player, view);
    rowEl.dataset.player = player;
    // Redrawn on every view and keystroke: keep a running shake so a refusal stays visible.
    const shaking = rowEl.classList.contains("shake") ? " shake" : "";
    const current = r === duel.rows.length && !duel.over;
    const future = r > duel.rows.length || (r === duel.rows.length && duel.over);
    rowEl.className = `board-row t-row p-${colours[player]}${played?.passed ? " passed" : ""}${current ? " current" : ""}${future ? " future" : ""}${shaking}`;
    rowEl.querySelector(".row-tag").textContent = player === view.you ? t("tournament.you") : name;
    const label = played?.passed ? t("tournament.rowLabelPassed", { n: r + 1, name }) : t("tournament.rowLabel", { n: r + 1, name });
    rowEl.setAttribute("aria-label", label);
    const passedLabel = rowEl.querySelector(".passed-label");
    passedLabel.hidden = !played?.passed;
    passedLabel.textContent = t("tournament.timeOut");
    rowEl.querySelectorAll(".tile").forEach((tile, c) => {
      tile.dataset.player = player;
      if (played?.passed || (played && !played.pattern)) {
        tile.textContent = "";
        tile.dataset.state = "passed";
        tile.setAttribute("aria-label", t("tournament.passed"));
      } else if (played) {
        const letter = played.letters?.[c] ?? "";
        const text = letter && alphabet ? alphabet.label(letter) : letter.toLocaleUpperCase(view.lang);
        setTile(tile, text, STATE_OF_MARK[played.pattern[c]]);
        if (!letter) tile.setAttribute("aria-label", t(`hint.${STATE_OF_MARK[played.pattern[c]]}`, { letter: "?" }));
      } else if (typing && r === duel.rows.length && c < typing.typed.length) {
        setTile(tile, alphabet.label(typing.typed[c]), "typed");
      } else if (typing && r === duel.rows.length && c === typing.typed.length && typing.pending) {
        setTile(tile, typing.pending.toLocaleUpperCase(view.lang), "typed");
      } else {
        if (tile.dataset.state === "passed") tile.dataset.state = "empty";
        setTile(tile, "", "empty");
      }
      // Every tile says whose row it is in (the board is shared).
      tile.setAttribute("aria-label", `${tile.getAttribute("aria-label")} · ${name}`);
    });
  });
  keepInView(board, duel);
}

/** A board taller than its area (many rows played, a small phone) scrolls: the row in play stays in sight. */
function keepInView(board, duel) {
  const area = board.parentElement;
  const row = board.children[Math.min(duel.rows.length, board.children.length - 1)];
  if (!area || !row || area.scrollHeight <= area.clientHeight) return;
  const top = row.offsetTop; // the area is the row's offsetParent (position: relative)
  const bottom = top + row.offsetHeight;
  if (bottom > area.scrollTop + area.clientHeight) area.scrollTop = bottom - area.clientHeight + 4;
  else if (top < area.scrollTop) area.scrollTop = Math.max(0, top - 4);
}

function buildBoard(board, duel) {
  board.replaceChildren();
  board.style.setProperty("--len", String(duel.length));
  for (let r = 0; r < (duel.rows_total ?? C.tournament.rows); r += 1) {
    const row = el("div", "board-row t-row");
    row.setAttribute("role", "group");
    row.dataset.row = String(r);
    const tag = el("span", "row-tag");
    tag.setAttribute("aria-hidden", "true");
    row.append(tag);
    const tiles = el("div", "row-tiles");
    for (let c = 0; c < duel.length; c += 1) {
      const tile = testid(el("div", "tile"), `duel-tile-r${r}-c${c}`);
      tile.setAttribute("role", "img");
      tile.dataset.state = "empty";
      tile.style.setProperty("--col", String(c));
      tiles.append(tile);
    }
    const passed = el("span", "passed-label", t("tournament.timeOut"));
    passed.setAttribute("aria-hidden", "true");
    passed.hidden = true;
    tiles.append(passed);
    row.append(tiles);
    board.append(row);
  }
}

/** The turn clock (every 200 ms); the last 10 s of your own turn tick. */
export function tickDuel(tc, view) {
  const duel = view.duel;
  if (!duel) return;
  if (tc.host.detached()) {
    // Another tab holds the seat: the turn is not played here, no clock runs down to 0:00.
    $("turn-clock").textContent = "–";
    $("turn-clock").classList.remove("urgent");
    $("turn-bar").style.width = "0%";
    return;
  }
  const turnMs = C.tournament.turn_ms;
  const ms = duel.over ? 0 : view.phase === "playing" ? tc.remaining(duel.turn_ms) ?? 0 : turnMs;
  const text = duel.over ? "–" : clockText(ms);
  const clock = $("turn-clock");
  if (clock.textContent !== text) clock.textContent = text;
  const seconds = secondsLeft(ms);
  const urgent = view.phase === "playing" && !duel.over && seconds <= URGENT_S;
  clock.classList.toggle("urgent", urgent);
  tc.soundLastSeconds(seconds, urgent, tc.canType());
  $("turn-bar").style.width = `${duel.over ? 0 : Math.min(100, (100 * ms) / turnMs)}%`;
}
