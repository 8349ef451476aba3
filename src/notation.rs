//! Russian move notation, out and back in.
//!
//! Written: quiet moves `c3-d4`; captures `d4:b2`, a multiple capture by its
//! two ends only (`d2:h6`), unless another legal capture shares both ends
//! but takes other pieces: then every landing square is written
//! (`c3:e5:g3:e1`).
//!
//! Read: those forms and more, case-insensitive, `x` for `:`, numeric
//! squares, any subset of the landing squares; a text that matches no
//! legal move, or more than one, is a typed error listing the candidates.

use crate::bitboard::{Bitboard, Direction};
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Color, Square, SquareError};
use std::fmt;

/// Longest move text accepted.
pub const MAX_MOVE_TEXT: usize = 100;

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Not move text at all (`reason` says what is wrong, `problem` the
    /// same as data).
    Malformed {
        text: String,
        reason: String,
        problem: Box<MoveTextError>,
    },
    /// Well-formed, but no legal move matches it. `legal` lists every legal
    /// move in the position; `reason` explains the most likely mistake.
    Illegal {
        text: String,
        reason: IllegalReason,
        legal: Vec<String>,
    },
    /// More than one legal move matches; `candidates` lists them in full.
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

impl NotationError {
    /// A stable machine word: `bad_notation`, `illegal_move` or `ambiguous_move`.
    pub fn code(&self) -> &'static str {
        match self {
            NotationError::Malformed { .. } => "bad_notation",
            NotationError::Illegal { .. } => "illegal_move",
            NotationError::Ambiguous { .. } => "ambiguous_move",
        }
    }
}

impl NotationError {
    /// The error as a stable code and the facts it names: `notMove`
    /// (`text`), `illegalMove` (`text`, the reason code as `reason` and its
    /// `square`, `side`, `squares`), `ambiguousMove` (`text`, the
    /// candidates as `moves`).
    pub fn detail(&self) -> crate::error_detail::ErrorDetail {
        use crate::error_detail::{DetailParams, ErrorDetail};
        match self {
            NotationError::Malformed { text, problem, .. } => {
                let text = Some(text.clone());
                match problem.as_ref() {
                    MoveTextError::NotSquare(sq) => {
                        ErrorDetail::at_square("moveNotSquare", text, sq.clone())
                    }
                    MoveTextError::LightSquare(sq) => {
                        ErrorDetail::at_square("moveLightSquare", text, sq.clone())
                    }
                    MoveTextError::TooLong(n) => {
                        ErrorDetail::too_long("moveTooLong", *n, MAX_MOVE_TEXT)
                    }
                    MoveTextError::Empty => ErrorDetail::new("moveEmpty"),
                    MoveTextError::TooFewSquares | MoveTextError::MissingSquare => {
                        ErrorDetail::with(
                            "notMove",
                            DetailParams {
                                text,
                                ..DetailParams::default()
                            },
                        )
                    }
                }
            }
            NotationError::Illegal { text, reason, .. } => {
                let p = reason.params();
                ErrorDetail::with(
                    "illegalMove",
                    DetailParams {
                        text: Some(text.clone()),
                        reason: Some(reason.code()),
                        square: p.square,
                        side: p.side,
                        squares: p.squares,
                        ..DetailParams::default()
                    },
                )
            }
            NotationError::Ambiguous { text, candidates } => ErrorDetail::with(
                "ambiguousMove",
                DetailParams {
                    text: Some(text.clone()),
                    moves: candidates.clone(),
                    ..DetailParams::default()
                },
            ),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed { text, reason, .. } => {
                write!(f, "'{text}' is not a move: {reason}")
            }
            NotationError::Illegal {
                text,
                reason,
                legal,
            } => {
                write!(
                    f,
                    "illegal move '{text}': {reason}; legal moves: {}",
                    legal.join(" ")
                )
            }
            NotationError::Ambiguous { text, candidates } => {
                write!(
                    f,
                    "ambiguous move '{text}': it could be {}",
                    candidates.join(" or ")
                )
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// The text of `mv`, given every legal move of its position (`legal`).
///
/// ```
/// use shashki::{notation, Position};
/// let p = Position::start();
/// let legal = p.legal_moves();
/// let mut all: Vec<String> = legal.iter().map(|m| notation::write(m, &legal)).collect();
/// all.sort();
/// assert_eq!(all[0], "a3-b4");
/// // Captures are written with ':'.
/// let p = Position::from_fen("W:Wc3:Bd4").unwrap();
/// let legal = p.legal_moves();
/// assert_eq!(notation::write(&legal[0], &legal), "c3:e5");
/// ```
pub fn write(mv: &Move, legal: &[Move]) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from(), mv.to());
    }
    let twin = legal
        .iter()
        .any(|m| m.from() == mv.from() && m.to() == mv.to() && m.captured() != mv.captured());
    if twin {
        mv.long_notation()
    } else {
        format!("{}:{}", mv.from(), mv.to())
    }
}

/// Why a text is not a move at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Nothing but white space.
    Empty,
    /// Longer than the longest move text (bytes).
    TooLong(usize),
    /// Fewer than two squares.
    TooFewSquares,
    /// Two separators with nothing between them.
    MissingSquare,
    /// A part that is not a square name.
    NotSquare(String),
    /// A light square, where no piece can stand.
    LightSquare(String),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Empty => f.write_str("empty text"),
            MoveTextError::TooLong(n) => write!(f, "too long ({n} bytes)"),
            MoveTextError::TooFewSquares => {
                f.write_str("expected at least two squares joined by '-' or ':'")
            }
            MoveTextError::MissingSquare => f.write_str("a square is missing between separators"),
            MoveTextError::NotSquare(s) => SquareError::Malformed(s.clone()).fmt(f),
            MoveTextError::LightSquare(s) => SquareError::LightSquare(s.clone()).fmt(f),
        }
    }
}

/// The squares of a move text, or why it is not one.
fn split_squares(text: &str) -> Result<Vec<Square>, MoveTextError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(MoveTextError::Empty);
    }
    if t.len() > MAX_MOVE_TEXT {
        return Err(MoveTextError::TooLong(t.len()));
    }
    // Strip a trailing annotation (!, ?, +) and a leading move number ("12." / "12...").
    let t = t.trim_end_matches(['!', '?', '+', '#', '*']);
    let t = match t.find('.') {
        Some(i) if t[..i].chars().all(|c| c.is_ascii_digit()) => {
            t[i..].trim_start_matches('.').trim()
        }
        _ => t,
    };
    let normalised: String = t
        .chars()
        .map(|c| {
            if c == 'x' || c == 'X' || c == '×' {
                ':'
            } else {
                c
            }
        })
        .collect();
    let parts: Vec<&str> = normalised.split([':', '-']).collect();
    if parts.len() < 2 {
        return Err(MoveTextError::TooFewSquares);
    }
    let mut squares = Vec::with_capacity(parts.len());
    for p in parts {
        if p.trim().is_empty() {
            return Err(MoveTextError::MissingSquare);
        }
        squares.push(p.parse::<Square>().map_err(|e| match e {
            SquareError::Malformed(s) => MoveTextError::NotSquare(s),
            SquareError::LightSquare(s) => MoveTextError::LightSquare(s),
        })?);
    }
    Ok(squares)
}

/// The enemy pieces jumped along a written path, if every hop is diagonal.
fn captured_along(pos: &Position, squares: &[Square]) -> Option<Bitboard> {
    let enemy = pos.pieces(pos.turn().opposite());
    let mut captured = Bitboard::EMPTY;
    for hop in squares.windows(2) {
        let (a, b) = (hop[0], hop[1]);
        let dir = Direction::ALL
            .into_iter()
            .find(|&d| crate::bitboard::ray(a, d).contains(b))?;
        let between = crate::bitboard::ray(a, dir)
            & !crate::bitboard::ray(b, dir)
            & !Bitboard::from_square(b);
        captured |= between & enemy;
    }
    Some(captured)
}

fn is_subsequence(needle: &[Square], hay: &[Square]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h == n))
}

/// True when `to` is a free square on the hop `a`-`b`, behind the piece
/// that hop jumps, with nothing in between (`from` has been left empty).
fn behind_jumped(pos: &Position, from: Square, a: Square, b: Square, to: Square) -> bool {
    let occ = pos.occupied().without(from);
    Direction::ALL.into_iter().any(|d| {
        let r = crate::bitboard::ray(a, d);
        if !r.contains(b) || !r.contains(to) {
            return false;
        }
        let mut s = crate::bitboard::first_on_ray(a, d, occ)
            .and_then(|jumped| crate::bitboard::neighbour(jumped, d));
        while let Some(x) = s {
            if occ.contains(x) {
                return false;
            }
            if x == to {
                return true;
            }
            s = crate::bitboard::neighbour(x, d);
        }
        false
    })
}

/// Why a move is illegal: a stable machine code ([`IllegalReason::code`])
/// and the squares it names. `Display` words it in English (the `reason`
/// of [`NotationError::Illegal`]); the web pages word it from the code in
/// the reader's language (www/i18n, key `illegal.<code>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// No piece stands on `from`.
    NoPiece { from: Square },
    /// The piece on `from` belongs to the side not to move.
    NotYours { from: Square, to_move: Color },
    /// The side to move has no legal move at all.
    GameOver,
    /// The move stops on `at`, from where the capture must go on.
    NotFinished { at: Square },
    /// A king stops behind a jumped piece where the landing rule forbids it.
    KingMustStop,
    /// A capture is compulsory and this piece has none.
    MustCaptureOther,
    /// A capture is compulsory; the piece on `from` can capture to `ends`.
    MustCaptureTo { from: Square, ends: Bitboard },
    /// The piece has captures, none along the written path.
    NoSuchPath,
    /// The piece on `from` cannot move.
    NoMove { from: Square },
    /// The piece on `from` can move only to `ends`.
    OnlyTo { from: Square, ends: Bitboard },
}

/// The parameters of an [`IllegalReason`] for JavaScript (`reasonParams`):
/// each present only when the reason names it.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReasonParams {
    /// The square the sentence is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    /// The side to move (`white` or `black`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    /// The squares the piece could go to, sorted by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub squares: Vec<String>,
}

impl IllegalReason {
    /// Every code [`IllegalReason::code`] can return.
    pub const CODES: [&'static str; 10] = [
        "noPiece",
        "notYours",
        "gameOver",
        "notFinished",
        "kingMustStop",
        "mustCaptureOther",
        "mustCaptureTo",
        "noSuchPath",
        "noMove",
        "onlyTo",
    ];

    /// The stable machine code (camelCase, one of [`IllegalReason::CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            IllegalReason::NoPiece { .. } => "noPiece",
            IllegalReason::NotYours { .. } => "notYours",
            IllegalReason::GameOver => "gameOver",
            IllegalReason::NotFinished { .. } => "notFinished",
            IllegalReason::KingMustStop => "kingMustStop",
            IllegalReason::MustCaptureOther => "mustCaptureOther",
            IllegalReason::MustCaptureTo { .. } => "mustCaptureTo",
            IllegalReason::NoSuchPath => "noSuchPath",
            IllegalReason::NoMove { .. } => "noMove",
            IllegalReason::OnlyTo { .. } => "onlyTo",
        }
    }

    /// The squares and side the reason names.
    pub fn params(&self) -> ReasonParams {
        match self {
            IllegalReason::NoPiece { from } | IllegalReason::NoMove { from } => ReasonParams {
                square: Some(from.to_string()),
                ..ReasonParams::default()
            },
            IllegalReason::NotFinished { at } => ReasonParams {
                square: Some(at.to_string()),
                ..ReasonParams::default()
            },
            IllegalReason::NotYours { from, to_move } => ReasonParams {
                square: Some(from.to_string()),
                side: Some(to_move.name()),
                ..ReasonParams::default()
            },
            IllegalReason::MustCaptureTo { from, ends } | IllegalReason::OnlyTo { from, ends } => {
                ReasonParams {
                    square: Some(from.to_string()),
                    squares: names(*ends),
                    ..ReasonParams::default()
                }
            }
            IllegalReason::GameOver
            | IllegalReason::KingMustStop
            | IllegalReason::MustCaptureOther
            | IllegalReason::NoSuchPath => ReasonParams::default(),
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |b: &Bitboard| names(*b).join(", ");
        match self {
            IllegalReason::NoPiece { from } => write!(f, "there is no piece on {from}"),
            IllegalReason::NotYours { from, to_move } => {
                write!(f, "the piece on {from} is not yours; {to_move} is to move")
            }
            IllegalReason::GameOver => f.write_str("there is no legal move: the game is over"),
            IllegalReason::NotFinished { at } => write!(
                f,
                "the capture is not finished: from {at} the piece must capture again"
            ),
            IllegalReason::KingMustStop => {
                f.write_str("the king must stop on a square from which it can go on capturing")
            }
            IllegalReason::MustCaptureOther => {
                f.write_str("capture is compulsory, and this piece has no capture")
            }
            IllegalReason::MustCaptureTo { from, ends } => write!(
                f,
                "capture is compulsory; the piece on {from} can capture to {}",
                list(ends)
            ),
            IllegalReason::NoSuchPath => f.write_str("no capture of this piece follows that path"),
            IllegalReason::NoMove { from } => write!(f, "the piece on {from} has no legal move"),
            IllegalReason::OnlyTo { from, ends } => {
                write!(f, "the piece on {from} can move only to {}", list(ends))
            }
        }
    }
}

/// Why no legal move matches `from`..`to`: the most likely mistake.
///
/// ```
/// use shashki::{notation, Position, Square};
/// let p = Position::from_fen("W:Wc3,g3:Bd4").unwrap();
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let why = notation::explain_illegal(&p, &[sq("g3"), sq("h4")], &p.legal_moves());
/// assert_eq!(why.code(), "mustCaptureOther");
/// assert!(why.to_string().contains("compulsory"), "{why}");
/// ```
pub fn explain_illegal(pos: &Position, squares: &[Square], legal: &[Move]) -> IllegalReason {
    let from = squares[0];
    let to = *squares.last().expect("two squares");
    let Some(piece) = pos.piece_at(from) else {
        return IllegalReason::NoPiece { from };
    };
    if piece.color != pos.turn() {
        return IllegalReason::NotYours {
            from,
            to_move: pos.turn(),
        };
    }
    if legal.is_empty() {
        return IllegalReason::GameOver;
    }
    let any_capture = legal[0].is_capture();
    let from_moves: Vec<&Move> = legal.iter().filter(|m| m.from() == from).collect();
    if any_capture {
        // Stopping short of a capture's end, or a king landing on a square
        // from which it cannot go on.
        let prefix = from_moves.iter().any(|m| {
            let path = m.path_vec();
            path.len() > 2 && path[1..path.len() - 1].contains(&to)
        });
        if prefix {
            return IllegalReason::NotFinished { at: to };
        }
        // A king stopping on a free square behind a piece it jumps: either
        // the capture goes on from there, or the landing rule sends it on
        // to a square from which it can.
        let king = piece.role == crate::position::Role::King;
        if king && from_moves.iter().all(|m| m.to() != to) {
            for m in &from_moves {
                let path = m.path_vec();
                for i in 0..path.len() - 1 {
                    if behind_jumped(pos, from, path[i], path[i + 1], to) {
                        let taken = captured_along(pos, &path[..=i + 1]).unwrap_or_default();
                        return if crate::movegen::king_can_capture_again(pos, from, to, taken) {
                            IllegalReason::NotFinished { at: to }
                        } else {
                            IllegalReason::KingMustStop
                        };
                    }
                }
            }
        }
        if from_moves.is_empty() {
            return IllegalReason::MustCaptureOther;
        }
        if !from_moves.iter().any(|m| m.to() == to) {
            return IllegalReason::MustCaptureTo {
                from,
                ends: ends(&from_moves),
            };
        }
        return IllegalReason::NoSuchPath;
    }
    if from_moves.is_empty() {
        return IllegalReason::NoMove { from };
    }
    IllegalReason::OnlyTo {
        from,
        ends: ends(&from_moves),
    }
}

/// The squares `moves` end on.
fn ends(moves: &[&Move]) -> Bitboard {
    moves.iter().map(|m| m.to()).collect()
}

/// The names of the squares of `b`, sorted by name (`a3` before `b2`).
fn names(b: Bitboard) -> Vec<String> {
    let mut v: Vec<String> = b.map(|s| s.to_string()).collect();
    crate::sort::sort(&mut v);
    v
}

/// Finds the legal move that `text` names, given the legal moves `legal`
/// of `pos`.
///
/// ```
/// use shashki::{notation, Position};
/// let p = Position::from_fen("W:Wc3:Bd4").unwrap();
/// let legal = p.legal_moves();
/// // ':' or 'x', letters or PDN numbers all name the same capture.
/// let a = notation::parse_in(&p, "c3:e5", &legal).unwrap();
/// assert_eq!(notation::parse_in(&p, "c3xe5", &legal).unwrap(), a);
/// assert_eq!(notation::parse_in(&p, "22x15", &legal).unwrap(), a);
/// let err = notation::parse_in(&p, "c3-b4", &legal).unwrap_err();
/// assert_eq!(err.code(), "illegal_move");
/// ```
pub fn parse_in(pos: &Position, text: &str, legal: &[Move]) -> Result<Move, NotationError> {
    let shown = text.trim().chars().take(MAX_MOVE_TEXT).collect::<String>();
    let squares = split_squares(text).map_err(|problem| NotationError::Malformed {
        text: shown.clone(),
        reason: problem.to_string(),
        problem: Box::new(problem),
    })?;
    let (from, to) = (squares[0], *squares.last().expect("two squares"));
    let middle = &squares[1..squares.len() - 1];
    // The pieces jumped if the text spells out a whole path (`d4:a1` for a
    // single jump, `c3:e5:g3:e1` for a full multiple capture).
    let written_captures = captured_along(pos, &squares);
    let mut candidates: Vec<Move> = legal
        .iter()
        .filter(|m| m.from() == from && m.to() == to)
        .filter(|m| {
            middle.is_empty()
                || written_captures == Some(m.captured())
                || is_subsequence(middle, &m.path_vec()[1..])
        })
        .copied()
        .collect();
    // A text that is exactly one capture's whole path names that capture,
    // even when it is also a shortened form of a longer capture with the
    // same ends (`d4:a1` taking b2, next to `d4:b6:d8:f6:a1`).
    if candidates.len() > 1 {
        let exact: Vec<Move> = candidates
            .iter()
            .filter(|m| m.is_capture() && written_captures == Some(m.captured()))
            .copied()
            .collect();
        if exact.len() == 1 {
            candidates = exact;
        }
    }
    match candidates.len() {
        1 => Ok(candidates[0]),
        0 => Err(NotationError::Illegal {
            text: shown,
            reason: explain_illegal(pos, &squares, legal),
            legal: legal.iter().map(|m| write(m, legal)).collect(),
        }),
        _ => Err(NotationError::Ambiguous {
            text: shown,
            candidates: candidates.iter().map(Move::long_notation).collect(),
        }),
    }
}

impl Position {
    /// The Russian notation of `mv` in this position.
    ///
    /// ```
    /// use shashki::Position;
    /// let p = Position::start();
    /// let mv = p.parse_move("c3-d4").unwrap();
    /// assert_eq!(p.move_text(&mv), "c3-d4");
    /// ```
    pub fn move_text(&self, mv: &Move) -> String {
        write(mv, &self.legal_moves())
    }

    /// The legal move named by `text` (see the module docs for the forms).
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        parse_in(self, text, &self.legal_moves())
    }
}
