// Shared by the fuzz targets: a watch on the time each input takes. An
// input over the budget is printed ("SLOW ...") rather than failed, so a
// pause of the whole (shared, loaded) machine does not stop a long run;
// the run's log is then checked for the word and any such input re-run.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

pub const BUDGET_MS: f64 = 100.0;
static SLOWEST_US: AtomicU64 = AtomicU64::new(0);

pub fn timed(data: &[u8], f: impl FnOnce()) {
    let t = Instant::now();
    f();
    let us = t.elapsed().as_micros() as u64;
    if us > SLOWEST_US.fetch_max(us, Ordering::Relaxed) {
        eprintln!("slowest input so far: {:.3} ms ({} bytes)", us as f64 / 1e3, data.len());
    }
    if us as f64 / 1e3 > BUDGET_MS {
        eprintln!("SLOW {:.1} ms: {:?}", us as f64 / 1e3, String::from_utf8_lossy(data));
    }
}
