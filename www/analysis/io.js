// Loading and saving: a FEN, a PDN (with side lines) or a link pasted or
// opened; the link, PDN and FEN of the current position written out; the
// tree kept in the browser between visits.

import { announce } from "../shared/announce.js";
import { errorWhy } from "../shared/status-text.js";
import { T } from "./texts.js";
import { buildFromTokens, pdnTokens, Tree } from "./tree.js";
import { $, Game, S, START_FEN, TREE_KEY, gameAt, withGame } from "./state.js";
import { show } from "./view.js";
import { clearReview, openStoredFromHash } from "./review-panel.js";
import { leaveEditor } from "./editor.js";

function treeFromFen(text) {
  const g = Game.fromFen(text); // throws the engine's bad_fen error
  const t = new Tree(g.fen());
  g.free();
  return t;
}

function parseTags(pdn) {
  const tags = [];
  for (const line of pdn.split("\n")) {
    const m = /^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/.exec(line.trim());
    if (m && !["Result", "GameType", "FEN"].includes(m[1])) tags.push([m[1], m[2].replace(/\\(.)/g, "$1")]);
  }
  return tags;
}

/** `play(node, text)` for building a tree: the engine plays `text` at
 * `node`. Consecutive moves of one line reuse one Game (no replay from
 * the start for each move). Call `done()` at the end. */
function linePlayer(t) {
  let game = null;
  let at = null; // {parent, notation}: the game stands after this move
  const play = (node, text) => {
    const continues = game && at && node.parent === at.parent && node.move && node.move.notation === at.notation;
    const fresh = game && !at && node === t.root;
    if (!continues && !fresh) {
      if (game) game.free();
      game = gameAt(node, t);
    }
    const move = game.play(text);
    at = { parent: node, notation: move.notation };
    return { move, fen: game.fen() };
  };
  game = Game.fromFen(t.startFen);
  return { play, done: () => game && game.free() };
}

export function treeFromPdn(text) {
  const g = Game.fromPdn(text); // throws the engine's bad_pdn error (line, move, reason)
  const t = new Tree(g.startFen());
  t.tags = parseTags(g.pdn());
  g.free();
  // The variations: the engine has read the main line; each side line's
  // moves are played by the engine too.
  const player = linePlayer(t);
  try {
    buildFromTokens(t, pdnTokens(text), player.play);
  } finally {
    player.done();
  }
  return t;
}

export function treeFromLink(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const fen = params.get("fen");
  const moves = (params.get("moves") || "").trim().split(/[\s,]+/).filter(Boolean);
  const t = fen ? treeFromFen(fen) : new Tree(START_FEN);
  let node = t.root;
  const player = linePlayer(t);
  try {
    for (const m of moves) {
      const { move, fen: after } = player.play(node, m);
      node = t.add(node, move, after);
    }
  } finally {
    player.done();
  }
  const ply = Number(params.get("ply"));
  const path = t.path(node);
  const at = Number.isInteger(ply) && params.has("ply") && ply >= 0 && ply <= path.length ? (ply === 0 ? t.root : path[ply - 1]) : node;
  return { tree: t, node: at };
}

export function replaceTree(t, node = t.root) {
  clearReview();
  S.tree = t;
  if (S.mode === "edit") leaveEditor(null);
  show(node);
}

export function isLink(text) {
  return /#.*\b(fen|moves)=/.test(text) || /^(fen|moves)=/.test(text);
}

function isFen(text) {
  return /^\s*"?[WB]\s*:/i.test(text) || /^\s*\[FEN\s+"[^"]*"\]\s*$/i.test(text);
}

function loadText(text) {
  const t = text.trim();
  if (!t) return T.emptyPaste;
  try {
    if (isLink(t)) {
      const r = treeFromLink(t.includes("#") ? t.slice(t.indexOf("#")) : t);
      replaceTree(r.tree, r.node);
      return "";
    }
    if (isFen(t)) {
      replaceTree(treeFromFen(t));
      announce(T.loadedFen);
      return "";
    }
    replaceTree(treeFromPdn(t));
    announce(T.loadedPdn);
    return "";
  } catch (e) {
    if (isLink(t)) return T.badLink(errorWhy(e));
    return isFen(t) ? T.badFen(errorWhy(e)) : T.badPdn(errorWhy(e));
  }
}

$("btn-paste").addEventListener("click", () => {
  const err = loadText($("paste-in").value);
  $("paste-error").textContent = err;
  $("paste-in").setAttribute("aria-invalid", String(!!err));
});

function linkFor(node) {
  const params = new URLSearchParams();
  if (S.tree.startFen !== START_FEN) params.set("fen", S.tree.startFen);
  const end = S.tree.lineEnd(node);
  const moves = S.tree.moves(end);
  if (moves.length) params.set("moves", moves.join(" "));
  if (end !== node) params.set("ply", String(node.ply));
  const base = `${location.origin}${location.pathname}`;
  return `${base}#${params.toString()}`;
}

function pdnText() {
  const end = S.tree.lineEnd(S.tree.root);
  return withGame(end, (g) => {
    for (const [name, value] of S.tree.tags) {
      try {
        g.setTag(name, value);
      } catch {
        /* a tag the engine refuses is left out */
      }
    }
    const written = g.pdn();
    const header = written.split("\n\n")[0];
    const result = written.trim().split(/\s+/).pop();
    return `${header}\n\n${S.tree.movetext(result)}\n`;
  });
}

// The link, PDN and saved copy are written a moment after the last change,
// so stepping through a game does not rewrite them at every step.
let outputsTimer = null;
export function scheduleOutputs() {
  $("fen-out").value = S.current.fen;
  clearTimeout(outputsTimer);
  outputsTimer = setTimeout(() => {
    renderOutputs();
    saveTree();
  }, 150);
}

function renderOutputs() {
  $("link-out").value = linkFor(S.current);
  $("pdn-out").value = pdnText();
}

function saveTree() {
  try {
    localStorage.setItem(TREE_KEY, JSON.stringify({ pdn: $("pdn-out").value, path: S.tree.moves(S.current) }));
  } catch {
    /* storage unavailable */
  }
}

for (const b of document.querySelectorAll("[data-copy]")) {
  b.addEventListener("click", async () => {
    const field = $(b.dataset.copy);
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      document.execCommand && document.execCommand("copy");
    }
    announce(T.copied);
  });
}

/** Once a link is open, the address loses its hash: a reload then brings
 * back the tree as the user left it (saved in the browser). */
export function dropHash() {
  history.replaceState(null, "", location.pathname + location.search);
}

window.addEventListener("hashchange", () => {
  if (!location.hash) return;
  if (openStoredFromHash()) return;
  const err = loadText(location.hash);
  $("paste-error").textContent = err;
  if (err) $("io").open = true;
  else dropHash();
});

/** The tree to open with: a link in the address, else the one kept in the
 * browser, else the start; returns the node to show. */
export function restore() {
  if (location.hash && isLink(location.hash)) {
    try {
      const r = treeFromLink(location.hash);
      S.tree = r.tree;
      dropHash();
      return r.node;
    } catch (e) {
      $("paste-error").textContent = T.badLink(errorWhy(e));
      $("io").open = true;
    }
  }
  try {
    const saved = JSON.parse(localStorage.getItem(TREE_KEY) || "null");
    if (saved && typeof saved.pdn === "string") {
      const t = treeFromPdn(saved.pdn);
      let node = t.root;
      for (const m of saved.path || []) {
        const next = node.children.find((c) => c.move.notation === m);
        if (!next) break;
        node = next;
      }
      S.tree = t;
      return node;
    }
  } catch {
    /* a bad saved tree is ignored */
  }
  return S.tree.root;
}
