// An estimate of the player's strength from the results against the bot's
// levels: the maximum-likelihood rating under the Elo model, where a player
// rated r scores E = 1 / (1 + 10^((R - r) / 400)) on average against a level
// rated R (a draw counts half a point).
//
// The levels' ratings come from the bot-against-bot matches in the README
// (each level against the one below: +366, +366, +545, +241, +215), put on
// a scale that starts at 800 for level 1. They are relative figures: the
// scale's zero is our choice, and bot-against-bot gaps are wider than the
// gaps people would show, so the estimate is a rough guide (docs/play.md).

export const LEVEL_ELO = { 1: 800, 2: 1166, 3: 1532, 4: 2077, 5: 2318, 6: 2533 };

const expected = (r, R) => 1 / (1 + Math.pow(10, (R - r) / 400));

/**
 * @param {{level: number, score: number}[]} games score 1, 0.5 or 0
 * @returns {null | {kind: "none"} | {kind: "above", elo} | {kind: "below", elo} | {kind: "estimate", elo, lo, hi}}
 */
export function estimateStrength(games) {
  const rated = games.filter((g) => LEVEL_ELO[g.level] !== undefined && [0, 0.5, 1].includes(g.score));
  if (!rated.length) return null;
  const total = rated.reduce((s, g) => s + g.score, 0);
  if (total === rated.length) return { kind: "above", elo: Math.max(...rated.map((g) => LEVEL_ELO[g.level])) };
  if (total === 0) return { kind: "below", elo: Math.min(...rated.map((g) => LEVEL_ELO[g.level])) };
  // The likelihood's slope, sum(score - E(r)), falls as r rises: bisect its zero.
  const slope = (r) => rated.reduce((s, g) => s + g.score - expected(r, LEVEL_ELO[g.level]), 0);
  let lo = -1000;
  let hi = 4500;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (slope(mid) > 0) lo = mid;
    else hi = mid;
  }
  const r = (lo + hi) / 2;
  // 95 % interval from the Fisher information: sum E(1-E) (ln 10 / 400)^2.
  const k = Math.LN10 / 400;
  const info = rated.reduce((s, g) => {
    const e = expected(r, LEVEL_ELO[g.level]);
    return s + e * (1 - e) * k * k;
  }, 0);
  const half = 1.96 / Math.sqrt(info);
  return { kind: "estimate", elo: Math.round(r), lo: Math.round(r - half), hi: Math.round(r + half) };
}
