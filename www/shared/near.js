// Work for a part of a page that is not on its first screen, done only once
// that part comes within a screen's height of the viewport (or is scrolled
// to by its address, #id): a phone then spends nothing on it at load.

/** Calls `fn` once `el` is within a screen's height of the viewport: at once when the page's address names it or something in it (#id). */
export function whenNear(el, fn) {
  if (!el || typeof IntersectionObserver !== "function" || addressed(el)) {
    fn();
    return;
  }
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      fn();
    },
    { rootMargin: "100% 0px" },
  );
  io.observe(el);
}

/** Is `el`, or an element inside it, the one the page's #id names? */
function addressed(el) {
  const id = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : "";
  const target = id && document.getElementById(id);
  return !!target && el.contains(target);
}
