// GET /api/constants as the server sends it, for the node tests: tests/web/constants.json is
// written from site/constants.py, and tests/site/test_constants.py fails when the two differ.
import { readFileSync } from "node:fs";
import { C } from "../../src/wordarena/web/constants.js";

export const CONSTANTS = JSON.parse(readFileSync(new URL("./constants.json", import.meta.url), "utf8"));
Object.assign(C, structuredClone(CONSTANTS));
export { C };
