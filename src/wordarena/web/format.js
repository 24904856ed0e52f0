// Small text formats, pure (tests/web).

/** "+11", "-4", "±0": the sign always shows. */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `-${-n}` : "±0";
}

/** 75000 ms → "1:15" (rounded up: a clock never shows 0:00 while time is left). */
export function clockText(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Whole seconds left, rounded up. */
export function secondsLeft(ms) {
  return Math.ceil(Math.max(0, ms) / 1000);
}

/** Equal values share a place (1, 2, 2, 4) in a list sorted best first. */
export function sharedRanks(values) {
  return values.map((value, index) => {
    let first = index;
    while (first > 0 && values[first - 1] === value) first -= 1;
    return first + 1;
  });
}
