// Registers the service worker (../sw.js) on every page, and offers a new
// version when one has been installed behind the one that serves the page:
// "A new version is ready" with a Reload button (the game in progress is
// saved, so a reload loses nothing). Ignored, the new version takes over at
// the next visit. The build adds this script to every page (pwa-build.mjs).

import { TEXTS } from "./texts.js";

const SW_URL = new URL("../sw.js", import.meta.url);
const SCOPE = new URL("../", import.meta.url);

/** Facts for tests and the curious: window.shashkiPwa. */
const state = { registered: false, error: null, updateShown: false, registration: null };
window.shashkiPwa = state;

function supported() {
  return "serviceWorker" in navigator && window.isSecureContext;
}

let reloading = false;

function offer(worker) {
  if (document.getElementById("pwa-update")) return;
  state.updateShown = true;
  const box = document.createElement("div");
  box.id = "pwa-update";
  box.className = "pwa-update";
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", TEXTS.updateLabel);
  const text = document.createElement("p");
  text.setAttribute("role", "status");
  text.textContent = TEXTS.updateReady;
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "btn btn-primary pwa-reload";
  reload.textContent = TEXTS.reload;
  const later = document.createElement("button");
  later.type = "button";
  later.className = "btn pwa-later";
  later.textContent = TEXTS.later;
  reload.addEventListener("click", () => {
    reloading = true;
    reload.disabled = true;
    worker.postMessage({ type: "skip-waiting" });
  });
  later.addEventListener("click", () => box.remove());
  box.append(text, reload, later);
  addStyle();
  document.body.append(box);
}

function addStyle() {
  if (document.getElementById("pwa-style")) return;
  const style = document.createElement("style");
  style.id = "pwa-style";
  style.textContent = `
.pwa-update { position: fixed; z-index: 50; left: 50%; bottom: max(12px, env(safe-area-inset-bottom));
  transform: translateX(-50%); display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px;
  max-width: calc(100vw - 24px); box-sizing: border-box; padding: 10px 14px; border-radius: 12px;
  background: #2c2118; color: #fff; box-shadow: 0 6px 24px rgb(0 0 0 / 0.35); font: inherit; }
.pwa-update p { margin: 0; }
.pwa-update .btn:not(.btn-primary) { color: #fff; background: transparent; border-color: #fff; }`;
  document.head.append(style);
}

async function register() {
  if (!supported()) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  let reg;
  try {
    reg = await navigator.serviceWorker.register(SW_URL.href, { scope: SCOPE.href });
  } catch (e) {
    // Blocked (private mode, tests) or not served: the site works online.
    state.error = String((e && e.message) || e);
    return;
  }
  if (!reg) return; // registration blocked (some test drivers)
  state.registered = true;
  state.registration = reg;
  const watch = (w) => {
    if (!w) return;
    w.addEventListener("statechange", () => {
      if (w.state === "installed" && navigator.serviceWorker.controller) offer(w);
    });
  };
  if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
  watch(reg.installing);
  reg.addEventListener("updatefound", () => watch(reg.installing));
  // A page left open for long still hears of new versions.
  setInterval(() => reg.update().catch(() => {}), 60 * 60 * 1000);
}

register();
