//! Perft: the number of leaf positions of the legal-move tree, the standard
//! check of a move generator. Moves are unique `(from, to, captured)`.

use crate::movegen::MoveList;
use crate::position::Position;

/// Leaves at `depth`. The last ply is counted without playing its moves
/// (quiet moves are counted by population count, captures are generated).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..depth.max(1)).map(|_| MoveList::new()).collect();
    perft_with(pos, depth, &mut lists)
}

fn perft_with(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    if depth == 1 {
        return pos.count_moves(list) as u64;
    }
    pos.generate_moves(list);
    if depth == 2 {
        // The last two plies in one loop: no call per position above the
        // leaves (calls cost more in WebAssembly than natively).
        let buf = &mut rest[0];
        return list
            .iter()
            .map(|mv| pos.play_unchecked(mv).count_moves(buf) as u64)
            .sum();
    }
    let mut n = 0;
    for mv in list.iter() {
        n += perft_with(&pos.play_unchecked(mv), depth - 1, rest);
    }
    n
}

/// Leaves below each legal move (`--divide`), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let legal = pos.legal_moves();
    legal
        .iter()
        .map(|m| {
            (
                crate::notation::write(m, &legal),
                perft(&pos.play_unchecked(m), depth.saturating_sub(1)),
            )
        })
        .collect()
}
