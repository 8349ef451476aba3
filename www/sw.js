// The service worker: the whole site works offline after one visit.
//
// The build (scripts/pwa-build.mjs, a trunk post_build hook) writes the
// list of every file trunk put in dist/ and a hash of their contents into
// BUILD below, so nothing here names a page: a new page or data file is
// cached by the next build without touching this file.
//
// - install: every listed file is fetched (past the HTTP cache) into the
//   cache "shashki-<version>". A new deployment has a new version, hence a
//   new sw.js, which the browser installs next to the old one.
// - the new worker waits while an old one controls a page: that page shows
//   "a new version is ready" (pwa/register.js) and its button sends
//   "skip-waiting"; otherwise it takes over at the next visit.
// - activate: the caches of other versions are deleted.
// - fetch: same-origin GETs are answered from the cache first (the query is
//   ignored for pages, so ?lang=ru works offline too); a miss goes to the
//   network. Large data (BUILD.lazy, e.g. endgame tables under egtb/) is not
//   precached: it is kept in "shashki-data-<dataVersion>" when first used.
//
// - isolation: every answer it gives carries the headers that make a page
//   cross-origin isolated (COOP same-origin, COEP require-corp), so the
//   engine may share memory between its Workers and search on several
//   threads (www/shared/engine-module.js, docs/threads.md) even on a host
//   that cannot set headers. The site loads nothing from other origins.
//
// All URLs are relative to this file, so the site works from any folder.

/* build */ const BUILD = { version: "dev", files: null, lazy: [], dataVersion: "dev" }; /* /build */

const PREFIX = "shashki-";
const CACHE = `${PREFIX}${BUILD.version}`;
const DATA_CACHE = `${PREFIX}data-${BUILD.dataVersion}`;
const ROOT = new URL("./", self.location.href);

const url = (path) => new URL(path, ROOT).href;
const PRECACHED = new Set((BUILD.files || []).map(url));
const LAZY = (BUILD.lazy || []).map((p) => url(p));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const files = BUILD.files || [];
      // One file at a time would be slow; all at once with addAll fails the
      // install (and keeps the old version) if any file is missing.
      await cache.addAll(files.map((f) => new Request(url(f), { cache: "reload" })));
      // The site root answers as index.html does.
      if (files.includes("index.html")) {
        const index = await cache.match(url("index.html"));
        if (index) await cache.put(url("./"), index.clone());
      }
      // No skipWaiting here: a first install activates at once anyway, and
      // an update waits until the page says so or every tab has closed.
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE && name !== DATA_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "skip-waiting") self.skipWaiting();
  if (msg.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ version: BUILD.version, files: BUILD.files || [] });
  }
});

function isLazy(href) {
  return LAZY.some((prefix) => href === prefix || (prefix.endsWith("/") && href.startsWith(prefix)));
}

/** The cache key of a request: the page without its query or hash. */
function keyOf(request) {
  const u = new URL(request.url);
  u.hash = "";
  if (request.mode === "navigate" || PRECACHED.has(u.origin + u.pathname)) u.search = "";
  return u.href;
}

async function fromCacheFirst(request) {
  const key = keyOf(request);
  const cache = await caches.open(CACHE);
  const hit = BUILD.files ? await cache.match(key) : null;
  if (hit) return hit;
  if (isLazy(key)) {
    const data = await caches.open(DATA_CACHE);
    const stored = await data.match(key);
    if (stored) return stored;
    const response = await fetch(request);
    // Whole files only: a ranged (206) or failed answer is not kept.
    if (response.status === 200) await data.put(key, response.clone());
    return response;
  }
  try {
    const response = await fetch(request);
    // Without a build list (sw.js not passed through the build) every answer
    // is kept, and used only when the network fails: never stale, and the
    // site still works offline after one visit.
    if (!BUILD.files && response.status === 200) await cache.put(key, response.clone());
    return response;
  } catch (e) {
    const kept = BUILD.files ? null : await cache.match(key);
    if (kept) return kept;
    if (request.mode === "navigate") {
      const index = await cache.match(url("./"));
      if (index) return index;
    }
    throw e;
  }
}

const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

/** The response with the isolation headers (a copy; the body is not read). */
function isolated(response) {
  if (!response || response.type === "opaque" || response.type === "opaqueredirect" || response.status === 0) return response;
  if (response.headers.get("Cross-Origin-Embedder-Policy")) return response;
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(ISOLATION)) headers.set(k, v);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const u = new URL(request.url);
  if (u.origin !== ROOT.origin || !u.href.startsWith(ROOT.href)) return;
  event.respondWith(fromCacheFirst(request).then(isolated));
});
