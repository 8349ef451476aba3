// SVG rendering of the board: frame, coordinates, squares, marks, pieces.
// Knows nothing about rules: it draws what board.js tells it to.

import { has, t } from "../i18n/i18n.js";
import {
  ALL_SQUARES,
  FILES,
  MARGIN,
  SIZE,
  SQ,
  fileOf,
  isDark,
  rankOf,
  squareCenter,
  squareOrigin,
} from "./geometry.js";

const NS = "http://www.w3.org/2000/svg";
let instances = 0;

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(e);
  return e;
}

/** "white man", "чёрная дамка": the piece's name in the reader's language. */
export function pieceName(piece) {
  const key = `board.piece.${piece}`;
  return has(key) ? t(key) : piece;
}

/** Builds the static skeleton: returns the svg and its layers. */
export function createSvg(label) {
  const id = `sb${++instances}`;
  const svg = el("svg", {
    viewBox: `0 0 ${SIZE} ${SIZE}`,
    class: "sb-board",
    role: "group",
    "aria-label": label || t("board.label"),
    "aria-roledescription": "board",
  });
  const defs = el("defs", {}, svg);

  // Wood of the frame.
  const frameGrad = el("linearGradient", { id: `${id}-frame`, x1: 0, y1: 0, x2: 1, y2: 1 }, defs);
  el("stop", { offset: "0", class: "sb-frame-stop1" }, frameGrad);
  el("stop", { offset: "1", class: "sb-frame-stop2" }, frameGrad);

  // Piece tops: a soft light from the upper left.
  for (const color of ["white", "black"]) {
    const g = el(
      "radialGradient",
      { id: `${id}-${color}`, cx: "0.38", cy: "0.32", r: "0.75", fx: "0.34", fy: "0.28" },
      defs,
    );
    el("stop", { offset: "0", class: `sb-${color}-hi` }, g);
    el("stop", { offset: "0.55", class: `sb-${color}-mid` }, g);
    el("stop", { offset: "1", class: `sb-${color}-lo` }, g);
  }

  // The crown drawn on kings (centred on 0,0).
  const crown = el("symbol", { id: `${id}-crown`, viewBox: "-30 -26 60 48", overflow: "visible" }, defs);
  el(
    "path",
    {
      class: "sb-crown",
      d: "M-21 12 L-25 -11 L-11 1 L0 -18 L11 1 L25 -11 L21 12 Z M-21 15 H21 V21 H-21 Z",
    },
    crown,
  );
  for (const [cx, cy] of [[-25, -13], [0, -20], [25, -13]]) {
    el("circle", { class: "sb-crown", cx, cy, r: 4 }, crown);
  }

  const arrowHead = el(
    "marker",
    {
      id: `${id}-arrowhead`,
      viewBox: "0 0 10 10",
      refX: 5,
      refY: 5,
      markerWidth: 3.2,
      markerHeight: 3.2,
      orient: "auto-start-reverse",
    },
    defs,
  );
  el("path", { d: "M0 0 L10 5 L0 10 Z", class: "sb-arrowhead" }, arrowHead);

  el("rect", { x: 0, y: 0, width: SIZE, height: SIZE, rx: 14, class: "sb-frame", fill: `url(#${id}-frame)` }, svg);
  el(
    "rect",
    { x: MARGIN - 3, y: MARGIN - 3, width: 8 * SQ + 6, height: 8 * SQ + 6, class: "sb-inlay" },
    svg,
  );

  const layers = {
    coords: el("g", { class: "sb-coords", "aria-hidden": "true" }, svg),
    squares: el("g", { class: "sb-squares" }, svg),
    // square names drawn on the dark squares (shown by the "on the squares"
    // coordinates setting, board.css)
    names: el("g", { class: "sb-square-names", "aria-hidden": "true" }, svg),
    marks: el("g", { class: "sb-marks", "aria-hidden": "true" }, svg),
    pieces: el("g", { class: "sb-pieces", "aria-hidden": "true" }, svg),
    dests: el("g", { class: "sb-dests", "aria-hidden": "true" }, svg),
    arrows: el("g", { class: "sb-arrows", "aria-hidden": "true" }, svg),
    drag: el("g", { class: "sb-drag", "aria-hidden": "true" }, svg),
  };

  const squares = new Map();
  // Document order = reading order with White at the bottom: a8 ... h1.
  const readingOrder = [...ALL_SQUARES].sort((a, b) => rankOf(b) - rankOf(a) || fileOf(a) - fileOf(b));
  for (const name of readingOrder) {
    const dark = isDark(fileOf(name), rankOf(name));
    const rect = el(
      "rect",
      {
        width: SQ,
        height: SQ,
        "data-square": name,
        class: dark ? "sb-sq sb-dark" : "sb-sq sb-light",
      },
      layers.squares,
    );
    if (dark) {
      rect.setAttribute("role", "button");
      rect.setAttribute("tabindex", "-1");
    } else {
      rect.setAttribute("aria-hidden", "true");
    }
    squares.set(name, rect);
  }
  return { svg, id, layers, squares };
}

/** Places squares and coordinate labels for an orientation. */
export function layoutSquares(dom, orientation) {
  for (const [name, rect] of dom.squares) {
    const o = squareOrigin(name, orientation);
    rect.setAttribute("x", o.x);
    rect.setAttribute("y", o.y);
  }
  const names = dom.layers.names;
  if (names) {
    if (!names.firstChild) {
      for (const [name, rect] of dom.squares) {
        if (rect.classList.contains("sb-dark")) el("text", { class: "sb-square-name", "data-name": name }, names).textContent = name;
      }
    }
    for (const t of names.children) {
      const o = squareOrigin(t.getAttribute("data-name"), orientation);
      t.setAttribute("x", o.x + 4);
      t.setAttribute("y", o.y + SQ - 5);
    }
  }
  const c = dom.layers.coords;
  if (!c.firstChild) {
    for (let i = 0; i < 8; i++) {
      const x = MARGIN + i * SQ + SQ / 2;
      const y = MARGIN + i * SQ + SQ / 2;
      el("text", { x, y: SIZE - MARGIN / 2, class: "sb-coord sb-file" }, c);
      el("text", { x: MARGIN / 2, y, class: "sb-coord sb-rank" }, c);
    }
  }
  const files = c.querySelectorAll(".sb-file");
  const ranks = c.querySelectorAll(".sb-rank");
  for (let i = 0; i < 8; i++) {
    files[i].textContent = orientation === "black" ? FILES[7 - i] : FILES[i];
    ranks[i].textContent = String(orientation === "black" ? i + 1 : 8 - i);
  }
}

/** One piece as an SVG group, centred on its square. */
export function pieceElement(dom, piece, square, orientation) {
  const [color, role] = piece.split("-");
  const g = el("g", { class: `sb-piece sb-${color}`, "data-piece": piece, "data-square": square });
  const inner = el("g", { class: "sb-piece-body" }, g);
  el("ellipse", { cx: 3, cy: 9, rx: 38, ry: 36, class: "sb-shadow" }, inner);
  el("circle", { cx: 0, cy: 4, r: 38, class: "sb-edge" }, inner);
  el("circle", { cx: 0, cy: -1, r: 37, class: "sb-top", fill: `url(#${dom.id}-${color})` }, inner);
  el("circle", { cx: 0, cy: -1, r: 27, class: "sb-groove" }, inner);
  el("circle", { cx: 0, cy: -1, r: 16, class: "sb-groove sb-groove-inner" }, inner);
  if (role === "king") addCrown(dom, g);
  placePiece(g, squareCenter(square, orientation));
  return g;
}

export function addCrown(dom, g) {
  const body = g.querySelector(".sb-piece-body");
  if (body.querySelector(".sb-crown-use")) return;
  el("use", { href: `#${dom.id}-crown`, x: -23, y: -23, width: 46, height: 44, class: "sb-crown-use" }, body);
}

export function placePiece(g, p, scale = 1) {
  g.setAttribute("transform", `translate(${p.x} ${p.y})${scale !== 1 ? ` scale(${scale})` : ""}`);
}

/** Square highlight rectangle (last move, selection, focus). */
export function squareMark(parent, square, orientation, cls) {
  const o = squareOrigin(square, orientation);
  return el("rect", { x: o.x, y: o.y, width: SQ, height: SQ, class: cls, "data-mark-square": square }, parent);
}

/** A dot or ring centred on a square (destinations, hops, must-capture). */
export function circleMark(parent, square, orientation, cls, r) {
  const c = squareCenter(square, orientation);
  return el("circle", { cx: c.x, cy: c.y, r, class: cls, "data-mark-square": square }, parent);
}

/** An arrow along a move's path (used for hints). */
export function pathArrow(dom, parent, path, orientation, cls) {
  const pts = path.map((s) => squareCenter(s, orientation));
  // stop short of the last centre so the head sits inside the square
  const last = pts[pts.length - 1];
  const prev = pts[pts.length - 2];
  const dx = last.x - prev.x;
  const dy = last.y - prev.y;
  const len = Math.hypot(dx, dy) || 1;
  const end = { x: last.x - (dx / len) * 18, y: last.y - (dy / len) * 18 };
  const d = [pts[0], ...pts.slice(1, -1), end].map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join(" ");
  return el("path", { d, class: cls, "marker-end": `url(#${dom.id}-arrowhead)` }, parent);
}
