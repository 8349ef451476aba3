//! Zobrist keys: one random 64-bit number per (piece kind, square) and one
//! for "Black to move"; a position's key is the XOR of its pieces' numbers.
//! The tables are built at compile time from a fixed seed, so keys are the
//! same on every platform and in every run.

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Piece kinds: white man, white king, black man, black king.
const fn build() -> ([[u64; 32]; 4], u64) {
    let mut t = [[0u64; 32]; 4];
    let mut state = 0x5348_4153_484B_4921; // fixed seed
    let mut k = 0;
    while k < 4 {
        let mut sq = 0;
        while sq < 32 {
            let (s, z) = splitmix(state);
            state = s;
            t[k][sq] = z;
            sq += 1;
        }
        k += 1;
    }
    let (_, side) = splitmix(state);
    (t, side)
}

const TABLES: ([[u64; 32]; 4], u64) = build();
static PIECE: [[u64; 32]; 4] = TABLES.0;
/// XORed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = TABLES.1;

#[inline]
fn kind(color: Color, king: bool) -> usize {
    color.index() * 2 + king as usize
}

#[inline]
fn xor_set(mut bits: u32, table: &[u64; 32]) -> u64 {
    let mut k = 0;
    while bits != 0 {
        k ^= table[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    k
}

/// The key of `pos`, computed from scratch.
pub fn key(pos: &Position) -> u64 {
    let kings = pos.kings().0;
    let mut k = 0;
    for c in [Color::White, Color::Black] {
        let own = pos.pieces(c).0;
        k ^= xor_set(own & !kings, &PIECE[kind(c, false)]);
        k ^= xor_set(own & kings, &PIECE[kind(c, true)]);
    }
    if pos.turn() == Color::Black {
        k ^= BLACK_TO_MOVE;
    }
    k
}

/// The key after playing `mv` in `pos` (whose key is `key`), without
/// looking at the resulting position.
#[inline]
pub fn after(key: u64, pos: &Position, mv: &Move) -> u64 {
    let us = pos.turn();
    let kings = pos.kings().0;
    let from = mv.from().index();
    let to = mv.to().index();
    let was_king = kings & (1 << from) != 0;
    let mut k = key ^ BLACK_TO_MOVE;
    k ^= PIECE[kind(us, was_king)][from];
    k ^= PIECE[kind(us, was_king || mv.crowns())][to];
    let cap: Bitboard = mv.captured();
    if cap.any() {
        let them = us.opposite();
        k ^= xor_set(cap.0 & !kings, &PIECE[kind(them, false)]);
        k ^= xor_set(cap.0 & kings, &PIECE[kind(them, true)]);
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_matches_scratch() {
        let mut pos = Position::start();
        let mut k = key(&pos);
        let mut seed = 7u64;
        for _ in 0..2000 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                pos = Position::start();
                k = key(&pos);
                continue;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = moves[(seed % moves.len() as u64) as usize];
            k = after(k, &pos, &mv);
            pos = pos.play_unchecked(&mv);
            assert_eq!(k, key(&pos), "{}", pos.fen());
        }
        assert_ne!(
            key(&Position::start()),
            key(&Position::start().with_turn(Color::Black))
        );
    }
}
