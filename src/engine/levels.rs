//! Playing levels: how deep each one looks, how long it may think, and how
//! freely it picks among nearly-equal moves.
//!
//! The lower levels score every legal move with a shallow search and pick at
//! random (seeded, so games can be replayed) among the moves whose score is
//! within the level's margin of the best one. The margin is always below
//! the value of a man, and every score already includes the forced
//! captures that follow, so no level gives a piece away for nothing in one
//! move; the shallow depth is what makes them miss combinations, like a
//! human player. The upper levels search at full strength with a node or
//! time budget.

/// What the page shows for a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelInfo {
    /// 1 (weakest) to [`MAX_LEVEL`].
    pub number: u8,
    pub name: &'static str,
    /// One line for the level menu.
    pub description: &'static str,
    /// The longest the level thinks per move, in milliseconds. The engine
    /// never exceeds it by more than the time to notice the clock (well
    /// under 200 ms).
    pub movetime_ms: u32,
}

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Spec {
    /// Search depth for scoring every move (`Some`) or full-strength
    /// iterative deepening (`None`).
    pub multi_depth: Option<u32>,
    /// Node budget (full-strength levels).
    pub nodes: Option<u64>,
    /// Moves within this many hundredths of a man of the best may be chosen.
    pub margin: i32,
}

/// The strongest level.
pub const MAX_LEVEL: u8 = 6;

static LEVELS: [LevelInfo; MAX_LEVEL as usize] = [
    LevelInfo {
        number: 1,
        name: "Beginner",
        description: "Looks one move ahead and plays loosely; never hands over a piece for nothing, but walks into every combination.",
        movetime_ms: 500,
    },
    LevelInfo {
        number: 2,
        name: "Novice",
        description: "Sees the reply to its move and simple exchanges; still falls for two-move shots.",
        movetime_ms: 500,
    },
    LevelInfo {
        number: 3,
        name: "Amateur",
        description: "Calculates a few moves deep and spots short combinations; its positional play is rough.",
        movetime_ms: 1000,
    },
    LevelInfo {
        number: 4,
        name: "Club player",
        description: "A solid club player: sound tactics several moves deep, a little variety in quiet positions.",
        movetime_ms: 1000,
    },
    LevelInfo {
        number: 5,
        name: "Expert",
        description: "Full-strength search on a small budget: hard to trick, strong in the ending.",
        movetime_ms: 1500,
    },
    LevelInfo {
        number: 6,
        name: "Maximum",
        description: "Everything the engine has, for the full thinking time on every move.",
        movetime_ms: 3000,
    },
];

static SPECS: [Spec; MAX_LEVEL as usize] = [
    Spec {
        multi_depth: Some(1),
        nodes: None,
        margin: 60,
    },
    Spec {
        multi_depth: Some(2),
        nodes: None,
        margin: 35,
    },
    Spec {
        multi_depth: Some(4),
        nodes: None,
        margin: 15,
    },
    Spec {
        multi_depth: None,
        nodes: Some(20_000),
        margin: 0,
    },
    Spec {
        multi_depth: None,
        nodes: Some(250_000),
        margin: 0,
    },
    Spec {
        multi_depth: None,
        nodes: None,
        margin: 0,
    },
];

/// Every level, weakest first.
pub fn levels() -> &'static [LevelInfo] {
    &LEVELS
}

/// The level numbered `n`, clamped to 1..=[`MAX_LEVEL`].
pub fn level(n: u8) -> &'static LevelInfo {
    &LEVELS[n.clamp(1, MAX_LEVEL) as usize - 1]
}

pub(crate) fn spec(n: u8) -> Spec {
    SPECS[n.clamp(1, MAX_LEVEL) as usize - 1]
}

/// A small seedable generator (xorshift64*): deterministic, no OS entropy.
#[derive(Clone, Copy, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // Any seed works, zero included.
        Rng(seed ^ 0x2545_F491_4F6C_DD1D | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() >> 32) * n) >> 32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_numbered_and_bounded() {
        let l = levels();
        assert!(l.len() >= 6);
        for (i, info) in l.iter().enumerate() {
            assert_eq!(info.number as usize, i + 1);
            assert!(!info.name.is_empty() && !info.description.is_empty());
            assert!(info.movetime_ms > 0 && info.movetime_ms <= 5000);
        }
        for n in 1..=MAX_LEVEL {
            assert!(spec(n).margin < 100, "no level may give away a man");
        }
        assert_eq!(level(0).number, 1);
        assert_eq!(level(200).number, MAX_LEVEL);
    }

    #[test]
    fn rng_is_deterministic_and_spread() {
        let mut a = Rng::new(5);
        let mut b = Rng::new(5);
        let xs: Vec<u64> = (0..100).map(|_| a.below(10)).collect();
        let ys: Vec<u64> = (0..100).map(|_| b.below(10)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x < 10));
        for v in 0..10 {
            assert!(xs.contains(&v));
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }
}
