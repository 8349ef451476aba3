//! [`Move`] and [`MoveList`]: what a move is, apart from how moves are
//! generated ([`crate::movegen`]) or played ([`crate::position`]); both of
//! those depend on this file, and it on neither.
//!
//! A [`Move`] is identified by `(from, to, captured)`: two capture paths that
//! take the same pieces between the same ends are one move. Each move also
//! carries one path of landing squares, for display and animation.

use crate::bitboard::Bitboard;
use crate::square::Square;
use std::fmt;
use std::hash::{Hash, Hasher};

/// Longest possible path: the start square and one landing per captured
/// piece (at most 12).
pub const MAX_PATH: usize = 13;

/// A legal move: start, end, the set of captured squares, whether the
/// moving man is crowned, and one path of landing squares.
///
/// Equality and hashing use only `(from, to, captured)`, the identity of a
/// move in the rules; the path is for display.
#[derive(Clone, Copy)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) crowns: bool,
    pub(crate) path_len: u8,
    pub(crate) captured: Bitboard,
    pub(crate) path: [u8; MAX_PATH],
}

impl Move {
    /// A quiet (non-capturing) move.
    #[inline]
    pub(crate) fn quiet(from: Square, to: Square, crowns: bool) -> Move {
        let mut path = [0u8; MAX_PATH];
        path[0] = from.index() as u8;
        path[1] = to.index() as u8;
        Move {
            from: path[0],
            to: path[1],
            crowns,
            path_len: 2,
            captured: Bitboard::EMPTY,
            path,
        }
    }

    /// Start square.
    ///
    /// ```
    /// use shashki::Position;
    /// let p = Position::from_fen("W:Wc3:Bd4,h8").unwrap();
    /// let mv = p.parse_move("c3:e5").unwrap();
    /// assert_eq!(mv.from().to_string(), "c3");
    /// assert_eq!(mv.to().to_string(), "e5");
    /// assert_eq!(mv.captured().count(), 1);
    /// ```
    #[inline]
    pub fn from(&self) -> Square {
        Square::from_index_unchecked(self.from)
    }

    /// End square.
    #[inline]
    pub fn to(&self) -> Square {
        Square::from_index_unchecked(self.to)
    }

    /// Squares of the captured pieces (empty for a quiet move).
    #[inline]
    pub fn captured(&self) -> Bitboard {
        self.captured
    }

    /// True when the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.any()
    }

    /// True when a man becomes a king by this move (at its end or in its middle).
    ///
    /// ```
    /// use shashki::Position;
    /// let p = Position::from_fen("W:Wc7:Bh2").unwrap();
    /// assert!(p.parse_move("c7-d8").unwrap().crowns());
    /// let q = Position::from_fen("W:Wc5:Bh2").unwrap();
    /// assert!(!q.parse_move("c5-d6").unwrap().crowns());
    /// ```
    #[inline]
    pub fn crowns(&self) -> bool {
        self.crowns
    }

    /// Start square and every landing square, in order.
    ///
    /// ```
    /// use shashki::Position;
    /// // A man takes two pieces: a1 -> c3 -> e5.
    /// let p = Position::from_fen("W:Wa1:Bb2,d4").unwrap();
    /// let mv = p.legal_moves()[0];
    /// let path: Vec<String> = mv.path().map(|s| s.to_string()).collect();
    /// assert_eq!(path, ["a1", "c3", "e5"]);
    /// assert_eq!(mv.long_notation(), "a1:c3:e5");
    /// ```
    pub fn path(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.path[..self.path_len as usize]
            .iter()
            .map(|&i| Square::from_index_unchecked(i))
    }

    /// The path as a vector.
    pub fn path_vec(&self) -> Vec<Square> {
        self.path().collect()
    }

    /// Every square written out: `c3-d4`, `c3:e5:g3`. Unambiguous without context.
    pub fn long_notation(&self) -> String {
        let sep = if self.is_capture() { ":" } else { "-" };
        self.path()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(sep)
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.from.hash(state);
        self.to.hash(state);
        self.captured.hash(state);
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}", self.long_notation())?;
        if self.is_capture() {
            write!(f, " x{{")?;
            for (i, s) in self.captured.enumerate() {
                write!(f, "{}{s}", if i > 0 { "," } else { "" })?;
            }
            write!(f, "}}")?;
        }
        if self.crowns {
            write!(f, " crowns")?;
        }
        write!(f, ")")
    }
}

/// A list of moves. It keeps its buffer when cleared, so a search that
/// reuses one list per ply allocates nothing once warmed up.
#[derive(Clone, Debug, Default)]
pub struct MoveList(pub(crate) Vec<Move>);

impl MoveList {
    ///
    /// ```
    /// use shashki::{MoveList, Position};
    /// let mut list = MoveList::new();
    /// assert!(list.is_empty());
    /// Position::start().generate_moves(&mut list);
    /// assert_eq!(list.len(), 7);
    /// ```
    pub fn new() -> MoveList {
        MoveList(Vec::with_capacity(32))
    }
    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }
    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        self.0.push(m);
    }
    pub fn into_vec(self) -> Vec<Move> {
        self.0
    }
    /// Swap two entries (move ordering).
    pub fn swap(&mut self, a: usize, b: usize) {
        self.0.swap(a, b);
    }
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.0
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = std::vec::IntoIter<Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
