// The threaded build of the engine: the same crate compiled for wasm32 with
// shared memory and atomics, for the bot's search helpers (Web Workers over
// one memory; docs/threads.md). Written to DIR/threads/:
//   shashki_mt.js, shashki_mt_bg.wasm
//
//   node scripts/build-threads.mjs DIR
//
// It needs the nightly toolchain with rust-src and the wasm32 target
// (scripts/setup.sh installs them): the standard library must be rebuilt
// with the atomics feature (-Z build-std), which stable Rust cannot do. The
// wasm module imports its memory (shared, at most 1 GiB) and exports the
// thread-local storage symbols that wasm-bindgen's thread support needs.
// Without the toolchain it says so and exits 3: the site then searches on
// one thread everywhere, as it does where a page is not cross-origin
// isolated.
//
// The ordinary build (trunk's, www/index.html) is unchanged by this.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dir = process.argv[2];
if (!dir) {
  console.error("build-threads: no output folder");
  process.exit(2);
}
const out = join(resolve(dir), "threads");
const target = join(root, "target", "threads");
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });

const probe = spawnSync("rustup", ["run", "nightly", "rustc", "--print", "sysroot"], { encoding: "utf8" });
const sysroot = probe.status === 0 ? probe.stdout.trim() : "";
if (!sysroot || !existsSync(join(sysroot, "lib/rustlib/src/rust/library")) || !existsSync(join(sysroot, "lib/rustlib/wasm32-unknown-unknown"))) {
  console.error("build-threads: nightly Rust with rust-src and the wasm32 target is missing (bash scripts/setup.sh): no threaded build");
  process.exit(3);
}

const rustflags = [
  "-C target-feature=+atomics,+bulk-memory,+mutable-globals",
  "-C link-arg=--shared-memory",
  "-C link-arg=--import-memory",
  "-C link-arg=--max-memory=1073741824",
  "-C link-arg=--export=__wasm_init_tls",
  "-C link-arg=--export=__tls_size",
  "-C link-arg=--export=__tls_align",
  "-C link-arg=--export=__tls_base",
].join(" ");
// The ordinary build's flags (.cargo/config.toml) are for other targets.
let r = run(
  "rustup",
  ["run", "nightly", "cargo", "build", "--release", "--lib", "--target", "wasm32-unknown-unknown", "--no-default-features", "-Z", "build-std=panic_abort,std"],
  { RUSTFLAGS: rustflags, CARGO_TARGET_DIR: target },
);
if (r.status !== 0) process.exit(1);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const built = join(target, "wasm32-unknown-unknown", "release", "shashki.wasm");
r = run("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", out, "--out-name", "shashki_mt", built]);
if (r.status !== 0) process.exit(1);

// The same optimisation trunk gives the ordinary module (data-wasm-opt="3"
// with --low-memory-unused: the stack sits below the data, so the first KB
// is reached only by a stack about to overflow; docs/performance.md);
// wasm-opt reads the module's feature section, atomics included.
const wasm = join(out, "shashki_mt_bg.wasm");
const opt = join(root, "node_modules", ".bin", "wasm-opt");
if (existsSync(opt)) {
  r = run(opt, ["-O3", "--low-memory-unused", wasm, "-o", wasm]);
  if (r.status !== 0) process.exit(1);
} else {
  console.error("build-threads: wasm-opt is missing (npm ci): the threaded module is not optimised");
}
console.log(`build-threads: ${out}`);
