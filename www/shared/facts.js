// The rule numbers (draw-count limits, crowning rows) as the engine states
// them: `ruleFacts()` of the wasm module, stored here by loadEngine() so that
// every text can use them. Null until the engine has loaded.

let facts = null;

export function setRuleFacts(f) {
  facts = f && typeof f === "object" ? f : null;
  if (!facts) return;
  for (const fn of waiting) fn(facts);
  waiting.clear();
}

/** The engine's rule numbers, or null before the engine has loaded. */
export function ruleFacts() {
  return facts;
}

/** The limit of the band that holds `pieces` ("kingsBalance" or "kingsOnly"). */
export function bandMoves(rule, pieces) {
  const band = (facts?.[rule] || []).find((b) => pieces >= b.minPieces && pieces <= b.maxPieces);
  return band ? band.moves : null;
}

const waiting = new Set();
/** Calls `fn(facts)` when the engine's facts arrive (at once if they have). */
export function onRuleFacts(fn) {
  if (facts) fn(facts);
  else waiting.add(fn);
}
