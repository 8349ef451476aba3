//! Squares of the board: the 32 dark squares, their algebraic names and the
//! numeric (lidraughts / PDN) numbers.
//!
//! Index layout: `index = rank * 4 + file / 2`, rank 0 being White's first
//! rank. So a1 = 0, c1 = 1, e1 = 2, g1 = 3, b2 = 4, ... h8 = 31. Moving
//! "up" the board (towards Black) always increases the index.

use std::fmt;
use std::str::FromStr;

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The other side.
    ///
    /// ```
    /// use shashki::Color;
    /// assert_eq!(Color::White.opposite(), Color::Black);
    /// assert_eq!(Color::Black.opposite().opposite(), Color::Black);
    /// ```
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Lower-case English name, used in JSON and the web API.
    ///
    /// ```
    /// use shashki::Color;
    /// assert_eq!(Color::White.name(), "white");
    /// assert_eq!(Color::Black.to_string(), "black");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The FEN letter (`W` or `B`).
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// Index usable for per-colour arrays (White 0, Black 1).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the 32 dark squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// Not a file letter a-h followed by a rank 1-8, nor a number 1-32.
    Malformed(String),
    /// A real square, but a light one: no piece can stand there.
    LightSquare(String),
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::Malformed(s) => {
                write!(f, "'{s}' is not a square (expected a1..h8 or 1..32)")
            }
            SquareError::LightSquare(s) => write!(
                f,
                "{s} is a light square; pieces stand only on dark squares"
            ),
        }
    }
}

impl std::error::Error for SquareError {}

impl Square {
    /// Number of dark squares.
    pub const COUNT: usize = 32;

    /// The square with this index (0..32).
    ///
    /// ```
    /// use shashki::Square;
    /// assert_eq!(Square::new(0).unwrap().to_string(), "a1");
    /// assert_eq!(Square::new(31).unwrap().to_string(), "h8");
    /// assert!(Square::new(32).is_none());
    /// ```
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 32 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// # Safety-free fast constructor
    /// Caller guarantees `index < 32`; checked in debug builds.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 32);
        Square(index)
    }

    /// The dark square at `file` (0 = a) and `rank` (0 = rank 1), or `None`
    /// when off the board or light.
    ///
    /// ```
    /// use shashki::Square;
    /// let c3 = Square::from_coords(2, 2).unwrap();
    /// assert_eq!(c3.to_string(), "c3");
    /// assert_eq!((c3.file(), c3.rank()), (2, 2));
    /// assert!(Square::from_coords(1, 0).is_none()); // b1 is a light square
    /// ```
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file >= 8 || rank >= 8 || (file + rank) % 2 != 0 {
            return None;
        }
        Some(Square(rank * 4 + file / 2))
    }

    /// Index 0..32 (see the module docs for the layout).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = rank 1 ... 7 = rank 8.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 4
    }

    /// 0 = file a ... 7 = file h.
    #[inline]
    pub const fn file(self) -> u8 {
        let r = self.0 / 4;
        (self.0 % 4) * 2 + (r & 1)
    }

    /// The PDN / lidraughts number: 1 = b8, 2 = d8, ... 29 = a1, 32 = g1.
    ///
    /// ```
    /// use shashki::Square;
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// assert_eq!(sq("b8").number(), 1);
    /// assert_eq!(sq("a1").number(), 29);
    /// assert_eq!(sq("g1").number(), 32);
    /// ```
    pub const fn number(self) -> u8 {
        let row_from_top = 7 - self.rank();
        row_from_top * 4 + self.file() / 2 + 1
    }

    /// The square with PDN / lidraughts number `n` (1..=32).
    ///
    /// ```
    /// use shashki::Square;
    /// assert_eq!(Square::from_number(22).unwrap().to_string(), "c3");
    /// assert!(Square::from_number(0).is_none());
    /// assert!(Square::from_number(33).is_none());
    /// ```
    pub const fn from_number(n: u8) -> Option<Square> {
        if n == 0 || n > 32 {
            return None;
        }
        let row_from_top = (n - 1) / 4;
        let rank = 7 - row_from_top;
        let col = (n - 1) % 4;
        Some(Square(rank * 4 + col))
    }

    /// True when a man of `color` is crowned on this square.
    ///
    /// ```
    /// use shashki::{Color, Square};
    /// let d8: Square = "d8".parse().unwrap();
    /// assert!(d8.is_crowning_rank(Color::White));
    /// assert!(!d8.is_crowning_rank(Color::Black));
    /// ```
    #[inline]
    pub const fn is_crowning_rank(self, color: Color) -> bool {
        match color {
            Color::White => self.rank() == 7,
            Color::Black => self.rank() == 0,
        }
    }

    /// All 32 squares in index order.
    ///
    /// ```
    /// use shashki::Square;
    /// assert_eq!(Square::all().count(), 32);
    /// assert!(Square::all().all(|s| (s.file() + s.rank()) % 2 == 0));
    /// ```
    pub fn all() -> impl Iterator<Item = Square> {
        (0..32u8).map(Square)
    }

    /// Algebraic name, e.g. `"c3"`.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Reads an algebraic name (`c3`, any case) or a PDN number (`22`).
///
/// ```
/// use shashki::Square;
/// let c3: Square = "c3".parse().unwrap();
/// assert_eq!("C3".parse::<Square>().unwrap(), c3);
/// assert_eq!("22".parse::<Square>().unwrap(), c3);
/// assert!("b1".parse::<Square>().is_err()); // light square
/// assert!("z9".parse::<Square>().is_err());
/// ```
impl FromStr for Square {
    type Err = SquareError;

    /// Reads `c3` (any case) or a number `1`..`32`.
    fn from_str(s: &str) -> Result<Square, SquareError> {
        let t = s.trim();
        let b = t.as_bytes();
        if b.len() == 2 && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit() {
            let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
            let rank = b[1].wrapping_sub(b'1');
            if file < 8 && rank < 8 {
                return Square::from_coords(file, rank)
                    .ok_or_else(|| SquareError::LightSquare(t.to_ascii_lowercase()));
            }
            return Err(SquareError::Malformed(t.to_string()));
        }
        if !b.is_empty() && b.len() <= 2 && b.iter().all(u8::is_ascii_digit) {
            if let Ok(n) = t.parse::<u8>() {
                if let Some(sq) = Square::from_number(n) {
                    return Ok(sq);
                }
            }
        }
        Err(SquareError::Malformed(t.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_and_names() {
        assert_eq!(Square::from_coords(0, 0).unwrap().index(), 0);
        assert_eq!(Square::new(0).unwrap().to_string(), "a1");
        assert_eq!(Square::new(3).unwrap().to_string(), "g1");
        assert_eq!(Square::new(4).unwrap().to_string(), "b2");
        assert_eq!(Square::new(31).unwrap().to_string(), "h8");
        assert_eq!("C3".parse::<Square>().unwrap().to_string(), "c3");
        assert!(matches!(
            "a2".parse::<Square>(),
            Err(SquareError::LightSquare(_))
        ));
        assert!(matches!(
            "i1".parse::<Square>(),
            Err(SquareError::Malformed(_))
        ));
        assert!(matches!(
            "33".parse::<Square>(),
            Err(SquareError::Malformed(_))
        ));
    }

    #[test]
    fn numeric_squares_follow_pdn() {
        assert_eq!(Square::from_number(1).unwrap().to_string(), "b8");
        assert_eq!(Square::from_number(2).unwrap().to_string(), "d8");
        assert_eq!(Square::from_number(4).unwrap().to_string(), "h8");
        assert_eq!(Square::from_number(5).unwrap().to_string(), "a7");
        assert_eq!(Square::from_number(29).unwrap().to_string(), "a1");
        assert_eq!(Square::from_number(32).unwrap().to_string(), "g1");
        for sq in Square::all() {
            assert_eq!(Square::from_number(sq.number()), Some(sq));
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), Some(sq));
        }
    }
}
