//! Materials and the position <-> number mapping of the tables.
//!
//! A material is the number of white kings, white men, black kings and
//! black men. Inside a material a position is numbered group by group
//! (white kings, white men, black kings, black men): each group's squares,
//! sorted, are ranked in the combinatorial number system over the 32 dark
//! squares, and the ranks are combined in mixed radix. Numbers whose groups
//! overlap, or that put a man on its own crowning rank, are not positions
//! (`position` returns `None`); they cost a few bytes in a compressed
//! block. The side to move is kept apart: a table holds both.

use crate::bitboard::{Bitboard, RANK_1, RANK_8};
use crate::position::Position;
use crate::square::Color;
use std::fmt;
use std::sync::OnceLock;

/// Most pieces a table can hold (the index and file format would take 6 or
/// more; the builder's memory is what limits it).
pub const MAX_PIECES: u32 = 5;

/// How many white kings, white men, black kings, black men.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    pub wk: u8,
    pub wm: u8,
    pub bk: u8,
    pub bm: u8,
}

impl fmt::Display for Material {
    /// The file stem: `w2k1m-b1k0m` is two white kings and a white man
    /// against a black king.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "w{}k{}m-b{}k{}m", self.wk, self.wm, self.bk, self.bm)
    }
}

fn binomials() -> &'static [[u32; 6]; 33] {
    static T: OnceLock<[[u32; 6]; 33]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[0u32; 6]; 33];
        for (n, row) in t.iter_mut().enumerate() {
            for (k, cell) in row.iter_mut().enumerate() {
                *cell = if k > n {
                    0
                } else {
                    // C(n, k) as a running product (exact at each step).
                    let mut c: u64 = 1;
                    for i in 0..k as u64 {
                        c = c * (n as u64 - i) / (i + 1);
                    }
                    c as u32
                };
            }
        }
        t
    })
}

/// C(n, k) for n <= 32, k <= 5.
pub fn binomial(n: u32, k: u32) -> u32 {
    binomials()[n as usize][k as usize]
}

/// Every k-subset of the 32 squares, in rank order (k <= 5).
fn combos(k: usize) -> &'static [u32] {
    static T: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    &T.get_or_init(|| {
        (0..=MAX_PIECES as usize)
            .map(|k| {
                let mut v: Vec<u32> = Vec::new();
                if k == 0 {
                    v.push(0);
                } else {
                    // Enumerate by increasing largest element: colex order,
                    // which is the combinatorial number system's order.
                    let mut idx: Vec<u32> = (0..k as u32).collect();
                    loop {
                        v.push(idx.iter().fold(0u32, |b, &s| b | 1 << s));
                        // next combination in colex order
                        let mut i = 0;
                        while i < k {
                            let limit = if i + 1 < k { idx[i + 1] } else { 32 };
                            if idx[i] + 1 < limit {
                                idx[i] += 1;
                                for (j, x) in idx.iter_mut().enumerate().take(i) {
                                    *x = j as u32;
                                }
                                break;
                            }
                            i += 1;
                        }
                        if i == k {
                            break;
                        }
                    }
                }
                v
            })
            .collect::<Vec<_>>()
    })[k]
}

/// The rank of a set of squares among the sets of its size.
fn rank(set: u32) -> u32 {
    let mut r = 0;
    let mut s = set;
    let mut i = 1;
    while s != 0 {
        let sq = s.trailing_zeros();
        r += binomial(sq, i);
        i += 1;
        s &= s - 1;
    }
    r
}

impl Material {
    /// The material of a position.
    pub fn of(pos: &Position) -> Material {
        Material {
            wk: pos.kings_of(Color::White).count() as u8,
            wm: pos.men_of(Color::White).count() as u8,
            bk: pos.kings_of(Color::Black).count() as u8,
            bm: pos.men_of(Color::Black).count() as u8,
        }
    }

    /// Total pieces.
    pub fn pieces(&self) -> u32 {
        u32::from(self.wk + self.wm + self.bk + self.bm)
    }

    /// Total men.
    pub fn men(&self) -> u32 {
        u32::from(self.wm + self.bm)
    }

    /// Both sides have a king (rule 4 runs in every position).
    pub fn both_kings(&self) -> bool {
        self.wk > 0 && self.bk > 0
    }

    /// The same material with the colours swapped.
    pub fn flipped(&self) -> Material {
        Material {
            wk: self.bk,
            wm: self.bm,
            bk: self.wk,
            bm: self.wm,
        }
    }

    /// True for the one of a material and its colour mirror that has a
    /// file (the other is read through [`flip`]).
    pub fn canonical(&self) -> bool {
        *self <= self.flipped()
    }

    fn groups(&self) -> [u8; 4] {
        [self.wk, self.wm, self.bk, self.bm]
    }

    /// How many numbers (positions and holes) per side to move.
    pub fn size(&self) -> usize {
        self.groups()
            .iter()
            .map(|&k| binomial(32, u32::from(k)) as usize)
            .product()
    }

    /// Every material with exactly `n` pieces where both sides have a
    /// piece, in build order (fewer men first: a crowning leads to a
    /// material with one man fewer, built before).
    pub fn all_with(n: u32) -> Vec<Material> {
        let mut v = Vec::new();
        for w in 1..n {
            let b = n - w;
            for wk in 0..=w {
                for bk in 0..=b {
                    v.push(Material {
                        wk: wk as u8,
                        wm: (w - wk) as u8,
                        bk: bk as u8,
                        bm: (b - bk) as u8,
                    });
                }
            }
        }
        v.sort_by_key(|m| (m.men(), *m));
        v
    }

    /// The number of `pos` (which must have this material).
    pub fn index(&self, pos: &Position) -> usize {
        let sets = [
            pos.kings_of(Color::White).0,
            pos.men_of(Color::White).0,
            pos.kings_of(Color::Black).0,
            pos.men_of(Color::Black).0,
        ];
        let mut idx = 0usize;
        for (k, set) in self.groups().iter().zip(sets) {
            idx = idx * binomial(32, u32::from(*k)) as usize + rank(set) as usize;
        }
        idx
    }

    /// The position with number `idx` and `turn` to move, or `None` when
    /// the number is not a legal placement.
    pub fn position(&self, mut idx: usize, turn: Color) -> Option<Position> {
        let g = self.groups();
        let mut sets = [0u32; 4];
        for i in (0..4).rev() {
            let n = binomial(32, u32::from(g[i])) as usize;
            sets[i] = combos(g[i] as usize)[idx % n];
            idx /= n;
        }
        placement(sets, turn)
    }

    /// [`Material::position`] of every number from `start` to the end of
    /// the side's half, in order: the numbers are counted up group by
    /// group (an odometer), without a division per number, which is what
    /// unpacking a block of a table costs most.
    pub fn positions_from(
        &self,
        start: usize,
        turn: Color,
    ) -> impl Iterator<Item = Option<Position>> {
        let g = self.groups();
        let n = g.map(|k| binomial(32, u32::from(k)) as usize);
        let c = g.map(|k| combos(k as usize));
        let mut d = [0usize; 4];
        let mut idx = start;
        for i in (0..4).rev() {
            d[i] = idx % n[i];
            idx /= n[i];
        }
        (start..self.size()).map(move |_| {
            let sets = [c[0][d[0]], c[1][d[1]], c[2][d[2]], c[3][d[3]]];
            let mut i = 3;
            d[i] += 1;
            while d[i] == n[i] && i > 0 {
                d[i] = 0;
                i -= 1;
                d[i] += 1;
            }
            placement(sets, turn)
        })
    }
}

/// The position of the four sets (white kings, white men, black kings,
/// black men), or `None` when they overlap or a man stands on its
/// crowning row.
fn placement(sets: [u32; 4], turn: Color) -> Option<Position> {
    let [wk, wm, bk, bm] = sets;
    if wk & wm != 0 || (wk | wm) & (bk | bm) != 0 || bk & bm != 0 {
        return None;
    }
    if wm & RANK_8.0 != 0 || bm & RANK_1.0 != 0 {
        return None;
    }
    Some(Position {
        white: Bitboard(wk | wm),
        black: Bitboard(bk | bm),
        kings: Bitboard(wk | bk),
        turn,
    })
}

/// The same position seen from the other side: the board turned half a
/// turn, colours swapped, the other side to move. Results are the same
/// for the side to move.
pub fn flip(pos: &Position) -> Position {
    Position {
        white: Bitboard(pos.black.0.reverse_bits()),
        black: Bitboard(pos.white.0.reverse_bits()),
        kings: Bitboard(pos.kings.0.reverse_bits()),
        turn: pos.turn.opposite(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_combos_agree() {
        for k in 0..=4 {
            let c = combos(k);
            assert_eq!(c.len(), binomial(32, k as u32) as usize);
            for (i, &set) in c.iter().enumerate() {
                assert_eq!(set.count_ones() as usize, k);
                assert_eq!(rank(set) as usize, i);
            }
        }
    }

    #[test]
    fn flip_is_a_symmetry_of_the_rules() {
        let p = Position::from_fen("W:WKa1,c3,e5:Bd6,Kh8,b8").unwrap();
        let f = flip(&p);
        assert_eq!(flip(&f), p);
        assert_eq!(Material::of(&f), Material::of(&p).flipped());
        assert_eq!(f.legal_moves().len(), p.legal_moves().len());
    }

    #[test]
    fn index_round_trip() {
        let m = Material {
            wk: 1,
            wm: 1,
            bk: 1,
            bm: 0,
        };
        let mut count = 0;
        for idx in 0..m.size() {
            for turn in [Color::White, Color::Black] {
                if let Some(p) = m.position(idx, turn) {
                    assert_eq!(Material::of(&p), m);
                    assert_eq!(m.index(&p), idx);
                    count += 1;
                }
            }
        }
        // The man avoids rank 8 (28 squares) and the king's square; the
        // black king takes any of the 30 squares left; both sides to move.
        assert_eq!(count, 2 * (4 * 28 + 28 * 27) * 30);
    }
}
