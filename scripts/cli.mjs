// What the measuring scripts (bench-*.mjs, lighthouse.mjs) share: their
// command line (`--name value` options and one positional folder, the
// build to measure) and the median of a list of figures.

/** The script's arguments: `opt(name, dflt)` reads `--name value`, `dist` is the first word that is not an option or its value ("dist" when none). */
export function cli(args = process.argv.slice(2)) {
  const opt = (name, dflt) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const dist = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")) || "dist";
  return { args, opt, dist };
}

/** The median of the finite numbers of `xs` (the mean of the middle two for an even count); NaN when there are none. */
export function median(xs) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
