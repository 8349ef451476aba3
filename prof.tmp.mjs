import { chromium } from "playwright-core";
import { serve } from "./tests/e2e/server.mjs";
const server = await serve("dist", 0, { compress: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox"] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await cdp.send("Profiler.start");
await page.goto(`${server.url}/${process.argv[2]}`, { waitUntil: "load" });
await page.waitForTimeout(5000);
const { profile } = await cdp.send("Profiler.stop");
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas; 
profile.samples.forEach((id, i) => { const n = byId.get(id); const f = n.callFrame; const k = `${f.functionName || "(anon)"} ${f.url.replace(/.*\//, "")}:${f.lineNumber}`; self.set(k, (self.get(k) || 0) + (dt[i] || 0) / 1000); });
// inclusive per top-level-ish function: compute totals
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
const incl = new Map();
profile.samples.forEach((id, i) => { const seen = new Set(); for (let x = id; x; x = parent.get(x)) { const f = byId.get(x).callFrame; const k = `${f.functionName || "(anon)"} ${f.url.replace(/.*\//, "")}:${f.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) || 0) + (dt[i] || 0) / 1000); } } });
console.log("SELF"); for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v.toFixed(0).padStart(6), k);
console.log("INCL"); for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(0).padStart(6), k);
await browser.close(); await server.close();
// contiguous busy runs
let t = profile.startTime, runStart = null, runSamples = [];
const runs = [];
profile.samples.forEach((id, i) => { t += dt[i]; const f = byId.get(id).callFrame.functionName; const busy = f !== "(idle)"; if (busy) { if (runStart === null) runStart = t; runSamples.push([id, dt[i]]); } else if (runStart !== null) { runs.push([runStart, t, runSamples]); runStart = null; runSamples = []; } });
for (const [a, b, ss] of runs) { const ms = (b - a) / 1000; if (ms < 60) continue; const inc = new Map(); for (const [id, d] of ss) { const seen = new Set(); for (let x = id; x; x = parent.get(x)) { const f = byId.get(x).callFrame; const k = `${f.functionName || "(anon)"} ${f.url.replace(/.*\//, "")}:${f.lineNumber}`; if (!seen.has(k)) { seen.add(k); inc.set(k, (inc.get(k) || 0) + d / 1000); } } } console.log(`run @${((a - profile.startTime) / 1000).toFixed(0)} ${ms.toFixed(0)}ms:`, [...inc].sort((x, y) => y[1] - x[1]).slice(1, 12).map(([k, v]) => `${k}=${v.toFixed(0)}`).join(", ")); }
