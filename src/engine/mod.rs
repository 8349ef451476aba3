//! The engine: search, evaluation, transposition table. Pure Rust, built on
//! the rules core and the game layer.

pub mod clock;
pub mod eval;
pub mod search;
pub mod tt;
pub mod zobrist;

pub use clock::Clock;
pub use search::{DrawState, Limits, NoDrawCounts, SearchResult, MATE, MATE_BOUND};

use crate::position::Position;
use search::{Heuristics, Searcher};

/// The bot. Owns its transposition table (sized once, at creation) and its
/// move-ordering memory; reuse one engine for a whole game.
pub struct Engine {
    tt: tt::Table,
    heur: Heuristics,
}

impl Engine {
    /// An engine with a transposition table of `tt_megabytes` MB (at least 1).
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            tt: tt::Table::new(tt_megabytes),
            heur: Heuristics::new(),
        }
    }

    /// Forgets everything learnt (start of a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heur.clear();
    }

    /// Full-strength search of `root`, given the game's earlier positions
    /// (oldest first, for repetitions) and the draw counts at the root.
    pub fn search_position<D: DrawState>(
        &mut self,
        root: &Position,
        history: &[Position],
        draw: D,
        limits: &Limits,
        clock: &Clock,
    ) -> SearchResult {
        let mut s = Searcher::new(&mut self.tt, &mut self.heur, root, history, limits, *clock);
        s.run(root, draw, limits)
    }
}
