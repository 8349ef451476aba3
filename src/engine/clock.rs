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

/// Time kept back from every move on a game clock, in milliseconds: the
/// search notices its limit only every 1024 nodes (well under 200 ms late,
/// see [`crate::engine::LevelInfo::movetime_ms`]), and the page's message
/// round trip to the Worker and its drawing take their share.
pub const SAFETY_MS: f64 = 1000.0;
/// The game is budgeted as if this many more moves had to be played on the
/// time left (a long game gets smaller and smaller slices, never nothing).
pub const MOVES_TO_GO: f64 = 40.0;
/// Share of the increment spent on the move it is added after.
pub const INCREMENT_SHARE: f64 = 0.75;
/// No move gets more than this share of the usable time.
pub const MAX_SHARE: f64 = 0.2;

/// How long the bot may think about one move on a game clock (Fischer
/// increment), in milliseconds:
///
/// ```text
/// usable = max(0, remaining - SAFETY_MS)
/// budget = min(level_cap, MAX_SHARE * usable,
///              usable / MOVES_TO_GO + INCREMENT_SHARE * increment)
/// ```
///
/// So the budget never exceeds the time left minus the safety margin (a
/// flag fall needs the search to overrun by more than [`SAFETY_MS`]), the
/// increment is mostly spent on the move it pays for, the time left is
/// shared out over the rest of the game, and a weak level never thinks
/// longer than it would without a clock (`level_cap`, its
/// [`movetime_ms`](crate::engine::LevelInfo::movetime_ms)). Negative or
/// non-finite inputs count as zero; with nothing usable the budget is 0
/// and the engine plays its first iteration's move at once.
///
/// ```
/// use shashki::engine::move_budget_ms;
/// // 3+2, three minutes left, level cap 3 s: 3 s (the cap).
/// assert_eq!(move_budget_ms(180_000.0, 2_000.0, 3_000.0), 3_000.0);
/// // Ten seconds left, 2 s increment: min(0.2 * 9 000, 9 000 / 40 + 1 500) = 1 725 ms.
/// assert_eq!(move_budget_ms(10_000.0, 2_000.0, 3_000.0), 1_725.0);
/// // One second left, no increment: nothing to spend.
/// assert_eq!(move_budget_ms(1_000.0, 0.0, 3_000.0), 0.0);
/// ```
pub fn move_budget_ms(remaining_ms: f64, increment_ms: f64, level_cap_ms: f64) -> f64 {
    let clean = |x: f64| if x.is_finite() { x.max(0.0) } else { 0.0 };
    let usable = (clean(remaining_ms) - SAFETY_MS).max(0.0);
    let share = usable / MOVES_TO_GO + INCREMENT_SHARE * clean(increment_ms);
    share.min(MAX_SHARE * usable).min(clean(level_cap_ms))
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

#[cfg(test)]
mod budget_tests {
    use super::*;

    #[test]
    fn never_more_than_the_time_left_minus_the_margin() {
        for remaining in [
            0.0, 1.0, 999.0, 1_000.0, 1_001.0, 1_200.0, 2_000.0, 5_000.0, 60_000.0, 900_000.0,
        ] {
            for inc in [0.0, 1_000.0, 2_000.0, 10_000.0, 60_000.0] {
                let b = move_budget_ms(remaining, inc, 1e9);
                assert!(b >= 0.0, "{remaining} {inc}: {b}");
                assert!(
                    b <= (remaining - SAFETY_MS).max(0.0),
                    "{remaining} {inc}: {b}"
                );
            }
        }
    }

    #[test]
    fn uses_the_increment_and_the_level_cap() {
        // 10 s left: the increment adds to the budget.
        let without = move_budget_ms(10_000.0, 0.0, 1e9);
        let with = move_budget_ms(10_000.0, 2_000.0, 1e9);
        assert_eq!(without, 9_000.0 / 40.0);
        assert_eq!(with, without + 1_500.0);
        // ... but never beyond a fifth of the usable time.
        assert_eq!(move_budget_ms(3_000.0, 10_000.0, 1e9), 400.0);
        // The level's own budget is never exceeded.
        assert_eq!(move_budget_ms(900_000.0, 10_000.0, 500.0), 500.0);
        // More time left never gives less.
        let mut last = 0.0;
        for r in (0..200).map(|i| i as f64 * 1_000.0) {
            let b = move_budget_ms(r, 2_000.0, 1e9);
            assert!(b >= last);
            last = b;
        }
    }

    #[test]
    fn odd_inputs_count_as_zero() {
        for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -5.0] {
            assert_eq!(move_budget_ms(x, 0.0, 3_000.0), 0.0);
            assert_eq!(move_budget_ms(10_000.0, x, 3_000.0), 225.0);
            assert_eq!(move_budget_ms(10_000.0, 0.0, x), 0.0);
        }
    }

    /// A whole game on the clock, the bot overrunning every budget by
    /// 50 ms (the search's lateness plus the Worker's round trip, both
    /// measured far below that): the flag never falls in 120 moves (240
    /// plies, a long game), sudden death or with an increment. (Sudden
    /// death cannot be safe for ever against a fixed overrun per move: the
    /// time left only shrinks; see docs/play.md.)
    #[test]
    fn a_long_game_never_runs_out() {
        for (base, inc) in [
            (60_000.0, 0.0),
            (30_000.0, 0.0),
            (180_000.0, 2_000.0),
            (60_000.0, 1_000.0),
        ] {
            let mut left: f64 = base;
            for mv in 0..120 {
                let b = move_budget_ms(left, inc, 3_000.0);
                left -= b + 50.0;
                assert!(left > 0.0, "{base}+{inc}: flag fell at move {mv}");
                left += inc;
            }
        }
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
