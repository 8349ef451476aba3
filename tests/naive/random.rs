//! Seeded randomness for the tests: a tiny SplitMix64 generator, random
//! legal setups (many kings) and random playouts.

use shashki::{Bitboard, Color, Position, Setup, Square};

/// SplitMix64: small, fast, and the same sequence on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }
}

/// A random legal setup: 1..=`max_per_side` pieces a side on distinct
/// squares, each a king with probability `king_percent`; men never on their
/// own crowning rank; random side to move.
pub fn random_setup(rng: &mut Rng, max_per_side: usize, king_percent: u32) -> Position {
    let mut setup = Setup::default();
    let mut free: Vec<Square> = Square::all().collect();
    for color in [Color::White, Color::Black] {
        let n = 1 + rng.below(max_per_side);
        let mut own = Bitboard::EMPTY;
        let mut placed = 0;
        while placed < n && !free.is_empty() {
            let sq = free.swap_remove(rng.below(free.len()));
            let king = rng.percent(king_percent) || sq.is_crowning_rank(color);
            own = own.with(sq);
            if king {
                setup.kings = setup.kings.with(sq);
            }
            placed += 1;
        }
        match color {
            Color::White => setup.white = own,
            Color::Black => setup.black = own,
        }
    }
    setup.turn = Some(if rng.percent(50) {
        Color::White
    } else {
        Color::Black
    });
    Position::try_from(setup).expect("random setups are legal")
}

/// Plays up to `plies` random legal moves from `start`, calling `visit` on
/// every position reached (the start included). Stops when a side has no
/// move. Every legal move is equally likely.
pub fn playout(rng: &mut Rng, start: Position, plies: usize, mut visit: impl FnMut(&Position)) {
    let mut pos = start;
    visit(&pos);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        let mv = moves[rng.below(moves.len())];
        pos = pos.play_unchecked(&mv);
        visit(&pos);
    }
}

/// The position after up to `plies` random moves from `start`.
pub fn random_walk(rng: &mut Rng, start: Position, plies: usize) -> Position {
    let mut last = start;
    playout(rng, start, plies, |p| last = *p);
    last
}

/// The 840 opening positions shipped in `tests/data/russian-openings.txt`.
pub fn openings() -> Vec<Position> {
    let text = include_str!("../data/russian-openings.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Position::from_fen(l).unwrap_or_else(|e| panic!("opening {l}: {e}")))
        .collect()
}
