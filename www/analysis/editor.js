// The position editor: a palette of pieces put on the board square by
// square (the board's square mode), the side to move, a FEN box; the
// engine's validateSetup says whether the position can be analysed. The
// unfinished work is kept in the browser and comes back after a reload.

import { announce } from "../shared/announce.js";
import { detailText, errorWhy } from "../shared/status-text.js";
import { T } from "./texts.js";
import { Tree } from "./tree.js";
import { $, DRAFT_KEY, Game, S, START_FEN, editor, validateSetup } from "./state.js";
import { board, show } from "./view.js";
import { renderIdle, stopAnalysis } from "./live.js";
import { clearReview } from "./review-panel.js";

function editorPosition() {
  return [...editor.pieces].map(([square, piece]) => ({ square, piece }));
}

function saveDraft() {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ pieces: editorPosition(), turn: editor.turn, dirty: editor.dirty }));
  } catch {
    /* storage unavailable: the draft lives on in the page */
  }
}

function validateEditor() {
  let check;
  try {
    check = validateSetup(editorPosition(), editor.turn);
  } catch (e) {
    check = { valid: false, fen: null, error: { why: errorWhy(e) } };
  }
  editor.valid = check.valid ? check.fen : null;
  let message = check.valid ? "" : T.editorInvalid(check.error.why || detailText(check.error.detail));
  if (check.valid) {
    const g = Game.fromFen(check.fen);
    if (!g.legalMoves().length) message = T.editorNoMoves(editor.turn);
    g.free();
    const fenBox = $("editor-fen");
    if (document.activeElement !== fenBox) fenBox.value = check.fen;
  }
  $("editor-error").textContent = message;
  $("status").textContent = T.toMove(editor.turn);
  $("editor-fen").setAttribute("aria-invalid", String(!check.valid));
  $("editor-done").disabled = !check.valid;
}

function drawEditor({ edited = true } = {}) {
  if (edited) editor.dirty = true;
  board.set({ position: editorPosition(), legalMoves: [], lastMove: null, hint: null, viewOnly: false, onSquare: editSquare });
  validateEditor();
  saveDraft();
}

function loadEditorFrom(fen) {
  const g = Game.fromFen(fen);
  editor.pieces = new Map(g.board().map((p) => [p.square, p.piece]));
  editor.turn = g.turn();
  g.free();
  for (const r of document.querySelectorAll('input[name="editor-turn"]')) r.checked = r.value === editor.turn;
}

function enterEditor() {
  S.mode = "edit";
  document.body.dataset.mode = "edit";
  stopAnalysis();
  if (!editor.dirty) loadEditorFrom(S.current.fen);
  for (const r of document.querySelectorAll('input[name="editor-turn"]')) r.checked = r.value === editor.turn;
  $("editor").hidden = false;
  $("btn-edit").setAttribute("aria-pressed", "true");
  board.set({ label: T.editorBoardLabel });
  renderIdle();
  drawEditor({ edited: editor.dirty });
  $("editor").querySelector('[aria-pressed="true"].palette-btn')?.focus();
}

export function leaveEditor(fen) {
  S.mode = "play";
  document.body.dataset.mode = "play";
  $("editor").hidden = true;
  $("btn-edit").setAttribute("aria-pressed", "false");
  board.set({ onSquare: null });
  if (fen) {
    editor.dirty = false;
    saveDraft();
    clearReview();
    S.tree = new Tree(fen);
    show(S.tree.root);
  } else {
    show(S.current);
  }
}

$("btn-edit").addEventListener("click", () => (S.mode === "edit" ? leaveEditor(null) : enterEditor()));
$("editor-cancel").addEventListener("click", () => leaveEditor(null));
$("editor-done").addEventListener("click", () => {
  if (editor.valid) leaveEditor(editor.valid);
});

for (const b of document.querySelectorAll("[data-editor-piece]")) {
  b.addEventListener("click", () => {
    editor.piece = b.dataset.editorPiece;
    for (const o of document.querySelectorAll("[data-editor-piece]")) o.setAttribute("aria-pressed", String(o === b));
  });
}
for (const r of document.querySelectorAll('input[name="editor-turn"]')) {
  r.addEventListener("change", () => {
    if (r.checked) editor.turn = r.value;
    drawEditor();
  });
}
$("editor-clear").addEventListener("click", () => {
  editor.pieces.clear();
  drawEditor();
});
$("editor-start").addEventListener("click", () => {
  loadEditorFrom(START_FEN);
  drawEditor();
});
function loadEditorFen() {
  const text = $("editor-fen").value.trim();
  try {
    loadEditorFrom(text);
  } catch (e) {
    $("editor-error").textContent = T.editorBadFen(errorWhy(e));
    $("editor-fen").setAttribute("aria-invalid", "true");
    return;
  }
  drawEditor();
}
$("editor-fen-load").addEventListener("click", loadEditorFen);
$("editor-fen").addEventListener("keydown", (e) => {
  if (e.key === "Enter") {
    e.preventDefault();
    loadEditorFen();
  }
});

function editSquare(square) {
  const had = editor.pieces.get(square);
  if (editor.piece === "empty" || had === editor.piece) {
    editor.pieces.delete(square);
    announce(T.editorRemoved(square));
  } else {
    editor.pieces.set(square, editor.piece);
    const names = { "white-man": T.whiteMan, "white-king": T.whiteKing, "black-man": T.blackMan, "black-king": T.blackKing };
    announce(T.editorPlaced(names[editor.piece], square));
  }
  drawEditor();
  board.focus(square);
}

/** Brings back the editor's unfinished work kept in the browser. */
export function restoreDraft() {
  try {
    const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) || "null");
    if (draft && Array.isArray(draft.pieces)) {
      editor.pieces = new Map(draft.pieces.map((p) => [p.square, p.piece]));
      editor.turn = draft.turn === "black" ? "black" : "white";
      editor.dirty = !!draft.dirty;
    }
  } catch {
    /* no draft */
  }
}
