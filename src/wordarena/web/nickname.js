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
 * Why the server refused a nickname (`error bad_name`): its message says which rule
 * was broken (core/nicknames.py), in English. The catalogue key of that rule, to
 * say it in the interface language, or null for a message this client does not know.
 */
const NAME_RULES = [
  [/\bempty\b/, "nickname.reason.empty"],
  [/longer than/, "nickname.reason.long"],
  [/visible letter or digit/, "nickname.reason.visible"],
  [/\(bot\)/, "nickname.reason.bot"],
  [/invisible|control/, "nickname.reason.invisible"],
  [/too many accents/, "nickname.reason.accents"],
  [/lone accent/, "nickname.reason.loneAccent"],
];

export function nameRefusalKey(message) {
  const text = String(message ?? "");
  return NAME_RULES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
