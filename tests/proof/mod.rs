//! The exhaustive material search that the tests proving positions share
//! (the tactics suite, the shipped puzzles, the rules page's exercises).
//! It is written here, apart from the engine's search and the puzzle
//! miner's prover, so that it checks them: plain negamax with alpha-beta
//! (which prunes only what cannot change the value), every legal move to
//! the depth, then on through pending captures (they are compulsory, so a
//! line is not over while one is due).

use shashki::{MoveList, Position};

/// The scale of a proof: what a man and a king are worth, and the score of
/// a side left without a move with `depth` plies still to go.
pub struct Scale {
    pub man: i32,
    pub king: i32,
    pub lost: fn(u32) -> i32,
}

impl Scale {
    /// Material from the side to move's point of view.
    pub fn material(&self, pos: &Position) -> i32 {
        let us = pos.turn();
        let value = |c| {
            self.man * pos.men_of(c).count() as i32 + self.king * pos.kings_of(c).count() as i32
        };
        value(us) - value(us.opposite())
    }

    /// The value of `pos` for the side to move, `depth` plies deep
    /// (fail-soft: exact inside the window, a bound outside it).
    pub fn negamax(&self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            return (self.lost)(depth);
        }
        if depth == 0 && !moves[0].is_capture() {
            return self.material(pos);
        }
        let mut best = i32::MIN + 1;
        for mv in moves.iter() {
            let v = -self.negamax(
                &pos.play_unchecked(mv),
                depth.saturating_sub(1),
                -beta,
                -alpha,
            );
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
