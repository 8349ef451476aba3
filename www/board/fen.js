// Reads the pieces out of a FEN for drawing only, before the wasm engine
// has loaded: the board can show the start position, the saved game or a
// diagram at once. It checks no rule. Whatever it cannot read plainly
// gives null, and the caller waits for the engine, which reads every FEN
// for real (and whose board then replaces this one).
//
//   piecesFromFen("W:Wc3,Kd4:B21-24") -> [{square: "c3", piece: "white-man"}, ...]

import { FILES } from "./geometry.js";

/** The usual start: 12 men a side. */
export const START_FEN =
  "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";

/** Numeric square (1 = b8 ... 32 = g1, as PDN numbers them) to its name. */
function numberToSquare(n) {
  if (!(n >= 1 && n <= 32)) return null;
  const row = Math.floor((n - 1) / 4); // 0 = rank 8
  const k = (n - 1) % 4;
  const file = row % 2 === 0 ? 2 * k + 1 : 2 * k;
  return FILES[file] + String(8 - row);
}

function squaresOf(token) {
  const range = /^(\d{1,2})-(\d{1,2})$/.exec(token);
  if (range) {
    const a = Number(range[1]);
    const b = Number(range[2]);
    if (!(a >= 1 && b <= 32 && a <= b)) return null;
    const out = [];
    for (let n = a; n <= b; n++) out.push(numberToSquare(n));
    return out;
  }
  if (/^\d{1,2}$/.test(token)) {
    const s = numberToSquare(Number(token));
    return s ? [s] : null;
  }
  if (/^[a-h][1-8]$/.test(token)) {
    const f = token.charCodeAt(0) - 97;
    const r = token.charCodeAt(1) - 49;
    return (f + r) % 2 === 0 ? [token] : null; // dark squares only
  }
  return null;
}

/**
 * The pieces of a FEN as Board positions ([{square, piece}]), plus the side
 * to move; null when the text is not a FEN this reader understands.
 * @param {string} fen
 * @returns {{turn: "white"|"black", position: {square: string, piece: string}[]} | null}
 */
export function readFen(fen) {
  if (typeof fen !== "string" || fen.length > 1024) return null;
  let t = fen.trim();
  const wrapped = /^\[\s*FEN\s+"([^"]*)"\s*\]$/i.exec(t);
  if (wrapped) t = wrapped[1].trim();
  const fields = t.replace(/\.$/, "").split(":");
  const side = fields[0].trim().toUpperCase();
  if (side !== "W" && side !== "B") return null;
  const taken = new Set();
  const position = [];
  let lists = 0;
  for (const raw of fields.slice(1)) {
    const field = raw.trim();
    const color = { W: "white", B: "black" }[field[0]?.toUpperCase()];
    if (!color) continue; // trailing fields such as H0 or F1
    lists += 1;
    const body = field.slice(1).trim();
    if (!body) continue;
    for (let item of body.split(",")) {
      item = item.trim();
      let role = "man";
      if (/^K/i.test(item)) {
        role = "king";
        item = item.slice(1);
      }
      const squares = squaresOf(item.toLowerCase());
      if (!squares) return null;
      for (const square of squares) {
        if (taken.has(square)) return null;
        taken.add(square);
        position.push({ square, piece: `${color}-${role}` });
      }
    }
  }
  if (lists !== 2) return null;
  return { turn: side === "W" ? "white" : "black", position };
}

/** Just the pieces of a FEN ([{square, piece}]), or null. */
export function piecesFromFen(fen) {
  const r = readFen(fen);
  return r ? r.position : null;
}
