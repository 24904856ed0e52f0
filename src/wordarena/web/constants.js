// The games' numbers, from the server (GET /api/constants): the client copies
// no rule. `C` is filled once at start-up, before any screen is drawn.

export const C = {};

export async function loadConstants() {
  const response = await fetch("/api/constants");
  if (!response.ok) throw new Error("no constants");
  Object.assign(C, await response.json());
}

export function loaded() {
  return Boolean(C.duel);
}
