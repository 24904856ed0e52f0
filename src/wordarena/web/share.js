// Sharing a result without spoiling it: the game, the word
// language, an emoji grid made of the hint colours only, and a link: the game's
// replay once it is over (its page shows the words, but only to who opens it),
// else the site's home page.
// The text builders are pure (tests/web): they see patterns, never letters.

/** Hint marks (G, Y, -) as emoji; the high-contrast palette has its own. */
const SQUARES = {
  standard: { G: "🟩", Y: "🟨", "-": "⬛" },
  contrast: { G: "🟧", Y: "🟦", "-": "⬛" },
};
const PASSED = "▫️"; // a tournament turn that timed out

/** The link a shared text ends with: the replay's page when the view has one, else the home page. */
export function shareUrl(origin, replay) {
  const path = typeof replay === "string" && /^\/games\/[\w-]+$/.test(replay) ? replay : "/";
  return `${origin}${path}`;
}

export function emojiRow(pattern, contrast) {
  const squares = contrast ? SQUARES.contrast : SQUARES.standard;
  return [...pattern].map((mark) => squares[mark] ?? "⬛").join("");
}

/**
 * Duel de Mots: one block per round, "3/6" (or "X/6") then the player's rows.
 * `rounds`: [{number, patterns: ["G-Y--", ...], solved, points}].
 */
export function duelShareText({ title, language, rounds, total, placeText, url, contrast, t, rowsPerRound = 6 }) {
  const lines = [`${title} · ${language}`, placeText ? `${placeText} · ${t("share.points", { n: total })}` : t("share.points", { n: total })];
  for (const round of rounds) {
    const score = `${round.solved ? round.patterns.length : "X"}/${rowsPerRound}`;
    lines.push("", `${t("share.round", { n: round.number })}: ${score} (+${round.points})`);
    for (const pattern of round.patterns) lines.push(emojiRow(pattern, contrast));
  }
  lines.push("", url);
  return lines.join("\n");
}

/**
 * Tournament: the place and rating change, then one line per duel: its result
 * and the rows of the shared board (yours and your opponent's, in turn).
 * `duels`: [{round, outcome: "won"|"lost"|"draw"|"bye", rows: [{pattern, passed}]}].
 */
export function tournamentShareText({ title, language, placeText, ratingText, duels, url, contrast, t }) {
  const lines = [`${title} · ${language}`, placeText];
  if (ratingText) lines.push(ratingText);
  const marks = { won: "✅", lost: "❌", draw: "➖", bye: "💤" };
  for (const duel of duels) {
    const rows = duel.rows.map((row) => (row.passed || !row.pattern ? PASSED : emojiRow(row.pattern, contrast)));
    lines.push("", `${t("share.round", { n: duel.round })} ${marks[duel.outcome] ?? ""}`.trim());
    lines.push(...rows);
  }
  lines.push("", url);
  return lines.join("\n");
}

/**
 * Share `text`: the system's share sheet on touch devices (Web Share API),
 * else the clipboard. Resolves to "shared", "copied" or "failed".
 */
export async function shareText(text) {
  const touch = window.matchMedia?.("(pointer: coarse)").matches;
  if (touch && navigator.share) {
    try {
      await navigator.share({ text });
      return "shared";
    } catch (error) {
      if (error?.name === "AbortError") return "shared"; // the player closed the sheet
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch {
    return "failed";
  }
}
