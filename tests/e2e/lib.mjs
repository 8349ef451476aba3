// Helpers for the browser tests of the play page (playwright-core driving
// the system Chromium). Node ESM, no test framework: run.mjs runs the tests.

import { chromium } from "playwright-core";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

export const OUT_DIR = process.env.E2E_OUT || "test-output/e2e";
mkdirSync(OUT_DIR, { recursive: true });
export const shotPath = (name) => join(OUT_DIR, name);

export class AssertionError extends Error {}
/**
 * The built site run.mjs serves: its first argument that is neither an
 * option nor the value of --grep or --file ("dist" when none).
 */
export function distDir(args = process.argv.slice(2)) {
  const valued = new Set(["--grep", "--file"].map((o) => args.indexOf(o) + 1).filter((i) => i > 0));
  return args.find((a, i) => !a.startsWith("--") && !valued.has(i)) || "dist";
}

export function assert(cond, message) {
  if (!cond) throw new AssertionError(message);
}
export function assertEq(actual, expected, message) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new AssertionError(`${message}: expected ${e}, got ${a}`);
}

/**
 * axe-core on the page as it stands: fails with every violation of impact
 * moderate or worse (id, impact and up to three elements each).
 */
export async function axeAudit(page, label) {
  let path = null;
  try {
    path = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
  } catch {
    /* reported below */
  }
  assert(path && existsSync(path), "axe-core is installed (npm axe-core, a dev dependency)");
  await page.addScriptTag({ path });
  const found = await page.evaluate(async () => {
    const r = await globalThis.axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => ["moderate", "serious", "critical"].includes(v.impact))
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  });
  assertEq(found, [], `axe violations, ${label}`);
}

/**
 * page.evaluate for page code that awaits something (a widget's `ready`, an
 * `attempt`, the engine loading): fails with `what` once `ms` pass instead
 * of waiting for a promise that may never settle.
 */
export async function evaluateWithin(page, ms, what, fn, arg) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new AssertionError(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([page.evaluate(fn, arg), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens the page (optionally with a hash) and waits until it is ready. */
export async function open(page, base, hash = "") {
  await page.goto(`${base}/${hash ? `#${hash}` : ""}`);
  await waitReady(page);
}

export async function waitReady(page) {
  await page.waitForFunction(() => document.body.classList.contains("ready"), null, { timeout: 20000 });
  await settled(page);
}

/** Waits until no bot search and no animation is running. */
export async function settled(page, timeout = 20000) {
  await page.waitForFunction(
    () => document.body.dataset.thinking === "false" && !document.querySelector(".sb-animating"),
    null,
    { timeout },
  );
}

/** {square: piece} for every piece element on the board, squares sorted. */
export function pieces(page) {
  return page.$$eval("[data-piece]", (els) =>
    Object.fromEntries(
      els
        .map((e) => [e.getAttribute("data-square"), e.getAttribute("data-piece")])
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
    ),
  );
}

export async function status(page) {
  return page.$eval("#status", (el) => ({
    state: el.dataset.status,
    toMove: el.dataset.toMove,
    text: el.textContent.replace(/\s+/g, " ").trim(),
  }));
}

/** The notations in the move list, in order. */
export function moveList(page) {
  return page.$$eval("#move-list button.move", (els) => els.map((e) => e.textContent.trim()));
}

export async function clickSquare(page, square) {
  await page.click(`rect[data-square="${square}"]`);
}

/** Waits until the move list holds at least n moves and everything settled. */
export async function waitForMoves(page, n, timeout = 20000, polling = "raf") {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll("#move-list button.move").length >= n &&
      document.body.dataset.thinking === "false" &&
      !document.querySelector(".sb-animating"),
    n,
    { timeout, polling },
  );
}

/** The FEN the page shows in its export field. */
export async function fenShown(page) {
  if (!(await page.$eval("#io", (el) => el.open))) await page.click("#io summary");
  await page.waitForFunction(() => document.getElementById("fen-out").value !== "");
  return page.$eval("#fen-out", (el) => el.value);
}

/** Asks the wasm module itself (the same module the page uses) for facts. */
export function oracle(page, fn, arg) {
  return evaluateWithin(
    page,
    10000,
    "the engine oracle",
    async ({ src, arg }) => {
      const m = await import("/shashki.js");
      // eslint-disable-next-line no-new-func
      return new Function("m", "arg", `return (${src})(m, arg);`)(m, arg);
    },
    { src: fn.toString(), arg },
  );
}

/** Legal moves of a FEN, from the engine. */
export function legalMovesOf(page, fen) {
  return oracle(
    page,
    (m, fen) => {
      const g = m.Game.fromFen(fen);
      const l = g.legalMoves();
      g.free();
      return l;
    },
    fen,
  );
}

/** Starts a new game through the New game dialog. */
export async function newGame(page, { side = "white", level = null } = {}) {
  await page.click("#btn-new");
  await page.waitForSelector("#new-game-dialog[open]");
  await page.check(`#new-game-form input[name="side"][value="${side}"]`, { force: true });
  if (level !== null && side !== "humans") await page.selectOption("#level-select", String(level));
  // The page starts the game in the dialog's "close" event, a task after the
  // dialog shuts: wait for a listener added after the page's own to run.
  await page.evaluate(() => {
    window.__newGameStarted = false;
    document
      .getElementById("new-game-dialog")
      .addEventListener("close", () => (window.__newGameStarted = true), { once: true });
  });
  await page.click("#new-game-start");
  await page.waitForFunction(() => window.__newGameStarted === true);
}

/** Plays a legal move object by clicks: from, to, then the hops if asked. */
export async function playByClicks(page, move) {
  const before = (await moveList(page)).length;
  await clickSquare(page, move.from);
  await clickSquare(page, move.to);
  for (const s of move.path.slice(1, -1)) {
    if ((await moveList(page)).length > before) break;
    await clickSquare(page, s);
  }
}

/** The engine's legal moves in the position the page shows. */
export async function currentLegalMoves(page) {
  return legalMovesOf(page, await fenShown(page));
}

export function levels(page) {
  return page.evaluate(() => window.shashkiPlay.levels);
}

export function lastBot(page) {
  return page.evaluate(() => window.shashkiPlay.lastBot);
}

/** Centre of a square on screen. */
export async function squareCenter(page, square) {
  const b = await page.locator(`rect[data-square="${square}"]`).boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/**
 * Starts recording, on the page's own clock (performance.now()), every spell
 * of bot thinking and every long task of the main thread. A spell runs from
 * body[data-thinking] turning "true" (set in the same task that posts the
 * request to the Worker) to its turning "false" (set in the task that takes
 * the reply): the bot's time as the page sees it, not inside the Worker.
 * Call it before the move the bot answers; read with botWatch(page).
 */
export function watchBot(page) {
  return page.evaluate(() => {
    const w = { spells: [], longTasks: [] };
    window.__botWatch = w;
    let open = null;
    new MutationObserver(() => {
      const now = performance.now();
      const on = document.body.dataset.thinking === "true";
      if (on && !open) {
        open = { start: now, end: null };
        w.spells.push(open);
      } else if (!on && open) {
        open.end = now;
        open = null;
      }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-thinking"] });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask" });
  });
}

/** {spells: [{start, end}], longTasks: [{start, duration}]} since watchBot. */
export function botWatch(page) {
  return page.evaluate(() => window.__botWatch);
}
