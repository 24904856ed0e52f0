// wordarena web client: one page for both games, rebuilt from the views the
// server sends (docs/protocol.md). Duel de Mots has three screens (home,
// lobby, game), drawn here; the Tournament has three more (queue, group,
// tournament), drawn by tournament.js from `queue`, `group` and `tournament`.
//
// Test hooks (data-testid):
//   screens        screen-home, screen-lobby, screen-game, screen-queue, screen-group, screen-tournament
//                  (the shown one is not [hidden]);
//                  <body data-screen="home|lobby|game|queue|group|tournament"
//                        data-phase="lobby|card|playing|reveal|finished" (Duel de Mots)
//                                   "intro|playing|finished" (tournament)>
//   top bar        ui-lang (select), palette-toggle (aria-pressed), connection (banner), reconnect
//   home           nickname, word-lang, create-room, quick-game, join-link, join
//   lobby          room-link (input with the link), copy-link, seat-{i} (data-bot="easy|medium|hard"
//                  for bots, data-host="true" on the host), remove-bot-{i}, bot-level, add-bot,
//                  option-lang, option-clock, option-rounds, start, leave, auto-start, lobby-hint
//   game           round-info, clock, my-total, closing-banner, board,
//                  tile-r{row}-c{col} (row and col from 0; data-state="correct|present|absent|empty|typed"),
//                  opponent-{i} (i = seat index), my-status, keyboard,
//                  key-{letter} (letter as in views: a, ı, ij, oʻ, ㅂ; data-state like tiles), key-enter,
//                  key-backspace
//   overlays       round-card, reveal-card, reveal-answer, reveal-seat-{i}, reveal-next,
//                  standings, standings-title, winner (one per winning seat), play-again, back-home
//   everywhere     message (role=status: refusals, errors), announcer (screen-reader live region)
//
// Tournament (tournament.js):
//   home           home-rating, tournament-lang (select, 13 word languages), queue-tournament, practice-tournament,
//                  create-group; the page at /g/CODE joins that group (so does a /g/ link in join-link)
//   queue          screen-queue, queue-lang, queue-rating, queue-waiting (players waiting),
//                  queue-lobby (data-size="k": the forming lobby, k of 8 seats), unqueue
//   group          screen-group, group-link (input with location.origin + "/g/" + code), copy-group-link,
//                  group-member-{i} (i from 0; data-organiser="true", data-busy="true" when in a tournament),
//                  group-lang, group-practice (checkbox), group-launch (organiser only; disabled unless
//                  can_launch), group-hint, group-leave
//   tournament     screen-tournament (data-phase; class "spectating" when the other duels are the main
//                  content: no own duel, or eliminated and watching), t-round, t-status,
//                  duel-board, duel-tile-r{row}-c{col} (row 0..11, col 0..length-1;
//                  data-state="correct|present|absent|empty|typed|passed" (passed: a timed-out turn),
//                  data-player = the id of the row's player, also on each .board-row),
//                  duel-player-{id} (the two players: name, hearts duel-lives-{id}, turns left),
//                  turn-owner (data-mine="true|false"), turn-clock (m:ss of the running turn),
//                  duel-keyboard (keys are key-{letter}, key-enter, key-backspace as in Duel de Mots),
//                  duel-result (data-outcome="won|lost|draw"), duel-answer (once the duel is over),
//                  lives-{playerId} (side list, data-lives="0..3"), player-{playerId},
//                  other-duels, other-duel-{i} (i = the duel's index in the round), quit-tournament
//                  (two clicks: leaving while in play loses)
//   overlays       round-intro (pairing-{i} in the round's pairing order, pairing-bye),
//                  elimination (rating-change: data-change="-4", class up|down|same; watch, leave-tournament),
//                  final-standings (final-title, final-place-{playerId} with data-place, class winner;
//                  final-rating-change on your own line; back-to-group (only in a group), final-home)

import { Connection } from "./net.js";
import { UI_LANGUAGES, language, preferredLanguage, setLanguage, t } from "./i18n.js";
import { Composer, WORD_LENGTH, lettersFromKeyEvent, makeAlphabet, renderKeyboard } from "./keyboard.js";
import { answerTiles, buildBoard, describeRow, renderOpponents, shakeRow, updateBoard } from "./board.js";
import { TOURNAMENT_LANGUAGES, TournamentClient } from "./tournament.js";

const WORD_LANGUAGES = ["tr", "en", "fr", "es", "ru", "ko"];
const BOT_LEVELS = ["easy", "medium", "hard"];
const CLOCK_CHOICES = [60, 90, 120];
const ROUND_CHOICES = [1, 3, 5];
const MAX_SEATS = 6;
const MIN_SEATS = 2;
const ROUND_CARD_MS = 2600; // for the card's progress bar
const MESSAGE_MS = 2500;

/** Refusals of a guess: the row shakes. */
const GUESS_REFUSALS = new Set(["not_in_list", "wrong_length", "repeated", "not_letters", "round_not_open", "seat_done"]);
/** Refusals of a join: we have no seat, so we go back home. */
const JOIN_REFUSALS = new Set(["game_started", "game_over", "room_full", "room_closed", "left"]);

const STORAGE = {
  token: "wordarena.token",
  palette: "wordarena.palette",
  wordLang: "wordarena.wordLang",
  tournamentLang: "wordarena.tournamentLang",
};
const SCREENS = ["home", "lobby", "game", "queue", "group", "tournament"];

const $ = (id) => document.getElementById(id);

const state = {
  me: null, // {id, name, games_played} from `welcome`
  alphabets: {}, // lang -> makeAlphabet(...)
  roomCode: roomFromPath(), // the room we are in or joining
  view: null, // the last room view
  minVersion: 0, // views older than this are stale (reset on each new connection: a restored room may renumber)
  viewAt: 0, // performance.now() when it arrived: timers count down from there
  composer: null,
  composerKey: "", // lang + round: a new round or language starts a new composer
  playedRows: 0, // own rows already shown, to spot a newly accepted guess
  awaitingGuess: false, // a guess is in flight: a second Enter would only be "repeated"
  helloPending: false, // the next welcome answers our hello (not a rename)
  detached: false, // another tab took our seat
  renaming: "", // the nickname last sent
  leftRoom: null, // the code of the room we just left: its late views are ignored
  lastAnnounced: "",
};

const connection = new Connection({ onOpen: sayHello, onMessage: receive, onStatus: showConnection });
const tournament = new TournamentClient({
  send: (msg, { quiet = false } = {}) => (quiet ? connection.send(msg) : send(msg)),
  showMessage,
  announce,
  render,
  copy: copyLink,
  alphabet: (lang) => state.alphabets[lang],
});

// ---------------------------------------------------------------- start-up

async function boot() {
  await setLanguage(preferredLanguage());
  applyPalette(localStorage.getItem(STORAGE.palette) === "contrast");
  fillStaticSelects();
  wireControls();
  await loadAlphabets();
  render();
  connection.open();
  setInterval(tick, 200);
}

/** Alphabets arrived after the view (server restarting at load time): typing can start now. */
function afterAlphabets() {
  if (state.view) syncComposer(state.view);
  if (tournament.view) tournament.syncComposer(tournament.view);
  render();
}

async function loadAlphabets() {
  try {
    const response = await fetch("/api/alphabets");
    const data = await response.json();
    for (const [lang, alphabet] of Object.entries(data)) state.alphabets[lang] = makeAlphabet(lang, alphabet);
    fillLanguageSelects();
  } catch {
    // The server is (re)starting: language names fall back to codes; we retry on welcome.
  }
}

function roomFromPath() {
  const match = location.pathname.match(/^\/r\/([^/]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The group code in a pasted group link (".../g/CODE"), else null. */
function parseGroupInput(text) {
  const match = text.trim().match(/\/g\/([^/?#\s]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The room code in a pasted link (".../r/CODE") or a bare code. */
function parseRoomInput(text) {
  const value = text.trim();
  const match = value.match(/\/r\/([^/?#\s]+)/);
  if (match) return decodeURIComponent(match[1]);
  return /^[\w-]+$/.test(value) ? value : null;
}

function option(value, label) {
  const el = document.createElement("option");
  el.value = String(value);
  el.textContent = label;
  return el;
}

/** Replace a select's options (new language, names loaded) and keep its choice. */
function fillSelect(id, options, fallback) {
  const select = $(id);
  const value = select.value;
  select.replaceChildren(...options);
  select.value = value || String(fallback);
}

function fillStaticSelects() {
  fillSelect("ui-lang", Object.entries(UI_LANGUAGES).map(([code, name]) => option(code, name)), language());
  $("ui-lang").value = language();
  fillSelect("option-clock", CLOCK_CHOICES.map((s) => option(s, t("lobby.seconds", { n: s }))), 90);
  fillSelect("option-rounds", ROUND_CHOICES.map((n) => option(n, String(n))), 3);
  fillSelect("bot-level", BOT_LEVELS.map((level) => option(level, t(`bot.${level}`))), "medium");
  fillLanguageSelects();
}

/** Word-language selects show each language's own name ("Türkçe", "한국어"). */
function fillLanguageSelects() {
  for (const id of ["word-lang", "option-lang"]) {
    const names = WORD_LANGUAGES.map((code) => option(code, state.alphabets[code]?.name ?? code));
    fillSelect(id, names, defaultWordLanguage());
  }
  for (const id of ["tournament-lang", "group-lang"]) {
    const names = TOURNAMENT_LANGUAGES.map((code) => option(code, state.alphabets[code]?.name ?? code));
    fillSelect(id, names, defaultTournamentLanguage());
  }
}

/** The last tournament language chosen, else the interface language when it is one (C4), else English. */
function defaultTournamentLanguage() {
  const saved = localStorage.getItem(STORAGE.tournamentLang);
  if (TOURNAMENT_LANGUAGES.includes(saved)) return saved;
  return TOURNAMENT_LANGUAGES.includes(language()) ? language() : "en";
}

/** RULES B1: the interface language when it is a word language, else English. */
function defaultWordLanguage() {
  const saved = localStorage.getItem(STORAGE.wordLang);
  if (WORD_LANGUAGES.includes(saved)) return saved;
  return WORD_LANGUAGES.includes(language()) ? language() : "en";
}

// ---------------------------------------------------------------- controls

function wireControls() {
  $("ui-lang").addEventListener("change", async (event) => {
    await setLanguage(event.target.value);
    fillStaticSelects();
    // Until the player picks a word language, it follows the interface (RULES B1).
    if (!localStorage.getItem(STORAGE.wordLang)) $("word-lang").value = defaultWordLanguage();
    if (!localStorage.getItem(STORAGE.tournamentLang)) $("tournament-lang").value = defaultTournamentLanguage();
    showRating(state.me?.rating);
    render();
  });
  $("palette").addEventListener("click", () => applyPalette(!document.body.classList.contains("contrast")));
  $("reconnect").addEventListener("click", () => {
    state.detached = false;
    connection.open();
  });

  $("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    rename();
  });
  $("nickname").addEventListener("change", rename);
  $("word-lang").addEventListener("change", (event) => localStorage.setItem(STORAGE.wordLang, event.target.value));
  $("create-room").addEventListener("click", () => enterRoom({ type: "create", lang: $("word-lang").value }));
  $("quick-game").addEventListener("click", () => enterRoom({ type: "quick", lang: $("word-lang").value }));
  $("tournament-lang").addEventListener("change", (event) => {
    localStorage.setItem(STORAGE.tournamentLang, event.target.value);
    $("group-lang").value = event.target.value;
  });
  $("group-lang").addEventListener("change", (event) => localStorage.setItem(STORAGE.tournamentLang, event.target.value));
  $("queue-tournament").addEventListener("click", () => tournament.queueFor($("tournament-lang").value, false));
  $("practice-tournament").addEventListener("click", () => tournament.queueFor($("tournament-lang").value, true));
  $("create-group").addEventListener("click", () => tournament.createGroup());
  $("to-side").addEventListener("click", () => $("t-side").scrollIntoView({ behavior: "smooth", block: "start" }));
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const group = parseGroupInput($("join-link").value);
    if (group) return tournament.joinGroup(group);
    const code = parseRoomInput($("join-link").value);
    if (!code) return showMessage(t("error.badLink"));
    state.roomCode = code;
    enterRoom({ type: "join", room: code });
  });

  $("copy-link").addEventListener("click", () => copyLink($("room-link")));
  $("add-bot").addEventListener("click", () => send({ type: "add_bot", level: $("bot-level").value }));
  $("seats").addEventListener("click", (event) => {
    const button = event.target.closest("[data-remove-seat]");
    if (button) send({ type: "remove_bot", seat: Number(button.dataset.removeSeat) });
  });
  $("option-lang").addEventListener("change", (event) => send({ type: "options", lang: event.target.value }));
  $("option-clock").addEventListener("change", (event) => send({ type: "options", clock_s: Number(event.target.value) }));
  $("option-rounds").addEventListener("change", (event) => send({ type: "options", rounds: Number(event.target.value) }));
  $("start").addEventListener("click", () => send({ type: "start" }));
  $("leave").addEventListener("click", leaveRoom);
  $("back-home").addEventListener("click", leaveRoom);
  $("play-again").addEventListener("click", () => send({ type: "play_again" }));

  // On-screen keys must not take the focus: a later physical Enter would
  // press the focused key instead of submitting the guess.
  $("keyboard").addEventListener("pointerdown", (event) => event.preventDefault());
  $("keyboard").addEventListener("click", (event) => {
    const key = event.target.closest("button[data-key]");
    if (key) pressKey(key.dataset.key);
  });
  document.addEventListener("keydown", onPhysicalKey);
}

function send(msg) {
  if (!connection.send(msg)) showMessage(t("conn.offline"));
}

function rename() {
  const name = $("nickname").value.trim();
  if (!state.me || name === state.me.name || name === state.renaming) return;
  if (!name) {
    $("nickname").value = state.me.name;
    return;
  }
  state.renaming = name; // Enter then blur must not send it twice
  send({ type: "rename", name });
}

function applyPalette(contrast) {
  document.body.classList.toggle("contrast", contrast);
  $("palette").setAttribute("aria-pressed", String(contrast));
  localStorage.setItem(STORAGE.palette, contrast ? "contrast" : "standard");
}

/** Copy a link field (a room's, a group's) to the clipboard, or select it for a manual copy. */
async function copyLink(input) {
  try {
    await navigator.clipboard.writeText(input.value);
    showMessage(t("lobby.copied"));
  } catch {
    // No clipboard permission (plain http, old browser): let the user copy it.
    input.focus();
    input.select();
    showMessage(t("lobby.copyFailed"));
  }
}

function leaveRoom() {
  send({ type: "leave" });
  state.leftRoom = state.roomCode;
  forgetRoom();
}

/** Create, quick game or join: a room we left earlier may be entered again. */
function enterRoom(msg) {
  state.leftRoom = null;
  send(msg);
}

function forgetRoom() {
  state.roomCode = null;
  state.view = null;
  state.composer = null;
  state.composerKey = "";
  if (location.pathname !== "/") history.replaceState(null, "", "/");
  render();
}

// ---------------------------------------------------------------- server messages

function sayHello() {
  state.helloPending = true;
  state.minVersion = 0;
  state.awaitingGuess = false; // an answer lost with the old socket will not come
  const token = localStorage.getItem(STORAGE.token);
  connection.send({ type: "hello", ...(token ? { token } : {}), ui: language() });
}

function receive(msg) {
  switch (msg.type) {
    case "welcome":
      return onWelcome(msg);
    case "created":
      state.roomCode = msg.room;
      return undefined;
    case "room":
      return onView(msg);
    case "refused":
      return onRefused(msg);
    case "error":
      return onError(msg);
    case "queue":
    case "group":
    case "tournament":
      return tournament.receive(msg);
    default:
      return undefined; // pong, or a type this client does not know yet
  }
}

/** `welcome` answers hello (with the token) and every rename (token null). */
function onWelcome(msg) {
  if (typeof msg.token === "string") localStorage.setItem(STORAGE.token, msg.token);
  state.me = msg.player;
  if (document.activeElement !== $("nickname")) $("nickname").value = msg.player.name;
  showRating(msg.player.rating);
  if (!state.helloPending) return;
  state.helloPending = false;
  connection.confirmed();
  if (!Object.keys(state.alphabets).length) loadAlphabets().then(afterAlphabets);
  // After a drop the full view comes back by joining again (protocol: Reconnection).
  if (state.roomCode) connection.send({ type: "join", room: state.roomCode });
  // A tournament, a queue or a group we were in (tournament.js keeps their codes for the tab).
  else tournament.afterHello();
}

/** The tournament rating on the home screen (welcome carries it; absent from older servers). */
function showRating(rating) {
  $("home-rating").hidden = typeof rating !== "number";
  if (typeof rating === "number") $("home-rating").textContent = t("tournament.homeRating", { n: rating });
}

function onView(view) {
  const old = state.view;
  if (view.code === state.leftRoom) return; // sent before the server saw us leave
  if (old && old.code === view.code && view.version < state.minVersion) return; // a stale snapshot
  if (view.phase === "closed") {
    showMessage(t("refused.room_closed"));
    return forgetRoom();
  }
  state.roomCode = view.code;
  const path = `/r/${encodeURIComponent(view.code)}`;
  if (location.pathname !== path) history.replaceState(null, "", path);
  state.view = view;
  state.minVersion = view.version;
  state.viewAt = performance.now();
  syncComposer(view);
  announceTransitions(old, view);
  render();
}

/** Keep the typed letters across views, but start afresh on a new round or after an accepted guess. */
function syncComposer(view) {
  const lang = view.options.lang;
  const key = `${lang}:${view.round?.number ?? 0}:${view.phase === "lobby" ? "lobby" : "game"}`;
  const rows = mySeat(view)?.rows ?? [];
  const alphabet = state.alphabets[lang];
  if (key !== state.composerKey && alphabet) {
    state.composer = new Composer(alphabet);
    state.composerKey = key;
    state.playedRows = rows.length;
    state.awaitingGuess = false;
  }
  if (rows.length > state.playedRows && alphabet) {
    // Our guess was accepted: its row is played, the next one starts empty.
    state.composer?.clear();
    state.awaitingGuess = false;
    announce(describeRow(rows.at(-1), rows.length - 1, alphabet));
  }
  state.playedRows = rows.length;
}

function announceTransitions(old, view) {
  const round = view.round;
  if (view.phase === "card" && old?.phase !== "card") {
    announce(t("game.round", { n: round.number, of: round.of }));
  }
  if (round?.closing_ms != null && old?.round?.closing_ms == null && !mySeat(view)?.solved) {
    announce(t("game.closingStarted"));
  }
  if (view.phase === "reveal" && old?.phase !== "reveal" && view.reveal) {
    announce(`${t("reveal.title", { n: view.reveal.number })} ${answerText(view)}`);
  }
}

function onRefused(msg) {
  state.awaitingGuess = false;
  if (msg.code === "already_seated") return; // joining again after a reconnection
  if (!state.view && tournament.onProblem(msg)) return;
  const key = `refused.${msg.code}`;
  const translated = t(key, { n: WORD_LENGTH });
  const text = translated === key ? msg.message : translated; // a code newer than the catalogues
  if (GUESS_REFUSALS.has(msg.code)) shakeRow($("board"), mySeat(state.view)?.rows?.length ?? 0);
  showMessage(text);
  announce(text);
  if (JOIN_REFUSALS.has(msg.code) && !state.view) forgetRoom();
}

function onError(msg) {
  switch (msg.code) {
    case "bad_token": // the server forgot us: start a new identity
      localStorage.removeItem(STORAGE.token);
      return sayHello();
    case "unknown_room":
    case "no_room":
      showMessage(t("error.unknown_room"));
      return forgetRoom();
    case "bad_name":
      if (state.me) $("nickname").value = state.me.name;
      return showMessage(t("error.bad_name"));
    case "replaced":
      state.detached = true;
      connection.stop();
      return showConnection(false);
    default: {
      if (!state.view && tournament.onProblem(msg)) return undefined;
      const key = `error.${msg.code}`;
      return showMessage(t(key) === key ? t("error.generic") : t(key));
    }
  }
}

// ---------------------------------------------------------------- helpers on the view

function mySeat(view) {
  return view && view.you != null ? view.seats[view.you] : null;
}

function isHost(view) {
  return view.you != null && view.you === view.host;
}

/** Milliseconds left on a timer of the current view, counted down locally. */
function remaining(ms) {
  if (ms == null) return null;
  return Math.max(0, ms - (performance.now() - state.viewAt));
}

function alphabetOf(view) {
  return state.alphabets[view.options.lang];
}

/** The answer in its true spelling, upper-cased by its language's rules (Turkish i → İ). */
function answerText(view) {
  return view.reveal.answer.toLocaleUpperCase(view.options.lang);
}

function canType(view) {
  const seat = mySeat(view);
  return Boolean(view && view.phase === "playing" && seat && !seat.done && !seat.gone && !state.detached && state.composer);
}

// ---------------------------------------------------------------- rendering

function render() {
  const view = state.view;
  const screen = view ? (view.phase === "lobby" ? "lobby" : "game") : tournament.screen() ?? "home";
  document.body.dataset.screen = screen;
  document.body.dataset.phase = view?.phase ?? (screen === "tournament" ? tournament.view.phase : "");
  for (const name of SCREENS) $(`screen-${name}`).hidden = name !== screen;
  const tournamentSide = ["queue", "group", "tournament"].includes(screen);
  $("brand").textContent = tournamentSide ? t("tournament.title") : t("app.title");
  if (screen !== "game") $("keyboard").replaceChildren(); // key-{letter} hooks: only the shown keyboard has them
  if (screen === "lobby") renderLobby(view);
  if (screen === "game") renderGame(view);
  if (!view) tournament.render();
  tick();
}

function renderLobby(view) {
  const host = isHost(view);
  $("lobby-title").textContent = view.quick ? t("lobby.quickTitle") : t("lobby.title");
  $("link-box").hidden = view.quick;
  $("room-link").value = `${location.origin}/r/${encodeURIComponent(view.code)}`;
  $("seats-title").textContent = t("lobby.seats", { n: view.seats.length, max: MAX_SEATS });
  $("seats").replaceChildren(...view.seats.map((seat, i) => seatItem(view, seat, i)), ...emptySeats(view));
  $("bot-controls").hidden = !host || view.quick;
  $("add-bot").disabled = view.seats.length >= MAX_SEATS;
  $("options").disabled = !host || view.quick;
  setSelect("option-lang", view.options.lang);
  setSelect("option-clock", view.options.clock_s);
  setSelect("option-rounds", view.options.rounds);
  // A quick game fills itself with bots when it starts, so it never lacks seats.
  const enough = view.quick || view.seats.length >= MIN_SEATS;
  $("start").hidden = !host;
  $("start").disabled = !enough;
  $("lobby-hint").textContent = !host ? t("lobby.waitHost") : enough ? "" : t("lobby.needTwo");
}

/** Set a select unless the user is on it right now (a view must not undo their choice mid-way). */
function setSelect(id, value) {
  const select = $(id);
  if (document.activeElement !== select) select.value = String(value);
}

function seatItem(view, seat, index) {
  const item = document.createElement("li");
  item.className = "seat";
  item.dataset.testid = `seat-${index}`;
  if (seat.bot) item.dataset.bot = seat.bot;
  if (index === view.host) item.dataset.host = "true";
  const icon = span("seat-icon", seat.bot ? "🤖" : "👤");
  icon.setAttribute("aria-hidden", "true");
  item.append(icon, span("seat-name", seat.name));
  if (seat.bot) item.append(span("badge bot", `${t("lobby.bot")} · ${t(`bot.${seat.bot}`)}`));
  if (index === view.host) item.append(span("badge host", `👑 ${t("lobby.host")}`));
  if (index === view.you) item.append(span("badge you", t("lobby.you")));
  if (seat.away) item.append(span("badge away", t("lobby.away")));
  if (seat.bot && isHost(view) && !view.quick) {
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "remove";
    remove.textContent = "✕";
    remove.dataset.removeSeat = String(index);
    remove.dataset.testid = `remove-bot-${index}`;
    remove.setAttribute("aria-label", t("lobby.removeBot", { name: seat.name }));
    item.append(remove);
  }
  return item;
}

function emptySeats(view) {
  return Array.from({ length: MAX_SEATS - view.seats.length }, () => {
    const item = document.createElement("li");
    item.className = "seat empty";
    item.textContent = t("lobby.emptySeat");
    return item;
  });
}

function span(className, text) {
  const el = document.createElement("span");
  el.className = className;
  el.textContent = text;
  return el;
}

function renderGame(view) {
  const alphabet = alphabetOf(view);
  const seat = mySeat(view);
  const round = view.round;
  $("round-info").textContent = round ? t("game.roundShort", { n: round.number, of: round.of }) : "";
  $("my-total").textContent = seat ? t("game.total", { n: seat.total }) : "";
  renderOpponents($("opponents"), view);
  if (!$("board").children.length) buildBoard($("board"));
  $("board").hidden = !seat;
  renderOwnRows(view);
  if (alphabet) renderKeyboard($("keyboard"), alphabet, view.keyboard ?? {}, canType(view));
  $("my-status").textContent = statusText(view, seat);
  renderRoundCard(view);
  renderReveal(view);
  renderStandings(view);
}

function renderOwnRows(view) {
  const seat = mySeat(view);
  const alphabet = alphabetOf(view);
  if (!seat || !alphabet) return;
  const composer = view.phase === "playing" ? state.composer : null;
  updateBoard($("board"), {
    rows: seat.rows ?? [],
    typed: composer?.typed ?? [],
    pending: composer?.pending ?? "",
    alphabet,
  });
}

function statusText(view, seat) {
  if (!seat || view.phase !== "playing") return "";
  if (seat.gone) return t("game.youLeft");
  if (seat.solved) return t("game.solved", { n: seat.rows.length });
  if (seat.done) return t("game.outOfGuesses");
  return "";
}

function renderRoundCard(view) {
  const card = $("round-card");
  card.hidden = view.phase !== "card";
  if (card.hidden) return;
  $("round-card-title").textContent = t("game.round", { n: view.round.number, of: view.round.of });
  const lang = state.alphabets[view.options.lang]?.name ?? view.options.lang;
  $("round-card-lang").textContent = t("game.cardInfo", { lang, s: view.options.clock_s });
}

function renderReveal(view) {
  const card = $("reveal-card");
  card.hidden = view.phase !== "reveal" || !view.reveal;
  if (card.hidden) return;
  const reveal = view.reveal;
  const alphabet = alphabetOf(view);
  $("reveal-title").textContent = t("reveal.title", { n: reveal.number });
  $("reveal-answer").textContent = answerText(view);
  $("reveal-answer").lang = view.options.lang; // the right font and screen-reader voice
  $("reveal-tiles").replaceChildren(alphabet ? answerTiles(reveal.answer_letters, alphabet) : "");
  $("reveal-ended").textContent = t(`reveal.endedBy.${reveal.ended_by}`);
  $("reveal-rows").replaceChildren(...reveal.seats.map((result) => revealRow(view, result)));
}

function revealRow(view, result) {
  const seat = view.seats[result.seat];
  const row = document.createElement("tr");
  row.dataset.testid = `reveal-seat-${result.seat}`;
  if (result.seat === view.you) row.className = "me";
  const medal = { 1: "🥇", 2: "🥈", 3: "🥉" }[result.solve_rank] ?? "";
  const name = document.createElement("th");
  name.scope = "row";
  name.textContent = `${seat.bot ? "🤖 " : ""}${seat.name}`;
  const guesses = cell(result.solved ? `${result.guesses}/6 ${medal}` : "✗");
  // The medal and the cross are pictures: their meaning goes in a tooltip and for screen readers.
  const meaning = result.solved ? t("reveal.rank", { n: result.solve_rank }) : t("reveal.notSolved");
  guesses.title = meaning;
  guesses.append(span("visually-hidden", ` ${meaning}`));
  row.append(name, guesses, cell(`+${result.points}`), cell(String(seat.total)));
  return row;
}

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function renderStandings(view) {
  const card = $("standings");
  card.hidden = view.phase !== "finished" || !view.standings;
  if (card.hidden) return;
  const { order, winners, draw, reason } = view.standings;
  $("standings-title").textContent = standingsTitle(view, winners, draw);
  $("standings-note").textContent = reason === "abandoned" ? t("standings.abandoned") : "";
  $("standings-list").replaceChildren(...order.map((entry, i) => standingItem(view, entry, rankOf(order, i), winners)));
  $("standings-last").textContent = view.reveal ? t("standings.lastWord", { word: answerText(view) }) : "";
  $("play-again").hidden = !isHost(view);
  $("back-home").classList.toggle("primary", !isHost(view));
}

function standingsTitle(view, winners, draw) {
  if (draw) return t("standings.draw");
  if (winners.length > 1) return t("standings.shared");
  if (winners[0] === view.you) return t("standings.youWin");
  return t("standings.win", { name: view.seats[winners[0]]?.name ?? "" });
}

/** Equal totals share a place (1, 2, 2, 4). */
function rankOf(order, index) {
  let first = index;
  while (first > 0 && order[first - 1].total === order[index].total) first -= 1;
  return first + 1;
}

function standingItem(view, entry, rank, winners) {
  const item = document.createElement("li");
  const won = winners.includes(entry.seat) && !view.standings.draw;
  item.className = won ? "winner" : "";
  if (winners.includes(entry.seat)) item.dataset.testid = "winner";
  if (entry.seat === view.you) item.classList.add("me");
  item.append(span("rank", won ? "🏆" : `${rank}.`), span("seat-name", entry.name), span("total", String(entry.total)));
  return item;
}

// ---------------------------------------------------------------- timers (every 200 ms)

function tick() {
  const view = state.view;
  if (!view) return tournament.tick();
  if (view.phase === "lobby") {
    const ms = remaining(view.auto_start_ms);
    $("auto-start").hidden = ms == null;
    if (ms != null) $("auto-start").textContent = t("lobby.autoStart", { s: Math.ceil(ms / 1000) });
    return;
  }
  const round = view.round ?? {};
  tickClock(view, round);
  const closing = view.phase === "playing" ? remaining(round.closing_ms) : null;
  $("closing-banner").hidden = closing == null;
  if (closing != null) $("closing-banner").textContent = t("game.closing", { s: Math.ceil(closing / 1000) });
  if (view.phase === "card") {
    const left = remaining(round.card_ms) ?? 0;
    $("round-card-bar").style.width = `${Math.min(100, (100 * left) / ROUND_CARD_MS)}%`;
  }
  if (view.phase === "reveal") {
    const s = Math.ceil((remaining(round.reveal_ms) ?? 0) / 1000);
    const last = round.number >= round.of;
    $("reveal-next").textContent = t(last ? "reveal.final" : "reveal.next", { s });
  }
}

function tickClock(view, round) {
  // Before the round starts the clock shows its full length; it counts down only while playing.
  const ms = view.phase === "playing" ? remaining(round.clock_ms) : view.phase === "card" ? view.options.clock_s * 1000 : 0;
  const seconds = Math.ceil(ms / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  if ($("clock").textContent !== text) $("clock").textContent = text;
  $("clock").classList.toggle("urgent", view.phase === "playing" && seconds <= 10);
}

// ---------------------------------------------------------------- typing

/**
 * Physical keyboard, listened on the document (no text field), so an IME
 * never composes: for Korean the letter comes from `event.code`.
 */
function onPhysicalKey(event) {
  const view = state.view;
  const inTournament = !view && tournament.screen() === "tournament";
  if ((!view && !inTournament) || view?.phase === "lobby" || event.metaKey || (event.ctrlKey && !event.altKey)) return;
  const target = event.target;
  if (target.closest("input, select, textarea")) return;
  // A focused button (e.g. the palette toggle) keeps its own Enter and Space.
  if (target.closest("button") && (event.key === "Enter" || event.key === " ")) return;
  if (inTournament) {
    if (tournament.onKey(event)) event.preventDefault();
    return;
  }
  if (!canType(view)) return;
  if (event.key === "Enter") pressKey("enter");
  else if (event.key === "Backspace") pressKey("backspace");
  else {
    const letters = lettersFromKeyEvent(event, view.options.lang, alphabetOf(view));
    if (!letters) return;
    for (const letter of letters) state.composer.add(letter);
    renderOwnRows(view);
  }
  event.preventDefault();
}

/** One key of the on-screen keyboard, or its physical equivalent. */
function pressKey(key) {
  const view = state.view;
  if (!canType(view)) return;
  if (key === "enter") submitGuess(view);
  else if (key === "backspace") state.composer.backspace();
  else state.composer.add(key);
  renderOwnRows(view);
}

function submitGuess(view) {
  if (state.awaitingGuess) return;
  const composer = state.composer;
  if (!composer.full) {
    // Checked here to spare a round trip; the server would refuse it the same way.
    shakeRow($("board"), mySeat(view).rows.length);
    const text = t("refused.wrong_length", { n: WORD_LENGTH });
    showMessage(text);
    announce(text);
    return;
  }
  state.awaitingGuess = true;
  send({ type: "guess", word: composer.word() });
}

// ---------------------------------------------------------------- messages

let messageTimer = null;

function showMessage(text) {
  const el = $("message");
  el.textContent = text;
  el.classList.add("visible");
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => el.classList.remove("visible"), MESSAGE_MS);
}

/** Screen readers only: hints of a new row, round changes. */
function announce(text) {
  // The same text twice in a row would not be read again: nudge it.
  const el = $("announcer");
  el.textContent = text === state.lastAnnounced ? `${text} ` : text;
  state.lastAnnounced = el.textContent;
}

function showConnection(online) {
  const banner = $("connection");
  banner.hidden = online && !state.detached;
  $("connection-text").textContent = state.detached ? t("error.replaced") : t("conn.reconnecting");
  $("reconnect").hidden = !state.detached;
}

boot();
