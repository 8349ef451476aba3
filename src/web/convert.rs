#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
//! Plain-Rust conversions behind the JavaScript API: the shapes JavaScript
//! sees, reading a move from text or an object, and the error codes. No
//! `wasm_bindgen` here, so all of it is tested natively.

use super::json;
use crate::error_detail::ErrorDetail;
use crate::fen::FenError;
use crate::game::{Game, GameError, PdnError};
use crate::moves::Move;
use crate::notation::{self, IllegalReason, NotationError};
use crate::position::Position;
use crate::square::Square;
pub use crate::views::{MoveView, SearchView, StatusView};
use serde::Serialize;

/// Longest string accepted from JavaScript for a move, FEN or side name.
pub const MAX_SHORT_TEXT: usize = 1024;
/// Longest PDN text accepted from JavaScript (a few thousand games).
pub const MAX_PDN_TEXT: usize = 4 * 1024 * 1024;

/// One entry of `history()`: the move, its ply and move number, the side
/// that made it and the position after it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryView {
    pub ply: usize,
    /// White's and Black's moves share a number (`1. c3-d4 f6-g5`).
    pub move_number: u32,
    /// The side that made the move.
    pub side: &'static str,
    #[serde(flatten)]
    pub mv: MoveView,
    pub fen: String,
}

/// One piece of `board()`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    pub square: String,
    pub color: &'static str,
    pub role: &'static str,
    pub piece: &'static str,
}

/// A move given as an object: `{from, to}`, `{from, to, captures}` or `{path}`.
#[derive(Clone, Debug, Default)]
pub struct MoveInput {
    pub from: Option<String>,
    pub to: Option<String>,
    pub captures: Option<Vec<String>>,
    pub path: Option<Vec<String>>,
    /// Accepted and ignored, so a move object from `legalMoves()` can be passed back as is.
    #[allow(dead_code)]
    pub notation: Option<String>,
    #[allow(dead_code)]
    pub crowns: Option<bool>,
}

/// An error for JavaScript: a stable machine `code`, a message naming the
/// problem, and for illegal / ambiguous moves the reason and candidates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WebError {
    pub code: &'static str,
    pub message: String,
    pub reason: Option<String>,
    pub candidates: Vec<String>,
    /// For an illegal move: why, as a stable code and its squares
    /// (`reasonCode`, `reasonParams` on the JavaScript error).
    #[serde(skip)]
    pub illegal: Option<IllegalReason>,
    /// For a FEN, PDN or move-text error: a stable code and the facts it
    /// names (`detail` on the JavaScript error).
    #[serde(skip)]
    pub detail: Option<Box<ErrorDetail>>,
}

impl WebError {
    pub fn bad_argument(message: impl Into<String>) -> WebError {
        WebError {
            code: "bad_argument",
            message: message.into(),
            reason: None,
            candidates: Vec::new(),
            illegal: None,
            detail: None,
        }
    }

    /// A FEN that cannot be read (`bad_fen`), with its detail.
    pub fn bad_fen(e: &FenError) -> WebError {
        WebError {
            detail: Some(Box::new(e.detail())),
            ..WebError::new("bad_fen", e.to_string())
        }
    }

    /// A PDN text that cannot be read (`bad_pdn`), with its detail.
    pub fn bad_pdn(e: &PdnError) -> WebError {
        WebError {
            detail: Some(Box::new(e.detail())),
            ..WebError::new("bad_pdn", e.to_string())
        }
    }

    pub fn new(code: &'static str, message: impl Into<String>) -> WebError {
        WebError {
            code,
            message: message.into(),
            reason: None,
            candidates: Vec::new(),
            illegal: None,
            detail: None,
        }
    }
}

impl From<NotationError> for WebError {
    fn from(e: NotationError) -> WebError {
        let (reason, candidates, illegal) = match &e {
            NotationError::Malformed { reason, .. } => (Some(reason.clone()), Vec::new(), None),
            NotationError::Illegal { reason, legal, .. } => (
                Some(reason.to_string()),
                legal.clone(),
                Some(reason.clone()),
            ),
            NotationError::Ambiguous { candidates, .. } => (None, candidates.clone(), None),
        };
        WebError {
            code: e.code(),
            message: e.to_string(),
            reason,
            candidates,
            illegal,
            detail: Some(Box::new(e.detail())),
        }
    }
}

impl From<GameError> for WebError {
    fn from(e: GameError) -> WebError {
        match e {
            GameError::Notation(n) => n.into(),
            other => WebError {
                detail: Some(Box::new(other.detail())),
                ..WebError::new(other.code(), other.to_string())
            },
        }
    }
}

/// Refuses over-long text before any parsing.
pub fn check_len(what: &str, text: &str, max: usize) -> Result<(), WebError> {
    if text.len() > max {
        Err(WebError::bad_argument(format!(
            "{what} is too long ({} bytes; at most {max})",
            text.len()
        )))
    } else {
        Ok(())
    }
}

fn square(what: &str, s: &str) -> Result<Square, WebError> {
    check_len(what, s, 16)?;
    s.parse::<Square>()
        .map_err(|e| WebError::new("bad_notation", format!("{what}: {e}")))
}

/// What `Game.play` was given, read into plain Rust before the game is
/// touched.
#[derive(Clone, Debug)]
pub enum MoveRequest {
    /// Notation text.
    Text(String),
    /// A move object.
    Object(MoveInput),
}

/// Longest JSON text of a move object or an options object.
pub const MAX_OBJECT_JSON: usize = 4096;

/// Reads the JSON text of a move object (`JSON.stringify` of what the page
/// passed). Arrays and other non-objects are refused.
pub fn move_input_from_json(json: &str) -> Result<MoveInput, WebError> {
    check_len("move object", json, MAX_OBJECT_JSON)?;
    if !json.trim_start().starts_with('{') {
        return Err(WebError::bad_argument(
            "a move must be notation text or an object {from, to} / {path}",
        ));
    }
    let bad = |e: String| WebError::bad_argument(format!("bad move object: {e}"));
    let v = json::parse(json).map_err(bad)?;
    let m = json::members(
        &v,
        "the move object",
        &["from", "to", "captures", "path", "notation", "crowns"],
    )
    .map_err(bad)?;
    Ok(MoveInput {
        from: json::string(m[0], "from").map_err(bad)?,
        to: json::string(m[1], "to").map_err(bad)?,
        captures: json::strings(m[2], "captures").map_err(bad)?,
        path: json::strings(m[3], "path").map_err(bad)?,
        notation: json::string(m[4], "notation").map_err(bad)?,
        crowns: json::boolean(m[5], "crowns").map_err(bad)?,
    })
}

/// Reads the JSON text of a search options object.
pub fn search_options_from_json(json: &str) -> Result<SearchOptions, WebError> {
    check_len("search options", json, MAX_OBJECT_JSON)?;
    if !json.trim_start().starts_with('{') {
        return Err(WebError::bad_argument(
            "search options must be an object {movetimeMs, depth, nodes}",
        ));
    }
    let bad = |e: String| WebError::bad_argument(format!("bad search options: {e}"));
    let v = json::parse(json).map_err(bad)?;
    let m =
        json::members(&v, "the search options", &["movetimeMs", "depth", "nodes"]).map_err(bad)?;
    Ok(SearchOptions {
        movetime_ms: json::number(m[0], "movetimeMs").map_err(bad)?,
        depth: json::uint(m[1], "depth").map_err(bad)?,
        nodes: json::number(m[2], "nodes").map_err(bad)?,
    })
}

/// Reads the JSON text of the position editor's pieces:
/// `[{square, piece}, ...]`, both members strings.
pub fn placed_pieces_from_json(
    json: &str,
) -> Result<Vec<crate::views::analysis::PlacedPiece>, WebError> {
    let bad = |e: String| WebError::bad_argument(format!("bad pieces: {e}"));
    let v = json::parse(json).map_err(bad)?;
    let json::Json::Arr(items) = &v else {
        return Err(bad(format!(
            "an array of {{square, piece}}, not {}",
            v.kind()
        )));
    };
    items
        .iter()
        .map(|item| {
            let m = json::members(item, "a piece", &["square", "piece"]).map_err(bad)?;
            let need = |k: usize, name: &str| {
                json::string(m[k], name)
                    .and_then(|s| s.ok_or_else(|| format!("missing field `{name}`")))
                    .map_err(bad)
            };
            Ok(crate::views::analysis::PlacedPiece {
                square: need(0, "square")?,
                piece: need(1, "piece")?,
            })
        })
        .collect()
}

/// Plays the move `req` names: one resolve-and-play path (the game's
/// status once, its legal moves once, the notation once), returning the
/// move as JavaScript sees it. On error the game is unchanged.
pub fn play(game: &mut Game, req: &MoveRequest) -> Result<MoveView, WebError> {
    if let MoveRequest::Text(t) = req {
        check_len("move text", t, MAX_SHORT_TEXT)?;
    }
    let played = game.play_with(|pos, legal| match req {
        MoveRequest::Text(t) => resolve_text(pos, t, legal),
        MoveRequest::Object(input) => resolve_input(pos, input, legal),
    })?;
    Ok(MoveView::played(played))
}

/// The legal move an object names. `legal` must be the legal moves of `pos`.
pub fn resolve_input(pos: &Position, input: &MoveInput, legal: &[Move]) -> Result<Move, WebError> {
    let text = match (&input.path, &input.from, &input.to) {
        (Some(path), None, None) | (Some(path), Some(_), Some(_)) => {
            if path.len() < 2 || path.len() > crate::moves::MAX_PATH {
                return Err(WebError::bad_argument(format!(
                    "path must list 2 to {} squares, got {}",
                    crate::moves::MAX_PATH,
                    path.len()
                )));
            }
            let squares = path
                .iter()
                .map(|s| square("path", s))
                .collect::<Result<Vec<_>, _>>()?;
            if let (Some(f), Some(t)) = (&input.from, &input.to) {
                if square("from", f)? != squares[0]
                    || square("to", t)? != squares[squares.len() - 1]
                {
                    return Err(WebError::bad_argument("from/to disagree with path"));
                }
            }
            squares
                .iter()
                .map(Square::to_string)
                .collect::<Vec<_>>()
                .join(":")
        }
        (None, Some(f), Some(t)) => {
            let (from, to) = (square("from", f)?, square("to", t)?);
            if let Some(caps) = &input.captures {
                if caps.len() > 12 {
                    return Err(WebError::bad_argument(
                        "captures lists more than 12 squares",
                    ));
                }
                let caps = caps
                    .iter()
                    .map(|s| square("captures", s))
                    .collect::<Result<crate::Bitboard, _>>()?;
                return legal
                    .iter()
                    .find(|m| m.from() == from && m.to() == to && m.captured() == caps)
                    .copied()
                    .ok_or_else(|| {
                        let text = format!("{from}:{to}");
                        let squares = [from, to];
                        WebError::from(NotationError::Illegal {
                            reason: notation::explain_illegal(pos, &squares, legal),
                            legal: legal.iter().map(|m| notation::write(m, legal)).collect(),
                            text,
                        })
                    });
            }
            format!("{from}:{to}")
        }
        _ => {
            return Err(WebError::bad_argument(
                "a move object needs {from, to}, {from, to, captures} or {path}",
            ))
        }
    };
    // Quiet and capture separators are interchangeable for the parser.
    Ok(notation::parse_in(pos, &text, legal)?)
}

/// The legal move named by notation text.
pub fn resolve_text(pos: &Position, text: &str, legal: &[Move]) -> Result<Move, WebError> {
    check_len("move text", text, MAX_SHORT_TEXT)?;
    Ok(notation::parse_in(pos, text, legal)?)
}

/// Reads a side name ("white"/"black", "w"/"b", any case).
pub fn side(text: &str) -> Result<crate::Color, WebError> {
    check_len("side", text, 16)?;
    match text.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(crate::Color::White),
        "black" | "b" => Ok(crate::Color::Black),
        other => Err(WebError::bad_argument(format!(
            "side must be \"white\" or \"black\", got \"{other}\""
        ))),
    }
}

/// Every piece, for rendering.
pub fn board(game: &Game) -> Vec<PieceView> {
    game.position()
        .board()
        .map(|(sq, p)| PieceView {
            square: sq.to_string(),
            color: p.color.name(),
            role: match p.role {
                crate::Role::Man => "man",
                crate::Role::King => "king",
            },
            piece: p.name(),
        })
        .collect()
}

/// The record up to the cursor, from what each [`PlayedMove`] stores (no
/// replay, no move generation).
pub fn history(game: &Game) -> Vec<HistoryView> {
    game.history()
        .iter()
        .enumerate()
        .map(|(i, played)| HistoryView {
            ply: i + 1,
            move_number: played.number,
            side: played.color().name(),
            mv: MoveView::played(played),
            fen: played.after.fen(),
        })
        .collect()
}

/// The status as JavaScript sees it: `{state, toMove, winner, reason, counts}`.
pub fn status(game: &Game) -> StatusView {
    StatusView::of(game)
}

/// Search options from JavaScript: `{movetimeMs, depth, nodes}`.
#[derive(Clone, Debug, Default)]
pub struct SearchOptions {
    pub movetime_ms: Option<f64>,
    pub depth: Option<u32>,
    pub nodes: Option<f64>,
}

impl SearchOptions {
    /// Checked limits; at least one bound, all of them sane.
    pub fn limits(&self) -> Result<crate::engine::Limits, WebError> {
        if let Some(ms) = self.movetime_ms {
            if !(ms.is_finite() && ms > 0.0 && ms <= 600_000.0) {
                return Err(WebError::bad_argument(
                    "movetimeMs must be between 0 and 600000",
                ));
            }
        }
        if let Some(d) = self.depth {
            if d == 0 || d > 64 {
                return Err(WebError::bad_argument("depth must be between 1 and 64"));
            }
        }
        if let Some(n) = self.nodes {
            if !(n.is_finite() && (1.0..=1e12).contains(&n)) {
                return Err(WebError::bad_argument("nodes must be between 1 and 1e12"));
            }
        }
        if self.movetime_ms.is_none() && self.depth.is_none() && self.nodes.is_none() {
            return Err(WebError::bad_argument("give movetimeMs, depth or nodes"));
        }
        Ok(crate::engine::Limits {
            movetime_ms: self.movetime_ms,
            depth: self.depth,
            nodes: self.nodes.map(|n| n as u64),
        })
    }
}

/// A level number from JavaScript (1 ..= MAX_LEVEL).
pub fn level(n: f64) -> Result<u8, WebError> {
    let max = crate::engine::MAX_LEVEL;
    if n.fract() == 0.0 && (1.0..=max as f64).contains(&n) {
        Ok(n as u8)
    } else {
        Err(WebError::bad_argument(format!(
            "level must be a whole number from 1 to {max}"
        )))
    }
}

/// The level list for the page: `{level, name, description, movetimeMs}`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LevelView {
    pub level: u8,
    pub name: &'static str,
    pub description: &'static str,
    pub movetime_ms: u32,
}

pub fn levels() -> Vec<LevelView> {
    crate::engine::levels()
        .iter()
        .map(|l| LevelView {
            level: l.number,
            name: l.name,
            description: l.description,
            movetime_ms: l.movetime_ms,
        })
        .collect()
}
