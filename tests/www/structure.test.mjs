// The shape of the pages' JavaScript (docs/architecture.md, "Pages"):
//   - every module under www/ has at most MAX_LINES lines (the language
//     tables are data and are not counted);
//   - a page's folder imports only its own files and the shared folders
//     (board/, shared/, i18n/, pwa/) and the engine, never another page's;
//   - no page reaches into the board's DOM (`.dom`, its <svg>): it uses
//     the Board's API (board/board.js);
//   - every name a module imports is exported where it is looked for (the
//     pages are split into modules that import each other).
// Run by scripts/test.sh: node --test tests/www/

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const WWW = fileURLToPath(new URL("../../www/", import.meta.url));
const MAX_LINES = 400;
/** Folders every page may import from. */
const SHARED = new Set(["board", "shared", "i18n", "pwa"]);
/** Data, not code: the key tables of the languages. */
const DATA = (path) => /^i18n\/[a-z]{2}\.js$/.test(path);

function modules(dir = WWW) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...modules(p));
    else if (name.endsWith(".js")) out.push(relative(WWW, p).split("\\").join("/"));
  }
  return out.sort();
}

const files = modules();
const source = (path) => readFileSync(join(WWW, path), "utf8");

test("www has modules to check", () => {
  assert.ok(files.length > 20, `only ${files.length} modules found under www/`);
  assert.ok(files.includes("play/app.js") && files.includes("board/board.js"));
});

test(`every www module has at most ${MAX_LINES} lines`, () => {
  const long = files
    .filter((f) => !DATA(f))
    .map((f) => [f, source(f).split("\n").length])
    .filter(([, n]) => n > MAX_LINES + 1);
  assert.deepEqual(long, [], `split these into modules of one concern each: ${long.map(([f, n]) => `${f} (${n})`).join(", ")}`);
});

test("no page imports another page's files", () => {
  const bad = [];
  for (const f of files) {
    const folder = f.includes("/") ? f.split("/")[0] : null;
    for (const m of source(f).matchAll(/(?:import|export)\s[^;]*?from\s*"([^"]+)"|import\s*\(?\s*"([^"]+)"/g)) {
      const spec = m[1] || m[2];
      if (!spec.startsWith(".")) continue;
      const target = relative(WWW, join(WWW, f, "..", spec)).split("\\").join("/");
      const to = target.includes("/") ? target.split("/")[0] : null;
      if (to === null || to === folder || SHARED.has(to)) continue;
      bad.push(`${f} imports ${spec}`);
    }
  }
  assert.deepEqual(bad, [], "move what two pages share to www/shared/");
});

test("no page touches the board's DOM", () => {
  const bad = [];
  for (const f of files.filter((f) => !f.startsWith("board/"))) {
    source(f)
      .split("\n")
      .forEach((line, i) => {
        if (/\b(board|_board)\.dom\b|\.dom\.svg\b|querySelector\(["']svg["']\)|\.(pieceEls|sel)\b/.test(line)) bad.push(`${f}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(bad, [], "use the Board's API (board/board.js) instead");
});

/** The names a module exports (export function/const/let/class, export { a, b as c }, destructured consts). */
function exportsOf(src) {
  const names = new Set();
  for (const m of src.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/gm)) names.add(m[1]);
  for (const m of src.matchAll(/^export\s+(?:const|let)\s+\{([^}]*)\}/gm)) for (const n of m[1].split(",")) names.add(n.trim().split(/\s*:\s*/).pop());
  for (const m of src.matchAll(/^export\s*\{([^}]*)\}/gm)) for (const n of m[1].split(",")) names.add(n.trim().split(/\s+as\s+/).pop());
  if (/^export\s+default\b/m.test(src)) names.add("default");
  return names;
}

test("every name a www module imports is exported by the module it names", () => {
  const bad = [];
  for (const f of files) {
    for (const m of source(f).matchAll(/^import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+\.js)"/gm)) {
      const target = relative(WWW, join(WWW, f, "..", m[2])).split("\\").join("/");
      if (!files.includes(target)) {
        bad.push(`${f}: ${m[2]} is no module under www/`);
        continue;
      }
      const have = exportsOf(source(target));
      for (const part of m[1].split(",")) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name && !have.has(name)) bad.push(`${f}: ${name} is not exported by ${target}`);
      }
    }
  }
  assert.deepEqual(bad, []);
});

test("the checks catch what they are for", () => {
  // The patterns above on lines that break the rules (so the test is no
  // test that passes whatever the code).
  assert.ok(/\b(board|_board)\.dom\b/.test("board.dom.svg.addEventListener"));
  assert.ok(/querySelector\(["']svg["']\)/.test('$("board").querySelector("svg")'));
  const m = /(?:import|export)\s[^;]*?from\s*"([^"]+)"/.exec('import { BotClient } from "../play/bot-client.js";');
  assert.equal(relative(WWW, join(WWW, "lessons/trainer.js", "..", m[1])).split("/")[0], "play");
  assert.ok(exportsOf("export const { Game, levels } = engine;").has("levels"));
  assert.ok(!exportsOf("const { Game } = engine;").has("Game"));
});
