// No page jumps while it loads: the sum of the browser's own `layout-shift`
// entries (the Cumulative Layout Shift of the Core Web Vitals, without the
// shifts that follow the reader's input) stays at or under 0.02 on every
// page, at phone and desktop widths.
//
// The wasm engine is held back (its request is intercepted and left
// unanswered) while the page loads and draws what it can without it, then
// let through; the shifts of both phases count. A page that reserves the
// space of its board, panels and player bars in CSS shifts nothing, however
// fast or slow the machine is: the test measures where things move, not how
// long anything takes.
//
// Also here: on a phone (375 x 667) every page with a board shows it (the
// puzzle to solve, on the puzzles page) within the first screen.

import { assert, shotPath } from "./lib.mjs";

const LIMIT = 0.02;

/** The pages, and how each says it has finished loading once the wasm is in. */
const PAGES = [
  { name: "play", path: "index.html", ready: () => document.body.classList.contains("ready"), board: "#board" },
  {
    name: "rules",
    path: "rules.html",
    // Boards further down are set up only as they come near the viewport
    // (widget/shashki-board.js): those within the first screen are drawn.
    ready: () =>
      !!customElements.get("shashki-board") &&
      [...document.querySelectorAll("shashki-board")]
        .filter((e) => e.getBoundingClientRect().top < innerHeight)
        .every((e) => e.querySelector(".sbw-board svg")),
    board: "shashki-board .sbw-board",
  },
  {
    name: "lessons",
    path: "lessons.html",
    // Boards further down are set up only as they come near the viewport
    // (widget/shashki-board.js): those within the first screen are drawn.
    ready: () =>
      !!customElements.get("shashki-board") &&
      [...document.querySelectorAll("shashki-board")]
        .filter((e) => e.getBoundingClientRect().top < innerHeight)
        .every((e) => e.querySelector(".sbw-board svg")),
    board: null,
  },
  { name: "analysis", path: "analysis.html", ready: () => document.body.classList.contains("ready"), board: "#board" },
  {
    name: "puzzles",
    path: "puzzles.html",
    ready: () => Number(document.body.dataset.puzzles) > 0 && !!document.querySelector("#board-slot shashki-board .sbw-board svg"),
    board: "#board-slot .sbw-board",
  },
  { name: "openings", path: "openings.html", ready: () => document.body.classList.contains("ready"), board: null },
];

const VIEWPORTS = [
  { width: 375, height: 667 },
  { width: 1280, height: 900 },
];
/** The browser's languages: English, and Russian (the pages' texts are put in by i18n/page.js). */
const LOCALES = ["en-US", "ru-RU"];

/** Collects the layout shifts from the first moment of the page on. */
function observeShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__shifts.push({
        value: e.value,
        at: Math.round(e.startTime),
        sources: (e.sources || []).map((s) => {
          const n = s.node;
          const name = !n
            ? "?"
            : n.nodeType === 1
              ? `${n.localName}${n.id ? `#${n.id}` : ""}${n.classList?.length ? `.${[...n.classList].join(".")}` : ""}`
              : `#text in ${n.parentElement?.localName || "?"}${n.parentElement?.id ? `#${n.parentElement.id}` : ""}.${n.parentElement?.className || ""}`;
          const r = (x) => `${Math.round(x.x)},${Math.round(x.y)} ${Math.round(x.width)}x${Math.round(x.height)}`;
          return `${name} ${r(s.previousRect)} -> ${r(s.currentRect)}`;
        }),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

const total = (shifts) => shifts.reduce((s, e) => s + e.value, 0);
const describe = (shifts) =>
  shifts.map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join("; ")}`).join("\n       ");

/** Two frames and a pause: whatever the page does without the engine is done and painted. */
const settle = (page, ms = 300) =>
  page.evaluate((ms) => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, ms)))), ms);

/**
 * Loads a page with the wasm held back, then lets it through; returns the
 * shifts before and after.
 */
async function loadHeld(page, base, p, viewport, locale) {
  await page.addInitScript(observeShifts);
  const held = [];
  let release = null;
  const released = new Promise((r) => (release = r));
  await page.route(/\.wasm(\?|$)/, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue().catch(() => {});
  });
  await page.goto(`${base}/${p.path}`, { waitUntil: "domcontentloaded" });
  await page.evaluate(() => document.fonts.ready);
  await settle(page, 500);
  const before = await page.evaluate(() => window.__shifts.slice());
  const shot = `layout-${p.name}-${viewport.width}-${locale}`;
  await page.screenshot({ path: shotPath(`${shot}-held.png`) });
  // (The openings page, like the boards of rules and lessons, asks for it
  // only after its first paint, so maybe not yet.)
  assert(held.length > 0 || ["rules", "lessons", "puzzles", "openings"].includes(p.name), `${p.name}: the page asked for the wasm`);
  release();
  await page.waitForFunction(p.ready, null, { timeout: 30000 });
  await settle(page, 500);
  await page.screenshot({ path: shotPath(`${shot}-ready.png`) });
  const all = await page.evaluate(() => window.__shifts.slice());
  return { before, after: all.slice(before.length), all };
}

export const tests = [];

for (const locale of LOCALES)
for (const viewport of VIEWPORTS) {
  tests.push({
    name: `layout shift: no page moves while it loads, wasm held back then released (${viewport.width} px, ${locale})`,
    viewport,
    timeoutMs: 150000,
    async fn({ browser, base }) {
      const failures = [];
      const figures = [];
      const context = await browser.newContext({ viewport, locale, serviceWorkers: "block" });
      for (const p of PAGES) {
        const page = await context.newPage();
        const { before, after, all } = await loadHeld(page, base, p, viewport, locale);
        await page.close();
        const sum = total(all);
        figures.push(`${p.name} ${sum.toFixed(4)} (held ${total(before).toFixed(4)}, after ${total(after).toFixed(4)})`);
        if (sum > LIMIT) failures.push(`${p.name}: CLS ${sum.toFixed(4)} > ${LIMIT}\n       ${describe(all)}`);
        else if (sum > LIMIT / 4) console.log(`     ${p.name}: CLS ${sum.toFixed(4)}, within the limit:\n       ${describe(all)}`);
      }
      await context.close();
      console.log(`     CLS at ${viewport.width} px, ${locale}: ${figures.join(", ")}`);
      // The details on their own lines (the runner shows only the start of an error).
      if (failures.length) console.log(`     ${failures.join("\n     ")}`);
      assert(!failures.length, `layout shifts over ${LIMIT}: ${failures.map((f) => f.split(":")[0]).join(", ")}`);
    },
  });
}

tests.push({
  name: "phone: every page with a board shows it within the first screen (375 x 667)",
  viewport: { width: 375, height: 667 },
  timeoutMs: 120000,
  async fn({ context, base }) {
    const failures = [];
    for (const p of PAGES.filter((p) => p.board)) {
      const page = await context.newPage();
      await page.goto(`${base}/${p.path}`);
      await page.waitForFunction(p.ready, null, { timeout: 30000 });
      await settle(page, 200);
      const box = await page.locator(p.board).first().boundingBox();
      await page.screenshot({ path: shotPath(`first-screen-${p.name}-375.png`) });
      await page.close();
      const height = 667;
      if (!box) failures.push(`${p.name}: no board`);
      else if (!(box.y < height && box.y + box.height * 0.5 <= height))
        failures.push(`${p.name}: the board starts at ${Math.round(box.y)} px, its middle at ${Math.round(box.y + box.height / 2)} px (screen ${height} px)`);
    }
    assert(!failures.length, failures.join("; "));
  },
});
