// What the browser keeps between visits (localStorage) and within a tab
// (sessionStorage). Keys in one place.

export const LOCAL = {
  token: "wordarena.token", // the secret of this browser's identity
  wordLang: "wordarena.wordLang",
  tournamentLang: "wordarena.tournamentLang",
  sound: "wordarena.sound",
  turnAlerts: "wordarena.turnAlerts", // "on" | "off": notifications and vibration at your turn
};

export const SESSION = {
  tournament: "wordarena.tournament",
  group: "wordarena.group",
  queue: "wordarena.queue",
  typed: "wordarena.typed", // letters typed but not sent, kept across a reload
  duels: "wordarena.duels", // this tab's tournament duels, for sharing the result
  refused: "wordarena.refused", // words refused this round, for a word report
};

export function readJson(storage, key) {
  try {
    return JSON.parse(storage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

export function writeJson(storage, key, value) {
  if (value == null) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}
