// The endgame trainer of the lessons page: the reader plays one side of a
// classic ending, the machine the other with the endgame tables' best
// defence. Everything that is a fact comes from the engine: legality and
// the game's end (Game), the draw counts and their "moves left"
// (Game.status().counts), the tables' verdict and the moves ranked best
// first (egtbProbe / egtbMoves, asked of the bot Worker, which fetches the
// table files from egtb/ and so lets the service worker keep them for
// offline use). This file only draws, asks and words the answers.

import { Board } from "../board/board.js";
import { loadEngine } from "../board/engine.js";
import { onLangChange, t } from "../i18n/i18n.js";
import { BotClient } from "../shared/bot-client.js";
import { whenNear } from "../shared/near.js";
import { bandMoves, ruleFacts } from "../shared/facts.js";
import { other, pressingCount, resultText } from "../shared/status-text.js";

/** The endings: start position, the reader's side, what the reader must reach. */
export const ENDINGS = [
  { id: "petrov", fen: "W:WKa1,Kb2,Kc3:BKd6", learner: "white", goal: "win", limit: (f) => f.loneKingMoves },
  { id: "corner", fen: "W:WKe1,Kg1:BKa7", learner: "white", goal: "win", limit: () => bandMoves("kingsBalance", 3) },
  { id: "road", fen: "B:WKc1,Ke1,Kb6:BKd6", learner: "black", goal: "draw", limit: (f) => f.mainRoadMoves },
];

const root = document.getElementById("trainer");
const $ = (id) => document.getElementById(id);

let mod = null;
let client = null;
let board = null;
let ending = ENDINGS[0];
let game = null;
/** The moves played, as the engine wrote them, and who played each. */
let record = [];
/** The tables' last answer for the reader's position: {verdict, moves}. */
let tables = null;
/** The tables' verdict (result, moves) from the reader's side, before the last move. */
let learnerView = null;
let busy = false;
let ended = false;
/** Bumped on every restart: answers for an older game are dropped. */
let epoch = 0;
/** The last sentences said in the live region (kept across a language switch). */
let said = [];

function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("aria-") || k.startsWith("data-") || k === "role") e.setAttribute(k, v);
    else e[k] = v;
  }
  e.append(...kids);
  return e;
}

function build() {
  root.replaceChildren(
    el("h2", { id: "trainer-h2" }),
    el("p", { id: "trainer-intro" }),
    el("div", { class: "trainer-choose", id: "trainer-choose", role: "group" }),
    el("h3", { id: "trainer-name" }),
    el("p", { id: "trainer-task" }),
    el("p", { id: "trainer-tip", class: "trainer-tip" }),
    el(
      "div",
      { class: "trainer-main" },
      el("div", { class: "trainer-board", id: "trainer-board" }),
      el(
        "div",
        { class: "trainer-panel" },
        el(
          "dl",
          { class: "trainer-facts" },
          el("dt", { id: "trainer-left-label" }),
          el(
            "dd",
            {},
            el("span", { class: "trainer-left", id: "trainer-left" }),
            " ",
            el("span", { class: "trainer-count", id: "trainer-count" }),
          ),
          el("dt", { id: "trainer-verdict-label" }),
          el("dd", { id: "trainer-verdict" }),
        ),
        el("p", { class: "trainer-status", id: "trainer-status", role: "status", "aria-live": "polite" }),
        el(
          "div",
          { class: "trainer-buttons" },
          el("button", { type: "button", id: "trainer-hint" }),
          el("button", { type: "button", id: "trainer-restart", class: "secondary" }),
        ),
        el("h4", { id: "trainer-moves-h" }),
        el("ol", { class: "trainer-moves", id: "trainer-moves", "aria-labelledby": "trainer-moves-h", tabIndex: 0 }),
      ),
    ),
  );
  for (const e of ENDINGS) {
    const b = el("button", { type: "button", "data-ending": e.id });
    b.addEventListener("click", () => start(e));
    $("trainer-choose").append(b);
  }
  $("trainer-restart").addEventListener("click", () => start(ending));
  $("trainer-hint").addEventListener("click", showHint);
  board = new Board($("trainer-board"), { onMove: (m) => learnerMove(m) });
}

/** The texts that do not depend on the game (and the language switch). */
function renderTexts() {
  const f = ruleFacts() || {};
  $("trainer-h2").textContent = t("trainer.h2");
  $("trainer-intro").textContent = t("trainer.intro");
  $("trainer-choose").setAttribute("aria-label", t("trainer.choose"));
  for (const b of $("trainer-choose").querySelectorAll("button")) {
    b.textContent = t(`trainer.${b.dataset.ending}.name`);
    b.setAttribute("aria-pressed", String(b.dataset.ending === ending.id));
  }
  const name = t(`trainer.${ending.id}.name`);
  $("trainer-name").textContent = name;
  $("trainer-task").textContent = `${t(`trainer.${ending.id}.task`, { n: ending.limit(f) })} ${t("trainer.youPlay", { side: ending.learner })}`;
  $("trainer-tip").textContent = t(`trainer.${ending.id}.tip`);
  $("trainer-left-label").textContent = t("trainer.movesLeft");
  $("trainer-verdict-label").textContent = t("trainer.tablebase");
  $("trainer-hint").textContent = t("trainer.hint");
  $("trainer-restart").textContent = t("trainer.restart");
  $("trainer-moves-h").textContent = t("trainer.moveList");
  board.set({ label: t("trainer.board", { name }) });
  renderGame();
  renderSaid();
}

/** The verdict in words, from the tables' answer for the side to move. */
function verdictText(v) {
  if (!v) return t("trainer.unknown");
  if (v.result === "draw") return t("play.tablebaseDraw");
  const winner = v.result === "win" ? v.sideToMove : other(v.sideToMove);
  return t("play.tablebaseWin", { side: winner, n: v.moves });
}

/** The count display: the engine's most pressing running count. */
function renderCount(status) {
  const c = status.state === "ongoing" ? pressingCount(status) : null;
  const left = $("trainer-left");
  left.textContent = c ? String(c.movesLeft) : "—";
  left.dataset.movesLeft = c ? String(c.movesLeft) : "";
  left.dataset.rule = c ? c.rule : "";
  $("trainer-count").textContent = c
    ? t("trainer.countLabel", { n: c.movesLeft, side: c.side })
    : status.state === "ongoing"
      ? t("trainer.movesLeftNone")
      : "";
}

function renderGame() {
  if (!game) return;
  const status = game.status();
  renderCount(status);
  const v = $("trainer-verdict");
  if (status.state !== "ongoing") v.textContent = resultText(status);
  else if (tables) v.textContent = verdictText(tables.verdict);
  else v.textContent = "…";
  v.dataset.result = tables?.verdict?.result || "";
  v.dataset.moves = tables?.verdict?.moves ?? "";
  const list = $("trainer-moves");
  list.replaceChildren(
    ...record.map((r) => el("li", { "data-by": r.by }, t("trainer.played", { who: r.by, move: r.notation }))),
  );
  const mine = status.state === "ongoing" && status.toMove === ending.learner && !busy && !ended;
  board.set({ legalMoves: mine ? game.legalMoves() : [], orientation: ending.learner });
  $("trainer-hint").disabled = !mine || !tables?.moves?.length;
}

/** Says sentences in the live region; each is a [key, params] pair so a language switch rewords them. */
function say(...items) {
  said = items;
  renderSaid();
}

function renderSaid() {
  const s = $("trainer-status");
  s.textContent = said.map(([k, p]) => t(k, p)).join(" ");
  s.dataset.key = said.length ? said[said.length - 1][0] : "";
}

async function ask(kind) {
  const { result } = await client.request(
    { kind, startFen: ending.fen, moves: record.map((r) => r.notation) },
    60000,
  );
  return result;
}

async function start(e) {
  ending = e;
  epoch += 1;
  const mine = epoch;
  record = [];
  tables = null;
  learnerView = null;
  ended = false;
  busy = true;
  delete root.dataset.end;
  if (game) game.free();
  game = mod.Game.fromFen(ending.fen);
  board.set({ position: game.board(), lastMove: null, hint: null, orientation: ending.learner });
  renderTexts();
  say(["trainer.loading", {}]);
  try {
    if (game.status().toMove !== ending.learner) await machineMove(mine);
    else await readTables(mine);
  } catch (err) {
    if (mine === epoch) fail(err);
  }
}

function fail(err) {
  busy = false;
  say(["trainer.failed", { message: String((err && err.message) || err) }]);
  renderGame();
}

/** Asks the tables about the reader's position (verdict, best moves). */
async function readTables(mine, notes = []) {
  const answer = await ask("tableMoves");
  if (mine !== epoch) return;
  const was = learnerView;
  const now = answer.verdict;
  // A win that now takes longer than one move less than before: not the fastest.
  if (was?.result === "win" && now?.result === "win" && was.moves != null && now.moves != null && now.moves > was.moves - 1) {
    notes = [...notes, ["trainer.slower", { n: now.moves }]];
  }
  tables = answer;
  learnerView = now;
  busy = false;
  renderGame();
  say(...notes, ["trainer.yourMove", {}]);
}

async function learnerMove(move) {
  if (busy || ended || game.status().toMove !== ending.learner) return;
  const mine = epoch;
  const before = learnerView;
  busy = true;
  let played;
  try {
    played = game.play(move.notation);
  } catch (err) {
    busy = false;
    say(["trainer.failed", { message: String(err.message || err) }]);
    return;
  }
  record.push({ notation: played.notation, by: "you" });
  tables = null;
  await board.playMove(played, game.board());
  if (mine !== epoch) return;
  renderGame();
  if (finished()) return;
  say(["trainer.played", { who: "you", move: played.notation }], ["trainer.thinking", {}]);
  try {
    await machineMove(mine, before, played.notation);
  } catch (err) {
    if (mine === epoch) fail(err);
  }
}

/** What the reader's move changed, by the tables: a slip or a slower win. */
function judge(before, after) {
  if (!before || !after) return [];
  // `after` is for the machine, to move: turn it to the reader's view.
  const mine = { win: "loss", loss: "win", draw: "draw" }[after.result];
  if (before.result === "win" && mine === "draw") return [["trainer.slipWin", {}]];
  if (before.result === "draw" && mine === "loss") return [["trainer.slipDraw", {}]];
  return [];
}

/** The machine's reply: the first of the tables' moves, best first. */
async function machineMove(mine, before = null, yours = null) {
  const answer = await ask("tableMoves");
  if (mine !== epoch) return;
  const notes = yours ? [["trainer.played", { who: "you", move: yours }], ...judge(before, answer.verdict)] : [];
  const best = answer.moves && answer.moves[0];
  let notation;
  if (best) {
    notation = best.move.notation;
  } else {
    // Counts outside the tables' model: the bot's own search answers.
    const res = await client.request({ kind: "play", startFen: ending.fen, moves: record.map((r) => r.notation), level: 6, seed: 1 }, 60000);
    if (mine !== epoch) return;
    notation = res.result.move.notation;
  }
  const played = game.play(notation);
  record.push({ notation: played.notation, by: "machine" });
  await board.playMove(played, game.board());
  if (mine !== epoch) return;
  notes.push(["trainer.played", { who: "machine", move: played.notation }]);
  renderGame();
  if (finished(notes)) return;
  await readTables(mine, notes);
}

/** The game is over: the end message. */
function finished(notes = []) {
  const status = game.status();
  if (status.state === "ongoing") return false;
  ended = true;
  busy = false;
  tables = null;
  let end;
  if (status.state === "win" && status.winner === ending.learner) {
    end = ["trainer.endWon", { n: record.filter((r) => r.by === "you").length }];
  } else if (status.state === "win") {
    end = ["trainer.endLost", {}];
  } else if (ending.goal === "draw") {
    end = ["trainer.endHeld", {}];
  } else if (status.reason === "repetition") {
    end = ["trainer.endOther", { result: resultText(status) }];
  } else {
    end = ["trainer.endCount", {}];
  }
  root.dataset.end = end[0].replace("trainer.", "");
  renderGame();
  say(...notes, end);
  return true;
}

function showHint() {
  const best = tables && tables.moves && tables.moves[0];
  if (!best) {
    say(["trainer.noBest", {}]);
    return;
  }
  board.setHint(best.move);
  const why =
    best.result === "win"
      ? ["trainer.bestWin", { n: best.moves }]
      : best.result === "draw"
        ? ["trainer.bestDraw", {}]
        : ["trainer.bestLoss", { n: best.moves }];
  // the reason is worded at display time too (language switch)
  said = [["trainer.best", { move: best.move.notation, why: t(why[0], why[1]) }]];
  renderSaid();
}

async function main() {
  if (!root) return;
  build();
  mod = await loadEngine();
  client = new BotClient({ url: new URL("../bot-worker.js", import.meta.url).href });
  root.dataset.ready = "true";
  onLangChange(renderTexts);
  start(ending);
}

// Built, and its engine and bot Worker started, only once the reader comes
// near it (it ends the page).
whenNear(root, main);
