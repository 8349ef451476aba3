// The languages' tables (www/i18n/en.js, ru.js, docs/i18n.md) hold the
// same keys: every key a script asks for in English, and every data-i18n
// key of the pages' HTML (whose English is the HTML itself), has its entry
// in every other language, using no {placeholder} (strings) and no more
// parameters (functions) than the English; no language has a key that is
// in neither the English table nor the HTML.
// Run by scripts/test.sh: node --test tests/www/

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const WWW = fileURLToPath(new URL("../../www/", import.meta.url));
const I18N = `${WWW}i18n/`;

/** A table module (no imports of its own) loaded as it is. */
async function table(name) {
  const src = readFileSync(`${I18N}${name}`, "utf8");
  assert.ok(!/^import\s/m.test(src), `${name} must import nothing: a table stands alone`);
  return (await import(`data:text/javascript;base64,${Buffer.from(src).toString("base64")}`)).default;
}

const LANG_FILE = /^[a-z]{2}\.js$/;
const langs = readdirSync(I18N).filter((f) => LANG_FILE.test(f)).map((f) => f.slice(0, 2)).sort();
const tables = Object.fromEntries(await Promise.all(langs.map(async (l) => [l, await table(`${l}.js`)])));

/** Every data-i18n key of the pages: English in the HTML. */
function htmlKeys() {
  const keys = new Set();
  const files = [
    ...readdirSync(WWW).filter((f) => f.endsWith(".html")).map((f) => `${WWW}${f}`),
    ...readdirSync(`${WWW}shared`).filter((f) => f.endsWith(".html")).map((f) => `${WWW}shared/${f}`),
  ];
  for (const f of files) {
    const html = readFileSync(f, "utf8");
    for (const m of html.matchAll(/\sdata-i18n="([^"]+)"/g)) keys.add(m[1]);
    for (const m of html.matchAll(/\sdata-i18n-attr="([^"]+)"/g)) {
      for (const pair of m[1].split(";")) {
        const key = pair.split(":")[1];
        if (key && key.trim()) keys.add(key.trim());
      }
    }
  }
  return keys;
}

const html = htmlKeys();
const placeholders = (s) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

test("the languages found", () => {
  assert.ok(langs.includes("en") && langs.includes("ru"), `languages: ${langs}`);
  assert.ok(Object.keys(tables.en).length > 300 && html.size > 100, "the tables and the pages' keys were read");
  for (const l of langs) assert.equal(typeof tables[l]["lang.name"], "string", `${l}.js names its language ("lang.name")`);
});

for (const l of langs.filter((l) => l !== "en")) {
  test(`${l}.js has every key of en.js and of the pages' HTML, and no other`, () => {
    const t = tables[l];
    const missing = [...new Set([...Object.keys(tables.en), ...html])].filter((k) => !(k in t));
    assert.deepEqual(missing, [], `keys missing in ${l}.js`);
    const extra = Object.keys(t).filter((k) => !(k in tables.en) && !html.has(k));
    assert.deepEqual(extra, [], `keys in ${l}.js that neither en.js nor any page has`);
  });

  test(`${l}.js takes the same parameters as en.js`, () => {
    const bad = [];
    for (const [k, en] of Object.entries(tables.en)) {
      const v = tables[l][k];
      if (v === undefined) continue;
      // A translation may leave a parameter out (the engine's English
      // message, say), never use one that English is not given.
      if (typeof en === "string" && typeof v === "string") {
        const unknown = placeholders(v).filter((p) => !placeholders(en).includes(p));
        if (unknown.length) bad.push(`${k}: {${unknown}} is no placeholder of the English {${placeholders(en)}}`);
      } else if (typeof en === "function" && typeof v === "function") {
        if (v.length > en.length) bad.push(`${k}: ${v.length} parameters, English takes ${en.length}`);
      } else if (typeof en === "string" && typeof v === "function") {
        if (v.length > 1) bad.push(`${k}: a string in English, a function of ${v.length} parameters in ${l}`);
      }
    }
    assert.deepEqual(bad, []);
  });
}

test("the check catches a missing key and a changed placeholder", () => {
  assert.deepEqual(placeholders("Move {n} of {total}"), ["n", "total"]);
  assert.ok(!placeholders("Move {n} of {total}").includes(placeholders("Ход {n} из {all}")[0]));
});
