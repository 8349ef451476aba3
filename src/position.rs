//! Positions: a raw [`Setup`] as read from text, and a validated
//! [`Position`] that the move generator can trust.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::square::{Color, Square};
use std::fmt;

/// What kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Man,
    King,
}

/// A piece: colour and role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// `white-man`, `black-king`, ...: the name used by the web board.
    pub fn name(self) -> &'static str {
        match (self.color, self.role) {
            (Color::White, Role::Man) => "white-man",
            (Color::White, Role::King) => "white-king",
            (Color::Black, Role::Man) => "black-man",
            (Color::Black, Role::King) => "black-king",
        }
    }
}

/// A placement of pieces and a side to move, not yet checked against the
/// rules. Turn it into a [`Position`] with `Position::try_from`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    pub white: Bitboard,
    pub black: Bitboard,
    pub kings: Bitboard,
    pub turn: Option<Color>,
}

/// Why a [`Setup`] is not a legal Russian draughts position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square holds both a white and a black piece.
    BothColors(Square),
    /// A king flag on an empty square.
    KingOnEmptySquare(Square),
    /// A man standing on its own crowning rank (it would be a king).
    ManOnCrowningRank { square: Square, color: Color },
    /// More than 12 pieces of one colour.
    TooManyPieces { color: Color, count: u32 },
    /// No side to move given.
    NoSideToMove,
}

impl PositionError {
    /// The error as a stable code and the facts it names.
    pub fn detail(&self) -> crate::error_detail::ErrorDetail {
        use crate::error_detail::{DetailParams, ErrorDetail};
        let at = |sq: &Square| DetailParams {
            square: Some(sq.to_string()),
            ..DetailParams::default()
        };
        match self {
            PositionError::BothColors(sq) => ErrorDetail::with("positionBothColors", at(sq)),
            PositionError::KingOnEmptySquare(sq) => {
                ErrorDetail::with("positionKingOnEmpty", at(sq))
            }
            PositionError::ManOnCrowningRank { square, color } => ErrorDetail::with(
                "positionManOnCrowningRank",
                DetailParams {
                    side: Some(color.name()),
                    ..at(square)
                },
            ),
            PositionError::TooManyPieces { color, count } => ErrorDetail::with(
                "positionTooMany",
                DetailParams {
                    side: Some(color.name()),
                    count: Some(*count as usize),
                    limit: Some(12),
                    ..DetailParams::default()
                },
            ),
            PositionError::NoSideToMove => ErrorDetail::new("positionNoSide"),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::BothColors(sq) => {
                write!(f, "square {sq} holds both a white and a black piece")
            }
            PositionError::KingOnEmptySquare(sq) => write!(f, "king marker on empty square {sq}"),
            PositionError::ManOnCrowningRank { square, color } => {
                write!(f, "a {color} man on {square} stands on its own crowning rank (it would be a king)")
            }
            PositionError::TooManyPieces { color, count } => {
                write!(f, "{color} has {count} pieces; at most 12 are allowed")
            }
            PositionError::NoSideToMove => write!(f, "no side to move"),
        }
    }
}

impl std::error::Error for PositionError {}

/// A legal position: who stands where, and who is to move.
///
/// Positions are small `Copy` values (13 bytes); playing a move returns a
/// new one. Equality compares pieces, squares and side to move, which is
/// exactly what the repetition rule compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) white: Bitboard,
    pub(crate) black: Bitboard,
    pub(crate) kings: Bitboard,
    pub(crate) turn: Color,
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    fn try_from(s: Setup) -> Result<Position, PositionError> {
        if let Some(sq) = (s.white & s.black).first() {
            return Err(PositionError::BothColors(sq));
        }
        if let Some(sq) = (s.kings & !(s.white | s.black)).first() {
            return Err(PositionError::KingOnEmptySquare(sq));
        }
        for (color, own, rank) in [
            (Color::White, s.white, crate::bitboard::RANK_8),
            (Color::Black, s.black, crate::bitboard::RANK_1),
        ] {
            if let Some(square) = (own & !s.kings & rank).first() {
                return Err(PositionError::ManOnCrowningRank { square, color });
            }
            if own.count() > 12 {
                return Err(PositionError::TooManyPieces {
                    color,
                    count: own.count(),
                });
            }
        }
        let turn = s.turn.ok_or(PositionError::NoSideToMove)?;
        Ok(Position {
            white: s.white,
            black: s.black,
            kings: s.kings,
            turn,
        })
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        Setup {
            white: p.white,
            black: p.black,
            kings: p.kings,
            turn: Some(p.turn),
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The starting position: White on ranks 1-3, Black on 6-8, White to move.
    ///
    /// ```
    /// use shashki::{Color, Position};
    /// let p = Position::start();
    /// assert_eq!(p.turn(), Color::White);
    /// assert_eq!(p.piece_count(), 24);
    /// assert_eq!(p.pieces(Color::Black).count(), 12);
    /// assert!(p.kings().is_empty());
    /// ```
    pub const fn start() -> Position {
        Position {
            white: Bitboard(0x0000_0FFF),
            black: Bitboard(0xFFF0_0000),
            kings: Bitboard(0),
            turn: Color::White,
        }
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// All pieces of `color`.
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Every king on the board.
    #[inline]
    pub const fn kings(&self) -> Bitboard {
        self.kings
    }

    /// Kings of `color`.
    #[inline]
    pub fn kings_of(&self, color: Color) -> Bitboard {
        self.pieces(color) & self.kings
    }

    /// Men of `color`.
    #[inline]
    pub fn men_of(&self, color: Color) -> Bitboard {
        self.pieces(color) & !self.kings
    }

    /// Every occupied square.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.white.0 | self.black.0)
    }

    /// Every empty dark square.
    #[inline]
    pub const fn empty(&self) -> Bitboard {
        Bitboard(!(self.white.0 | self.black.0))
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use shashki::{Color, Position, Role};
    /// let p = Position::start();
    /// let c3 = p.piece_at("c3".parse().unwrap()).unwrap();
    /// assert_eq!((c3.color, c3.role), (Color::White, Role::Man));
    /// assert!(p.piece_at("d4".parse().unwrap()).is_none());
    /// ```
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.white.contains(sq) {
            Color::White
        } else if self.black.contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Every piece with its square, in square index order.
    pub fn board(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .map(move |sq| (sq, self.piece_at(sq).expect("occupied")))
    }

    /// Total number of pieces on the board.
    #[inline]
    pub const fn piece_count(&self) -> u32 {
        self.white.0.count_ones() + self.black.0.count_ones()
    }

    /// The same pieces with the other side to move.
    pub const fn with_turn(mut self, turn: Color) -> Position {
        self.turn = turn;
        self
    }

    /// Every legal move (captures only, when a capture exists).
    ///
    /// ```
    /// use shashki::Position;
    /// // A capture is compulsory: White's only legal move takes d4.
    /// let p = Position::from_fen("W:Wc3,g3:Bd4").unwrap();
    /// let moves = p.legal_moves();
    /// assert_eq!(moves.len(), 1);
    /// assert!(moves[0].is_capture());
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(&mut list);
        list
    }

    /// True when the side to move has no legal move (and so has lost).
    ///
    /// ```
    /// use shashki::Position;
    /// // Black to move, blocked on a3 by b2 and c1.
    /// assert!(Position::from_fen("B:Wb2,c1:Ba3").unwrap().is_lost());
    /// assert!(!Position::start().is_lost());
    /// ```
    pub fn is_lost(&self) -> bool {
        !self.has_any_move()
    }

    /// Plays `mv` if it is legal here; otherwise returns it back as an error
    /// and leaves `self` unchanged.
    ///
    /// ```
    /// use shashki::Position;
    /// let start = Position::start();
    /// let other = Position::from_fen("W:Wa1:Bh8").unwrap();
    /// let mv = other.legal_moves()[0];
    /// // A move of another position is refused.
    /// assert!(start.play(&mv).is_err());
    /// let next = other.play(&mv).unwrap();
    /// assert_eq!(next.fen(), "B:Wb2:Bh8");
    /// ```
    pub fn play(&self, mv: &Move) -> Result<Position, IllegalMove> {
        if self.legal_moves().iter().any(|m| m == mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove(*mv))
        }
    }

    /// Plays `mv`, which must be a legal move of this position (as returned
    /// by the generator). Debug builds check this; release builds trust it.
    #[inline]
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        let from = Bitboard::from_square(mv.from());
        let to = Bitboard::from_square(mv.to());
        let captured = mv.captured();
        debug_assert!(self.pieces(self.turn).contains(mv.from()));
        let was_king = self.kings.0 & from.0 != 0;
        let mut p = *self;
        let (us, them) = match self.turn {
            Color::White => (&mut p.white, &mut p.black),
            Color::Black => (&mut p.black, &mut p.white),
        };
        us.0 = (us.0 & !from.0) | to.0;
        them.0 &= !captured.0;
        p.kings.0 &= !(from.0 | captured.0);
        if was_king || mv.crowns() {
            p.kings.0 |= to.0;
        }
        p.turn = self.turn.opposite();
        p
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.0.long_notation())
    }
}

impl std::error::Error for IllegalMove {}

impl fmt::Display for Position {
    /// An 8x8 picture, rank 8 on top: `w`/`b` men, `W`/`B` kings, `.` empty
    /// dark squares, then the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..8u8 {
                let c = match Square::from_coords(file, rank) {
                    None => ' ',
                    Some(sq) => match self.piece_at(sq) {
                        None => '.',
                        Some(Piece {
                            color: Color::White,
                            role: Role::Man,
                        }) => 'w',
                        Some(Piece {
                            color: Color::White,
                            role: Role::King,
                        }) => 'W',
                        Some(Piece {
                            color: Color::Black,
                            role: Role::Man,
                        }) => 'b',
                        Some(Piece {
                            color: Color::Black,
                            role: Role::King,
                        }) => 'B',
                    },
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  abcdefgh")?;
        write!(f, "{} to move", self.turn)
    }
}
