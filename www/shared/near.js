// Work for a part of a page that is not on its first screen, done only once
// that part comes within a screen's height of the viewport (or is scrolled
// to by its address, #id): a phone then spends nothing on it at load.

/** Calls `fn` once `el` is within a screen's height of the viewport. */
export function whenNear(el, fn) {
  if (!el || typeof IntersectionObserver !== "function") {
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
