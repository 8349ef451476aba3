// Draws the app icons' PNGs from the SVGs in www/icons/ (run by hand after
// changing an SVG, then commit the PNGs):
//
//   node scripts/icons.mjs
//
// Headless Chromium (playwright-core, software rendering) paints each SVG at
// the exact pixel size on a transparent page; the same Chromium gives the
// same bytes, so a rerun leaves `git status` clean.

import { readFileSync } from "node:fs";
import { launch } from "../tests/e2e/lib.mjs";

const DIR = new URL("../www/icons/", import.meta.url);
const OUT = [
  // [source svg, png, size]
  ["icon.svg", "icon-192.png", 192],
  ["icon.svg", "icon-512.png", 512],
  ["icon-maskable.svg", "icon-maskable-192.png", 192],
  ["icon-maskable.svg", "icon-maskable-512.png", 512],
  // iOS rounds the corners itself: the full-bleed drawing.
  ["icon-maskable.svg", "apple-touch-icon.png", 180],
];

const browser = await launch();
const page = await browser.newPage({ deviceScaleFactor: 1 });
for (const [svg, png, size] of OUT) {
  const data = readFileSync(new URL(svg, DIR)).toString("base64");
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<!doctype html><style>html,body{margin:0;background:transparent}img{display:block}</style>` +
      `<img width="${size}" height="${size}" src="data:image/svg+xml;base64,${data}">`,
  );
  await page.waitForFunction(() => document.images[0].complete);
  await page.screenshot({
    path: new URL(png, DIR).pathname,
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
  console.log(`www/icons/${png} (${size} px) from ${svg}`);
}
await browser.close();
