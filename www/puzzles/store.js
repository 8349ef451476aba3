// The reader's puzzle record, kept in localStorage: an Elo-like rating, the
// current and best streak, and which puzzles were solved or failed (each
// puzzle counts for the rating once: at its first outcome), and the history
// of those first outcomes, oldest first, for the dashboard (dashboard.js):
// {id, solved, rating (the reader's rating after it), t (ms since 1970)}.

const KEY = "shashki.puzzles.v1";
export const START_RATING = 1200;
const K = 32;
/** The history keeps this many outcomes (the oldest go first). */
export const HISTORY_MAX = 1000;

function fresh() {
  return { rating: START_RATING, streak: 0, best: 0, results: {}, history: [] };
}

export function load() {
  try {
    const d = JSON.parse(localStorage.getItem(KEY) || "null");
    if (!d || typeof d !== "object") return fresh();
    const results = {};
    if (d.results && typeof d.results === "object") {
      for (const [id, r] of Object.entries(d.results)) if (r === "solved" || r === "failed") results[id] = r;
    }
    const num = (v, dflt) => (Number.isFinite(v) ? v : dflt);
    const history = (Array.isArray(d.history) ? d.history : [])
      .filter((h) => h && typeof h.id === "string" && typeof h.solved === "boolean" && Number.isFinite(h.rating))
      .map((h) => ({ id: h.id, solved: h.solved, rating: Math.round(h.rating), t: num(h.t, 0) }))
      .slice(-HISTORY_MAX);
    return {
      rating: Math.round(num(d.rating, START_RATING)),
      streak: Math.max(0, Math.floor(num(d.streak, 0))),
      best: Math.max(0, Math.floor(num(d.best, 0))),
      results,
      history,
    };
  } catch {
    return fresh(); // storage unavailable or damaged: start afresh
  }
}

export function save(rec) {
  try {
    localStorage.setItem(KEY, JSON.stringify(rec));
  } catch {
    /* private mode or full storage: the record lasts for this visit only */
  }
}

export function reset() {
  const rec = fresh();
  save(rec);
  return rec;
}

/** Expected score of a reader rated `r` against a puzzle rated `p`. */
export function expected(r, p) {
  return 1 / (1 + 10 ** ((p - r) / 400));
}

/**
 * Records the first outcome of puzzle `id` (rated `puzzleRating`):
 * returns the rating change, or null when the puzzle had already counted.
 */
export function record(rec, id, puzzleRating, solved) {
  if (rec.results[id]) return null;
  const delta = Math.round(K * ((solved ? 1 : 0) - expected(rec.rating, puzzleRating)));
  rec.rating += delta;
  rec.results[id] = solved ? "solved" : "failed";
  rec.streak = solved ? rec.streak + 1 : 0;
  rec.best = Math.max(rec.best, rec.streak);
  rec.history.push({ id, solved, rating: rec.rating, t: Date.now() });
  if (rec.history.length > HISTORY_MAX) rec.history.splice(0, rec.history.length - HISTORY_MAX);
  save(rec);
  return delta;
}

export function solvedCount(rec) {
  return Object.values(rec.results).filter((r) => r === "solved").length;
}
