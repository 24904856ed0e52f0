// The English catalogue, loaded as the page loads it (GET /static/i18n/en.json), for tests
// that read the texts the player sees ("Next round in 3 s") rather than their keys.
import { readFileSync } from "node:fs";
import { setLanguage } from "../../src/wordarena/web/i18n.js";

export const ENGLISH = JSON.parse(readFileSync(new URL("../../src/wordarena/web/i18n/en.json", import.meta.url), "utf8"));

/** Serve the catalogue (and nothing else: no store behind these tests) and load it. */
export async function useEnglish() {
  globalThis.fetch = async (url) =>
    url === "/static/i18n/en.json" ? { ok: true, status: 200, json: async () => ENGLISH } : { ok: false, status: 404, json: async () => null };
  await setLanguage("en", { translate: false });
}
