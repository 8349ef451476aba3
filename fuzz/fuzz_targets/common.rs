// Shared by the fuzz targets: a watch on the time each input takes, in CPU
// time of this thread (the wall clock of a loaded, shared machine says
// little). An input over the budget is printed ("SLOW ...") rather than
// failed, so one long run reports them all; scripts/fuzz.sh fails the run
// when any is printed.

use std::sync::atomic::{AtomicU64, Ordering};

pub const BUDGET_MS: f64 = 100.0;
static SLOWEST_US: AtomicU64 = AtomicU64::new(0);

/// CPU time of this thread in microseconds (Linux; 0 elsewhere).
fn thread_cpu_us() -> u64 {
    (shashki::engine::clock::thread_cpu_ms().unwrap_or(0.0) * 1e3) as u64
}

pub fn timed(data: &[u8], f: impl FnOnce()) {
    let t = thread_cpu_us();
    f();
    let us = thread_cpu_us() - t;
    if us > SLOWEST_US.fetch_max(us, Ordering::Relaxed) {
        eprintln!(
            "slowest input so far: {:.3} ms CPU ({} bytes)",
            us as f64 / 1e3,
            data.len()
        );
    }
    if us as f64 / 1e3 > BUDGET_MS {
        eprintln!(
            "SLOW {:.1} ms CPU: {:?}",
            us as f64 / 1e3,
            String::from_utf8_lossy(data)
        );
    }
}
