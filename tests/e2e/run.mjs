// Runs the browser tests against a built site.
//
//   node tests/e2e/run.mjs [DIST_DIR] [--grep TEXT] [--file NAME]
//
// --file NAME runs only the tests of the files whose name contains NAME
// (--file widget,embed: several, separated by commas).
//
// Serves DIST_DIR (default dist/) on a free localhost port, starts the
// system Chromium headless, runs every test in a fresh browser context and
// prints one line per test. Screenshots go to test-output/e2e/.
// Exit code 0 when every test passed.
//
// A test that hangs fails instead of stalling the run: each test has a time
// limit (DEFAULT_TEST_MS, or its own `timeoutMs`), and every single
// Playwright action or wait without its own timeout gives up after
// ACTION_MS.

import { readdirSync, rmSync } from "node:fs";
import { serve } from "./server.mjs";
import { distDir, launch, OUT_DIR } from "./lib.mjs";

/** The time limit of a test that sets no `timeoutMs` of its own. */
const DEFAULT_TEST_MS = 60000;
/** Playwright's limit for one click, fill or wait that names no timeout. */
const ACTION_MS = 20000;

/** Runs a test body, failing it with its name when it outlives its limit. */
function runWithin(t, body) {
  const limit = t.timeoutMs || DEFAULT_TEST_MS;
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`"${t.name}" timed out: still running after ${limit / 1000} s (its limit)`)), limit);
  });
  return Promise.race([body(), expired]).finally(() => clearTimeout(timer));
}

const args = process.argv.slice(2);
const grepAt = args.indexOf("--grep");
const grep = grepAt >= 0 ? args[grepAt + 1] : null;
const fileAt = args.indexOf("--file");
const files = fileAt >= 0 ? args[fileAt + 1].split(",") : null;
const dist = distDir(args);

// Every tests/e2e/*.test.mjs file exports `tests`.
const tests = [];
for (const f of readdirSync(new URL(".", import.meta.url)).filter((f) => f.endsWith(".test.mjs")).sort()) {
  if (files && !files.some((n) => f.includes(n))) continue;
  tests.push(...(await import(`./${f}`)).tests);
}

for (const f of readdirSync(OUT_DIR)) if (f.startsWith("FAILED-")) rmSync(`${OUT_DIR}/${f}`);

const server = await serve(dist);
const browser = await launch();
let failed = 0;
let ran = 0;
const t0 = Date.now();
const selected = tests.filter((t) => !grep || t.name.includes(grep));

for (const t of selected) {
  // Service workers are blocked unless a test asks for them (offline.test.mjs):
  // a worker would answer from its cache, past the tests' route interception.
  const context = await browser.newContext({
    viewport: t.viewport || { width: 1280, height: 900 },
    serviceWorkers: t.serviceWorkers || "block",
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console error: ${m.text()}`);
  });
  context.setDefaultTimeout(ACTION_MS);
  const started = Date.now();
  ran += 1;
  try {
    await runWithin(t, () => t.fn({ page, context, browser, base: server.url, errors }));
    const unexpected = errors.filter((e) => !(t.allowErrors || []).some((re) => re.test(e)));
    if (unexpected.length) throw new Error(unexpected.join("\n"));
    console.log(`ok   ${t.name} (${Date.now() - started} ms)`);
  } catch (e) {
    failed += 1;
    console.log(`FAIL ${t.name} (${Date.now() - started} ms)\n     ${String(e.stack || e).split("\n").slice(0, 6).join("\n     ")}`);
    for (const err of errors) console.log(`     (${err})`);
    await page.screenshot({ path: `${OUT_DIR}/FAILED-${t.name.replace(/[^a-z0-9]+/gi, "-")}.png`, timeout: 5000 }).catch(() => {});
  } finally {
    await context.close();
  }
}

await browser.close();
await server.close();
console.log(`\n${ran - failed} passed, ${failed} failed, ${ran} run in ${((Date.now() - t0) / 1000).toFixed(1)} s; screenshots in ${OUT_DIR}/`);
process.exit(failed ? 1 : 0);
