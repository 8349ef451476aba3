// temporary probe: real (unthrottled) load timeline of a page
import { chromium } from "playwright-core";
import { serve } from "./tests/e2e/server.mjs";
const page_ = process.argv[2] || "rules.html";
const server = await serve("dist", 0, { compress: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox"] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
await page.addInitScript(() => {
  window.__ev = [];
  const t0 = performance.timeOrigin;
  for (const type of ["paint", "largest-contentful-paint", "longtask", "layout-shift"]) {
    try {
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) {
          const el = e.element;
          window.__ev.push([type, Math.round(e.startTime), Math.round(e.duration || 0), e.name, e.size || "", el ? `${el.tagName}.${el.className}#${el.id} ${(el.textContent||"").slice(0,40)}` : "", e.url || ""]);
        }
      }).observe({ type, buffered: true });
    } catch {}
  }
});
await page.goto(`${server.url}/${page_}`, { waitUntil: "load" });
await page.waitForTimeout(3000);
const ev = await page.evaluate(() => window.__ev.concat(performance.getEntriesByType("resource").map(r => ["res", Math.round(r.startTime), Math.round(r.responseEnd), r.name.replace(/.*\//, ""), "", "", ""]), performance.getEntriesByType("mark").map(m=>["mark", Math.round(m.startTime),0,m.name,"","",""]), performance.getEntriesByType("navigation").map(n=>["nav", Math.round(n.domContentLoadedEventEnd), Math.round(n.loadEventEnd), "dcl/load"])));
ev.sort((a, b) => a[1] - b[1]);
for (const e of ev) console.log(e.join(" | "));
await browser.close();
await server.close();
