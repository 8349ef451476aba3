// The parts every page shares, put into each built page by
// scripts/pwa-build.mjs: the start of <head> (www/shared/site-head.html) in
// place of a `<meta data-site-head />` placeholder, and the site header
// (www/shared/site-header.html) in place of its placeholder
//
//   <header class="site-header" data-site-header data-current="rules"></header>
//
// The link whose data-page is the placeholder's data-current gets
// aria-current="page"; the data-page marks are dropped, and links are made
// relative to the page's folder. A page without the placeholders is left as
// it is, so running the hook twice changes nothing. The fragments are build
// inputs, not pages: removeFragments takes them out of the built site.

import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const PLACEHOLDER = /[ \t]*<header\b[^>]*\bdata-site-header\b[^>]*>\s*<\/header>[ \t]*\n?/;

const HEAD_PLACEHOLDER = /[ \t]*<meta\b[^>]*\bdata-site-head\b[^>]*>[ \t]*\n?/;

/** A fragment's text without its leading comment, read once per build. */
const fragments = new Map();
function loadFragment(dir, name) {
  if (!fragments.has(name)) {
    const raw = readFileSync(join(dir, "shared", name), "utf8");
    fragments.set(name, raw.replace(/^<!--[\s\S]*?-->\n/, ""));
  }
  return fragments.get(name);
}

/** Links and sources of a fragment made relative to the page's folder. */
const relativeTo = (text, prefix) => text.replace(/ (href|src)="(?![a-z]+:|\/|#)/g, (_, a) => ` ${a}="${prefix}`);

/** `html` with its head placeholder replaced by www/shared/site-head.html. */
export function insertSiteHead(html, dir, prefix) {
  const m = HEAD_PLACEHOLDER.exec(html);
  if (!m) return html;
  const head = relativeTo(loadFragment(dir, "site-head.html"), prefix);
  return html.slice(0, m.index) + head + html.slice(m.index + m[0].length);
}

/** `html` with its header placeholder replaced (or unchanged if it has none). */
export function insertSiteHeader(html, dir, prefix, page) {
  const m = PLACEHOLDER.exec(html);
  if (!m) return html;
  const current = /\bdata-current=["']?([\w-]+)/.exec(m[0]);
  if (!current) throw new Error(`site-header: ${page}: the placeholder has no data-current`);
  const name = current[1];
  let found = false;
  const header = loadFragment(dir, "site-header.html").replace(/ data-page="([\w-]+)"/g, (_, p) => {
    if (p !== name) return "";
    found = true;
    return ' aria-current="page"';
  });
  if (!found) throw new Error(`site-header: ${page}: no link for data-current="${name}"`);
  return html.slice(0, m.index) + relativeTo(header, prefix) + html.slice(m.index + m[0].length);
}

/** The fragments' paths in a built site (relative, with "/"). */
export const FRAGMENTS = ["shared/site-head.html", "shared/site-header.html"];

/** Deletes the fragments from the built folder `dir` (once every page has them). */
export function removeFragments(dir) {
  for (const f of FRAGMENTS) rmSync(join(dir, ...f.split("/")), { force: true });
}
