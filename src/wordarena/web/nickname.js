// Nicknames as people see them: counted in user-perceived characters (grapheme
// clusters: one family emoji is one character), never cut in the middle of one.
// Pure (tests/web).

const segmenter = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** The user-perceived characters of a text. */
export function graphemes(text) {
  return segmenter ? [...segmenter.segment(text)].map((s) => s.segment) : [...text];
}

export function graphemeLength(text) {
  return graphemes(text).length;
}

/** The nickname as the server will keep it (trimmed, inner spaces collapsed, NFC). */
export function cleanNickname(raw) {
  return raw.normalize("NFC").replace(/\s+/gu, " ").trim();
}

/**
 * Whether a nickname can be sent: {ok: true, name} or {ok: false, reason, length}
 * with reason "empty" or "too_long" (the field then says so; nothing is cut).
 */
export function checkNickname(raw, max, maxCodePoints = Infinity) {
  const name = cleanNickname(raw);
  const length = graphemeLength(name);
  if (!length) return { ok: false, reason: "empty", length };
  if (length > max || [...name].length > maxCodePoints) return { ok: false, reason: "too_long", length };
  return { ok: true, name, length };
}

/**
 * Why the server refused a nickname: `error bad_name` (and `refused bad_name` inside a
 * game) carries the rule it broke as `reason` (core/nicknames.py, NameRule). The catalogue
 * key that says it in the interface language, or null for a rule this client does not know
 * (the server's own words are shown then).
 */
const NAME_RULES = {
  empty: "nickname.reason.empty",
  too_long: "nickname.reason.long",
  no_letter: "nickname.reason.visible",
  invisible: "nickname.reason.invisible",
  accents: "nickname.reason.accents",
  lone_accent: "nickname.reason.loneAccent",
  bot_mark: "nickname.reason.bot",
};

export function nameRefusalKey(reason) {
  return Object.hasOwn(NAME_RULES, reason) ? NAME_RULES[reason] : null;
}
