// Views as deltas (docs/protocol.md, "Deltas"): after a first whole view, the server
// sends only what changed. A delta applies to the view of version `base` only; any
// other view (a frame lost, a view this client set aside) means: ask for a whole one.

/**
 * The view `delta` makes of `view`, as a new object (the old one is left as it was),
 * or null when the delta does not follow `view`: send `resync` then.
 */
export function applyDelta(view, delta) {
  if (!view || view.type !== delta.of || view.code !== delta.code || view.version !== delta.base) return null;
  const next = { ...view };
  const copied = new Set();
  for (const [key, value] of Object.entries(delta.set)) {
    const slash = key.indexOf("/");
    if (slash < 0) {
      next[key] = value;
      copied.add(key); // a whole new value: its items may be patched after without touching the old view
      continue;
    }
    const name = key.slice(0, slash);
    if (!Array.isArray(next[name])) return null;
    if (!copied.has(name)) {
      next[name] = [...next[name]];
      copied.add(name);
    }
    next[name][Number(key.slice(slash + 1))] = value;
  }
  for (const key of delta.unset) delete next[key];
  return next;
}
