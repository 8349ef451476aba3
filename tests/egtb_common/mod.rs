//! What the endgame-table tests share: a seeded generator and random
//! placements of a few pieces.

use shashki::engine::egtb::Material;
use shashki::{Bitboard, Color, Position, Setup};

/// xorshift64: deterministic for a seed, no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// One try at a random position of `n` pieces (each side at least one, men
/// or kings, either side to move): `None` when the placement is not a legal
/// position (a man on its crowning row, ...).
pub fn try_random_position(rng: &mut Rng, n: u32) -> Option<Position> {
    let mut s = Setup::default();
    let mut used = 0u32;
    let white = 1 + rng.below(u64::from(n - 1)) as u32;
    for i in 0..n {
        let sq = loop {
            let sq = rng.below(32) as u32;
            if used & 1 << sq == 0 {
                break sq;
            }
        };
        used |= 1 << sq;
        let b = Bitboard(1 << sq);
        if i < white {
            s.white |= b;
        } else {
            s.black |= b;
        }
        if rng.below(2) == 0 {
            s.kings |= b;
        }
    }
    s.turn = Some(if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    });
    Position::try_from(s).ok()
}

/// A random position of exactly this material (either side to move).
// Not every test binary that includes this module uses it.
#[allow(dead_code)]
pub fn random_of(rng: &mut Rng, m: Material) -> Position {
    loop {
        let idx = rng.below(m.size() as u64) as usize;
        let turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Some(p) = m.position(idx, turn) {
            return p;
        }
    }
}
