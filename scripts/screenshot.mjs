// The README's picture of the play page: docs/img/play.png.
//
//   node scripts/screenshot.mjs [DIST_DIR] [--out FILE]
//
// Serves DIST_DIR (default dist/, as `trunk build --release` writes it),
// opens the play page in the system Chromium (playwright-core), starts a
// game between two players on the device and plays a fixed opening by
// clicks, so every run draws the same position; then saves a 1000x640
// screenshot at device scale 1 as a palette PNG (256 colours, about 60 KB
// where Chromium's own PNG is 200 KB).

import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { serve } from "../tests/e2e/server.mjs";
import { clickSquare, launch, newGame, waitForMoves, waitReady } from "../tests/e2e/lib.mjs";

const args = process.argv.slice(2);
const outAt = args.indexOf("--out");
const out = outAt >= 0 ? args[outAt + 1] : "docs/img/play.png";
const dist = args.find((a, i) => !a.startsWith("--") && i !== outAt + 1) || "dist";

/** A quiet opening: c3-d4 f6-g5, g3-f4 g7-f6, b2-c3 b6-a5. */
const LINE = [
  ["c3", "d4"],
  ["f6", "g5"],
  ["g3", "f4"],
  ["g7", "f6"],
  ["b2", "c3"],
  ["b6", "a5"],
];

/** The RGBA pixels of a PNG, decoded by the browser: {w, h, px}. */
function pixels(page, png) {
  return page.evaluate(async (src) => {
    const img = new Image();
    img.src = `data:image/png;base64,${src}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    return { w: img.width, h: img.height, px: Array.from(ctx.getImageData(0, 0, img.width, img.height).data) };
  }, png.toString("base64"));
}

/**
 * An 8-bit palette PNG of opaque RGBA pixels: the 256 most used colours
 * (by 5-bit buckets, each its bucket's mean), every pixel the nearest.
 */
function palettePng({ w, h, px }) {
  const bucket = (i) => ((px[i] >> 3) << 10) | ((px[i + 1] >> 3) << 5) | (px[i + 2] >> 3);
  const sums = new Map();
  for (let i = 0; i < px.length; i += 4) {
    const s = sums.get(bucket(i)) || [0, 0, 0, 0];
    s[0] += px[i];
    s[1] += px[i + 1];
    s[2] += px[i + 2];
    s[3] += 1;
    sums.set(bucket(i), s);
  }
  const palette = [...sums.values()]
    .sort((a, b) => b[3] - a[3])
    .slice(0, 256)
    .map((s) => [0, 1, 2].map((c) => Math.round(s[c] / s[3])));
  const chosen = new Map();
  const nearest = (r, g, b) => {
    const k = (r << 16) | (g << 8) | b;
    if (!chosen.has(k)) {
      let best = 0;
      let bestDist = Infinity;
      palette.forEach(([pr, pg, pb], j) => {
        const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
        if (d < bestDist) [best, bestDist] = [j, d];
      });
      chosen.set(k, best);
    }
    return chosen.get(k);
  };
  const rows = Buffer.alloc((w + 1) * h); // each row: filter 0, then indices
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      rows[y * (w + 1) + 1 + x] = nearest(px[i], px[i + 1], px[i + 2]);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // indexed colour
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("PLTE", Buffer.from(palette.flat())),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  let c = 0xffffffff;
  for (const v of body) c = CRC_TABLE[(c ^ v) & 255] ^ (c >>> 8);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([len, body, crc]);
}

const server = await serve(dist);
const browser = await launch();
try {
  const context = await browser.newContext({
    viewport: { width: 1000, height: 640 },
    deviceScaleFactor: 1,
    serviceWorkers: "block",
    locale: "en-GB",
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/?lang=en`);
  await waitReady(page);
  await newGame(page, { side: "humans" });
  await waitReady(page);
  for (const [i, [from, to]] of LINE.entries()) {
    await clickSquare(page, from);
    await clickSquare(page, to);
    await waitForMoves(page, i + 1);
  }
  // Show the next player's choices: select a piece of White's.
  await clickSquare(page, "c3");
  const shot = await page.screenshot();
  const blank = await context.newPage();
  const png = palettePng(await pixels(blank, shot));
  writeFileSync(out, png);
  console.log(`screenshot: ${out} (${png.length} bytes)`);
} finally {
  await browser.close();
  await server.close();
}
