// Opening practice: the reader plays a named opening's side against the
// bot, which keeps to the book and the opening's line.

import { Board } from "../board/board.js";
import { BotClient } from "../shared/bot-client.js";
import { openingName, showOpening } from "../shared/opening.js";
import { errorText } from "../shared/status-text.js";
import { t } from "../i18n/i18n.js";
import { $ } from "../shared/util.js";
import { bookMoves, BY_ID, el, facts, Game, gameOf, levels, OPENINGS, S } from "./state.js";

// ---- opening practice --------------------------------------------------------

const LEVELS = levels();
const PRACTICE_LEVEL = LEVELS[Math.min(2, LEVELS.length - 1)];
export const pr = { game: null, opening: null, side: "white", mode: "play", generation: 0, line: [] };

export const prBoard = new Board($("pr-board"), {
  label: t("openings.prBoardLabel"),
  onMove: (move) => prHumanMove(move.notation),
});

export function fillPracticeSelect() {
  const sel = $("pr-opening");
  const keep = sel.value;
  const random = sel.options[0];
  random.textContent = t("openings.prRandom");
  sel.replaceChildren(random, ...OPENINGS.map((o) => el("option", { value: o.id, text: openingName(o) })));
  sel.value = keep || "random";
}

function prStatus(text, state) {
  $("pr-status").textContent = text;
  $("pr-status").dataset.practiceStatus = state;
}

function prRender() {
  const g = pr.game;
  const st = g.status();
  const yours = st.state === "ongoing" && st.toMove === pr.side && !pr.busy;
  prBoard.set({ position: g.board(), legalMoves: yours ? g.legalMoves() : [], lastMove: g.history().at(-1) || null, viewOnly: !yours });
  facts.practice = { id: pr.opening.id, mode: pr.mode, side: pr.side, fen: g.fen(), ply: g.ply() };
  return st;
}

/** The main line from the current position: the opening's own moves while
 * inside them, then the opening book's heaviest move. */
function mainLineMove() {
  const g = pr.game;
  const ply = g.ply();
  if (ply < pr.opening.moves.length) return pr.opening.moves[ply];
  const book = bookMoves(g.fen());
  return book.length ? book[0].notation : null;
}

function startPractice(e) {
  e.preventDefault();
  const chosen = $("pr-opening").value;
  const o = chosen === "random" ? OPENINGS[Math.floor(Math.random() * OPENINGS.length)] : BY_ID.get(chosen);
  if (!o) return;
  pr.generation += 1;
  if (S.bot) S.bot.cancel();
  if (pr.game) pr.game.free();
  pr.opening = o;
  pr.side = document.querySelector('input[name="pr-side"]:checked').value;
  pr.mode = document.querySelector('input[name="pr-mode"]:checked').value;
  pr.busy = false;
  // Play: from the opening's defining position. Drill: from the start,
  // asking for the opening's moves (then the book's) for the reader's side.
  pr.game = pr.mode === "play" ? gameOf(o.moves) : new Game();
  showOpening($("pr-name"), o);
  $("pr-area").hidden = false;
  prBoard.setOrientation(pr.side);
  prNext();
  $("pr-board").focus?.();
}

function prNext() {
  const st = prRender();
  if (st.state !== "ongoing") return prStatus(t("openings.prOver"), "over");
  if (pr.mode === "drill") {
    const next = mainLineMove();
    if (!next) return prStatus(t("openings.prDrillDone"), "done");
    if (st.toMove !== pr.side) {
      pr.game.play(next);
      return prNext();
    }
    return prStatus(t("openings.prDrillAsk", { n: Math.floor(pr.game.ply() / 2) + 1 }), "your-move");
  }
  if (st.toMove === pr.side) return prStatus(t("openings.prYourMove"), "your-move");
  prBotMove();
}

function pickBook(book) {
  const total = book.reduce((s, b) => s + b.weight, 0);
  let r = Math.random() * total;
  for (const b of book) {
    r -= b.weight;
    if (r < 0) return b.notation;
  }
  return book[0].notation;
}

async function prBotMove() {
  const gen = pr.generation;
  const book = bookMoves(pr.game.fen());
  if (book.length) {
    const move = pickBook(book);
    pr.game.play(move);
    prNext();
    if (pr.game.status().state === "ongoing") prStatus(`${t("openings.prBookMove", { move })} ${t("openings.prYourMove")}`, "your-move");
    return;
  }
  pr.busy = true;
  prRender();
  prStatus(t("openings.prBotThinking"), "thinking");
  if (!S.bot) S.bot = new BotClient();
  try {
    const { result } = await S.bot.request(
      {
        kind: "play",
        startFen: pr.game.startFen(),
        moves: pr.game.history().map((m) => m.notation),
        level: PRACTICE_LEVEL.level,
        seed: Math.floor(Math.random() * 2 ** 31),
      },
      PRACTICE_LEVEL.movetimeMs + 4000,
    );
    if (gen !== pr.generation) return;
    pr.busy = false;
    if (!result.move) return prNext();
    pr.game.play(result.move.notation);
    prNext();
    if (pr.game.status().state === "ongoing") prStatus(`${t("openings.prBotMove", { move: result.move.notation })} ${t("openings.prYourMove")}`, "your-move");
  } catch (e) {
    if (e.cancelled || gen !== pr.generation) return;
    pr.busy = false;
    prRender();
    prStatus(t("openings.prFailed", { message: errorText(e) }), "error");
  }
}

function prHumanMove(notation) {
  if (!pr.game) return;
  if (pr.mode === "drill") {
    const expected = mainLineMove();
    if (expected && notation !== expected) {
      prRender();
      return prStatus(t("openings.prDrillWrong", { move: notation, book: expected }), "wrong");
    }
    pr.game.play(notation);
    const st = prRender();
    const next = mainLineMove();
    prNext();
    if (next && st.state === "ongoing" && $("pr-status").dataset.practiceStatus === "your-move") {
      prStatus(`${t("openings.prDrillGood", { move: notation })} ${$("pr-status").textContent}`, "your-move");
    }
    return;
  }
  pr.game.play(notation);
  prNext();
}

$("pr-form").addEventListener("submit", startPractice);
$("pr-stop").addEventListener("click", () => {
  pr.generation += 1;
  if (S.bot) S.bot.cancel();
  $("pr-area").hidden = true;
  facts.practice = null;
});
