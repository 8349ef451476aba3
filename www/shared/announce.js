// The page's one live region: `announce(text)` puts a sentence in the
// element #announcer (role="status" in each page's HTML) for screen
// readers. The region is emptied first and filled a moment later, so the
// same sentence twice is read twice; a newer sentence replaces one not yet
// shown.

let timer = null;

/** Says `text` through the live region `region` (default: #announcer). */
export function announce(text, region = document.getElementById("announcer")) {
  if (!region) return;
  region.textContent = "";
  clearTimeout(timer);
  timer = setTimeout(() => {
    region.textContent = text;
  }, 30);
}
