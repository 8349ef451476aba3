//! FEN as PDN writes it for Russian draughts: `W:Wa1,c3,Kd4:Bh8,Kb8`.
//!
//! Read: the side to move, then the White and Black piece lists (either
//! order), `K` marking a king; squares algebraic (`c3`) or numeric as
//! lidraughts writes them (1 = b8 ... 32 = g1), numeric ranges (`21-32`,
//! `K1-3`), an optional `[FEN "..."]` wrapper and trailing fields such as
//! `:H0:F1` (ignored). Written: algebraic, squares sorted a1, a3, ... h8.

use crate::bitboard::Bitboard;
use crate::error_detail::{DetailParams, ErrorDetail};
use crate::position::{Position, PositionError, Setup};
use crate::square::{Color, Square, SquareError};
use std::fmt;

/// Why a FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Nothing but white space.
    Empty,
    /// The first field is not `W` or `B`.
    BadSideToMove(String),
    /// The text does not have the `side:Wlist:Blist` shape.
    Malformed(FenShape),
    /// A square in a piece list is not a square or is a light one.
    BadSquare(SquareError),
    /// A numeric range like `21-32` that is not ascending within 1..32.
    BadRange(String),
    /// The same square named twice.
    DuplicateSquare(Square),
    /// The pieces do not form a legal position.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::BadSideToMove(s) => write!(f, "bad side to move '{s}' (expected W or B)"),
            FenError::Malformed(s) => write!(f, "malformed FEN: {s}"),
            FenError::BadSquare(e) => write!(f, "bad square in FEN: {e}"),
            FenError::BadRange(s) => write!(f, "bad square range '{s}' in FEN"),
            FenError::DuplicateSquare(sq) => write!(f, "square {sq} is named twice in FEN"),
            FenError::Position(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

/// How a FEN text misses the `side:Wlist:Blist` shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenShape {
    /// More than [`MAX_FEN_LEN`] bytes.
    TooLong(usize),
    /// `[FEN "..."` without the closing `]`.
    UnclosedWrapper,
    /// A `[Tag "..."]` wrapper whose tag is not `FEN`.
    NotFenTag(String),
    /// `[FEN ...]` whose value is not in double quotes.
    Unquoted,
    /// A field that is neither a `W` nor a `B` piece list.
    UnexpectedField(String),
    /// Two piece lists for one colour.
    TwoLists(Color),
    /// An empty entry (`,,`) in a colour's list.
    EmptyEntry(Color),
    /// The `W` or the `B` list is missing.
    MissingList,
}

impl fmt::Display for FenShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenShape::TooLong(n) => write!(f, "too long ({n} bytes; at most {MAX_FEN_LEN})"),
            FenShape::UnclosedWrapper => f.write_str("unclosed '[' wrapper"),
            FenShape::NotFenTag(tag) => {
                write!(f, "expected a [FEN \"...\"] tag, found [{tag} ...]")
            }
            FenShape::Unquoted => f.write_str("the FEN tag value must be in double quotes"),
            FenShape::UnexpectedField(s) => write!(f, "unexpected field '{s}'"),
            FenShape::TwoLists(c) => write!(f, "two piece lists for {c}"),
            FenShape::EmptyEntry(c) => write!(f, "empty entry in the {c} list"),
            FenShape::MissingList => f.write_str("expected both a W and a B piece list"),
        }
    }
}

impl FenError {
    /// The error as a stable code and the facts it names.
    pub fn detail(&self) -> ErrorDetail {
        let text = |s: &str| DetailParams {
            text: Some(s.chars().take(100).collect()),
            ..DetailParams::default()
        };
        let side = |c: &Color| DetailParams {
            side: Some(c.name()),
            ..DetailParams::default()
        };
        match self {
            FenError::Empty => ErrorDetail::new("fenEmpty"),
            FenError::BadSideToMove(s) => ErrorDetail::with("fenSide", text(s)),
            FenError::Malformed(shape) => match shape {
                FenShape::TooLong(n) => ErrorDetail::too_long("fenTooLong", *n, MAX_FEN_LEN),
                FenShape::UnclosedWrapper => ErrorDetail::new("fenUnclosedWrapper"),
                FenShape::NotFenTag(tag) => ErrorDetail::with(
                    "fenNotFenTag",
                    DetailParams {
                        name: Some(tag.chars().take(100).collect()),
                        ..DetailParams::default()
                    },
                ),
                FenShape::Unquoted => ErrorDetail::new("fenUnquoted"),
                FenShape::UnexpectedField(s) => ErrorDetail::with("fenField", text(s)),
                FenShape::TwoLists(c) => ErrorDetail::with("fenTwoLists", side(c)),
                FenShape::EmptyEntry(c) => ErrorDetail::with("fenEmptyEntry", side(c)),
                FenShape::MissingList => ErrorDetail::new("fenMissingList"),
            },
            FenError::BadSquare(SquareError::Malformed(s)) => {
                ErrorDetail::with("fenNotSquare", text(s))
            }
            FenError::BadSquare(SquareError::LightSquare(s)) => {
                ErrorDetail::with("fenLightSquare", text(s))
            }
            FenError::BadRange(s) => ErrorDetail::with("fenRange", text(s)),
            FenError::DuplicateSquare(sq) => {
                ErrorDetail::at_square("fenDuplicate", None, sq.to_string())
            }
            FenError::Position(e) => e.detail(),
        }
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

/// Longest FEN text accepted (a full board is well under 200 characters).
pub const MAX_FEN_LEN: usize = 1024;

fn strip_wrapper(text: &str) -> Result<&str, FenError> {
    let t = text.trim();
    if let Some(rest) = t.strip_prefix('[') {
        let inner = rest
            .strip_suffix(']')
            .ok_or(FenError::Malformed(FenShape::UnclosedWrapper))?
            .trim();
        let mut words = inner.splitn(2, char::is_whitespace);
        let tag = words.next().unwrap_or("");
        if !tag.eq_ignore_ascii_case("FEN") {
            return Err(FenError::Malformed(FenShape::NotFenTag(tag.to_string())));
        }
        let value = words.next().unwrap_or("").trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or(FenError::Malformed(FenShape::Unquoted))?;
        return Ok(value.trim());
    }
    Ok(t.trim_matches('"').trim())
}

fn add(set: &mut Bitboard, all: &mut Bitboard, sq: Square) -> Result<(), FenError> {
    if all.contains(sq) {
        return Err(FenError::DuplicateSquare(sq));
    }
    *all = all.with(sq);
    *set = set.with(sq);
    Ok(())
}

/// Reads a FEN into an unchecked [`Setup`] (the pieces and side to move).
///
/// ```
/// use shashki::fen;
/// // A setup may be one no game can reach: here a man on its crowning rank.
/// let setup = fen::parse_setup("W:Wd8:Bh2").unwrap();
/// assert!(shashki::Position::try_from(setup).is_err());
/// ```
pub fn parse_setup(text: &str) -> Result<Setup, FenError> {
    if text.len() > MAX_FEN_LEN {
        return Err(FenError::Malformed(FenShape::TooLong(text.len())));
    }
    let body = strip_wrapper(text)?;
    if body.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = body.split(':').map(str::trim);
    let side = fields.next().unwrap_or("");
    let turn = match side {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        _ => return Err(FenError::BadSideToMove(side.to_string())),
    };
    let mut setup = Setup {
        turn: Some(turn),
        ..Setup::default()
    };
    let mut all = Bitboard::EMPTY;
    let mut seen = [false; 2];
    for field in fields {
        let mut chars = field.chars();
        let color = match chars.next() {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            // Trailing PDN fields such as H0 (half-move clock) or F1 (move number).
            Some(c) if c.is_ascii_alphabetic() && seen == [true, true] => continue,
            Some(_) if seen == [true, true] => continue,
            _ => {
                return Err(FenError::Malformed(FenShape::UnexpectedField(
                    field.to_string(),
                )))
            }
        };
        if seen[color.index()] {
            return Err(FenError::Malformed(FenShape::TwoLists(color)));
        }
        seen[color.index()] = true;
        let list = chars.as_str().trim();
        if list.is_empty() {
            continue;
        }
        for item in list.split(',') {
            let item = item.trim();
            if item.is_empty() {
                return Err(FenError::Malformed(FenShape::EmptyEntry(color)));
            }
            let (king, rest) = match item.strip_prefix(['K', 'k']) {
                Some(r) => (true, r.trim()),
                None => (false, item),
            };
            let mut own = if color == Color::White {
                setup.white
            } else {
                setup.black
            };
            let mut squares = Vec::new();
            if let Some((a, b)) = rest.split_once('-') {
                let b = b.trim().trim_start_matches(['K', 'k']);
                let (lo, hi) = match (a.trim().parse::<u8>(), b.parse::<u8>()) {
                    (Ok(lo), Ok(hi))
                        if (1..=32).contains(&lo) && (1..=32).contains(&hi) && lo <= hi =>
                    {
                        (lo, hi)
                    }
                    _ => return Err(FenError::BadRange(item.to_string())),
                };
                squares.extend((lo..=hi).filter_map(Square::from_number));
            } else {
                squares.push(rest.parse::<Square>().map_err(FenError::BadSquare)?);
            }
            for sq in squares {
                add(&mut own, &mut all, sq)?;
                if king {
                    setup.kings = setup.kings.with(sq);
                }
            }
            if color == Color::White {
                setup.white = own;
            } else {
                setup.black = own;
            }
        }
    }
    if seen != [true, true] {
        return Err(FenError::Malformed(FenShape::MissingList));
    }
    Ok(setup)
}

/// Reads a FEN into a validated [`Position`].
///
/// ```
/// use shashki::fen;
/// let p = fen::parse("B:WKa1,c3:Bh8").unwrap();
/// assert_eq!(p.piece_count(), 3);
/// assert_eq!(p.kings().count(), 1);
/// // Numeric squares and ranges, as in PDN.
/// assert_eq!(fen::parse("W:W21-32:B1-12").unwrap(), shashki::Position::start());
/// assert!(fen::parse("W:Wz9:B").is_err());
/// ```
pub fn parse(text: &str) -> Result<Position, FenError> {
    Ok(Position::try_from(parse_setup(text)?)?)
}

/// Writes the FEN of `pos`, algebraic, squares sorted by file then rank.
///
/// ```
/// use shashki::{fen, Position};
/// assert_eq!(fen::write(&Position::from_fen("W:W22,Ka1:B5").unwrap()), "W:WKa1,c3:Ba7");
/// let start = Position::start();
/// assert_eq!(fen::parse(&fen::write(&start)).unwrap(), start);
/// ```
pub fn write(pos: &Position) -> String {
    let list = |color: Color| {
        let pieces = pos.pieces(color);
        // File by file, each from rank 1 up: the order needs no sort (one
        // sort instance less in the wasm).
        (0..8)
            .flat_map(|file| (0..8).filter_map(move |rank| Square::from_coords(file, rank)))
            .filter(|&s| pieces.contains(s))
            .map(|s| {
                if pos.kings().contains(s) {
                    format!("K{s}")
                } else {
                    s.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{}:W{}:B{}",
        pos.turn().letter(),
        list(Color::White),
        list(Color::Black)
    )
}

impl Position {
    /// Reads a FEN (see the [`fen`](crate::fen) module for the forms accepted).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        parse(text)
    }

    /// Writes the FEN, algebraic, squares sorted.
    pub fn fen(&self) -> String {
        write(self)
    }
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trip() {
        let start = Position::start();
        let fen = start.fen();
        assert_eq!(
            fen,
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
        );
        assert_eq!(Position::from_fen(&fen).unwrap(), start);
        assert_eq!(Position::from_fen("W:W21-32:B1-12").unwrap(), start);
        assert_eq!(
            Position::from_fen("[FEN \"W:W21-32:B1-12:H0:F1\"]").unwrap(),
            start
        );
        assert_eq!(Position::from_fen("W:B1-12:W21-32").unwrap(), start);
    }

    #[test]
    fn kings_and_errors() {
        let err = |fen: &str| Position::from_fen(fen).unwrap_err();
        let p = Position::from_fen("B:Wa1,c3,Kd4:Bh8,Kb8").unwrap();
        assert_eq!(p.fen(), "B:Wa1,c3,Kd4:BKb8,h8");
        assert_eq!(
            Position::from_fen("W:WK1:BK32").unwrap().fen(),
            "W:WKb8:BKg1"
        );
        assert!(matches!(err(""), FenError::Empty));
        assert!(matches!(err("X:Wa1:Bh8"), FenError::BadSideToMove(_)));
        assert!(matches!(
            err("W:Wa2:Bh8"),
            FenError::BadSquare(SquareError::LightSquare(_))
        ));
        assert!(matches!(err("W:Wa1,a1:Bh8"), FenError::DuplicateSquare(_)));
        assert!(matches!(err("W:Wa1:Ba1"), FenError::DuplicateSquare(_)));
        assert!(matches!(
            err("W:Wb8:Ba1"),
            FenError::Position(PositionError::ManOnCrowningRank { .. })
        ));
        assert!(matches!(
            err("W:W13-25:B1"),
            FenError::Position(PositionError::TooManyPieces { .. })
        ));
        assert!(matches!(err("W:W5-1:B32"), FenError::BadRange(_)));
        assert!(matches!(err("hello"), FenError::BadSideToMove(_)));
        assert!(matches!(err("W:Wa1"), FenError::Malformed(_)));
        assert!(matches!(
            err("W:Wzz:Bh8"),
            FenError::BadSquare(SquareError::Malformed(_))
        ));
    }
}
