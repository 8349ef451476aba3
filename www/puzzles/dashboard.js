// The puzzle dashboard: the reader's rating over time (a small SVG graph),
// accuracy per theme, the weakest theme with a button to practise it, and
// the latest outcomes. Everything comes from the record (store.js): the
// first outcome of each puzzle, as it counted for the rating.

import { el } from "../shared/util.js";
import { START_RATING } from "./store.js";

/** A theme counts as "weakest" only after this many tries of it. */
export const WEAK_MIN_TRIES = 3;
const RECENT = 8;
const W = 240;
const H = 80;
const SVG_NS = "http://www.w3.org/2000/svg";

/** {theme: {tried, solved}} over the history's puzzles (a puzzle counts for each of its themes). */
export function themeAccuracy(history, byId) {
  const out = {};
  for (const h of history) {
    const p = byId.get(h.id);
    if (!p) continue;
    for (const t of p.themes) {
      const a = (out[t] ||= { tried: 0, solved: 0 });
      a.tried += 1;
      if (h.solved) a.solved += 1;
    }
  }
  return out;
}

/** The theme with the lowest share solved among those tried WEAK_MIN_TRIES times or more (ties: more tries first). */
export function weakestTheme(acc) {
  let best = null;
  for (const [theme, a] of Object.entries(acc)) {
    if (a.tried < WEAK_MIN_TRIES) continue;
    const r = a.solved / a.tried;
    if (!best || r < best.r || (r === best.r && a.tried > best.tried)) best = { theme, r, tried: a.tried };
  }
  return best ? best.theme : null;
}

function svgEl(tag, attrs) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** The rating after each outcome, from START_RATING, as an SVG line graph. */
function ratingGraph(history, T) {
  const values = [START_RATING, ...history.map((h) => h.rating)];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = Math.max(hi - lo, 50);
  const x = (i) => (values.length === 1 ? W / 2 : (i * W) / (values.length - 1));
  const y = (v) => H - 6 - ((v - lo) / span) * (H - 12);
  const svg = svgEl("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "pz-graph",
    role: "img",
    "aria-label": T.graphLabel(values[0], values[values.length - 1], lo, hi, history.length),
    "data-rating-graph": "",
    "data-points": values.length,
  });
  svg.append(svgEl("line", { x1: 0, y1: y(START_RATING), x2: W, y2: y(START_RATING), class: "pz-graph-base" }));
  svg.append(svgEl("polyline", { points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "), class: "pz-graph-line" }));
  return svg;
}

/**
 * Draws the dashboard into `root`. `onPractise(theme)` is called by the
 * "practise your weakest theme" button.
 */
export function renderDashboard(root, rec, byId, T, { onPractise }) {
  const h = rec.history;
  const kids = [el("h3", { id: "dash-title" }, T.dashHeading)];
  if (!h.length) {
    kids.push(el("p", { class: "pz-note" }, T.dashEmpty));
    root.replaceChildren(...kids);
    return;
  }
  kids.push(el("p", { class: "pz-dash-label" }, T.graphHeading), ratingGraph(h, T));

  const acc = themeAccuracy(h, byId);
  const table = el("table", { class: "pz-themes", "data-theme-accuracy": "" });
  table.append(el("caption", {}, T.accuracyHeading));
  const head = el("tr");
  head.append(el("th", { scope: "col" }, T.themeCol), el("th", { scope: "col" }, T.accuracyCol));
  table.append(head);
  const themes = Object.keys(acc).sort((a, b) => acc[b].tried - acc[a].tried || a.localeCompare(b));
  for (const t of themes) {
    const a = acc[t];
    const tr = el("tr", { "data-theme": t, "data-tried": a.tried, "data-solved": a.solved });
    tr.append(el("th", { scope: "row" }, T.themes[t] || t), el("td", {}, T.accuracy(a.solved, a.tried)));
    table.append(tr);
  }
  kids.push(table);

  const weak = weakestTheme(acc);
  if (weak) {
    const b = el("button", { type: "button", "data-practise-theme": weak }, T.practise(T.themes[weak] || weak));
    b.addEventListener("click", () => onPractise(weak));
    kids.push(b);
  } else {
    kids.push(el("p", { class: "pz-note" }, T.weakNotYet(WEAK_MIN_TRIES)));
  }

  const list = el("ol", { class: "pz-recent", "aria-labelledby": "dash-recent" });
  for (const r of h.slice(-RECENT).reverse()) {
    const li = el("li", { "data-history": r.solved ? "solved" : "failed" });
    const a = el("a", { href: `#id=${encodeURIComponent(r.id)}` }, T.historyItem(r.solved, r.rating));
    li.append(a);
    list.append(li);
  }
  kids.push(el("p", { class: "pz-dash-label", id: "dash-recent" }, T.recentHeading), list);
  root.replaceChildren(...kids);
}
