//! `Bitboard`: a set of dark squares, one bit per square, and the diagonal
//! tables (neighbours and rays) built at compile time.

use crate::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A set of squares; bit `i` is the square with index `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard(pub u32);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(u32::MAX);
    /// The a1-h8 diagonal ("the main road").
    pub const MAIN_ROAD: Bitboard = main_road();

    ///
    /// ```
    /// use shashki::{Bitboard, Square};
    /// let c3: Square = "c3".parse().unwrap();
    /// let b = Bitboard::from_square(c3);
    /// assert!(b.contains(c3));
    /// assert_eq!(b.count(), 1);
    /// assert_eq!(b.single(), Some(c3));
    /// ```
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    ///
    /// ```
    /// use shashki::{Bitboard, Square};
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// let b = Bitboard::default().with(sq("a1")).with(sq("h8"));
    /// assert_eq!(b.count(), 2);
    /// assert_eq!(b.first(), Some(sq("a1")));
    /// assert_eq!(b.last(), Some(sq("h8")));
    /// assert!(b.without(sq("a1")).without(sq("h8")).is_empty());
    /// ```
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }
    /// The lowest square of the set.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }
    /// The highest square of the set.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                31 - self.0.leading_zeros() as u8,
            ))
        }
    }
    /// The only square of a one-square set.
    pub const fn single(self) -> Option<Square> {
        if self.0.count_ones() == 1 {
            self.first()
        } else {
            None
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bitop!(BitOr, bitor, |, BitOrAssign, bitor_assign);

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Display for Bitboard {
    /// An 8x8 picture, rank 8 on top, `x` for members, `.` for other dark squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let c = match Square::from_coords(file, rank) {
                    Some(sq) if self.contains(sq) => 'x',
                    Some(_) => '.',
                    None => ' ',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The four diagonal directions. "North" is towards rank 8 (Black's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    NorthEast = 0,
    NorthWest = 1,
    SouthEast = 2,
    SouthWest = 3,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    const fn delta(self) -> (i8, i8) {
        match self {
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }

    /// The direction straight back.
    #[inline]
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
        }
    }

    /// North directions walk to higher indices.
    #[inline]
    pub const fn is_north(self) -> bool {
        matches!(self, Direction::NorthEast | Direction::NorthWest)
    }
}

/// "No square" marker in [`NEIGHBOUR`].
pub const NONE: u8 = 255;

const fn step(sq: u8, dir: Direction) -> u8 {
    let s = Square::from_index_unchecked(sq);
    let (df, dr) = dir.delta();
    let f = s.file() as i8 + df;
    let r = s.rank() as i8 + dr;
    if f < 0 || f > 7 || r < 0 || r > 7 {
        NONE
    } else {
        match Square::from_coords(f as u8, r as u8) {
            Some(n) => n.index() as u8,
            None => NONE,
        }
    }
}

const fn build_neighbours() -> [[u8; 4]; 32] {
    let mut t = [[NONE; 4]; 32];
    let mut sq = 0;
    while sq < 32 {
        let mut d = 0;
        while d < 4 {
            t[sq][d] = step(sq as u8, Direction::ALL[d]);
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn build_rays() -> [[u32; 4]; 32] {
    let mut t = [[0u32; 4]; 32];
    let mut sq = 0;
    while sq < 32 {
        let mut d = 0;
        while d < 4 {
            let mut bits = 0u32;
            let mut cur = step(sq as u8, Direction::ALL[d]);
            while cur != NONE {
                bits |= 1 << cur;
                cur = step(cur, Direction::ALL[d]);
            }
            t[sq][d] = bits;
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn main_road() -> Bitboard {
    let mut bits = 0u32;
    let mut i = 0;
    while i < 8 {
        bits |= 1 << (i * 4 + i / 2);
        i += 1;
    }
    Bitboard(bits)
}

/// `NEIGHBOUR[sq][dir]`: index of the next square in `dir`, or [`NONE`].
pub static NEIGHBOUR: [[u8; 4]; 32] = build_neighbours();
/// `RAY[sq][dir]`: every square from `sq` (exclusive) to the edge in `dir`.
pub static RAY: [[u32; 4]; 32] = build_rays();

/// A short jump from `sq` in `dir`: `(over, land)`, the bit of the square
/// jumped and the bit of the landing square, or `(0, 0)` where the board
/// ends first. One lookup instead of two chained [`NEIGHBOUR`] steps and
/// their [`NONE`] tests, for the capture search of men.
pub static JUMP: [[(u32, u32); 4]; 32] = build_jumps();

const fn build_jumps() -> [[(u32, u32); 4]; 32] {
    let n = build_neighbours();
    let mut t = [[(0u32, 0u32); 4]; 32];
    let mut sq = 0;
    while sq < 32 {
        let mut d = 0;
        while d < 4 {
            let over = n[sq][d];
            if over != NONE {
                let land = n[over as usize][d];
                if land != NONE {
                    t[sq][d] = (1 << over, 1 << land);
                }
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// The next square from `sq` in `dir`.
///
/// ```
/// use shashki::bitboard::{neighbour, Direction};
/// use shashki::Square;
/// let c3: Square = "c3".parse().unwrap();
/// assert_eq!(neighbour(c3, Direction::NorthWest).unwrap().to_string(), "b4");
/// assert_eq!(neighbour("a1".parse().unwrap(), Direction::SouthWest), None);
/// ```
#[inline]
pub fn neighbour(sq: Square, dir: Direction) -> Option<Square> {
    let n = NEIGHBOUR[sq.index()][dir as usize];
    if n == NONE {
        None
    } else {
        Some(Square::from_index_unchecked(n))
    }
}

/// Every square from `sq` (exclusive) to the edge in `dir`.
///
/// ```
/// use shashki::bitboard::{ray, Direction};
/// use shashki::Square;
/// let a1: Square = "a1".parse().unwrap();
/// // The long diagonal from a1: b2 c3 d4 e5 f6 g7 h8.
/// assert_eq!(ray(a1, Direction::NorthEast).count(), 7);
/// assert!(ray(a1, Direction::SouthWest).is_empty());
/// ```
#[inline]
pub fn ray(sq: Square, dir: Direction) -> Bitboard {
    Bitboard(RAY[sq.index()][dir as usize])
}

/// The squares of `ray(sq, dir)` nearest first; returns the first member of
/// `set` met along it.
///
/// ```
/// use shashki::bitboard::{first_on_ray, Direction};
/// use shashki::{Bitboard, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let set: Bitboard = [sq("e5"), sq("g7")].into_iter().collect();
/// assert_eq!(first_on_ray(sq("a1"), Direction::NorthEast, set), Some(sq("e5")));
/// assert_eq!(first_on_ray(sq("a1"), Direction::NorthWest, set), None);
/// ```
#[inline]
pub fn first_on_ray(sq: Square, dir: Direction, set: Bitboard) -> Option<Square> {
    let hits = ray(sq, dir) & set;
    if dir.is_north() {
        hits.first()
    } else {
        hits.last()
    }
}

// Bulk diagonal steps on raw bit sets. Index layout: rank * 4 + file / 2.
// On even ranks (a1's) the north-west neighbour is +3 (not from file a) and
// the north-east +4; on odd ranks north-west is +4 and north-east +5 (not
// from file h). South mirrors this. Steps off the board vanish.

/// Squares on ranks 1, 3, 5, 7.
pub const EVEN_RANKS: u32 = 0x0F0F_0F0F;
/// Squares on ranks 2, 4, 6, 8.
pub const ODD_RANKS: u32 = 0xF0F0_F0F0;
/// Ranks 1, 3, 5, 7 without file a.
pub const EVEN_NOT_A: u32 = 0x0E0E_0E0E;
/// Ranks 2, 4, 6, 8 without file h.
pub const ODD_NOT_H: u32 = 0x7070_7070;

/// Every member moved one step north-east.
#[inline]
pub const fn north_east(b: u32) -> u32 {
    ((b & EVEN_RANKS) << 4) | ((b & ODD_NOT_H) << 5)
}

/// Every member moved one step north-west.
#[inline]
pub const fn north_west(b: u32) -> u32 {
    ((b & EVEN_NOT_A) << 3) | ((b & ODD_RANKS) << 4)
}

/// Every member moved one step south-east.
#[inline]
pub const fn south_east(b: u32) -> u32 {
    ((b & EVEN_RANKS) >> 4) | ((b & ODD_NOT_H) >> 3)
}

/// Every member moved one step south-west.
#[inline]
pub const fn south_west(b: u32) -> u32 {
    ((b & EVEN_NOT_A) >> 5) | ((b & ODD_RANKS) >> 4)
}

/// Rank masks used by the bulk man-move shifts.
pub const RANK_1: Bitboard = Bitboard(0x0000_000F);
pub const RANK_8: Bitboard = Bitboard(0xF000_0000);

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn jumps_are_two_neighbour_steps() {
        for sq in Square::all() {
            for d in Direction::ALL {
                let expected = neighbour(sq, d)
                    .and_then(|over| neighbour(over, d).map(|land| (over, land)))
                    .map_or((0, 0), |(o, l)| (1u32 << o.index(), 1u32 << l.index()));
                assert_eq!(JUMP[sq.index()][d as usize], expected, "{sq} {d:?}");
            }
        }
    }

    #[test]
    fn bulk_steps_agree_with_the_neighbour_table() {
        type Step = fn(u32) -> u32;
        let steps: [(Step, Direction); 4] = [
            (north_east, Direction::NorthEast),
            (north_west, Direction::NorthWest),
            (south_east, Direction::SouthEast),
            (south_west, Direction::SouthWest),
        ];
        for sq in Square::all() {
            for (f, d) in steps {
                let expected = neighbour(sq, d).map_or(0, |n| 1u32 << n.index());
                assert_eq!(f(1 << sq.index()), expected, "{sq} {d:?}");
            }
        }
    }

    #[test]
    fn tables() {
        assert_eq!(neighbour(sq("a1"), Direction::NorthEast), Some(sq("b2")));
        assert_eq!(neighbour(sq("a1"), Direction::NorthWest), None);
        assert_eq!(neighbour(sq("h8"), Direction::NorthEast), None);
        assert_eq!(neighbour(sq("c3"), Direction::SouthWest), Some(sq("b2")));
        assert_eq!(ray(sq("a1"), Direction::NorthEast).count(), 7);
        assert_eq!(Bitboard::MAIN_ROAD.count(), 8);
        assert!(Bitboard::MAIN_ROAD.contains(sq("d4")));
        assert!(Bitboard::MAIN_ROAD.contains(sq("h8")));
        assert_eq!(
            first_on_ray(
                sq("a1"),
                Direction::NorthEast,
                Bitboard::from_square(sq("e5")) | Bitboard::from_square(sq("g7"))
            ),
            Some(sq("e5"))
        );
        assert_eq!(
            first_on_ray(
                sq("h8"),
                Direction::SouthWest,
                Bitboard::from_square(sq("e5")) | Bitboard::from_square(sq("c3"))
            ),
            Some(sq("e5"))
        );
    }
}
