// The move tree of the analysis board: a start position and, below it,
// moves with side lines. Pure data: every move in it was played by the
// engine (the page passes in what Game.play returned), and reading PDN
// text back asks the engine for every move through `play`.
//
// A node is {id, parent, children, move, fen, ply}; children[0] continues
// the line, children[1..] are side lines (alternatives to children[0]).

export class Tree {
  /** @param {string} startFen the start position (engine-written FEN) */
  constructor(startFen) {
    this.startFen = startFen;
    this.nextId = 1;
    this.root = { id: 0, parent: null, children: [], move: null, fen: startFen, ply: 0 };
    this.nodes = new Map([[0, this.root]]);
    /** PDN tags of a loaded game ([name, value] pairs), written back out. */
    this.tags = [];
    /** Bumped on every change of shape (views redraw only then). */
    this.version = 0;
  }

  get(id) {
    return this.nodes.get(id) || null;
  }

  /** The child of `parent` reached by `move` (a MoveObject), made if new. */
  add(parent, move, fen) {
    const same = parent.children.find((c) => c.move.notation === move.notation);
    if (same) return same;
    const node = { id: this.nextId++, parent, children: [], move, fen, ply: parent.ply + 1 };
    this.version++;
    parent.children.push(node);
    this.nodes.set(node.id, node);
    return node;
  }

  /** The nodes from the first move to `node` (empty for the root). */
  path(node) {
    const out = [];
    for (let n = node; n && n.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  /** The notations from the start to `node`. */
  moves(node) {
    return this.path(node).map((n) => n.move.notation);
  }

  /** The last node of the line through `node` (following children[0]). */
  lineEnd(node) {
    let n = node;
    while (n.children.length) n = n.children[0];
    return n;
  }

  /** The main line: the nodes from the first move following children[0]. */
  mainLine() {
    return this.path(this.lineEnd(this.root));
  }

  /** True when `node` lies on the main line. */
  onMainLine(node) {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** Makes the side line holding `node` the main continuation where it
   * branches off. Returns false when it already is. */
  promote(node) {
    for (let n = node; n.parent; n = n.parent) {
      const sib = n.parent.children;
      const i = sib.indexOf(n);
      if (i > 0) {
        sib.splice(i, 1);
        sib.unshift(n);
        this.version++;
        return true;
      }
    }
    return false;
  }

  /** Deletes `node` and everything after it; returns its parent. */
  remove(node) {
    if (!node.parent) return node;
    const drop = (n) => {
      this.nodes.delete(n.id);
      n.children.forEach(drop);
    };
    drop(node);
    const sib = node.parent.children;
    sib.splice(sib.indexOf(node), 1);
    this.version++;
    return node.parent;
  }

  /** Which side moved into `node`, and its move number. */
  numbering(node) {
    const blackFirst = this.startFen.trim().startsWith("B");
    const index = node.ply - 1 + (blackFirst ? 1 : 0);
    return { white: index % 2 === 0, number: Math.floor(index / 2) + 1 };
  }

  /** `12.` before a White move, `12...` before a Black one. */
  numberText(node) {
    const { white, number } = this.numbering(node);
    return white ? `${number}.` : `${number}...`;
  }

  /** The move text of the whole tree in PDN, side lines as (variations). */
  movetext(result = "*") {
    const words = [];
    const writeFrom = (start, needNumber) => {
      let cur = start;
      let need = needNumber;
      while (cur.children.length) {
        const [main, ...alts] = cur.children;
        const { white } = this.numbering(main);
        words.push(white || need ? `${this.numberText(main)} ${main.move.notation}` : main.move.notation);
        for (const alt of alts) {
          words.push("(");
          words.push(`${this.numberText(alt)} ${alt.move.notation}`);
          writeFrom(alt, false);
          words.push(")");
        }
        need = alts.length > 0;
        cur = main;
      }
    };
    writeFrom(this.root, true);
    words.push(result);
    // Wrap at 80 columns; a move number stays with its move.
    const lines = [];
    let line = "";
    for (const w of words) {
      const glue = line === "" || line.endsWith("(") || w === ")" ? "" : " ";
      if (line.length + glue.length + w.length > 80 && line !== "") {
        lines.push(line);
        line = w;
      } else {
        line += glue + w;
      }
    }
    if (line) lines.push(line);
    return lines.join("\n");
  }
}

const RESULTS = new Set(["2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "*"]);

/**
 * The move tokens of the first game of a PDN text, with "(" and ")" for
 * variations: tags, comments, NAGs, move numbers and marks dropped. Only
 * the structure is read here; every move is checked by the engine.
 * @returns {string[]}
 */
export function pdnTokens(text) {
  const out = [];
  let i = 0;
  let depth = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === "{") {
      const j = text.indexOf("}", i);
      i = j < 0 ? n : j + 1;
    } else if (c === "[") {
      const j = text.indexOf("]", i);
      i = j < 0 ? n : j + 1;
    } else if (c === ";" || (c === "%" && (i === 0 || text[i - 1] === "\n"))) {
      const j = text.indexOf("\n", i);
      i = j < 0 ? n : j + 1;
    } else if (c === "(" || c === ")") {
      depth += c === "(" ? 1 : -1;
      out.push(c);
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      let j = i;
      while (j < n && !/[\s(){};[]/.test(text[j])) j++;
      let word = text.slice(i, j);
      i = j;
      if (word.startsWith("$")) continue;
      word = word.replace(/^\d+\.+/, "").replace(/[!?]+$/, "");
      if (!word) continue;
      if (RESULTS.has(word)) {
        if (depth <= 0) break; // the end of the first game
        continue;
      }
      out.push(word);
    }
  }
  return out;
}

/**
 * Builds the moves of `tokens` into `tree` from its root. `play(node,
 * text)` asks the engine for the move `text` in the position of `node`
 * and returns {move, fen}, or throws the engine's error.
 */
export function buildFromTokens(tree, tokens, play) {
  // An error shaped like the engine's, with a detail code the pages word
  // (www/i18n `detail.<code>`; the engine's own codes where they fit).
  const refuse = (code, message) => Object.assign(new Error(message), { code: "bad_pdn", detail: { code, params: {} } });
  let cur = tree.root;
  let last = null; // the node of the last move read at this level
  const stack = [];
  for (const t of tokens) {
    if (t === "(") {
      if (!last) throw refuse("pdnVariationFirst", "a variation '(' before any move");
      stack.push({ cur, last });
      cur = last.parent;
      last = null;
    } else if (t === ")") {
      if (!stack.length) throw refuse("pdnStrayParen", "')' without a '(' before it");
      ({ cur, last } = stack.pop());
    } else {
      const { move, fen } = play(cur, t);
      const node = tree.add(cur, move, fen);
      last = node;
      cur = node;
    }
  }
  if (stack.length) throw refuse("pdnVariationOpen", "a variation '(' is never closed");
}
