//! The baseline opponent for strength matches: a plain fixed-depth
//! alpha-beta search with a material-only evaluation (man 100, king 300),
//! no transposition table, no move ordering, no draw rules. Pending captures
//! at the horizon are played out (captures are compulsory, so stopping
//! in the middle of an exchange would make it blunder at random).
//! Deterministic: ties go to the first move generated.

use super::eval::material;
use super::search::MATE;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The baseline's depth in plies.
pub const DEPTH: u32 = 4;

/// The baseline's move in `pos` (`None` when it has none) and its score.
pub fn best_move(pos: &Position, depth: u32) -> (Option<Move>, i32) {
    let mut lists: Vec<MoveList> = (0..64).map(|_| MoveList::new()).collect();
    let moves = pos.legal_moves();
    let mut best = None;
    let mut alpha = -MATE - 1;
    for mv in moves.iter() {
        let s = -negamax(
            &pos.play_unchecked(mv),
            depth.saturating_sub(1),
            1,
            -MATE - 1,
            -alpha,
            &mut lists,
        );
        if s > alpha {
            alpha = s;
            best = Some(*mv);
        }
    }
    (best, if best.is_some() { alpha } else { -MATE })
}

fn negamax(
    pos: &Position,
    depth: u32,
    ply: usize,
    mut alpha: i32,
    beta: i32,
    lists: &mut [MoveList],
) -> i32 {
    let captures = pos.has_capture();
    if depth == 0 && !captures || ply >= lists.len() {
        if !pos.has_any_move() {
            return -MATE + ply as i32;
        }
        return material(pos);
    }
    let mut list = std::mem::take(&mut lists[ply]);
    pos.generate_moves(&mut list);
    if list.is_empty() {
        lists[ply] = list;
        return -MATE + ply as i32;
    }
    for mv in list.iter() {
        let s = -negamax(
            &pos.play_unchecked(mv),
            depth.saturating_sub(1),
            ply + 1,
            -beta,
            -alpha,
            lists,
        );
        if s > alpha {
            alpha = s;
            if alpha >= beta {
                break;
            }
        }
    }
    lists[ply] = list;
    alpha
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_free_piece_and_finds_the_shot() {
        // The how-to-play shot: c3-d4 forces a5:e5, then f4:b8 crowns.
        let pos = Position::from_fen("W:Wc1,e1,b4,c3,f4,g3,h2:Ba5,c7,d8,e7,f8,g7,h8").unwrap();
        let (mv, score) = best_move(&pos, DEPTH);
        assert_eq!(pos.move_text(&mv.unwrap()), "c3-d4");
        assert!(score >= 200, "{score}");
        let lost = Position::from_fen("W:Wa1:Bb2,c3").unwrap();
        assert_eq!(best_move(&lost, DEPTH), (None, -MATE));
    }
}
