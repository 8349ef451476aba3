//! How a material's draw counts are modelled: which counts can run in it,
//! and so which dimensions (clock, main-road count, threshold) its states
//! have. Both the builder (`super::build`, an offline tool behind the
//! `tools` feature) and the probe
//! ([`super::Tables::probe`], in the browser too) read positions through
//! this one model; the argument for it is in the module docs of
//! [`super`].

use super::index::Material;
use super::THR_ANY;
use crate::square::Color;

/// How a material's counts are modelled (module docs, "The model").
#[derive(Clone, Copy, Debug)]
pub struct Model {
    /// Length of the clock dimension: 30 (rule 5's plies, 4 pieces), 10
    /// (rule 4's plies, 2-3 pieces with kings on both sides), 1 (no count).
    pub clock: usize,
    /// Rule 4 also runs and is not reset by a man move (4 pieces, kings on
    /// both sides, at least one man): it is kept as a threshold.
    pub dual: bool,
    /// Rule 3 can run: the main-road count is a dimension of 5.
    pub road: usize,
    /// No count can run and the states form no cycle (five pieces, one
    /// side without a king: that side moves a man every turn). Solved by
    /// the memoised pass with no clock.
    pub acyclic: bool,
    /// Rule 2 (at least three kings against a lone king) runs in every
    /// position of the material, on this side's moves.
    pub lone: Option<Color>,
}

impl Model {
    pub fn of(m: &Material) -> Model {
        let n = m.pieces();
        let clock = if n >= 5 {
            if m.both_kings() {
                30
            } else {
                1
            }
        } else if n >= 4 {
            30
        } else if m.both_kings() {
            10
        } else {
            1
        };
        let three_v_king = (m.wk + m.wm == 3 && m.bk == 1 && m.bm == 0)
            || (m.bk + m.bm == 3 && m.wk == 1 && m.wm == 0);
        let lone = if m.wk >= 3 && m.bk == 1 && m.bm == 0 {
            Some(Color::White)
        } else if m.bk >= 3 && m.wk == 1 && m.wm == 0 {
            Some(Color::Black)
        } else {
            None
        };
        Model {
            clock,
            dual: n >= 4 && m.both_kings() && m.men() > 0,
            road: if three_v_king { 5 } else { 1 },
            acyclic: n >= 5 && !m.both_kings(),
            lone,
        }
    }

    /// The material's value is needed at every clock, not only at 0: rule
    /// 2's count can enter it already running (a capture or a crowning
    /// that keeps "three kings or more against a lone king" true), which
    /// the clock stands in for ([`lone_clock`]).
    pub fn keeps_clock(&self) -> bool {
        self.lone.is_some() && !self.dual && self.clock == 30
    }

    /// The largest rule-4 ply count at which a dual state can still be
    /// played: 59 (rule 4 falls at 60), or with rule 2 running, the last
    /// count before the stronger side's 15th move.
    pub fn dual_cap(&self, turn: Color) -> i32 {
        match self.lone {
            Some(strong) if turn == strong => 29,
            Some(_) => 28,
            None => 59,
        }
    }
}

/// Rule 2's count (the stronger side's moves) after `plies` plies since
/// the balance arose, with `strong_to_move` telling who moves now.
pub fn lone_moves(plies: u32, strong_to_move: bool) -> u32 {
    if strong_to_move {
        plies / 2
    } else {
        plies.div_ceil(2)
    }
}

/// The clock of a material without men where rule 2 runs ([`Model::keeps_clock`])
/// that stands for rule 2's count `moves` when rule 5's count is at most
/// this: rule 2 then falls first, at the same ply in the model (where both
/// counts run from the clock) as in the game. [`lone_moves`] of the result
/// is `moves`.
pub fn lone_clock(moves: u32, strong_to_move: bool) -> usize {
    if strong_to_move {
        2 * moves as usize
    } else {
        (2 * moves as usize).saturating_sub(1)
    }
}

/// The threshold a file stores for a win or loss of a dual material
/// ([`Model::dual`]) with `thr` the largest rule-4 count at which it holds:
/// a result that holds up to the last count at which the state can be
/// played holds at every count the game can reach (past it the count has
/// drawn, which the probe reads first), so it is stored as "any", which
/// packs better. Other materials' thresholds are returned as they are.
pub fn stored_threshold(m: &Material, turn: Color, thr: u8) -> u8 {
    let model = Model::of(m);
    if model.dual && thr != THR_ANY && i32::from(thr) >= model.dual_cap(turn) {
        THR_ANY
    } else {
        thr
    }
}
