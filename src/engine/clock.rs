//! A wall clock the search can read on every platform.
//!
//! `std::time::Instant` panics on `wasm32-unknown-unknown`, and the engine
//! must not depend on web crates, so the caller injects the time source: a
//! plain `fn() -> f64` returning milliseconds from any fixed origin. The
//! native build gets a default built on `Instant`; the web layer passes a
//! function calling `performance.now()` or `Date.now()`.
//!
//! ```
//! use shashki::engine::Clock;
//! fn fake_now() -> f64 { 42.0 }
//! let clock = Clock::new(fake_now);
//! assert_eq!(clock.now_ms(), 42.0);
//! ```

/// A source of milliseconds. Only differences between two readings matter.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    now: fn() -> f64,
}

impl Clock {
    /// A clock reading `now` (milliseconds since any fixed origin).
    pub const fn new(now: fn() -> f64) -> Clock {
        Clock { now }
    }

    /// The current time in milliseconds.
    #[inline]
    pub fn now_ms(&self) -> f64 {
        (self.now)()
    }

    /// A clock that never advances: searches bounded by it stop only on
    /// their depth or node limit (useful for deterministic tests).
    pub const fn frozen() -> Clock {
        Clock { now: frozen_now }
    }

    /// The native clock, counting from the first time any native clock is
    /// read in this process.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn native() -> Clock {
        Clock { now: native_now }
    }
}

/// CPU time of the calling thread in milliseconds, where the platform
/// tells it (Linux), or `None`. On a shared machine it measures the work
/// of this thread, not its neighbours': the CLI's benchmark and the fuzz
/// targets' time budget read it.
pub fn thread_cpu_ms() -> Option<f64> {
    #[cfg(target_os = "linux")]
    {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        extern "C" {
            fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut ts = Timespec { sec: 0, nsec: 0 };
        // SAFETY: `ts` is a valid, writable timespec (64-bit Linux layout).
        let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        if rc == 0 {
            return Some(ts.sec as f64 * 1e3 + ts.nsec as f64 / 1e6);
        }
    }
    None
}

fn frozen_now() -> f64 {
    0.0
}

#[cfg(not(target_arch = "wasm32"))]
fn native_now() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for Clock {
    fn default() -> Clock {
        Clock::native()
    }
}

#[cfg(target_arch = "wasm32")]
impl Default for Clock {
    /// Without an injected source a wasm clock is frozen: the search then
    /// stops on depth or nodes only. The web layer should always inject one.
    fn default() -> Clock {
        Clock::frozen()
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn native_clock_advances() {
        let c = Clock::native();
        let a = c.now_ms();
        std::thread::sleep(std::time::Duration::from_millis(5));
        let b = c.now_ms();
        assert!(b - a >= 4.0, "{a} -> {b}");
        assert_eq!(Clock::frozen().now_ms(), 0.0);
    }
}
